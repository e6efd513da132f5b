/* Moves of a hand that holds wild cards: dizhu/wild.py's algorithm in C.
 *
 * A hand's natural cards topped up with its wild cards (for each rank 3..2, as many more as
 * there are wild cards, at most four of a rank) are a *virtual hand*; the base generator
 * (movegen.c) lists its plays, and each is made of the natural cards held in every way
 * that leaves the rest to the wild cards. Plays of wild cards alone are read as they are,
 * from a table the Python side computes once (their readings by classic's definition).
 * Every set of physical cards keeps its strongest reading of each kind (of equally strong
 * ones, the one whose wild cards stand nearest their own ranks: wild.py's _nearer), in the
 * order WildMoves._plays first meets it, so both generators list the same plays in the same
 * order.
 *
 * This part knows nothing of Python: it writes readings (kind, physical cards, main rank,
 * length, the cards they stand for) into a Found list; wildgen.c turns them into the
 * WildPlays objects of the Python side.
 */
#ifndef DIZHU_WILD_H
#define DIZHU_WILD_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"

#define WILD_MAX_RANKS 2   /* tiandi: sky and ground */
#define WILD_MAX_HELD 4    /* one pack: four cards of a rank */
#define WILD_ALONE_MAX 8   /* readings of one set of wild cards alone, at most */

/* One reading of a set of physical cards. */
typedef struct {
    uint64_t key;          /* wild_key(kind, cards) */
    uint64_t cards;        /* the physical cards */
    uint64_t stands_for;   /* the combination's cards */
    play_id id;            /* the play's id on the caller's side: NO_PLAY if not made yet,
                              NOT_LOOKED_UP if not looked up in the index yet */
    int16_t near;          /* wild.c: how near its own ranks the reading reads its wild cards */
    int8_t kind, main, length, distinct_ok;
} Reading;

#define NOT_LOOKED_UP ((play_id)-2)

/* A reading of wild cards alone (its cards are the set's). */
typedef struct {
    int8_t kind, main, length, distinct_ok;
} AloneReading;

typedef struct {
    const MoveTables *base;       /* the generator without wild cards (classic's) */
    const uint8_t *distinct_ok;   /* by base play id: legal with distinct kickers too */
    int n_wild;
    int wild[WILD_MAX_RANKS];
    uint64_t wild_mask;           /* the fields of the wild ranks */
    /* [a][b]: the readings of a cards of the first wild rank and b of the second */
    AloneReading alone[WILD_MAX_HELD + 1][WILD_MAX_HELD + 1][WILD_ALONE_MAX];
    int n_alone[WILD_MAX_HELD + 1][WILD_MAX_HELD + 1];
} WildTables;

/* The plays a generator has met, by key (wild_key): open addressing, key 0 an empty slot;
 * written by wildgen.c, read while generating. A slot holds its key and id side by side:
 * one cache line for a lookup. */
typedef struct {
    uint64_t key;
    play_id id;
} KeySlot;

typedef struct {
    KeySlot *slots;
    unsigned bits;        /* 2**bits slots */
    size_t count;
} KeyIndex;

static inline size_t key_index_slot(const KeyIndex *index, uint64_t key)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - index->bits));
}

static inline play_id key_index_get(const KeyIndex *index, uint64_t key)
{
    size_t mask = ((size_t)1 << index->bits) - 1;
    for (size_t i = key_index_slot(index, key);; i = (i + 1) & mask) {
        if (index->slots[i].key == key)
            return index->slots[i].id;
        if (!index->slots[i].key)
            return NO_PLAY;
    }
}

/* Bring a key's first slot of the index into the cache (to look it up later). */
static inline void key_index_prefetch(const KeyIndex *index, uint64_t key)
{
#if defined(__GNUC__)
    __builtin_prefetch(&index->slots[key_index_slot(index, key)]);
#else
    (void)index;
    (void)key;
#endif
}

