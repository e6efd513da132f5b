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

#include "solve.h"
#include "tables.h"

/* ------------------------------------------------------------------ positions */

typedef struct {
    uint64_t hands[SV_MAX_SEATS];
    play_id top;
    int8_t seats, landlord, to_move, top_seat, passes, winner, spring;
} Node;

#define PEASANT_PLAYED 1

static int landlord_plays(int spring)
{
    return spring >> 1;
}

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

/* ------------------------------------------------------------------ the table */

typedef struct {
    uint64_t hands[SV_MAX_SEATS];
    play_id top;
    int8_t to_move, top_seat;
    uint8_t used;
    uint8_t win;       /* 0 unknown, 1 the landlord wins, 2 the peasants win */
    uint8_t spring;    /* the spring state lo and hi hold for (0xFF: none) */
    int8_t lo, hi;     /* lo <= value <= hi */
    uint8_t work;      /* about log2 of the nodes the entry cost: what to keep */
} Entry;

#define CLUSTER 4
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
    size_t clusters;             /* a power of two */
    Level **levels;
    int n_levels;
    int32_t *history;            /* by play id: how often it refuted everything else */
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

static uint64_t hash_of(const Node *n)
{
    uint64_t h = mix(((uint64_t)(uint32_t)n->top << 16) | ((uint64_t)(uint8_t)n->to_move << 8)
                     | (uint8_t)n->top_seat);
    for (int s = 0; s < n->seats; s++)
        h = mix(h ^ n->hands[s]);
    return h;
}

static int same(const Entry *e, const Node *n)
{
    if (!e->used || e->top != n->top || e->to_move != n->to_move
            || e->top_seat != n->top_seat)
        return 0;
    for (int s = 0; s < n->seats; s++)
        if (e->hands[s] != n->hands[s])
            return 0;
    return 1;
}

static Entry *probe(Solver *sv, const Node *n, uint64_t h)
{
    Entry *c = sv->table + (h & (sv->clusters - 1)) * CLUSTER;
    for (int i = 0; i < CLUSTER; i++)
        if (same(c + i, n))
            return c + i;
    return NULL;
}

