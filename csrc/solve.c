/* The exact solver: dizhu/solve/pure.py's searches in C (see solve.h).
 *
 * Two searches share one transposition table. `wins` asks whether the landlord wins
 * (the peasants are one team): it stops at the first play that wins for the side to move.
 * `at_least` asks whether a position's value (dizhu/solve/values.py) is at least t; the
 * root's value is found by asking for t = 2, 3, ... (or -1, -2, ...) until the answer
 * changes, and every question first asks `wins`, which settles most of them at once.
 *
 * A position is copied, not undone: a child is its parent with one play applied. The
 * move lists live in one buffer per depth, kept between searches.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "idindex.h"
#include "solve.h"
#include "tables.h"

/* ------------------------------------------------------------------ positions */

typedef struct {
    uint64_t hands[SV_MAX_SEATS];
    play_id top;
    int8_t seats, landlord, to_move, top_seat, passes, winner, spring;
    uint16_t covers[SV_MAX_SEATS];  /* by seat: hand_cover() of its hand */
} Node;

#define PEASANT_PLAYED 1

static int landlord_plays(int spring)
{
    return spring >> 1;
}

static unsigned hand_cover(const MoveTables *t, uint64_t hand);

/* Apply play `id` (or SV_PASS) for the seat to move. */
static void apply(const MoveTables *t, Node *n, play_id id)
{
    int seat = n->to_move;
    if (id == SV_PASS) {
        if (++n->passes == n->seats - 1) {  /* every other seat passed: the trick is won */
            n->to_move = n->top_seat;
            n->top = NO_PLAY;
            n->top_seat = -1;
            n->passes = 0;
        } else {
            n->to_move = (int8_t)((seat + 1) % n->seats);
        }
        return;
    }
    n->hands[seat] -= t->rows[id].cards;
    if (n->covers[seat])  /* a hand's cover only shrinks */
        n->covers[seat] = (uint16_t)hand_cover(t, n->hands[seat]);
    if (seat != n->landlord)
        n->spring |= PEASANT_PLAYED;
    else if (landlord_plays(n->spring) < 2)
        n->spring += 2;
    n->top = id;
    n->top_seat = (int8_t)seat;
    n->passes = 0;
    if (!n->hands[seat]) {
        n->winner = (int8_t)seat;
        n->to_move = -1;
    } else {
        n->to_move = (int8_t)((seat + 1) % n->seats);
    }
}

/* ------------------------------------------------------------------ values (values.py) */

static int end_value(int landlord_wins, int doubling, int spring)
{
    if (landlord_wins)
        return 1 + doubling + !(spring & PEASANT_PLAYED);
    return -(1 + doubling + (landlord_plays(spring) == 1));
}

static int back_through(int value, int doubling)
{
    if (!doubling)
        return value;
    return value > 0 ? value - 1 : value + 1;
}

static int needed(int threshold, int doubling)
{
    if (!doubling)
        return threshold;
    if (threshold >= 2)
        return threshold - 1;
    return threshold <= -2 ? threshold + 1 : 1;
}

/* ------------------------------------------------------------------ keys */

/* What the table knows a position by: the order of its ranks, not which they are
 * (docs/solver.md, "Keys by the order of ranks"). The ranks some hand holds (and the top's
 * main rank) are renumbered from 0 in order, the jokers kept apart; the top is keyed by
 * kind, renumbered main rank and size. Chains need consecutive ranks: a link bit for
 * every two ranks next in the new order says whether they are next to each other among
 * 3..A and both lie in a run some hand could still make a chain of (hand_cover()); the
 * 12 bits go in the top nibbles of the first three hands, which renumbered ranks leave
 * free. With no such run (no hand can make a chain, nor ever will: hands only shrink) no
 * bit is set and a chain on top is keyed by its kind alone (no hand can follow it but
 * with a bomb). Positions alike in that way have the same answers, and share an entry;
 * the canonical top has bit 30 set, which no play id has. The landlord's seat is part of
 * the key: one solver answers positions of every landlord, and its table outlives a solve. */
typedef struct {
    uint64_t hands[SV_MAX_SEATS];
    int32_t top;
    int8_t to_move, top_seat, landlord;
} Key;

#define CANONICAL (INT32_C(1) << 30)

static int is_chain(int kind)
{
    return kind >= KIND_STRAIGHT && kind <= KIND_AIRPLANE_PAIRS;
}

/* The ranks of `hand` that lie in some run it could make a chain of (a straight, a pair
 * chain, the body of an airplane): no chain of this hand, now or later, holds any other
 * rank. */
static unsigned hand_cover(const MoveTables *t, uint64_t hand)
{
    unsigned cover = 0;
    for (int c = 0; c < CHAIN_KINDS; c++) {
        int shortest = t->chain_low[c];
        unsigned m, starts;
        if (shortest > MAX_CHAIN)
            continue;
        m = level(hand, c + 1) & CHAIN_MASK;
        starts = m;
        for (int i = 1; i < shortest && starts; i++)
            starts &= m >> i;
        for (int i = 0; i < shortest && starts; i++)
            cover |= starts << i;
    }
    return cover;
}

