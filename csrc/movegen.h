/* Legal plays of a hand, leading or following: dizhu/movegen.py's algorithm in C.
 *
 * This part knows nothing of Python. A ruleset's plays are its *universe* (dizhu/universe.py),
 * numbered 0..n-1 in the order of Universe.all_plays(); the Python side hands over, for
 * every play, its kind, its cards (rank counts), its main rank and its length, and
 * mg_tables_new() indexes them the ways generation needs (the single of a rank, the chain
 * of a kind, start and length, the triple of rank t with the kicker k, ...), by looking each
 * one up by kind and cards, as the universe's own tables do. Which kinds, chain lengths and
 * bomb sizes a ruleset has is read from the plays that exist: the rules stay in Python.
 *
 * Generation writes play ids into an IdList, in exactly the order of the Python generator.
 * The tables are never written after mg_tables_new(): any number of threads may generate
 * from one MoveTables at once.
 */
#ifndef DIZHU_MOVEGEN_H
#define DIZHU_MOVEGEN_H

#include <stddef.h>
#include <stdint.h>

#include "ranks.h"

/* The kinds, numbered as dizhu.combos.Kind. */
enum kind {
    KIND_PASS, KIND_SINGLE, KIND_PAIR, KIND_TRIPLE, KIND_TRIPLE_SINGLE, KIND_TRIPLE_PAIR,
    KIND_STRAIGHT, KIND_PAIR_CHAIN, KIND_AIRPLANE, KIND_AIRPLANE_SINGLES, KIND_AIRPLANE_PAIRS,
    KIND_FOUR_TWO_SINGLES, KIND_FOUR_TWO_PAIRS, KIND_BOMB, KIND_ROCKET, KIND_SOFT_BOMB,
    KIND_WILD_BOMB, NUM_KINDS
};

extern const char *const KIND_NAMES[NUM_KINDS];

typedef int32_t play_id;
#define NO_PLAY ((play_id)-1)

/* One play as the Python side describes it. */
typedef struct {
    uint64_t cards;
    int kind;
    int main;
    int length;
} PlayInfo;

typedef struct MoveTables MoveTables;

/* A growing list of play ids: starts in its own storage, moves to the heap when full.
 * A failed allocation sets `failed` and drops the id (the caller reports it). */
#define IDLIST_LOCAL 1024
typedef struct {
    play_id *ids;
    size_t len;
    size_t cap;
    int failed;
    play_id local[IDLIST_LOCAL];
} IdList;

void idlist_init(IdList *list);
void idlist_free(IdList *list);

/* Index `n` plays. Returns NULL when the plays are not a universe this code can index
 * (*error then says why) or when memory ran out (*error is NULL). `distinct` is the
 * distinct-kickers option. */
MoveTables *mg_tables_new(const PlayInfo *plays, size_t n, int distinct, const char **error);
void mg_tables_free(MoveTables *tables);
size_t mg_tables_size(const MoveTables *tables);

/* How many plays the tables index; the id of the play of `kind` with exactly `cards`
 * (NO_PLAY if there is none). */
size_t mg_play_count(const MoveTables *tables);
play_id mg_find(const MoveTables *tables, int kind, uint64_t cards);

/* Every play a hand may lead (returns 0). */
int mg_lead(const MoveTables *t, uint64_t hand, IdList *out);

/* Every play that beats `top` (described by its kind, main rank, length and size in
 * cards); the pass is not listed. Returns -1 when `top` is no play this code can follow. */
int mg_follow(const MoveTables *t, uint64_t hand, int kind, int main, int length, int size,
              IdList *out);

/* The same for a top that is play `top` of the tables; -1 if there is no such play. */
int mg_follow_id(const MoveTables *t, uint64_t hand, play_id top, IdList *out);

/* A limit for a virtual hand of wild cards (wild.c): the plays that take more than `spare`
 * cards beyond the `natural` ones may be left out (wild cards the hand lacks would stand
 * for them). Only airplanes with wings, by far the most numerous, are cut, early; every
 * other play is listed, all in their order. */
typedef struct {
    uint64_t natural;
    int spare;
} Budget;

/* mg_lead and mg_follow_id within a budget (NULL: none). */
int mg_lead_within(const MoveTables *t, uint64_t hand, const Budget *budget, IdList *out);
int mg_follow_id_within(const MoveTables *t, uint64_t hand, play_id top,
                        const Budget *budget, IdList *out);

/* The leads that hold the lowest card of the hand; -1 for an empty hand. */
int mg_covering(const MoveTables *t, uint64_t hand, IdList *out);

#endif
