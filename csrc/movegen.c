/* Legal plays of a hand: the algorithm of dizhu/movegen.py, function for function.
 *
 * A hand is seen as its level masks m1..m4 (ranks held at least 1..4 times). Plays of one
 * rank and chains come straight from the masks; plays with kickers or wings combine a body
 * from the masks with kickers drawn from the rest of the hand; bombs are read from the
 * levels 4..8. Every function lists plays in the order its Python namesake does, so that
 * the two generators return the same lists.
 */
#include <stdlib.h>
#include <string.h>

#include "tables.h"

/* ------------------------------------------------------------------ the id list */

void idlist_init(IdList *list)
{
    list->ids = list->local;
    list->len = 0;
    list->cap = IDLIST_LOCAL;
    list->failed = 0;
}

void idlist_free(IdList *list)
{
    if (list->ids != list->local)
        free(list->ids);
    idlist_init(list);
}

static void grow(IdList *list)
{
    size_t cap = 2 * list->cap;
    play_id *ids = list->ids == list->local ? malloc(cap * sizeof *ids)
                                            : realloc(list->ids, cap * sizeof *ids);
    if (!ids) {
        list->failed = 1;
        return;
    }
    if (list->ids == list->local)
        memcpy(ids, list->local, list->len * sizeof *ids);
    list->ids = ids;
    list->cap = cap;
}

static inline void push(IdList *out, play_id id)
{
    if (id == NO_PLAY)
        return;
    if (out->len == out->cap) {
        grow(out);
        if (out->len == out->cap)
            return;
    }
    out->ids[out->len++] = id;
}

/* Keep the ids listed from `from` on whose cards hold a card of `field`. */
static void keep_holding(const MoveTables *t, IdList *out, size_t from, uint64_t field)
{
    size_t kept = from;
    for (size_t i = from; i < out->len; i++)
        if (t->rows[out->ids[i]].cards & field)
            out->ids[kept++] = out->ids[i];
    out->len = kept;
}

/* ------------------------------------------------------------------ building blocks */

/* by_rank[r] for the ranks of `mask`, ascending. */
static void ranked(IdList *out, const play_id *by_rank, unsigned mask)
{
    int r;
    FOR_RANKS(r, rest, mask)
        push(out, by_rank[r]);
}

/* Ranks where a run of `length` ranks of `mask` starts. */
static unsigned run_starts(unsigned mask, int length)
{
    unsigned starts = mask;
    for (int i = 1; i < length && starts; i++)
        starts &= mask >> i;
    return starts;
}

/* Chains of kind c within `mask` of one length, by first rank. */
static void chains_of_length(const MoveTables *t, IdList *out, int c, int length,
                             unsigned mask)
{
    int start;
    if (length < 1 || length > MAX_CHAIN)
        return;
    FOR_RANKS(start, rest, run_starts(mask & CHAIN_MASK, length))
        push(out, t->chain[c][start][length]);
}

/* Every chain of kind c within `mask`: by length, then by first rank. */
static void chains(const MoveTables *t, IdList *out, int c, unsigned mask)
{
    int n = t->chain_low[c], start;
    unsigned starts;
    mask &= CHAIN_MASK;
    for (starts = run_starts(mask, n); starts && n <= t->chain_high[c]; n++) {
        FOR_RANKS(start, rest, starts)
            push(out, t->chain[c][start][n]);
        starts &= mask >> n;  /* where runs of n + 1 ranks start */
    }
}

/* The chains of kind c within `mask` that start at `low`, shortest first. */
static void chains_from(const MoveTables *t, IdList *out, int c, int low, unsigned mask)
{
    for (int n = t->chain_low[c]; n <= t->chain_high[c] && low + n <= MAX_CHAIN; n++) {
        unsigned run = run_mask(low, n);
        if ((mask & run) != run)
            return;
        push(out, t->chain[c][low][n]);
    }
}