static void key_for(const MoveTables *t, const Node *n, Key *k)
{
    const uint64_t jokers = FIELD(BLACK_JOKER) | FIELD(RED_JOKER);
    unsigned present = 0, cover = 0, links = 0;
    int index[NUM_RANKS], i = 0, r, last = -2;
    const PlayRow *top = n->top == NO_PLAY ? NULL : &t->rows[n->top];
    memset(k, 0, sizeof *k);
    k->to_move = n->to_move;
    k->top_seat = n->top_seat;
    k->landlord = n->landlord;
    for (int s = 0; s < n->seats; s++)
        cover |= n->covers[s];
    for (int s = 0; s < n->seats; s++)
        present |= level(n->hands[s], 1);
    if (top && (cover || !is_chain(top->kind)))
        present |= 1u << top->main;
    present &= (1u << BLACK_JOKER) - 1;
    FOR_RANKS(r, rest, present) {
        if (r == last + 1 && (cover >> r & 1) && (cover >> last & 1))
            links |= 1u << (i - 1);
        last = r;
        index[r] = i++;
    }
    for (int s = 0; s < n->seats; s++) {
        uint64_t hand = n->hands[s], out = hand & jokers;
        if (!(present & (present + 1))) {  /* the ranks held are 3 and up: none renumbered */
            k->hands[s] = hand;
            continue;
        }
        FOR_RANKS(r, rest, present)
            out |= (uint64_t)count_of(hand, r) << (4 * index[r]);
        k->hands[s] = out;
    }
    for (int s = 0; s < 3; s++)
        k->hands[s] |= (uint64_t)(links >> (4 * s) & 15) << 60;
    if (!top)
        k->top = CANONICAL;
    else if (is_chain(top->kind) && !cover)
        k->top = CANONICAL | top->kind << 16;
    else
        k->top = CANONICAL | top->kind << 16
                 | (top->main < BLACK_JOKER ? index[top->main] : top->main) << 8 | top->size;
}

/* ------------------------------------------------------------------ the table */

typedef struct {
    Key key;
    uint8_t win;       /* 0 unknown, 1 the landlord wins, 2 the peasants win */
    uint8_t spring;    /* the spring state lo and hi hold for (0xFF: none) */
    int8_t lo, hi;     /* lo <= value <= hi */
    uint8_t work;      /* about log2 of the nodes the entry cost: what to keep */
} Entry;

#define CLUSTER 4
#define FIRST_CLUSTERS 4096      /* the table starts at 16,384 entries */
#define NO_SPRING 0xFF
#define LOWEST (-127)
#define HIGHEST 127

typedef struct {
    IdList ids;
    uint64_t *keys;
    size_t cap;
} Level;

struct Solver {
    const MoveTables *t;
    uint8_t *doubling;
    Entry *table;
    uint32_t *tags;
    size_t clusters;             /* a power of two */
    size_t max_clusters;
    size_t used;
    Level **levels;              /* the search's move lists, by depth */
    int n_levels;
    Level **sweep_levels;        /* the sweeps' (see quick_win) */
    int n_sweep_levels;
    IdList scratch;
    IdIndex one_play;            /* the cards of every play (a hand that is one play) */
    int32_t *history;            /* by side, then play id: how often it refuted the plays
                                  * tried before it (see side_history()) */
    uint32_t *listed;            /* by play id: the mark of the list it is in (see prune) */
    uint32_t mark;
    uint64_t *turns;             /* hand << 5 | its fewest plays, by hash (see turns()) */
    Level **turn_levels;
    int n_turn_levels;
    uint64_t nodes;
    int64_t max_nodes;
    double deadline;             /* < 0: none */
    int stop, failed;
    int doubling_low;            /* the smallest bomb that doubles (0: none) */
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    x *= UINT64_C(0xc4ceb9fe1a85ec53);
    x ^= x >> 33;
    return x;
}

static uint64_t hash_of(const Key *k)
{
    uint64_t h = ((uint64_t)(uint8_t)k->landlord << 56) | ((uint64_t)(uint32_t)k->top << 16)
                 | ((uint64_t)(uint8_t)k->to_move << 8) | (uint8_t)k->top_seat;
    h ^= k->hands[0] * UINT64_C(0x9E3779B97F4A7C15) ^ k->hands[1] * UINT64_C(0xC2B2AE3D27D4EB4F)
         ^ k->hands[2] * UINT64_C(0x165667B19E3779F9) ^ k->hands[3] * UINT64_C(0x27D4EB2F165667C5);
    return mix(h);
}

static int same(const Entry *e, const Key *k)
{
    return e->key.top == k->top && e->key.to_move == k->to_move
        && e->key.top_seat == k->top_seat && e->key.landlord == k->landlord
        && !memcmp(e->key.hands, k->hands, sizeof k->hands);
}

/* A key's tag: the table's tags (one per entry, 0 for an empty one) are checked before
 * the entries, four clusters of them to a cache line, so a miss reads one line. */
static uint32_t tag_of(uint64_t h)
{
    return (uint32_t)(h >> 32) | 1;
}

static Entry *probe(Solver *sv, const Key *k, uint64_t h)
{
    size_t base = (h & (sv->clusters - 1)) * CLUSTER;
    uint32_t tag = tag_of(h);
    for (int i = 0; i < CLUSTER; i++)
        if (sv->tags[base + i] == tag && same(sv->table + base + i, k))
            return sv->table + base + i;
    return NULL;
}

/* Where a key goes in a table of `clusters` clusters: its own entry, else an empty one,
 * else the one that cost least. */
static size_t place(const Entry *table, const uint32_t *tags, size_t clusters, const Key *k,
                    uint64_t h)
{
    size_t base = (h & (clusters - 1)) * CLUSTER, victim = base;
    uint32_t tag = tag_of(h);
    for (size_t i = base; i < base + CLUSTER; i++) {
        if (tags[i] == tag && same(table + i, k))
            return i;
        if (!tags[i] || (tags[victim] && table[i].work < table[victim].work))
            victim = i;
    }
    return victim;
}

/* Grow the table fourfold (up to its most) once three quarters of it is used; the
 * entries move over. Nothing changes when memory runs out. */
static void grow(Solver *sv)
{
    size_t clusters = sv->clusters * 4 < sv->max_clusters ? sv->clusters * 4 : sv->max_clusters;
    Entry *table = calloc(clusters * CLUSTER, sizeof *table);
    uint32_t *tags = calloc(clusters * CLUSTER, sizeof *tags);
    if (!table || !tags) {
        free(table);
        free(tags);
        sv->max_clusters = sv->clusters;
        return;
    }
    sv->used = 0;
    for (size_t i = 0; i < sv->clusters * CLUSTER; i++) {
        uint64_t h;
        size_t at;
        if (!sv->tags[i])
            continue;
        h = hash_of(&sv->table[i].key);
        at = place(table, tags, clusters, &sv->table[i].key, h);
        sv->used += !tags[at];
        table[at] = sv->table[i];
        tags[at] = tag_of(h);
    }
    free(sv->table);
    free(sv->tags);
    sv->table = table;
    sv->tags = tags;
    sv->clusters = clusters;
}

