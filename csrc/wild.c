/* Moves of a hand that holds wild cards (see wild.h): WildMoves._plays and _made_of of
 * dizhu/wild.py, step for step, so that the readings come in the same order.
 */
#include <stdlib.h>
#include <string.h>

#include "tables.h"
#include "wild.h"

#define JOKER_FIELDS (FIELD(BLACK_JOKER) | FIELD(RED_JOKER))

/* ------------------------------------------------------------------ the found readings */

void found_init(Found *found, FoundPool *pool)
{
    found->index = NULL;
    found->pool = pool;
    found->pooled = 0;
    found->items = found->local;
    found->len = 0;
    found->cap = 0;  /* found_reserve() makes the room */
    found->slots = found->local_slots;
    found->bits = 0;
    found->failed = 0;
}

#define FOUND_FIRST_MOST 2048  /* the most readings a hand with wild cards makes room for first */

/* Room for about `n` readings at first (it grows when they are more), the slots empty. */
static void found_reserve(Found *found, size_t n)
{
    FoundPool *pool = found->pool;
    size_t cap = 8;
    while (cap < n)
        cap *= 2;
    if (cap > FOUND_LOCAL && pool && !pool->busy && pool->cap >= cap) {
        pool->busy = found->pooled = 1;
        found->items = pool->items;
        found->slots = pool->slots;
        memset(found->slots, 0, 2 * cap * sizeof *found->slots);
    } else if (cap > FOUND_LOCAL) {
        Reading *items = malloc(cap * sizeof *items);
        FoundSlot *slots = calloc(2 * cap, sizeof *slots);
        if (items && slots) {
            found->items = items;
            found->slots = slots;
        } else {
            free(items);
            free(slots);
            cap = FOUND_LOCAL;
        }
    }
    if (cap <= FOUND_LOCAL)
        memset(found->local_slots, 0, 2 * cap * sizeof *found->local_slots);
    found->cap = cap;
    for (found->bits = 0; ((size_t)1 << found->bits) < 2 * cap; found->bits++)
        ;
}

Reading *found_room(Found *found, size_t n)
{
    found_reserve(found, n);
    if (found->cap < n) {
        found->failed = 1;
        return NULL;
    }
    found->len = n;
    return found->items;
}

/* Whether the room `items` is the found's own on the heap (neither local nor the pool's). */
static int on_heap(const Found *found, const Reading *items)
{
    return items != found->local && !(found->pooled && items == found->pool->items);
}

static void drop_room(Found *found)
{
    if (on_heap(found, found->items)) {
        free(found->items);
        free(found->slots);
    }
}

void found_free(Found *found)
{
    FoundPool *pool = found->pool;
    int heap = on_heap(found, found->items);
    if (found->pooled)
        pool->busy = found->pooled = 0;
    if (heap) {
        if (pool && !pool->busy && found->cap > pool->cap) {  /* the pool keeps the largest */
            found_pool_free(pool);
            pool->items = found->items;
            pool->slots = found->slots;
            pool->cap = found->cap;
        } else {
            free(found->items);
            free(found->slots);
        }
    }
    found->items = found->local;
    found->slots = found->local_slots;
    found->len = 0;
}

void found_pool_free(FoundPool *pool)
{
    free(pool->items);
    free(pool->slots);
    pool->items = NULL;
    pool->slots = NULL;
    pool->cap = 0;
}

static inline size_t found_slot(uint64_t key, unsigned bits)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

/* Twice the room, and the slots rehashed; 0 when memory ran out. */
static int found_grow(Found *found)
{
    size_t cap = 2 * found->cap, mask;
    unsigned bits = found->bits + 1;
    Reading *items;
    FoundSlot *slots;
    if (found->pooled && cap <= found->pool->cap) {  /* within the pool's room */
        found->cap = cap;
        found->bits = bits;
        memset(found->slots, 0, 2 * cap * sizeof *found->slots);
        mask = ((size_t)1 << bits) - 1;
        for (size_t i = 0; i < found->len; i++) {
            const Reading *r = &found->items[i];
            size_t s = found_slot(r->key, bits);
            for (; found->slots[s].key; s = (s + 1) & mask)
                ;
            found->slots[s] = (FoundSlot){r->key, (uint32_t)i, r->main, r->id >= 0};
        }
        return 1;
    }
    items = malloc(cap * sizeof *items);
    slots = calloc((size_t)1 << bits, sizeof *slots);
    if (!items || !slots) {
        free(items);
        free(slots);
        found->failed = 1;
        return 0;
    }
    memcpy(items, found->items, found->len * sizeof *items);
    mask = ((size_t)1 << bits) - 1;
    for (size_t i = 0, n = (size_t)1 << found->bits; i < n; i++) {
        const FoundSlot *old = &found->slots[i];
        size_t s;
        if (!old->key)
            continue;
        for (s = found_slot(old->key, bits); slots[s].key; s = (s + 1) & mask)
            ;
        slots[s] = *old;
    }
    drop_room(found);
    found->items = items;
    found->slots = slots;
    found->cap = cap;
    found->bits = bits;
    return 1;
}