static void triple_singles(const MoveTables *t, IdList *out, unsigned m1, unsigned bodies)
{
    int b, k;
    FOR_RANKS(b, rest, bodies)
        FOR_RANKS(k, kickers, m1 & ~(1u << b))
            push(out, t->triple_single[b][k]);
}

static void triple_pairs(const MoveTables *t, IdList *out, unsigned m2, unsigned bodies)
{
    int b, k;
    FOR_RANKS(b, rest, bodies)
        FOR_RANKS(k, kickers, m2 & ~(1u << b))
            push(out, t->triple_pair[b][k]);
}

/* Plays of a body with two single kickers, from a row indexed 15 * low + high: two ranks
 * of `singles` (never both jokers), then (without distinct kickers) one rank of `pairs`
 * twice. */
static void two_kickers(const MoveTables *t, IdList *out, const play_id *row,
                        unsigned singles, unsigned pairs)
{
    int i, j;
    FOR_RANKS(i, rest, singles)
        FOR_RANKS(j, higher, rest & (rest - 1))
            if (i != BLACK_JOKER || j != RED_JOKER)
                push(out, row[i * NUM_RANKS + j]);
    if (!t->distinct)
        FOR_RANKS(i, rest, pairs)
            push(out, row[i * (NUM_RANKS + 1)]);
}

static void four_two_singles(const MoveTables *t, IdList *out, unsigned m1, unsigned m2,
                             unsigned bodies)
{
    int f;
    FOR_RANKS(f, rest, bodies)
        two_kickers(t, out, t->four_two_singles[f], m1 & ~(1u << f), m2 & ~(1u << f));
}

static void four_two_pairs(const MoveTables *t, IdList *out, unsigned m2, unsigned bodies)
{
    int f, i, j;
    FOR_RANKS(f, rest, bodies)
        FOR_RANKS(i, low, m2 & ~(1u << f))
            FOR_RANKS(j, high, low & (low - 1))
                push(out, t->four_two_pairs[f][i * NUM_RANKS + j]);
}

/* The cards of `want` of a rank that a budget's natural cards lack (none without one). */
static inline int lacking(const Budget *b, int rank, int want)
{
    int have = b ? count_of(b->natural, rank) : want;
    return want > have ? want - have : 0;
}

/* What a budget leaves for the wings of a body of triples start..start+length-1 (-1: the
 * body alone is over it; a large number without a budget). */
static int left_for_wings(const Budget *b, int start, int length)
{
    int left = b ? b->spare : 4 * NUM_RANKS;
    for (int r = start; b && r < start + length; r++)
        left -= lacking(b, r, 3);
    return left < 0 ? -1 : left;
}

/* Single wings: every multiset of `left` more wings from ranks[from..] (at most caps[i]
 * of ranks[i]), in ascending order of the wings' sorted ranks; a wing beyond the natural
 * cards of its rank (natural[i]) costs one of `budget`. */
typedef struct {
    const MoveTables *t;
    IdList *out;
    uint64_t body;
    int main;
    int count;
    int budget;
    int ranks[NUM_RANKS], caps[NUM_RANKS], room[NUM_RANKS + 1], natural[NUM_RANKS];
} Wings;

static void single_wings(Wings *w, int from, int left, uint64_t wings)
{
    if (!left) {
        play_id id = mg_lookup(w->t, KIND_AIRPLANE_SINGLES, w->body + wings);
        if (id != NO_PLAY && w->t->rows[id].main == w->main)  /* else a stronger body's */
            push(w->out, id);
        return;
    }
    for (int i = from; i < w->count && w->room[i] >= left; i++) {
        int cost;
        if (!w->caps[i])
            continue;
        cost = --w->natural[i] < 0;
        if (cost > w->budget) {
            w->natural[i]++;
            continue;
        }
        w->budget -= cost;
        w->caps[i]--;
        w->room[i]--;
        single_wings(w, i, left - 1, wings + UNIT(w->ranks[i]));
        w->caps[i]++;
        w->room[i]++;
        w->budget += cost;
        w->natural[i]++;
    }
}