/* The entry of `k`, made (over the entry that cost least) if there is none. */
static Entry *slot(Solver *sv, const Key *k, uint64_t h)
{
    size_t at;
    Entry *e;
    if (sv->clusters < sv->max_clusters && 4 * sv->used >= 3 * CLUSTER * sv->clusters)
        grow(sv);
    at = place(sv->table, sv->tags, sv->clusters, k, h);
    e = sv->table + at;
    if (sv->tags[at] == tag_of(h) && same(e, k))
        return e;
    sv->used += !sv->tags[at];
    sv->tags[at] = tag_of(h);
    memset(e, 0, sizeof *e);
    e->key = *k;
    e->spring = NO_SPRING;
    e->lo = LOWEST;
    e->hi = HIGHEST;
    return e;
}

static uint8_t work_of(uint64_t nodes)
{
    uint8_t w = 0;
    while (nodes > 1) {
        nodes >>= 1;
        w++;
    }
    return w;
}

/* ------------------------------------------------------------------ budget */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Count a node; 0 once the budget is spent (then the search unwinds). */
static int spend(Solver *sv)
{
    sv->nodes++;
    if (sv->max_nodes >= 0 && sv->nodes > (uint64_t)sv->max_nodes)
        sv->stop = 1;
    else if (sv->deadline >= 0 && (sv->nodes == 1 || !(sv->nodes & 1023))
             && now() > sv->deadline)
        sv->stop = 1;
    return !sv->stop;
}

/* ------------------------------------------------------------------ lists of plays */

/* The list of a depth in a pool of lists, made on first use; NULL when memory ran out. */
static Level *pooled(Level ***pool, int *count, int depth)
{
    if (depth >= *count) {
        int n = depth + 16;
        Level **levels = realloc(*pool, (size_t)n * sizeof *levels);
        if (!levels)
            return NULL;
        *pool = levels;
        for (int i = *count; i < n; i++) {
            if (!(levels[i] = calloc(1, sizeof **levels))) {
                *count = i;
                return NULL;
            }
            idlist_init(&levels[i]->ids);
        }
        *count = n;
    }
    return (*pool)[depth];
}

/* ------------------------------------------------------------------ quick wins */

/* What the other side holds, as a seat about to play sees it: the ranks its hands hold at
 * least 1..4 cards of, and whether one of them holds a bomb or the rocket. */
typedef struct {
    uint64_t hands[SV_MAX_SEATS];
    int n;
    unsigned m1, m2, m3, m4;
    int bombs;
    int feeds;                            /* partners whose hand is one play */
    uint64_t partners[SV_MAX_SEATS];      /* their hands */
    int landlord_first[SV_MAX_SEATS];     /* whether the landlord plays before them */
} Opponents;

static int holds(uint64_t hand, uint64_t cards)
{
    for (int r = 0; r < NUM_RANKS; r++)
        if (count_of(hand, r) < count_of(cards, r))
            return 0;
    return 1;
}

static void opponents_of(Solver *sv, const Node *n, int seat, Opponents *o)
{
    const MoveTables *t = sv->t;
    int landlord = seat == n->landlord;
    memset(o, 0, sizeof *o);
    for (int k = 1, before = 0; k < n->seats && !landlord; k++) {
        int s = (seat + k) % n->seats;
        if (s == n->landlord) {
            before = 1;
        } else if (idindex_get(&sv->one_play, n->hands[s]) != NO_PLAY) {
            o->partners[o->feeds] = n->hands[s];
            o->landlord_first[o->feeds++] = before;
        }
    }
    for (int s = 0; s < n->seats; s++) {
        uint64_t hand = n->hands[s];
        if (s == seat || (!landlord && s != n->landlord))
            continue;
        o->hands[o->n++] = hand;
        o->m1 |= level(hand, 1);
        o->m2 |= level(hand, 2);
        o->m3 |= level(hand, 3);
        o->m4 |= level(hand, 4);
        if ((t->bomb_low <= t->bomb_high && level(hand, t->bomb_low))
                || (t->rocket != NO_PLAY && holds(hand, t->rocket_cards)))
            o->bombs = 1;
    }
}

/* Whether some opponent can follow play `id`. */
static int answered(Solver *sv, const Opponents *o, play_id id)
{
    for (int i = 0; i < o->n; i++) {
        sv->scratch.len = 0;
        mg_follow_id(sv->t, o->hands[i], id, &sv->scratch);
        if (sv->scratch.len)
            return 1;
    }
    return 0;
}

/* Whether no opponent can follow play `id` (a play of the same kind needs a higher main
 * rank, so the level masks settle most kinds at once). */
static int safe(Solver *sv, const Opponents *o, play_id id)
{
    const PlayRow *row = &sv->t->rows[id];
    unsigned higher = above(row->main);
    if (row->kind == KIND_ROCKET)
        return 1;
    if (o->bombs)
        return row->kind == KIND_BOMB && !answered(sv, o, id);
    switch (row->kind) {
    case KIND_SINGLE:
        return !(o->m1 & higher);
    case KIND_PAIR:
        return !(o->m2 & higher);
    case KIND_TRIPLE:
    case KIND_TRIPLE_SINGLE:
    case KIND_TRIPLE_PAIR:
        return !(o->m3 & higher);
    case KIND_FOUR_TWO_SINGLES:
    case KIND_FOUR_TWO_PAIRS:
        return !(o->m4 & higher);
    case KIND_BOMB:
        return 1;
    default:
        return !answered(sv, o, id);
    }
}

/* Whether a partner goes out over play `id`: its hand is one play that beats it, and the
 * landlord, if it plays first, cannot beat `id` (the partners between pass). */
static int feeds(Solver *sv, const Opponents *o, play_id id)
{
    for (int i = 0; i < o->feeds; i++) {
        if (o->landlord_first[i] && !safe(sv, o, id))
            continue;
        sv->scratch.len = 0;
        mg_follow_id(sv->t, o->partners[i], id, &sv->scratch);
        for (size_t j = 0; j < sv->scratch.len; j++)
            if (sv->t->rows[sv->scratch.ids[j]].cards == o->partners[i])
                return 1;
    }
    return 0;
}

