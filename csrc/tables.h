/* The tables of one universe, as move generation reads them (built by tables.c).
 *
 * Each table holds play ids (NO_PLAY where the universe has no such play) and mirrors a
 * table of dizhu/universe.py's Universe:
 *
 *   single[r], pair[r], triple[r]      Universe.singles, .pairs, .triples
 *   bomb[size][r]                      Universe.bombs[size][r]
 *   chain[c][start][length]            Universe.chains[kind, start, length]; c = 0, 1, 2
 *                                      for straights, pair chains and airplanes
 *   triple_single[t][k]                Universe.triple_single[t][k] (k the kicker)
 *   triple_pair[t][k]                  Universe.triple_pair[t][k]
 *   four_two_singles[f][15 * i + j]    Universe.four_two_singles (kickers i <= j)
 *   four_two_pairs[f][15 * i + j]      Universe.four_two_pairs (pairs i < j)
 *   airplane_singles_2[s][15 * i + j]  Universe.airplane_singles_2 (two triples from s)
 *   lookup(kind, cards)                Universe.by_key: winged airplanes are found by it
 */
#ifndef DIZHU_TABLES_H
#define DIZHU_TABLES_H

#include "idindex.h"
#include "movegen.h"

#define CHAIN_KINDS 3                    /* straight, pair chain, airplane */
#define MAX_CHAIN 12                     /* the ranks 3..A */
#define KICKER_PAIRS (NUM_RANKS * NUM_RANKS)

/* What generation needs to know of one play. */
typedef struct {
    uint64_t cards;
    int8_t kind, main, length, size;     /* size: how many cards */
} PlayRow;

struct MoveTables {
    size_t n;
    PlayRow *rows;                       /* by id */

    IdIndex by_key;                      /* (kind, cards) -> id */

    int distinct;                        /* the distinct-kickers option */
    play_id single[NUM_RANKS], pair[NUM_RANKS], triple[NUM_RANKS];
    play_id bomb[MAX_FIELD + 1][NUM_RANKS];
    int bomb_low, bomb_high;             /* sizes of the smallest and largest bombs */
    play_id rocket;
    uint64_t rocket_cards;
    int rocket_level;                    /* cards of each joker in the rocket */
    play_id chain[CHAIN_KINDS][MAX_CHAIN][MAX_CHAIN + 1];
    int chain_low[CHAIN_KINDS], chain_high[CHAIN_KINDS];
    play_id triple_single[NUM_RANKS][NUM_RANKS];
    play_id triple_pair[NUM_RANKS][NUM_RANKS];
    play_id four_two_singles[NUM_RANKS][KICKER_PAIRS];
    play_id four_two_pairs[NUM_RANKS][KICKER_PAIRS];
    play_id airplane_singles_2[MAX_CHAIN][KICKER_PAIRS];
    int has_triple_single, has_four_two;
    int singles_wing_max, pairs_wing_max; /* longest airplane bodies with wings */
};

#define CARD_BITS 60                     /* 15 ranks of 4 bits; the kind goes above */

static inline uint64_t key_of(int kind, uint64_t cards)
{
    return cards | ((uint64_t)kind << CARD_BITS);
}

/* The play of `kind` with exactly these cards, or NO_PLAY. */
static inline play_id mg_lookup(const MoveTables *t, int kind, uint64_t cards)
{
    return idindex_get(&t->by_key, key_of(kind, cards));
}

/* The cards of `copies` of each rank start..start+length-1. */
static inline uint64_t span_cards(int start, int length, int copies)
{
    uint64_t cards = 0;
    for (int r = start; r < start + length; r++)
        cards += (uint64_t)copies * UNIT(r);
    return cards;
}

#endif