static void airplane_singles(const MoveTables *t, IdList *out, uint64_t hand, unsigned m1,
                             unsigned m2, int start, int length, const Budget *b)
{
    unsigned span = run_mask(start, length);
    Wings w;
    int r;
    if ((w.budget = left_for_wings(b, start, length)) < 0)
        return;
    if (length == 2) {
        two_kickers(t, out, t->airplane_singles_2[start], m1 & ~span, m2 & ~span);
        return;
    }
    w.t = t;
    w.out = out;
    w.body = span_cards(start, length, 3);
    w.main = start;
    w.count = 0;
    FOR_RANKS(r, rest, m1 & ~span) {
        int held = count_of(hand, r);
        w.ranks[w.count] = r;
        w.natural[w.count] = b ? count_of(b->natural, r) : MAX_FIELD;
        w.caps[w.count++] = t->distinct ? 1 : held < 3 ? held : 3;
    }
    w.room[w.count] = 0;  /* room[i]: wings ranks[i..] can still give */
    for (int i = w.count - 1; i >= 0; i--)
        w.room[i] = w.room[i + 1] + w.caps[i];
    single_wings(&w, 0, length, 0);
}

/* Pair wings: every set of `left` more pairs of different ranks of `ranks`, each costing
 * what the budget's natural cards lack of it, within `budget`. */
static void pair_wings(const MoveTables *t, IdList *out, uint64_t body, unsigned ranks,
                       int left, const Budget *b, int budget)
{
    int r;
    if (!left) {
        push(out, mg_lookup(t, KIND_AIRPLANE_PAIRS, body));  /* none: both jokers' pairs */
        return;
    }
    FOR_RANKS(r, rest, ranks) {
        int cost = lacking(b, r, 2);
        if (cost <= budget)
            pair_wings(t, out, body + 2 * UNIT(r), rest & (rest - 1), left - 1, b,
                       budget - cost);
    }
}

static void airplane_pairs(const MoveTables *t, IdList *out, unsigned m2, int start,
                           int length, const Budget *b)
{
    int budget = left_for_wings(b, start, length);
    if (budget >= 0)
        pair_wings(t, out, span_cards(start, length, 3), m2 & ~run_mask(start, length),
                   length, b, budget);
}

/* Airplanes with single or pair wings on the triples of `bodies`. */
static void winged_airplanes(const MoveTables *t, IdList *out, uint64_t hand, unsigned m1,
                             unsigned m2, unsigned bodies, const Budget *b)
{
    const int c = KIND_AIRPLANE - KIND_STRAIGHT;
    for (int n = t->chain_low[c]; n <= t->chain_high[c]; n++) {
        unsigned starts = run_starts(bodies & CHAIN_MASK, n);
        int s;
        if (!starts)
            return;  /* no run of n triples: none longer either */
        if (n <= t->singles_wing_max)
            FOR_RANKS(s, rest, starts)
                airplane_singles(t, out, hand, m1, m2, s, n, b);
        if (n <= t->pairs_wing_max)
            FOR_RANKS(s, rest, starts)
                airplane_pairs(t, out, m2, s, n, b);
    }
}

/* Every bomb of a hand (whose level-4 mask is not empty): by size, then by rank. */
static void all_bombs(const MoveTables *t, IdList *out, uint64_t hand)
{
    for (int size = t->bomb_low; size <= t->bomb_high; size++) {
        unsigned mask = level(hand, size);
        if (!mask)
            return;
        ranked(out, t->bomb[size], mask);
    }
}

static int holds_rocket(const MoveTables *t, uint64_t hand)
{
    const uint64_t joker_guards = 8 * (UNIT(BLACK_JOKER) + UNIT(RED_JOKER));
    return t->rocket != NO_PLAY
        && (((hand | GUARDS) - t->rocket_cards) & joker_guards) == joker_guards;
}

/* ------------------------------------------------------------------ leading */

int mg_lead(const MoveTables *t, uint64_t hand, IdList *out)
{
    return mg_lead_within(t, hand, NULL, out);
}

