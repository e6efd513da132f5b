/* Moves of a hand that holds wild cards (see wild.h): WildMoves._plays and _made_of of
 * dizhu/wild.py, step for step, so that the readings come in the same order.
 */
#include <stdlib.h>
#include <string.h>

#include "tables.h"
#include "wild.h"

#define JOKER_FIELDS (FIELD(BLACK_JOKER) | FIELD(RED_JOKER))

/* ------------------------------------------------------------------ the found readings */

void found_init(Found *found)
{
    found->items = found->local;
    found->len = 0;
    found->cap = FOUND_LOCAL;
    found->slots = found->local_slots;
    found->bits = 0;
    while ((1u << found->bits) < 2 * FOUND_LOCAL)
        found->bits++;
    found->failed = 0;
    memset(found->local_slots, 0, sizeof found->local_slots);
}

void found_free(Found *found)
{
    if (found->items != found->local)
        free(found->items);
    if (found->slots != found->local_slots)
        free(found->slots);
    found->items = found->local;
    found->slots = found->local_slots;
    found->len = 0;
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
    Reading *items = malloc(cap * sizeof *items);
    uint32_t *slots = calloc((size_t)1 << bits, sizeof *slots);
    if (!items || !slots) {
        free(items);
        free(slots);
        found->failed = 1;
        return 0;
    }
    memcpy(items, found->items, found->len * sizeof *items);
    mask = ((size_t)1 << bits) - 1;
    for (size_t i = 0; i < found->len; i++) {
        size_t s = found_slot(items[i].key, bits);
        while (slots[s])
            s = (s + 1) & mask;
        slots[s] = (uint32_t)(i + 1);
    }
    if (found->items != found->local)
        free(found->items);
    if (found->slots != found->local_slots)
        free(found->slots);
    found->items = items;
    found->slots = slots;
    found->cap = cap;
    found->bits = bits;
    return 1;
}

/* _closeness of dizhu/wild.py, as one int: how many of the wild cards `wilds` stand for
 * their own rank in `stood` (times 256), minus the total distance between the ranks they
 * stand for and their own, each list in rank order paired with the other. */
static int closeness(uint64_t stood, uint64_t wilds)
{
    int mine[4 * WILD_MAX_RANKS], theirs[4 * WILD_MAX_RANKS];
    int own = 0, distance = 0, n = 0, m = 0;
    for (int r = 0; r <= TWO; r++) {
        int s = count_of(stood, r), w = count_of(wilds, r);
        own += s < w ? s : w;
        for (; s && n < 4 * WILD_MAX_RANKS; s--)
            mine[n++] = r;
        for (; w && m < 4 * WILD_MAX_RANKS; w--)
            theirs[m++] = r;
    }
    for (int i = 0; i < n && i < m; i++)
        distance += mine[i] > theirs[i] ? mine[i] - theirs[i] : theirs[i] - mine[i];
    return 256 * own - distance;
}

/* Keep a reading: new, or stronger (a higher main rank) than the one of its key so far,
 * which it replaces in its place; of the same main rank, the one whose wild cards (those
 * of `wild_mask`) stand nearer their own ranks (WildMoves._made_of, _nearer), which may
 * also be read with distinct kickers when either may. */
static void keep(Found *found, uint64_t cards, int kind, int main, int length,
                 int distinct_ok, uint64_t stands_for, uint64_t wild_mask)
{
    uint64_t key = wild_key(kind, cards);
    size_t mask = ((size_t)1 << found->bits) - 1, s = found_slot(key, found->bits);
    Reading *r;
    for (; found->slots[s]; s = (s + 1) & mask) {
        r = &found->items[found->slots[s] - 1];
        if (r->key == key) {
            if (main > r->main) {
                r->main = (int8_t)main;
                r->length = (int8_t)length;
                r->distinct_ok = (int8_t)distinct_ok;
                r->stands_for = stands_for;
            } else if (main == r->main && stands_for != r->stands_for) {
                uint64_t naturals = cards & ~wild_mask, wilds = cards & wild_mask;
                int mine = closeness(stands_for - naturals, wilds),
                    theirs = closeness(r->stands_for - naturals, wilds);
                if (mine > theirs || (mine == theirs && stands_for < r->stands_for)) {
                    r->length = (int8_t)length;
                    r->stands_for = stands_for;
                }
                r->distinct_ok = (int8_t)(distinct_ok || r->distinct_ok);
            }
            return;
        }
    }
    if (found->len == found->cap) {
        if (!found_grow(found))
            return;
        mask = ((size_t)1 << found->bits) - 1;
        for (s = found_slot(key, found->bits); found->slots[s]; s = (s + 1) & mask)
            ;
    }
    r = &found->items[found->len++];
    r->key = key;
    r->cards = cards;
    r->stands_for = stands_for;
    r->kind = (int8_t)kind;
    r->main = (int8_t)main;
    r->length = (int8_t)length;
    r->distinct_ok = (int8_t)distinct_ok;
    found->slots[s] = (uint32_t)found->len;
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
static void with_wild_sets(const Making *m, uint64_t naturals, int wilds)
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

/* _within: every part `extra` of the rank counts `room` of at most `most` cards (the
 * natural cards that wild cards stand for besides those lacking), lowest rank first, the
 * fewest of it first. */
static void within(const Making *m, uint64_t room, int most, uint64_t extra, int more)
{
    int field, here;
    uint64_t rest;
    if (!room || !most) {
        int wilds = m->needed + more;
        if (wilds != m->total)  /* wild cards alone read as they are */
            with_wild_sets(m, m->naturals - extra, wilds);
        return;
    }
    field = (int)(lowest_bit64(room) & ~3u);
    here = (int)((room >> field) & 0xF);
    rest = room - ((uint64_t)here << field);
    for (int k = 0; k <= here && k <= most; k++)
        within(m, rest, most - k, extra + ((uint64_t)k << field), more + k);
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
    within(m, cards - short_ - (cards & JOKER_FIELDS), spare - needed, 0, 0);
}

/* ------------------------------------------------------------------ generating */

int wild_plays(const WildTables *t, uint64_t hand, play_id base_top, Found *out)
{
    uint64_t natural = hand & ~t->wild_mask;
    int spare = 0;
    Making m;
    m.t = t;
    m.out = out;
    m.held[0] = m.held[1] = 0;
    for (int i = 0; i < t->n_wild; i++)
        spare += m.held[i] = count_of(hand, t->wild[i]);
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
    if (natural) {
        uint64_t virtual_ = natural;
        IdList base;
        Budget budget;
        int status;
        if (spare)
            for (int r = 0; r <= TWO; r++) {
                int room = 4 - count_of(natural, r);
                virtual_ += (uint64_t)(spare < room ? spare : room) * UNIT(r);
            }
        budget.natural = natural;
        budget.spare = spare;
        idlist_init(&base);
        status = base_top == NO_PLAY ? mg_lead_within(t->base, virtual_, &budget, &base)
                 : mg_follow_id_within(t->base, virtual_, base_top, &budget, &base);
        if (status < 0 || base.failed) {
            idlist_free(&base);
            return -1;
        }
        for (size_t i = 0; i < base.len; i++)
            made_of(&m, base.ids[i], natural, spare);
        idlist_free(&base);
    }
    return out->failed ? -1 : 0;
}
