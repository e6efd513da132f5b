/* Building the tables of a universe from its plays (see tables.h for what each holds). */
#include <stdlib.h>

#include "tables.h"

const char *const KIND_NAMES[NUM_KINDS] = {
    "PASS", "SINGLE", "PAIR", "TRIPLE", "TRIPLE_SINGLE", "TRIPLE_PAIR", "STRAIGHT",
    "PAIR_CHAIN", "AIRPLANE", "AIRPLANE_SINGLES", "AIRPLANE_PAIRS", "FOUR_TWO_SINGLES",
    "FOUR_TWO_PAIRS", "BOMB", "ROCKET", "SOFT_BOMB", "WILD_BOMB",
};

static int size_of(uint64_t cards)
{
    int n = 0;
    for (int r = 0; r < NUM_RANKS; r++)
        n += count_of(cards, r);
    return n;
}

static const char *check_play(const PlayInfo *p)
{
    if (p->kind <= KIND_PASS || p->kind >= NUM_KINDS)
        return "a play's kind is not one of SINGLE..ROCKET";
    if (p->main < 0 || p->main >= NUM_RANKS)
        return "a play's main rank is not a rank";
    if (p->length < 1 || p->length > MAX_CHAIN)
        return "a play's length is not 1..12";
    if (!p->cards || p->cards >> CARD_BITS)
        return "a play's cards are not rank counts";
    return NULL;
}

static void index_ranked(MoveTables *t)
{
    for (int r = 0; r < NUM_RANKS; r++) {
        t->single[r] = mg_lookup(t, KIND_SINGLE, UNIT(r));
        t->pair[r] = mg_lookup(t, KIND_PAIR, 2 * UNIT(r));
        t->triple[r] = mg_lookup(t, KIND_TRIPLE, 3 * UNIT(r));
        for (int k = 0; k < NUM_RANKS; k++) {
            t->triple_single[r][k] = mg_lookup(t, KIND_TRIPLE_SINGLE, 3 * UNIT(r) + UNIT(k));
            t->triple_pair[r][k] = mg_lookup(t, KIND_TRIPLE_PAIR, 3 * UNIT(r) + 2 * UNIT(k));
        }
    }
    t->bomb_low = MAX_FIELD + 1;
    t->bomb_high = 0;
    for (int size = 1; size <= MAX_FIELD; size++)
        for (int r = 0; r < NUM_RANKS; r++) {
            t->bomb[size][r] = mg_lookup(t, KIND_BOMB, (uint64_t)size * UNIT(r));
            if (t->bomb[size][r] != NO_PLAY) {
                if (size < t->bomb_low)
                    t->bomb_low = size;
                if (size > t->bomb_high)
                    t->bomb_high = size;
            }
        }
}

static void index_chains(MoveTables *t)
{
    for (int c = 0; c < CHAIN_KINDS; c++) {
        t->chain_low[c] = MAX_CHAIN + 1;
        t->chain_high[c] = 0;
        for (int start = 0; start < MAX_CHAIN; start++)
            for (int n = 0; n <= MAX_CHAIN; n++) {
                play_id id = NO_PLAY;
                if (n && start + n <= MAX_CHAIN)
                    id = mg_lookup(t, KIND_STRAIGHT + c, span_cards(start, n, c + 1));
                t->chain[c][start][n] = id;
                if (id != NO_PLAY) {
                    if (n < t->chain_low[c])
                        t->chain_low[c] = n;
                    if (n > t->chain_high[c])
                        t->chain_high[c] = n;
                }
            }
    }
}

static void index_kickers(MoveTables *t)
{
    for (int i = 0; i < NUM_RANKS; i++)
        for (int j = 0; j < NUM_RANKS; j++) {
            int at = i * NUM_RANKS + j;
            uint64_t single = UNIT(i) + UNIT(j), pairs = 2 * single;
            for (int f = 0; f < NUM_RANKS; f++) {
                t->four_two_singles[f][at] = i <= j ? mg_lookup(
                    t, KIND_FOUR_TWO_SINGLES, 4 * UNIT(f) + single) : NO_PLAY;
                t->four_two_pairs[f][at] = i < j ? mg_lookup(
                    t, KIND_FOUR_TWO_PAIRS, 4 * UNIT(f) + pairs) : NO_PLAY;
            }
            for (int s = 0; s < MAX_CHAIN; s++)
                t->airplane_singles_2[s][at] = i <= j && s + 2 <= MAX_CHAIN ? mg_lookup(
                    t, KIND_AIRPLANE_SINGLES, span_cards(s, 2, 3) + single) : NO_PLAY;
        }
}

MoveTables *mg_tables_new(const PlayInfo *plays, size_t n, int distinct, const char **error)
{
    MoveTables *t = calloc(1, sizeof *t);
    *error = NULL;
    if (!t)
        return NULL;
    t->n = n;
    t->distinct = distinct;
    t->rocket = NO_PLAY;
    t->rows = malloc(n * sizeof *t->rows + 1);
    if (idindex_init(&t->by_key, n) < 0 || !t->rows)
        goto fail;
    for (size_t i = 0; i < n; i++) {
        const PlayInfo *p = &plays[i];
        if ((*error = check_play(p)) != NULL)
            goto fail;
        if (idindex_put(&t->by_key, key_of(p->kind, p->cards), (play_id)i) < 0) {
            *error = "two plays have the same kind and cards";
            goto fail;
        }
        t->rows[i].cards = p->cards;
        t->rows[i].kind = (int8_t)p->kind;
        t->rows[i].main = (int8_t)p->main;
        t->rows[i].length = (int8_t)p->length;
        t->rows[i].size = (int8_t)size_of(p->cards);
        if (p->kind == KIND_ROCKET) {
            t->rocket = (play_id)i;
            t->rocket_cards = p->cards;
            t->rocket_level = count_of(p->cards, RED_JOKER);
        }
        if (p->kind == KIND_TRIPLE_SINGLE)
            t->has_triple_single = 1;
        if (p->kind == KIND_FOUR_TWO_SINGLES)
            t->has_four_two = 1;
        if (p->kind == KIND_AIRPLANE_SINGLES && p->length > t->singles_wing_max)
            t->singles_wing_max = p->length;
        if (p->kind == KIND_AIRPLANE_PAIRS && p->length > t->pairs_wing_max)
            t->pairs_wing_max = p->length;
    }
    index_ranked(t);
    index_chains(t);
    index_kickers(t);
    return t;
fail:
    mg_tables_free(t);
    return NULL;
}

void mg_tables_free(MoveTables *t)
{
    if (!t)
        return;
    free(t->rows);
    idindex_free(&t->by_key);
    free(t);
}

size_t mg_tables_size(const MoveTables *t)
{
    return sizeof *t + t->n * sizeof *t->rows + idindex_bytes(&t->by_key);
}

size_t mg_play_count(const MoveTables *t)
{
    return t->n;
}

play_id mg_find(const MoveTables *t, int kind, uint64_t cards)
{
    return mg_lookup(t, kind, cards);
}
