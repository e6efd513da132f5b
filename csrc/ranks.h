/* Rank counts and level masks, as dizhu/cards.py and dizhu/movegen.py define them.
 *
 * A hand is a multiset of ranks packed four bits per rank into an integer: rank r
 * (0 = 3, ..., 11 = A, 12 = 2, 13 = black joker, 14 = red joker) holds bits 4r..4r+3,
 * so 15 ranks take 60 bits of a uint64_t. A field holds at most 8 cards (two packs).
 *
 * A *level mask* is the 15-bit set of ranks a hand holds at least k cards of. Adding
 * (8 - k) to every field sets the field's top bit (its guard bit, bit 4r+3) exactly when
 * the field is at least k; the guard bits are then gathered into 15 contiguous bits.
 */
#ifndef DIZHU_RANKS_H
#define DIZHU_RANKS_H

#include <stdint.h>

#define NUM_RANKS 15
#define ACE 11
#define TWO 12
#define BLACK_JOKER 13
#define RED_JOKER 14
#define MAX_FIELD 8

#define FULL_MASK 0x7FFFu                 /* every rank */
#define CHAIN_MASK 0x0FFFu                /* ranks 3..A: chains run within them */
#define JOKERS_MASK ((1u << BLACK_JOKER) | (1u << RED_JOKER))

#define UNITS UINT64_C(0x111111111111111) /* one card of every rank */
#define GUARDS (8 * UNITS)                /* bit 3 of every field */
#define UNIT(r) ((uint64_t)1 << (4 * (r)))
#define FIELD(r) ((uint64_t)0xF << (4 * (r)))

#if defined(_MSC_VER)
#include <intrin.h>
static __inline int lowest_rank(unsigned mask)
{
    unsigned long i;
    _BitScanForward(&i, mask);
    return (int)i;
}
#else
/* The lowest rank of a non-empty mask. */
#define lowest_rank(mask) __builtin_ctz(mask)
#endif

/* Iterate `r` over the ranks of `mask` in ascending order (`rest` is scratch). */
#define FOR_RANKS(r, rest, mask) \
    for (unsigned rest = (mask); rest && ((r) = lowest_rank(rest), 1); rest &= rest - 1)

/* How many cards of `rank` the hand holds. */
static inline int count_of(uint64_t hand, int rank)
{
    return (int)((hand >> (4 * rank)) & 0xF);
}

/* Gather bits 0, 4, 8, ..., 56 of `x` into bits 0..14. */
static inline unsigned gather_fields(uint64_t x)
{
    x &= UNITS;
    x = (x | (x >> 3)) & UINT64_C(0x0303030303030303);
    x = (x | (x >> 6)) & UINT64_C(0x000F000F000F000F);
    x = (x | (x >> 12)) & UINT64_C(0x000000FF000000FF);
    x = (x | (x >> 24)) & UINT64_C(0xFFFF);
    return (unsigned)x;
}

/* The level-k mask: ranks the hand holds at least k (1..8) cards of. */
static inline unsigned level(uint64_t hand, int k)
{
    return gather_fields(((hand + (uint64_t)(MAX_FIELD - k) * UNITS) & GUARDS) >> 3);
}

/* Ranks higher than `rank`. */
static inline unsigned above(int rank)
{
    return (FULL_MASK << (rank + 1)) & FULL_MASK;
}

/* Ranks start..start+length-1. */
static inline unsigned run_mask(int start, int length)
{
    return ((1u << length) - 1) << start;
}

#endif