/* _closeness of dizhu/wild.py, as one int: how many of the wild cards `wilds` stand for
 * their own rank in `stood` (as many cards; times 256), minus the total distance between
 * the ranks they stand for and their own, each list in rank order paired with the other. */
static int closeness(uint64_t stood, uint64_t wilds)
{
    uint64_t own_left = wilds;
    int own = 0, distance = 0, own_rank = 0, own_count = 0;
    while (stood) {
        int field = lowest_bit64(stood) & ~3, rank = field >> 2;
        int n = (int)((stood >> field) & 0xF), w = (int)((wilds >> field) & 0xF);
        stood -= (uint64_t)n << field;
        own += n < w ? n : w;
        for (; n; n--, own_count--) {
            if (!own_count) {
                int f = lowest_bit64(own_left) & ~3;
                own_rank = f >> 2;
                own_count = (int)((own_left >> f) & 0xF);
                own_left -= (uint64_t)own_count << f;
            }
            distance += rank > own_rank ? rank - own_rank : own_rank - rank;
        }
    }
    return 256 * own - distance;
}

#define NEAR_UNKNOWN INT16_MIN  /* a reading's closeness not worked out yet */

/* Keep a reading: new, or stronger (a higher main rank) than the one of its key so far,
 * which it replaces in its place; of the same main rank, the one whose wild cards (those
 * of `wild_mask`) stand nearer their own ranks (WildMoves._made_of, _nearer), which may
 * also be read with distinct kickers when either may. A key met again whose reading might
 * change is looked up in the index first: if its play is made already, it is settled: it
 * keeps its id and no reading (a play's reading depends on its kind and cards alone). */
static void keep(Found *found, uint64_t cards, int kind, int main, int length,
                 int distinct_ok, uint64_t stands_for, uint64_t wild_mask)
{
    uint64_t key = wild_key(kind, cards);
    size_t mask = ((size_t)1 << found->bits) - 1, s = found_slot(key, found->bits);
    FoundSlot *slot;
    Reading *r;
    for (; (slot = &found->slots[s])->key; s = (s + 1) & mask) {
        if (slot->key != key)
            continue;
        if (slot->settled || main < slot->main)
            return;
        r = &found->items[slot->item];
        if (main == r->main && stands_for == r->stands_for)
            return;
        if (r->id == NOT_LOOKED_UP) {
            r->id = found->index ? key_index_get(found->index, key) : NO_PLAY;
            if (r->id >= 0) {
                slot->settled = 1;
                return;
            }
        }
        if (main > r->main) {
            slot->main = r->main = (int8_t)main;
            r->length = (int8_t)length;
            r->distinct_ok = (int8_t)distinct_ok;
            r->stands_for = stands_for;
            r->near = NEAR_UNKNOWN;
        } else {  /* as strong: the nearer */
            uint64_t naturals = cards & ~wild_mask, wilds = cards & wild_mask;
            int mine = closeness(stands_for - naturals, wilds);
            if (r->near == NEAR_UNKNOWN)
                r->near = (int16_t)closeness(r->stands_for - naturals, wilds);
            if (mine > r->near || (mine == r->near && stands_for < r->stands_for)) {
                r->length = (int8_t)length;
                r->stands_for = stands_for;
                r->near = (int16_t)mine;
            }
            r->distinct_ok = (int8_t)(distinct_ok || r->distinct_ok);
        }
        return;
    }
    if (found->len == found->cap) {
        if (!found_grow(found))
            return;
        mask = ((size_t)1 << found->bits) - 1;
        for (s = found_slot(key, found->bits); found->slots[s].key; s = (s + 1) & mask)
            ;
        slot = &found->slots[s];
    }
    r = &found->items[found->len];
    r->key = key;
    r->cards = cards;
    r->stands_for = stands_for;
    r->id = NOT_LOOKED_UP;
    r->near = NEAR_UNKNOWN;
    r->kind = (int8_t)kind;
    r->main = (int8_t)main;
    r->length = (int8_t)length;
    r->distinct_ok = (int8_t)distinct_ok;
    slot->key = key;
    slot->item = (uint32_t)found->len++;
    slot->main = (int8_t)main;
    slot->settled = 0;
    if (found->index)  /* looked up when met again, or after generating */
        key_index_prefetch(found->index, key);
}