#define SWEEP_STEPS 12

/* Whether a seat leading with `hand` can play it all out, every play but the last one
 * that no opponent can follow (then its partners pass too): a win found without search.
 * Tries at most *steps hands. */
static int sweeps(Solver *sv, const Opponents *o, uint64_t hand, int depth, int *steps)
{
    Level *lv;
    IdList *ids;
    if (--*steps < 0)
        return 0;
    if (!(lv = pooled(&sv->sweep_levels, &sv->n_sweep_levels, depth))) {
        sv->failed = sv->stop = 1;
        return 0;
    }
    ids = &lv->ids;
    ids->len = 0;
    mg_lead(sv->t, hand, ids);
    for (size_t i = 0; i < ids->len; i++)
        if (sv->t->rows[ids->ids[i]].cards == hand || (o->feeds && feeds(sv, o, ids->ids[i])))
            return 1;
    for (size_t i = 0; i < ids->len && *steps > 0; i++) {
        play_id id = ids->ids[i];
        if (safe(sv, o, id) && sweeps(sv, o, hand - sv->t->rows[id].cards, depth + 1, steps))
            return 1;
    }
    return 0;
}

/* Whether the seat to move wins for its side at once: one of its plays empties its hand,
 * or lets a partner go out, or is one no opponent can follow and what is left sweeps. */