int mg_lead_within(const MoveTables *t, uint64_t hand, const Budget *b, IdList *out)
{
    unsigned m1 = level(hand, 1), m2, m3, m4, bodies;
    ranked(out, t->single, m1);
    if (t->rocket_level == 1 && (m1 & JOKERS_MASK) == JOKERS_MASK)
        push(out, t->rocket);
    chains(t, out, KIND_STRAIGHT - KIND_STRAIGHT, m1);
    if (!(m2 = level(hand, 2)))
        return 0;
    ranked(out, t->pair, m2);
    if (t->rocket_level == 2 && (m2 & JOKERS_MASK) == JOKERS_MASK)
        push(out, t->rocket);
    chains(t, out, KIND_PAIR_CHAIN - KIND_STRAIGHT, m2);
    if (!(m3 = level(hand, 3)))
        return 0;
    ranked(out, t->triple, m3);
    if (t->has_triple_single)
        triple_singles(t, out, m1, m3);
    triple_pairs(t, out, m2, m3);
    bodies = m3 & CHAIN_MASK;
    if (bodies & (bodies >> 1)) {  /* two consecutive triples: airplanes */
        chains(t, out, KIND_AIRPLANE - KIND_STRAIGHT, bodies);
        winged_airplanes(t, out, hand, m1, m2, bodies, b);
    }
    if ((m4 = level(hand, 4)) != 0) {
        all_bombs(t, out, hand);
        if (t->has_four_two) {
            four_two_singles(t, out, m1, m2, m4);
            four_two_pairs(t, out, m2, m4);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ following */

static void follow_bomb(const MoveTables *t, IdList *out, uint64_t hand, int main, int size)
{
    ranked(out, t->bomb[size], level(hand, size) & above(main));
    for (int n = size + 1; n <= t->bomb_high; n++) {
        unsigned mask = level(hand, n);
        if (!mask)
            return;
        ranked(out, t->bomb[n], mask);
    }
}

/* The plays of the top's own kind that beat it. */
static void follow_kind(const MoveTables *t, IdList *out, uint64_t hand, int kind, int main,
                        int length, const Budget *b)
{
    unsigned higher = above(main), bodies;
    int s;
    switch (kind) {
    case KIND_SINGLE:
        ranked(out, t->single, level(hand, 1) & higher);
        break;
    case KIND_PAIR:
        ranked(out, t->pair, level(hand, 2) & higher);
        break;
    case KIND_TRIPLE:
        ranked(out, t->triple, level(hand, 3) & higher);
        break;
    case KIND_TRIPLE_SINGLE:
        triple_singles(t, out, level(hand, 1), level(hand, 3) & higher);
        break;
    case KIND_TRIPLE_PAIR:
        triple_pairs(t, out, level(hand, 2), level(hand, 3) & higher);
        break;
    case KIND_STRAIGHT:
    case KIND_PAIR_CHAIN:
    case KIND_AIRPLANE:
        chains_of_length(t, out, kind - KIND_STRAIGHT, length,
                         level(hand, kind - KIND_STRAIGHT + 1) & higher);
        break;
    case KIND_AIRPLANE_SINGLES:
    case KIND_AIRPLANE_PAIRS:
        bodies = run_starts(level(hand, 3) & higher & CHAIN_MASK, length);
        FOR_RANKS(s, rest, bodies) {
            if (kind == KIND_AIRPLANE_SINGLES)
                airplane_singles(t, out, hand, level(hand, 1), level(hand, 2), s, length, b);
            else
                airplane_pairs(t, out, level(hand, 2), s, length, b);
        }
        break;
    case KIND_FOUR_TWO_SINGLES:
        four_two_singles(t, out, level(hand, 1), level(hand, 2), level(hand, 4) & higher);
        break;
    case KIND_FOUR_TWO_PAIRS:
        four_two_pairs(t, out, level(hand, 2), level(hand, 4) & higher);
        break;
    }
}

static int follow_within(const MoveTables *t, uint64_t hand, int kind, int main, int length,
                         int size, const Budget *b, IdList *out)
{
    if (kind <= KIND_PASS || kind >= NUM_KINDS || main < 0 || main >= NUM_RANKS
            || length < 1 || length > MAX_CHAIN)
        return -1;
    if (kind == KIND_ROCKET)
        return 0;
    if (kind == KIND_BOMB) {
        if (size < 1 || size > MAX_FIELD)
            return -1;
        follow_bomb(t, out, hand, main, size);
    } else {
        follow_kind(t, out, hand, kind, main, length, b);
        if (level(hand, 4))
            all_bombs(t, out, hand);
    }
    if (holds_rocket(t, hand))
        push(out, t->rocket);
    return 0;
}

int mg_follow(const MoveTables *t, uint64_t hand, int kind, int main, int length, int size,
              IdList *out)
{
    return follow_within(t, hand, kind, main, length, size, NULL, out);
}

int mg_follow_id(const MoveTables *t, uint64_t hand, play_id top, IdList *out)
{
    return mg_follow_id_within(t, hand, top, NULL, out);
}

int mg_follow_id_within(const MoveTables *t, uint64_t hand, play_id top, const Budget *b,
                        IdList *out)
{
    const PlayRow *row;
    if (top < 0 || (size_t)top >= t->n)
        return -1;
    row = &t->rows[top];
    return follow_within(t, hand, row->kind, row->main, row->length, row->size, b, out);
}

/* ------------------------------------------------------------------ covering the lowest card */

int mg_covering(const MoveTables *t, uint64_t hand, IdList *out)
{
    unsigned m1 = level(hand, 1), m2, m3, m4, bit, others, bodies;
    int low, pair_low, r;
    uint64_t field;
    size_t from;
    if (!m1)
        return -1;
    low = lowest_rank(m1);
    field = FIELD(low);
    bit = 1u << low;
    push(out, t->single[low]);
    if (low >= BLACK_JOKER) {  /* jokers only */
        if (holds_rocket(t, hand))
            push(out, t->rocket);
        if (count_of(hand, low) >= 2)
            push(out, t->pair[low]);
        return 0;
    }
    if (low <= ACE)
        chains_from(t, out, KIND_STRAIGHT - KIND_STRAIGHT, low, m1 & CHAIN_MASK);
    if (!(m2 = level(hand, 2)))
        return 0;
    pair_low = (m2 & bit) && t->pair[low] != NO_PLAY;
    if (pair_low) {
        push(out, t->pair[low]);
        if (low <= ACE)
            chains_from(t, out, KIND_PAIR_CHAIN - KIND_STRAIGHT, low, m2 & CHAIN_MASK);
    }
    if (!(m3 = level(hand, 3)))
        return 0;
    others = m3 & ~bit;
    if (m3 & bit) {
        push(out, t->triple[low]);
        if (low <= ACE)
            chains_from(t, out, KIND_AIRPLANE - KIND_STRAIGHT, low, m3 & CHAIN_MASK);
        if (t->has_triple_single)
            triple_singles(t, out, m1, bit);
        triple_pairs(t, out, m2, bit);
    }
    if (t->has_triple_single)
        FOR_RANKS(r, rest, others)
            push(out, t->triple_single[r][low]);
    if (pair_low)
        FOR_RANKS(r, rest, others)
            push(out, t->triple_pair[r][low]);
    bodies = m3 & CHAIN_MASK;
    if (bodies & (bodies >> 1)) {
        from = out->len;
        winged_airplanes(t, out, hand, m1, m2, bodies, NULL);
        keep_holding(t, out, from, field);
    }
    if ((m4 = level(hand, 4)) != 0) {
        for (int size = t->bomb_low; size <= t->bomb_high; size++)
            if (level(hand, size) & bit)
                push(out, t->bomb[size][low]);
        if (t->has_four_two) {
            from = out->len;
            four_two_singles(t, out, m1, m2, m4);
            four_two_pairs(t, out, m2, m4);
            keep_holding(t, out, from, field);
        }
    }
    return 0;
}