/* Add a base play as it is (no wild card: no other reading of its cards comes) without
 * looking for its key; 0 when memory ran out. */
static int add_as_it_is(Found *found, const PlayRow *row, int distinct_ok)
{
    Reading *r;
    if (found->len == found->cap && !found_grow(found))
        return 0;
    r = &found->items[found->len++];
    r->key = wild_key(row->kind, row->cards);
    r->cards = r->stands_for = row->cards;
    r->id = NOT_LOOKED_UP;
    r->near = NEAR_UNKNOWN;
    r->kind = (int8_t)row->kind;
    r->main = (int8_t)row->main;
    r->length = (int8_t)row->length;
    r->distinct_ok = (int8_t)distinct_ok;
    return 1;
}

/* ------------------------------------------------------------------ making plays */

/* What making one base combination needs to know. */
typedef struct {
    const WildTables *t;
    Found *out;
    int held[WILD_MAX_RANKS];   /* wild cards held of each wild rank */
    uint64_t naturals;          /* the combination's cards the wild cards do not stand for */
    int needed;                 /* wild cards standing for what the natural cards lack */
    int total;                  /* the combination's size */
    int kind, main, length, distinct_ok;
    uint64_t stands_for;
} Making;

/* Keep the combination made with every set of `wilds` wild cards held, in the order of
 * _wild_sets (itertools.product over the counts of each wild rank). */
static void with_wild_sets(Making *m, uint64_t naturals, int wilds)
{
    const WildTables *t = m->t;
    int kind = m->kind == KIND_BOMB && wilds ? KIND_SOFT_BOMB : m->kind;
    if (t->n_wild == 1) {
        if (wilds <= m->held[0])
            keep(m->out, naturals + (uint64_t)wilds * UNIT(t->wild[0]), kind, m->main,
                 m->length, m->distinct_ok, m->stands_for, t->wild_mask);
        return;
    }
    for (int a = 0; a <= m->held[0] && a <= wilds; a++)
        if (wilds - a <= m->held[1])
            keep(m->out, naturals + (uint64_t)a * UNIT(t->wild[0])
                 + (uint64_t)(wilds - a) * UNIT(t->wild[1]), kind, m->main, m->length,
                 m->distinct_ok, m->stands_for, t->wild_mask);
}

/* Keep the combination made with the natural cards `extra` (`more` of them) left to wild
 * cards too (a leaf of _within). */
static inline void made_with(Making *m, uint64_t extra, int more)
{
    int wilds = m->needed + more;
    if (wilds != m->total)  /* wild cards alone read as they are */
        with_wild_sets(m, m->naturals - extra, wilds);
}

/* _within: every part `extra` of the rank counts `room` of at most `most` cards (the
 * natural cards that wild cards stand for besides those lacking), lowest rank first, the
 * fewest of it first: the counts taken of each rank, lowest rank first, in lexicographic
 * order, walked as an odometer. */
static void within(Making *m, uint64_t room, int most)
{
    int fields[NUM_RANKS], caps[NUM_RANKS], taken[NUM_RANKS], n = 0, more = 0;
    uint64_t extra = 0;
    if (!room || !most) {
        made_with(m, 0, 0);
        return;
    }
    for (uint64_t rest = room; rest && n < NUM_RANKS; n++) {
        fields[n] = (int)(lowest_bit64(rest) & ~3u);
        caps[n] = (int)((rest >> fields[n]) & 0xF);
        taken[n] = 0;
        rest -= (uint64_t)caps[n] << fields[n];
    }
    for (;;) {
        int i = n - 1;
        made_with(m, extra, more);
        for (; i >= 0; i--) {  /* `more` counts the ranks up to i: those after are none */
            if (taken[i] < caps[i] && more < most)
                break;
            extra -= (uint64_t)taken[i] << fields[i];
            more -= taken[i];
            taken[i] = 0;
        }
        if (i < 0)
            return;
        taken[i]++;
        extra += (uint64_t)1 << fields[i];
        more++;
    }
}