static int quick_win(Solver *sv, const Node *n, const Level *lv)
{
    uint64_t hand = n->hands[n->to_move];
    const IdList *ids = &lv->ids;
    Opponents o;
    int steps = SWEEP_STEPS;
    for (size_t i = 0; i < ids->len; i++)
        if (sv->t->rows[ids->ids[i]].cards == hand)
            return 1;
    opponents_of(sv, n, n->to_move, &o);
    if (o.feeds)
        for (size_t i = 0; i < ids->len; i++)
            if (feeds(sv, &o, ids->ids[i]))
                return 1;
    for (size_t i = 0; i < ids->len && steps > 0; i++) {
        play_id id = ids->ids[i];
        if (safe(sv, &o, id) && sweeps(sv, &o, hand - sv->t->rows[id].cards, 0, &steps))
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the fewest plays */

#define TURN_SLOTS (1u << 18)

/* The fewest plays that empty `hand` (each play covering its lowest card, as
 * MoveGenerator.covering lists them), remembered by hand. */
static int turns(Solver *sv, uint64_t hand, int depth)
{
    uint64_t *cell;
    Level *lv;
    int best = 99;
    if (!hand)
        return 0;
    cell = &sv->turns[mix(hand) & (TURN_SLOTS - 1)];
    if (*cell && *cell >> 5 == hand)
        return (int)(*cell & 31);
    if (!(lv = pooled(&sv->turn_levels, &sv->n_turn_levels, depth))) {
        sv->failed = sv->stop = 1;
        return 1;
    }
    lv->ids.len = 0;
    mg_covering(sv->t, hand, &lv->ids);
    for (size_t i = 0; i < lv->ids.len && best > 1; i++) {
        uint64_t cards = sv->t->rows[lv->ids.ids[i]].cards;
        int t = cards == hand ? 1 : 1 + turns(sv, hand - cards, depth + 1);
        if (t < best)
            best = t;
    }
    cell = &sv->turns[mix(hand) & (TURN_SLOTS - 1)];
    *cell = hand << 5 | (uint64_t)(best < 31 ? best : 31);
    return best;
}

/* ------------------------------------------------------------------ move lists */

static Level *level_at(Solver *sv, int depth)
{
    return pooled(&sv->levels, &sv->n_levels, depth);
}

/* The plays of the seat to move into the level's list: leading, or following (the pass
 * is not listed: order() adds it). NULL when memory ran out (the search then stops). */
static Level *moves(Solver *sv, const Node *n, int depth)
{
    Level *lv = level_at(sv, depth);
    IdList *ids;
    if (!lv) {
        sv->failed = sv->stop = 1;
        return NULL;
    }
    ids = &lv->ids;
    ids->len = 0;
    if (n->top == NO_PLAY)
        mg_lead(sv->t, n->hands[n->to_move], ids);
    else
        mg_follow_id(sv->t, n->hands[n->to_move], n->top, ids);
    if (ids->failed) {
        sv->failed = sv->stop = 1;
        return NULL;
    }
    return lv;
}

static int is_teammate(const Node *n, int seat)
{
    return seat != n->landlord && n->to_move != n->landlord;
}

/* Sort the level's plays, best first, and put the pass where it belongs; returns how
 * many moves there are (the pass included). */
static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The history of the side to move (the plays that refuted the others, made by the
 * landlord or by a peasant): the one side's best plays are no guide to the other's. */
static int32_t *side_history(Solver *sv, const Node *n)
{
    return sv->history + (n->to_move == n->landlord ? sv->t->n : 0);
}

static size_t order(Solver *sv, const Node *n, Level *lv)
{
    IdList *ids = &lv->ids;
    size_t count = ids->len + (n->top != NO_PLAY), i;
    const PlayRow *rows = sv->t->rows;
    uint64_t hand = n->hands[n->to_move];
    int friendly = n->top != NO_PLAY && is_teammate(n, n->top_seat);
    const int32_t *history = side_history(sv, n);
    if (count > lv->cap) {
        size_t cap = count * 2;
        uint64_t *keys = realloc(lv->keys, cap * sizeof *keys);
        if (!keys) {
            sv->failed = sv->stop = 1;
            return 0;
        }
        lv->keys = keys;
        lv->cap = cap;
    }
    for (i = 0; i < ids->len; i++) {
        play_id id = ids->ids[i];
        const PlayRow *row = rows + id;
        /* fewest plays left first, then more cards, then lower cards; then what refuted
         * most elsewhere for the same side (1,024 refutations weigh one play left) */
        int64_t priority = 4096 + 256 * turns(sv, hand - row->cards, 0) - 4 * row->size
                           + row->main - history[id] / 4;
        lv->keys[i] = ((uint64_t)(priority + (INT64_C(1) << 31)) << 32) | (uint32_t)id;
    }
    if (n->top != NO_PLAY) {  /* the pass: first after a partner's play, else as a play
                               * that leaves one play more than a play that sheds one */
        int64_t priority = friendly ? 0 : 4096 + 256 * turns(sv, hand, 0) + 200;
        lv->keys[i++] = ((uint64_t)(priority + (INT64_C(1) << 31)) << 32) | (uint32_t)SV_PASS;
    }
    if (count > 32) {
        qsort(lv->keys, count, sizeof *lv->keys, compare_keys);
        return count;
    }
    /* insertion sort: most lists are short */
    for (size_t a = 1; a < count; a++) {
        uint64_t key = lv->keys[a];
        size_t b = a;
        while (b > 0 && lv->keys[b - 1] > key) {
            lv->keys[b] = lv->keys[b - 1];
            b--;
        }
        lv->keys[b] = key;
    }
    return count;
}

static play_id id_at(const Level *lv, size_t i)
{
    return (play_id)(uint32_t)lv->keys[i];
}

static int doubles(const Solver *sv, play_id id)
{
    return id != SV_PASS && sv->doubling[id];
}

/* ------------------------------------------------------------------ dominance */

/* Whether `hand` can make a chain through rank `r`: a straight, a pair chain or the body
 * of an airplane (two triples at least, whatever the airplanes the ruleset has) holding
 * it. Hands only shrink: if it cannot now, it never will. */
static int chains_through(const MoveTables *t, uint64_t hand, int r)
{
    if (r > ACE)
        return 0;
    for (int c = 0; c < CHAIN_KINDS; c++) {
        unsigned m = level(hand, c + 1) & CHAIN_MASK;
        int shortest = t->chain_low[c], lo = r, hi = r;
        if (c == CHAIN_KINDS - 1 && shortest > 2)
            shortest = 2;
        if (shortest > MAX_CHAIN || !(m >> r & 1))
            continue;
        while (lo > 0 && (m >> (lo - 1) & 1))
            lo--;
        while (hi < ACE && (m >> (hi + 1) & 1))
            hi++;
        if (hi - lo + 1 >= shortest)
            return 1;
    }
    return 0;
}

static int has_kickers(int kind)
{
    return kind == KIND_TRIPLE_SINGLE || kind == KIND_TRIPLE_PAIR
        || kind == KIND_AIRPLANE_SINGLES || kind == KIND_AIRPLANE_PAIRS
        || kind == KIND_FOUR_TWO_SINGLES || kind == KIND_FOUR_TWO_PAIRS;
}

/* Whether kind `kind` is one whose main rank the same play can swap for a lower one: no
 * chain, no joker (a single, a pair, a triple with or without kickers, four with two, a
 * bomb). */
static int swappable_main(int kind)
{
    return kind == KIND_SINGLE || kind == KIND_PAIR || kind == KIND_TRIPLE
        || kind == KIND_TRIPLE_SINGLE || kind == KIND_TRIPLE_PAIR
        || kind == KIND_FOUR_TWO_SINGLES || kind == KIND_FOUR_TWO_PAIRS || kind == KIND_BOMB;
}

/* Whether play `id` of the seat to move (holding `hand`) is no better for its side than
 * another play of the list (those marked with sv->mark): the same kind and length but for
 * the x cards of a rank k2 that it holds no more of afterwards, which the other play takes
 * from a lower rank k1 it holds x cards of afterwards, and holds none of after the other
 * play; k1 can make no chain in the hand left; and either k2 is a kicker's rank (the main
 * rank the same) and no partner holds a card of the ranks k1 < r <= k2, or k2 is the main
 * rank (then k1 is the other's), the kind swappable_main(), and no other hand holds a card
 * of those ranks. Then the hand after the other play is the hand after `id` with its k1
 * cards raised to k2 (docs/solver.md, "Dominance"). Returns that other play, or NO_PLAY. */
static play_id dominated(Solver *sv, uint64_t hand, play_id id, unsigned partners,
                         unsigned others)
{
    const MoveTables *t = sv->t;
    const PlayRow *row = &t->rows[id];
    uint64_t rest = hand - row->cards;
    int k1, k2;
    FOR_RANKS(k2, high, level(row->cards, 1) & ~level(rest, 1) & ((1u << BLACK_JOKER) - 1)) {
        int x = count_of(row->cards, k2), main = k2 == row->main;
        /* ranks up to k2 that block: the partners' for a kicker, every other hand's for
         * the main rank */
        unsigned blocking = (main ? others : partners) & ((2u << k2) - 1);
        unsigned lower = level(rest, x) & ~level(rest, x + 1) & ((1u << k2) - 1);
        if (main && !swappable_main(row->kind))
            continue;
        while (blocking & (blocking - 1))  /* keep its highest rank */
            blocking &= blocking - 1;
        if (blocking)  /* k1 at or above the highest blocking rank up to k2 */
            lower &= ~(blocking - 1);
        FOR_RANKS(k1, low, lower) {
            play_id other;
            if (chains_through(t, rest, k1))
                continue;
            other = mg_find(t, row->kind, row->cards + (uint64_t)x * (UNIT(k1) - UNIT(k2)));
            if (other != NO_PLAY && sv->listed[other] == sv->mark
                    && t->rows[other].main == (main ? k1 : row->main)
                    && t->rows[other].length == row->length)
                return other;
        }
    }
    return NO_PLAY;
}

/* Mark the level's first `count` plays as the list dominated() looks in; returns the
 * ranks the partners of the seat to move hold, and sets *others to those every other
 * seat holds. */
static unsigned mark_list(Solver *sv, const Node *n, const Level *lv, size_t count,
                          unsigned *others)
{
    unsigned partners = 0;
    if (++sv->mark == 0) {
        memset(sv->listed, 0, sv->t->n * sizeof *sv->listed);
        sv->mark = 1;
    }
    for (size_t i = 0; i < count; i++)
        if (id_at(lv, i) != SV_PASS)
            sv->listed[id_at(lv, i)] = sv->mark;
    *others = 0;
    for (int s = 0; s < n->seats; s++)
        if (s != n->to_move) {
            *others |= level(n->hands[s], 1);
            if (n->to_move != n->landlord && s != n->landlord)
                partners |= level(n->hands[s], 1);
        }
    return partners;
}

/* Whether a play of kind `kind` may be dominated by another. */
static int candidate(int kind)
{
    return has_kickers(kind) || swappable_main(kind);
}

/* Drop from the level's sorted moves (the first `count`) the plays that another play of
 * the list dominates (see dominated()); returns how many are left. */
static size_t prune(Solver *sv, const Node *n, Level *lv, size_t count)
{
    const PlayRow *rows = sv->t->rows;
    uint64_t hand = n->hands[n->to_move];
    unsigned partners, others;
    size_t kept = 0, i;
    int any = 0;
    for (i = 0; i < count; i++) {
        play_id id = id_at(lv, i);
        if (id != SV_PASS && candidate(rows[id].kind))
            any = 1;
    }
    if (!any)
        return count;
    partners = mark_list(sv, n, lv, count, &others);
    for (i = 0; i < count; i++) {
        play_id id = id_at(lv, i);
        if (id != SV_PASS && candidate(rows[id].kind)
                && dominated(sv, hand, id, partners, others) != NO_PLAY)
            continue;
        lv->keys[kept++] = lv->keys[i];
    }
    return kept;
}

/* ------------------------------------------------------------------ win or lose */

static int wins_keyed(Solver *sv, Node *n, const Key *key, uint64_t h, int depth);

/* The position after play `id` of the seat to move, its key and the key's hash; the
 * table's lines for it are fetched meanwhile (the search will look there next). */
static void prepare(Solver *sv, const Node *n, play_id id, Node *child, Key *key, uint64_t *h)
{
    *child = *n;
    apply(sv->t, child, id);
    if (child->to_move < 0)
        return;
    key_for(sv->t, child, key);
    *h = hash_of(key);
    __builtin_prefetch(sv->tags + (*h & (sv->clusters - 1)) * CLUSTER);
    __builtin_prefetch(sv->table + (*h & (sv->clusters - 1)) * CLUSTER);
}

static int wins(Solver *sv, Node *n, int depth)
{
    Key key;
    key_for(sv->t, n, &key);
    return wins_keyed(sv, n, &key, hash_of(&key), depth);
}

/* Whether the landlord wins once the seat to move makes play `id`. */
static int wins_after(Solver *sv, const Node *n, play_id id, int depth)
{
    Node child = *n;
    apply(sv->t, &child, id);
    if (child.to_move < 0)
        return child.winner == child.landlord;
    return wins(sv, &child, depth + 1);
}

static int wins_keyed(Solver *sv, Node *n, const Key *key, uint64_t h, int depth)
{
    uint64_t before, next_h = 0;
    Entry *e;
    int side = n->to_move == n->landlord, result;
    Level *lv;
    size_t count;
    Node next;
    Key next_key;
    if ((e = probe(sv, key, h)) != NULL && e->win)
        return e->win == 1;
    if (!(lv = moves(sv, n, depth)))
        return 0;
    if (n->top != NO_PLAY && lv->ids.len == 0)  /* nothing beats the top: pass */
        return wins_after(sv, n, SV_PASS, depth);
    if (!spend(sv))
        return 0;
    before = sv->nodes;
    if (quick_win(sv, n, lv)) {
        result = side;
        goto done;
    }
    count = prune(sv, n, lv, order(sv, n, lv));
    result = !side;
    prepare(sv, n, id_at(lv, 0), &next, &next_key, &next_h);
    for (size_t i = 0; i < count && !sv->stop; i++) {
        play_id id = id_at(lv, i);
        Node child = next;
        Key child_key = next_key;
        uint64_t child_h = next_h;
        int won;
        if (i + 1 < count)
            prepare(sv, n, id_at(lv, i + 1), &next, &next_key, &next_h);
        won = child.to_move < 0 ? child.winner == child.landlord
                                : wins_keyed(sv, &child, &child_key, child_h, depth + 1);
        if (won == side) {
            result = side;
            if (id != SV_PASS && i > 0)
                side_history(sv, n)[id] += 1;
            break;
        }
    }
done:
    if (sv->stop)
        return 0;
    e = slot(sv, key, h);
    e->win = result ? 1 : 2;
    e->work = work_of(sv->nodes - before + 1);
    return result;
}

/* ------------------------------------------------------------------ values */

/* At most how many doublings are still to come when the given side wins (values.py's
 * most_doublings). */
static int most_doublings(const Solver *sv, const Node *n, int landlord_wins)
{
    const MoveTables *t = sv->t;
    int most = landlord_wins ? !(n->spring & PEASANT_PLAYED) : landlord_plays(n->spring) <= 1;
    for (int s = 0; s < n->seats; s++) {
        if (sv->doubling_low)
            for (int r = 0; r < BLACK_JOKER; r++)
                most += count_of(n->hands[s], r) / sv->doubling_low;
        if (t->rocket != NO_PLAY && sv->doubling[t->rocket] && holds(n->hands[s], t->rocket_cards))
            most++;
    }
    return most;
}

static int at_least(Solver *sv, Node *n, int threshold, int depth);

/* Whether play `id` of the seat to move is worth `threshold` or more. */
static int at_least_after(Solver *sv, const Node *n, play_id id, int threshold, int depth)
{
    Node child = *n;
    int doubling = doubles(sv, id);
    apply(sv->t, &child, id);
    if (child.to_move < 0)
        return end_value(child.winner == child.landlord, doubling, n->spring) >= threshold;
    return at_least(sv, &child, needed(threshold, doubling), depth + 1);
}

static int at_least(Solver *sv, Node *n, int threshold, int depth)
{
    int won = wins(sv, n, depth), most, side, result;
    Key key;
    uint64_t h, before;
    Entry *e;
    Level *lv;
    size_t count;
    if (sv->stop)
        return 0;
    if (won && threshold <= 1)
        return 1;
    if (!won && threshold >= 0)
        return 0;
    most = 1 + most_doublings(sv, n, won);
    if (won ? threshold > most : threshold <= -most)
        return !won;  /* beyond what the winner can reach */
    key_for(sv->t, n, &key);
    h = hash_of(&key);
    e = probe(sv, &key, h);
    if (e && e->spring == (uint8_t)n->spring) {
        if (e->lo >= threshold)
            return 1;
        if (e->hi < threshold)
            return 0;
    }
    if (!spend(sv))
        return 0;
    before = sv->nodes;
    if (!(lv = moves(sv, n, depth)))
        return 0;
    count = prune(sv, n, lv, order(sv, n, lv));
    side = n->to_move == n->landlord;
    result = !side;
    for (size_t i = 0; i < count && !sv->stop; i++)
        if (at_least_after(sv, n, id_at(lv, i), threshold, depth) == side) {
            result = side;
            break;
        }
    if (sv->stop)
        return 0;
    e = slot(sv, &key, h);
    if (e->spring != (uint8_t)n->spring) {
        e->spring = (uint8_t)n->spring;
        e->lo = LOWEST;
        e->hi = HIGHEST;
    }
    if (result && e->lo < threshold)
        e->lo = (int8_t)threshold;
    if (!result && e->hi > threshold - 1)
        e->hi = (int8_t)(threshold - 1);
    if (work_of(sv->nodes - before + 1) > e->work)
        e->work = work_of(sv->nodes - before + 1);
    return result;
}

/* The exact value of `n`, whose winner is known. */
static int value_of(Solver *sv, Node *n, int landlord_wins, int depth)
{
    int v;
    if (landlord_wins) {
        for (v = 1; !sv->stop && at_least(sv, n, v + 1, depth); v++)
            ;
    } else {
        for (v = -1; !sv->stop && !at_least(sv, n, v, depth); v--)
            ;
    }
    return v;
}

/* ------------------------------------------------------------------ the root */

static int append(play_id **list, size_t *len, size_t *cap, play_id id)
{
    if (*len == *cap) {
        size_t grown = *cap ? 2 * *cap : 16;
        play_id *more = realloc(*list, grown * sizeof *more);
        if (!more)
            return -1;
        *list = more;
        *cap = grown;
    }
    (*list)[(*len)++] = id;
    return 0;
}

/* A principal variation from `n`, worth `value`: the side to move plays, at every step,
 * the first play (in search order) that is worth the value. */
static int principal_variation(Solver *sv, Node n, int value, SvResult *out)
{
    size_t cap = 0;
    while (n.to_move >= 0 && !sv->stop) {
        Level *lv = moves(sv, &n, 0);
        size_t count;
        int side = n.to_move == n.landlord, found = 0;
        if (!lv)
            return -1;
        count = order(sv, &n, lv);
        for (size_t i = 0; i < count && !sv->stop; i++) {
            play_id id = id_at(lv, i);
            int doubling = doubles(sv, id);
            int worth = side ? at_least_after(sv, &n, id, value, 0)
                             : !at_least_after(sv, &n, id, value + 1, 0);
            if (!worth)
                continue;
            if (append(&out->line, &out->n_line, &cap, id) < 0)
                return -1;
            apply(sv->t, &n, id);
            value = back_through(value, doubling);
            found = 1;
            break;
        }
        if (!found)
            break;  /* only when the budget ran out */
    }
    return 0;
}

/* Whether the landlord wins after each of the root's `count` sorted plays: plays[i] is
 * the i-th play, plays[count + i] the answer (1: the landlord wins). A play with kickers
 * that another play dominates (see dominated()) is no better for the seat's side: when
 * that other play loses for the side, so does this one, unsearched; when it wins, this
 * one is searched. -1 when the search stopped. */
static int root_results(Solver *sv, const Node *root, Level *lv, size_t count, play_id *plays)
{
    play_id *by = plays + count;  /* first the dominating play, then the answer */
    int side = root->to_move == root->landlord;
    unsigned others, partners = mark_list(sv, root, lv, count, &others);
    size_t left = count;
    for (size_t i = 0; i < count; i++) {
        plays[i] = id_at(lv, i);
        by[i] = plays[i] != SV_PASS && candidate(sv->t->rows[plays[i]].kind)
                ? dominated(sv, root->hands[root->to_move], plays[i], partners, others)
                : NO_PLAY;
    }
    /* answers: -1 unknown; by[] is read before being overwritten with the answer */
    {
        int8_t *known = malloc(count ? count : 1);
        if (!known) {
            sv->failed = sv->stop = 1;
            return -1;
        }
        memset(known, -1, count);
        while (left && !sv->stop) {
            size_t before = left;
            for (size_t i = 0; i < count && !sv->stop; i++) {
                size_t j = count;
                if (known[i] >= 0)
                    continue;
                if (by[i] != NO_PLAY)
                    for (j = 0; j < count && plays[j] != by[i]; j++)
                        ;
                if (j < count && known[j] < 0)
                    continue;  /* its dominating play first */
                if (j < count && known[j] >= 0 && known[j] != side)
                    known[i] = known[j];
                else
                    known[i] = (int8_t)wins_after(sv, root, plays[i], 0);
                left--;
            }
            if (left == before)  /* no progress: search what is left in order */
                for (size_t i = 0; i < count && !sv->stop; i++)
                    if (known[i] < 0) {
                        known[i] = (int8_t)wins_after(sv, root, plays[i], 0);
                        left--;
                    }
        }
        for (size_t i = 0; i < count; i++)
            by[i] = known[i];
        free(known);
    }
    return sv->stop ? -1 : 0;
}

int sv_solve(Solver *sv, const SvPosition *p, int points, int every, SvBudget budget,
             SvResult *out)
{
    Node root;
    Level *lv;
    size_t count, cap = 0;
    int side;
    play_id *plays = NULL;
    memset(out, 0, sizeof *out);
    memset(&root, 0, sizeof root);
    root.seats = (int8_t)p->seats;
    root.landlord = (int8_t)p->landlord;
    for (int s = 0; s < p->seats; s++) {
        root.hands[s] = p->hands[s];
        root.covers[s] = (uint16_t)hand_cover(sv->t, p->hands[s]);
    }
    root.to_move = (int8_t)p->to_move;
    root.top = p->top;
    root.top_seat = (int8_t)(p->top == NO_PLAY ? -1 : p->top_seat);
    root.passes = (int8_t)(p->top == NO_PLAY ? 0
                           : (p->to_move - p->top_seat - 1 + p->seats) % p->seats);
    root.winner = -1;
    root.spring = (int8_t)p->spring;
    sv->nodes = 0;
    sv->stop = sv->failed = 0;
    sv->max_nodes = budget.max_nodes;
    sv->deadline = budget.max_seconds < 0 ? -1.0 : now() + budget.max_seconds;

    side = root.to_move == root.landlord;
    if (!every) {  /* who wins: the search settles the root as any other position */
        out->landlord_wins = wins(sv, &root, 0);
        if (sv->stop)
            goto stopped;
        goto settled;
    }
    if (!spend(sv) || !(lv = moves(sv, &root, 0)))
        goto stopped;
    count = order(sv, &root, lv);
    if (!(plays = malloc((count ? count : 1) * 2 * sizeof *plays)))
        return SV_NO_MEMORY;
    if (root_results(sv, &root, lv, count, plays) < 0)
        goto stopped;
    for (size_t i = 0; i < count; i++)
        if (plays[count + i] == side
                && append(&out->winning, &out->n_winning, &cap, plays[i]) < 0) {
            free(plays);
            sv_result_free(out);
            return SV_NO_MEMORY;
        }
    free(plays);
    plays = NULL;
    out->landlord_wins = side ? out->n_winning > 0 : out->n_winning == 0;
    {
        Key key;
        key_for(sv->t, &root, &key);
        slot(sv, &key, hash_of(&key))->win = out->landlord_wins ? 1 : 2;
    }
settled:
    if (points) {
        out->value = value_of(sv, &root, out->landlord_wins, 0);
        if (sv->stop || principal_variation(sv, root, out->value, out) < 0 || sv->stop)
            goto stopped;
    }
    out->nodes = sv->nodes;
    return SV_SOLVED;
stopped:
    free(plays);
    out->nodes = sv->nodes;
    {
        int failed = sv->failed;
        sv_result_free(out);
        out->nodes = sv->nodes;
        return failed ? SV_NO_MEMORY : SV_OUT_OF_BUDGET;
    }
}

void sv_result_free(SvResult *result)
{
    free(result->winning);
    free(result->line);
    result->winning = result->line = NULL;
    result->n_winning = result->n_line = 0;
}

/* ------------------------------------------------------------------ making one */

Solver *sv_new(const MoveTables *tables, const uint8_t *doubling, size_t entries)
{
    Solver *sv = calloc(1, sizeof *sv);
    size_t clusters = 1;
    if (!sv)
        return NULL;
    while (clusters * CLUSTER < entries)
        clusters *= 2;
    sv->t = tables;
    sv->max_clusters = clusters;
    sv->clusters = clusters < FIRST_CLUSTERS ? clusters : FIRST_CLUSTERS;
    idlist_init(&sv->scratch);
    sv->table = calloc(sv->clusters * CLUSTER, sizeof *sv->table);
    sv->tags = calloc(sv->clusters * CLUSTER, sizeof *sv->tags);
    sv->doubling = malloc(tables->n ? tables->n : 1);
    sv->history = calloc(tables->n ? 2 * tables->n : 1, sizeof *sv->history);
    sv->listed = calloc(tables->n ? tables->n : 1, sizeof *sv->listed);
    sv->turns = calloc(TURN_SLOTS, sizeof *sv->turns);
    if (idindex_init(&sv->one_play, tables->n) < 0 || !sv->table || !sv->tags
            || !sv->doubling || !sv->history || !sv->listed || !sv->turns) {
        sv_free(sv);
        return NULL;
    }
    for (size_t id = 0; id < tables->n; id++)  /* the first play of each set of cards */
        idindex_put(&sv->one_play, tables->rows[id].cards, (play_id)id);
    memcpy(sv->doubling, doubling, tables->n);

    for (int size = tables->bomb_low; size && size <= tables->bomb_high && !sv->doubling_low;
         size++)
        for (int r = 0; r < NUM_RANKS; r++)
            if (tables->bomb[size][r] != NO_PLAY && doubling[tables->bomb[size][r]]) {
                sv->doubling_low = size;
                break;
            }
    return sv;
}

void sv_forget(Solver *sv)
{
    memset(sv->table, 0, sv->clusters * CLUSTER * sizeof *sv->table);
    memset(sv->tags, 0, sv->clusters * CLUSTER * sizeof *sv->tags);
    sv->used = 0;
    memset(sv->history, 0, 2 * sv->t->n * sizeof *sv->history);
}

size_t sv_size(const Solver *sv)
{
    return sizeof *sv + sv->clusters * CLUSTER * (sizeof *sv->table + sizeof *sv->tags)
        + sv->t->n
        + sv->t->n * (2 * sizeof *sv->history + sizeof *sv->listed);
}

static void free_pool(Level **pool, int count)
{
    for (int i = 0; i < count; i++) {
        idlist_free(&pool[i]->ids);
        free(pool[i]->keys);
        free(pool[i]);
    }
    free(pool);
}

void sv_free(Solver *sv)
{
    if (!sv)
        return;
    free_pool(sv->levels, sv->n_levels);
    free_pool(sv->sweep_levels, sv->n_sweep_levels);
    free_pool(sv->turn_levels, sv->n_turn_levels);
    free(sv->turns);
    idlist_free(&sv->scratch);
    idindex_free(&sv->one_play);
    free(sv->table);
    free(sv->tags);
    free(sv->doubling);
    free(sv->history);
    free(sv->listed);
    free(sv);
}