/* A hash slot of the found readings: what a key met again needs first. */
typedef struct {
    uint64_t key;         /* 0: an empty slot */
    uint32_t item;        /* the index of its reading */
    int8_t main;          /* the reading's main rank */
    uint8_t settled;      /* its play is made already: nothing more to work out */
} FoundSlot;

/* Room for found readings kept between generations (the largest so far), lent to one at a
 * time (`busy`): a hand with several wild cards needs a lot, which the heap would otherwise
 * map afresh each time. */
typedef struct {
    Reading *items;
    FoundSlot *slots;     /* 2 * cap */
    size_t cap;
    int busy;
} FoundPool;

void found_pool_free(FoundPool *pool);

/* Readings in the order first met, one per key, each the strongest met (highest main).
 * Starts in its own storage, or the pool's, and moves to the heap when full; `failed` when
 * memory ran out. */
#define FOUND_LOCAL 128
typedef struct {
    const KeyIndex *index;  /* the plays made already (NULL: none) */
    FoundPool *pool;        /* NULL: none */
    int pooled;             /* the pool's room is this one's */
    Reading *items;
    size_t len, cap;
    FoundSlot *slots;
    unsigned bits;        /* 2**bits slots = 2 * cap */
    int failed;
    Reading local[FOUND_LOCAL];
    FoundSlot local_slots[2 * FOUND_LOCAL];
} Found;

void found_init(Found *found, FoundPool *pool);
void found_free(Found *found);

/* Room for `n` readings that the caller writes (found->len is n); NULL when memory ran out. */
Reading *found_room(Found *found, size_t n);

/* A nonzero key of a kind (up to 31) and physical cards (at most 4 of a rank: bit 3 of
 * every field is free, and the kind's fifth bit goes into the first of them). */
static inline uint64_t wild_key(int kind, uint64_t cards)
{
    return cards | ((uint64_t)(kind & 15) << 60) | ((uint64_t)(kind >> 4) << 3);
}

/* Every reading of `hand`'s plays: leading when `base_top` is NO_PLAY, else those made of
 * the base plays of the virtual hand that beat base play `base_top` (and the plays of wild
 * cards alone: the caller keeps those that beat the top). A reading's id is the one
 * `index` knows (NULL: none) where it was looked up, NO_PLAY where none, NOT_LOOKED_UP
 * where it was not (a key met once); a reading whose play is known is not worked out.
 * -1 when memory ran out. */
int wild_plays(const WildTables *t, const KeyIndex *index, uint64_t hand, play_id base_top,
               Found *out);

/* The class of a bomb kind: soft 1 < hard 2 < wild 3 < the rocket 4; 0 for the others. */
static inline int bomb_class(int kind)
{
    switch (kind) {
    case KIND_SOFT_BOMB: return 1;
    case KIND_BOMB: return 2;
    case KIND_WILD_BOMB: return 3;
    case KIND_ROCKET: return 4;
    default: return 0;
    }
}

/* dizhu.wild.beats: whether a play (kind, main rank, size in cards) may be played on the
 * top (the same of the top). */
static inline int wild_beats(int kind, int main, int size, int top_kind, int top_main,
                             int top_size)
{
    int mine = bomb_class(kind), theirs = bomb_class(top_kind);
    if (kind == KIND_PASS || top_kind == KIND_ROCKET)
        return 0;
    if (mine)
        return mine > theirs || (mine == theirs && main > top_main);
    return kind == top_kind && size == top_size && main > top_main && !theirs;
}

#if defined(_MSC_VER)
static __inline int lowest_bit64(uint64_t x)
{
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
#define lowest_bit64(x) __builtin_ctzll(x)  /* of a nonzero x */
#endif

/* How many cards rank counts hold. */
static inline int card_count(uint64_t cards)
{
    const uint64_t nibbles = UINT64_C(0x0F0F0F0F0F0F0F0F);
    uint64_t bytes = (cards & nibbles) + ((cards >> 4) & nibbles);  /* each at most 16 */
    return (int)((bytes * UINT64_C(0x0101010101010101)) >> 56);
}

#endif