/* _made_of: every way to make base play `id` of at least one natural card of `natural` and
 * wild cards. */
static void made_of(Making *m, play_id id, uint64_t natural, int spare)
{
    const PlayRow *row = &m->t->base->rows[id];
    uint64_t cards = row->cards;
    uint64_t over = (cards | GUARDS) - natural;  /* a field: 8 + wanted - held */
    uint64_t short_ = over & (((over & GUARDS) >> 3) * 7);  /* what natural lacks */
    int needed = card_count(short_);
    if (needed > spare || (short_ & JOKER_FIELDS))  /* a joker is never stood for */
        return;
    m->naturals = cards - short_;
    m->needed = needed;
    m->total = row->size;
    m->kind = row->kind;
    m->main = row->main;
    m->length = row->length;
    m->distinct_ok = m->t->distinct_ok[id];
    m->stands_for = cards;
    within(m, cards - short_ - (cards & JOKER_FIELDS), spare - needed);
}

/* ------------------------------------------------------------------ generating */

int wild_plays(const WildTables *t, const KeyIndex *index, uint64_t hand, play_id base_top,
               Found *out)
{
    uint64_t natural = hand & ~t->wild_mask;
    int spare = 0;
    IdList base;
    Making m;
    out->index = index;
    m.t = t;
    m.out = out;
    m.held[0] = m.held[1] = 0;
    for (int i = 0; i < t->n_wild; i++)
        spare += m.held[i] = count_of(hand, t->wild[i]);
    idlist_init(&base);
    if (natural) {
        uint64_t virtual_ = natural;
        Budget budget;
        int status;
        if (spare)
            for (int r = 0; r <= TWO; r++) {
                int room = 4 - count_of(natural, r);
                virtual_ += (uint64_t)(spare < room ? spare : room) * UNIT(r);
            }
        budget.natural = natural;
        budget.spare = spare;
        status = base_top == NO_PLAY ? mg_lead_within(t->base, virtual_, &budget, &base)
                 : mg_follow_id_within(t->base, virtual_, base_top, &budget, &base);
        if (status < 0 || base.failed) {
            idlist_free(&base);
            return -1;
        }
    }
    if (!spare) {  /* natural cards alone: each base play is one reading, as it is */
        found_reserve(out, base.len);
        for (size_t i = 0; i < base.len; i++)
            if (!add_as_it_is(out, &t->base->rows[base.ids[i]], t->distinct_ok[base.ids[i]]))
                break;
        idlist_free(&base);
        return out->failed ? -1 : 0;
    }
    /* most of a virtual hand's plays need more wild cards than held: room grows instead */
    found_reserve(out, base.len < FOUND_FIRST_MOST ? base.len + WILD_ALONE_MAX * (size_t)spare
                                                   : FOUND_FIRST_MOST);
    for (int n = 1; n <= spare; n++)  /* wild cards alone: as they are */
        for (int a = 0; a <= m.held[0] && a <= n; a++) {
            int b = n - a;
            uint64_t cards;
            if (b > m.held[1] || (t->n_wild == 1 && b) || a > WILD_MAX_HELD
                    || b > WILD_MAX_HELD)
                continue;
            cards = (uint64_t)a * UNIT(t->wild[0])
                + (t->n_wild > 1 ? (uint64_t)b * UNIT(t->wild[1]) : 0);
            for (int i = 0; i < t->n_alone[a][b]; i++) {
                const AloneReading *r = &t->alone[a][b][i];
                keep(out, cards, r->kind, r->main, r->length, r->distinct_ok, cards,
                     t->wild_mask);
            }
        }
    for (size_t i = 0; i < base.len; i++)  /* then the virtual hand's plays */
        made_of(&m, base.ids[i], natural, spare);
    idlist_free(&base);
    return out->failed ? -1 : 0;
}