/* The entry of `n`, made (over the entry that cost least) if there is none. */
static Entry *slot(Solver *sv, const Node *n, uint64_t h)
{
    Entry *c = sv->table + (h & (sv->clusters - 1)) * CLUSTER, *victim = c;
    for (int i = 0; i < CLUSTER; i++) {
        if (same(c + i, n))
            return c + i;
        if (!c[i].used || (victim->used && c[i].work < victim->work))
            victim = c + i;
    }
    memset(victim, 0, sizeof *victim);
    memcpy(victim->hands, n->hands, sizeof n->hands);
    victim->top = n->top;
    victim->to_move = n->to_move;
    victim->top_seat = n->top_seat;
    victim->used = 1;
    victim->spring = NO_SPRING;
    victim->lo = LOWEST;
    victim->hi = HIGHEST;
    return victim;
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

/* ------------------------------------------------------------------ move lists */

static Level *level_at(Solver *sv, int depth)
{
    if (depth >= sv->n_levels) {
        int n = depth + 16;
        Level **levels = realloc(sv->levels, (size_t)n * sizeof *levels);
        if (!levels)
            return NULL;
        sv->levels = levels;
        for (int i = sv->n_levels; i < n; i++) {
            if (!(levels[i] = calloc(1, sizeof **levels))) {
                sv->n_levels = i;
                return NULL;
            }
            idlist_init(&levels[i]->ids);
        }
        sv->n_levels = n;
    }
    return sv->levels[depth];
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
static size_t order(Solver *sv, const Node *n, Level *lv)
{
    IdList *ids = &lv->ids;
    size_t count = ids->len + (n->top != NO_PLAY), i;
    const PlayRow *rows = sv->t->rows;
    int friendly = n->top != NO_PLAY && is_teammate(n, n->top_seat);
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
        int64_t priority;
        int bomb = row->kind == KIND_BOMB || row->kind == KIND_ROCKET;
        if (n->top == NO_PLAY)
            priority = 4096 - 64 * row->size + row->main;
        else
            priority = 4096 + (bomb ? 2048 : 0) + row->main;
        priority -= sv->history[id];
        lv->keys[i] = ((uint64_t)(priority + (INT64_C(1) << 31)) << 32) | (uint32_t)id;
    }
    if (n->top != NO_PLAY)  /* the pass: first after a teammate's play, else after plays */
        lv->keys[i++] = ((uint64_t)((friendly ? 0 : 4096 + 1024) + (INT64_C(1) << 31)) << 32)
                        | (uint32_t)SV_PASS;
    /* insertion sort: the lists are short, and mostly in order already */
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

/* ------------------------------------------------------------------ win or lose */

static int wins(Solver *sv, const Node *n, int depth);

/* Whether the landlord wins once the seat to move makes play `id`. */
static int wins_after(Solver *sv, const Node *n, play_id id, int depth)
{
    Node child = *n;
    apply(sv->t, &child, id);
    if (child.to_move < 0)
        return child.winner == child.landlord;
    return wins(sv, &child, depth + 1);
}

static int wins(Solver *sv, const Node *n, int depth)
{
    uint64_t h = hash_of(n), before;
    Entry *e = probe(sv, n, h);
    int side = n->to_move == n->landlord, result;
    uint64_t hand = n->hands[n->to_move];
    Level *lv;
    size_t count;
    if (e && e->win)
        return e->win == 1;
    if (!(lv = moves(sv, n, depth)))
        return 0;
    if (n->top != NO_PLAY && lv->ids.len == 0)  /* nothing beats the top: pass */
        return wins_after(sv, n, SV_PASS, depth);
    if (!spend(sv))
        return 0;
    before = sv->nodes;
    for (size_t i = 0; i < lv->ids.len; i++)  /* going out wins at once */
        if (sv->t->rows[lv->ids.ids[i]].cards == hand) {
            result = side;
            goto done;
        }
    count = order(sv, n, lv);
    result = !side;
    for (size_t i = 0; i < count && !sv->stop; i++) {
        play_id id = id_at(lv, i);
        if (wins_after(sv, n, id, depth) == side) {
            result = side;
            if (id != SV_PASS && i > 0)
                sv->history[id] += 1;
            break;
        }
    }
    if (sv->stop)
        return 0;
done:
    e = slot(sv, n, h);
    e->win = result ? 1 : 2;
    e->work = work_of(sv->nodes - before + 1);
    return result;
}

/* ------------------------------------------------------------------ values */

static int holds(uint64_t hand, uint64_t cards)
{
    for (int r = 0; r < NUM_RANKS; r++)
        if (count_of(hand, r) < count_of(cards, r))
            return 0;
    return 1;
}

/* At most how many doublings are still to come (values.py's most_doublings). */
static int most_doublings(const Solver *sv, const Node *n)
{
    const MoveTables *t = sv->t;
    int most = !(n->spring & PEASANT_PLAYED) || landlord_plays(n->spring) <= 1;
    for (int s = 0; s < n->seats; s++) {
        if (sv->doubling_low)
            for (int r = 0; r < BLACK_JOKER; r++)
                most += count_of(n->hands[s], r) / sv->doubling_low;
        if (t->rocket != NO_PLAY && sv->doubling[t->rocket] && holds(n->hands[s], t->rocket_cards))
            most++;
    }
    return most;
}

static int at_least(Solver *sv, const Node *n, int threshold, int depth);

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

static int at_least(Solver *sv, const Node *n, int threshold, int depth)
{
    int won = wins(sv, n, depth), most, side, result;
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
    most = 1 + most_doublings(sv, n);
    if (threshold > most)
        return 0;
    if (threshold <= -most)
        return 1;
    h = hash_of(n);
    e = probe(sv, n, h);
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
    count = order(sv, n, lv);
    side = n->to_move == n->landlord;
    result = !side;
    for (size_t i = 0; i < count && !sv->stop; i++)
        if (at_least_after(sv, n, id_at(lv, i), threshold, depth) == side) {
            result = side;
            break;
        }
    if (sv->stop)
        return 0;
    e = slot(sv, n, h);
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
static int value_of(Solver *sv, const Node *n, int landlord_wins, int depth)
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

int sv_solve(Solver *sv, const SvPosition *p, int points, SvBudget budget, SvResult *out)
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
    for (int s = 0; s < p->seats; s++)
        root.hands[s] = p->hands[s];
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
    if (!spend(sv) || !(lv = moves(sv, &root, 0)))
        goto stopped;
    count = order(sv, &root, lv);
    if (!(plays = malloc((count ? count : 1) * sizeof *plays)))
        return SV_NO_MEMORY;
    for (size_t i = 0; i < count; i++)
        plays[i] = id_at(lv, i);
    for (size_t i = 0; i < count; i++) {
        int won = wins_after(sv, &root, plays[i], 0);
        if (sv->stop)
            goto stopped;
        if (won == side && append(&out->winning, &out->n_winning, &cap, plays[i]) < 0) {
            free(plays);
            sv_result_free(out);
            return SV_NO_MEMORY;
        }
    }
    free(plays);
    plays = NULL;
    out->landlord_wins = side ? out->n_winning > 0 : out->n_winning == 0;
    slot(sv, &root, hash_of(&root))->win = out->landlord_wins ? 1 : 2;
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
    sv->clusters = clusters;
    sv->table = calloc(clusters * CLUSTER, sizeof *sv->table);
    sv->doubling = malloc(tables->n ? tables->n : 1);
    sv->history = calloc(tables->n ? tables->n : 1, sizeof *sv->history);
    if (!sv->table || !sv->doubling || !sv->history) {
        sv_free(sv);
        return NULL;
    }
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
    memset(sv->history, 0, sv->t->n * sizeof *sv->history);
}

size_t sv_size(const Solver *sv)
{
    return sizeof *sv + sv->clusters * CLUSTER * sizeof *sv->table + sv->t->n
        + sv->t->n * sizeof *sv->history;
}

void sv_free(Solver *sv)
{
    if (!sv)
        return;
    for (int i = 0; i < sv->n_levels; i++) {
        idlist_free(&sv->levels[i]->ids);
        free(sv->levels[i]->keys);
        free(sv->levels[i]);
    }
    free(sv->levels);
    free(sv->table);
    free(sv->doubling);
    free(sv->history);
    free(sv);
}
