/* Policy(hand_cost, cost_by_main, fits, stop_landlord, urgent_cards, control_when_left,
 * peasant_control_when_left, bomb_when_left): the ``normal`` policy in C
 * (dizhu/bots/normal.py's NormalBot.choose) and the playouts of the search bots with it
 * (dizhu/bots/expert.py's ExpertBot.rollout). The Python code stays the readable reference
 * and runs where this is not built.
 *
 * choose() answers for one seat's situation (its hand, every seat's number of cards, the
 * trick, the cards it cannot see), as NormalBot.choose does for a Situation: the search
 * bots weigh their imagined deals with it. In a playout every hand is known, so the cards
 * a seat cannot see are the other hands together. The policy reads the numbers the Python code reads (handcost.c gives the very
 * same costs, and cost_by_main is the Python table of a play's cost), adds them in the
 * same order, compares them in the same order and keeps the first of equals where
 * Python's sorted() and min() keep it: it chooses the very same play. A playout makes a
 * first play, then every seat plays the policy; with a solver it is finished by a solve
 * once few cards are left (one past its budget of positions is tried again a few cards
 * later), as the Python loop does: the same solves in the same order, so the solver
 * remembers the same positions and answers the same. A seat may play the eager style
 * (Situation.eager: following, it treats every trick as urgent, its partner's too, so it
 * plays whenever it can); the search bots give it to the seats whose plays and passes it
 * explains better than normal's own (dizhu/bots/likelihood.py).
 *
 * The GIL is held throughout but for the solves: the hand evaluation remembers through
 * Python's allocator. One thread at a time may use a policy (another gets a RuntimeError),
 * as with the solver.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>

#include "handcost.h"
#include "playout.h"
#include "pyface.h"
#include "solve.h"
#include "tables.h"

#define MAX_SEATS SV_MAX_SEATS

typedef struct {
    PyObject_HEAD
    PyObject *hand_cost;            /* a HandCost: it holds the generator */
    const MoveTables *t;
    double cost_by_main[NUM_RANKS]; /* a play's cost in a split, by its main rank */
    double fits, stop_landlord;
    int urgent_cards, control_when_left, peasant_control_when_left, bomb_when_left;
    IdList legal, scratch;          /* the plays of the seat to move; beaters */
    double *deltas;                 /* by index into legal */
    size_t *order;
    size_t room;                    /* entries of deltas and order */
    int busy;                       /* a call is under way (the GIL is let go in solves) */
} Policy;

/* The state of a playout: Position's fields that decide who wins. */
typedef struct {
    int seats, landlord, to_move, top_seat, passes, winner, spring;
    play_id top;
    uint64_t hands[MAX_SEATS];
    int left[MAX_SEATS];
    unsigned eager;                 /* the seats that play the eager style, one bit each */
} Table;

/* The table from the seat to move's side (dizhu/bots/situation.py). */
typedef struct {
    int seat, is_landlord, before_landlord, danger, partner, eager;
    uint64_t hand, unseen;
} Side;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cards_in(uint64_t hand)
{
    int n = 0;
    for (int r = 0; r < NUM_RANKS; r++)
        n += count_of(hand, r);
    return n;
}

static int is_bomb(int kind)
{
    return kind == KIND_BOMB || kind == KIND_ROCKET || kind == KIND_SOFT_BOMB
           || kind == KIND_WILD_BOMB;
}

static int is_control(const PlayRow *row)
{
    return is_bomb(row->kind) || row->main >= TWO;
}

static int in_list(const IdList *list, play_id id)
{
    for (size_t i = 0; i < list->len; i++)
        if (list->ids[i] == id)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ hand evaluation */

static int cost(Policy *p, uint64_t hand, double *out)
{
    play_id first;
    return hand_cost_evaluate(p->hand_cost, hand, out, &first);
}

/* How many pieces the best split of `hand` has, and its first two (HandEvaluator.split). */
static int split_of(Policy *p, uint64_t hand, int *pieces, play_id two[2])
{
    double c;
    play_id first;
    *pieces = 0;
    while (hand) {
        if (hand_cost_evaluate(p->hand_cost, hand, &c, &first) < 0)
            return -1;
        if (first == NO_PLAY) {
            PyErr_SetString(PyExc_ValueError, "a hand the evaluation cannot split");
            return -1;
        }
        if (*pieces < 2)
            two[*pieces] = first;
        ++*pieces;
        hand -= p->t->rows[first].cards;
    }
    return 0;
}

static int plays_needed(Policy *p, uint64_t hand, int *pieces)
{
    play_id two[2];
    return split_of(p, hand, pieces, two);
}

/* HandEvaluator.extra_cost: the cost after the play, plus the play, less `base`. */
static int extra_cost(Policy *p, uint64_t hand, play_id id, double base, double *out)
{
    const PlayRow *row = &p->t->rows[id];
    double rest;
    if (cost(p, hand - row->cards, &rest) < 0)
        return -1;
    *out = rest + p->cost_by_main[row->main] - base;
    return 0;
}

/* Whether the cards the seat cannot see could beat play `id` (NormalBot.beatable). */
static int beatable(Policy *p, uint64_t unseen, play_id id)
{
    p->scratch.len = 0;
    p->scratch.failed = 0;
    mg_follow_id(p->t, unseen, id, &p->scratch);
    if (p->scratch.failed) {
        PyErr_NoMemory();
        return -1;
    }
    return p->scratch.len > 0;
}

/* Room for the policy's numbers about n plays; -1 with MemoryError. */
static int make_room(Policy *p, size_t n)
{
    double *deltas;
    size_t *order;
    if (n <= p->room)
        return 0;
    deltas = PyMem_Realloc(p->deltas, n * sizeof *deltas);
    if (deltas)
        p->deltas = deltas;
    order = deltas ? PyMem_Realloc(p->order, n * sizeof *order) : NULL;
    if (!order) {
        PyErr_NoMemory();
        return -1;
    }
    p->order = order;
    p->room = n;
    return 0;
}

/* The seat to move's side of the table; `unseen`: the cards it cannot see. */
static void side_of(const Table *tb, uint64_t unseen, Side *s)
{
    int seat = tb->to_move, n = tb->seats;
    s->seat = seat;
    s->hand = tb->hands[seat];
    s->is_landlord = seat == tb->landlord;
    s->eager = (tb->eager >> seat) & 1;
    s->before_landlord = !s->is_landlord && (seat + 1) % n == tb->landlord;
    s->unseen = unseen;
    s->danger = INT32_MAX;
    s->partner = -1;
    for (int o = 0; o < n; o++) {
        if (o == seat)
            continue;
        if (s->is_landlord || o == tb->landlord) {
            if (tb->left[o] < s->danger)
                s->danger = tb->left[o];
        } else if (s->partner < 0 || tb->left[o] < tb->left[s->partner]
                   || (tb->left[o] == tb->left[s->partner]
                       && (o - seat + n) % n < (s->partner - seat + n) % n)) {
            s->partner = o;  /* the closest partner: fewest cards, then next in turn */
        }
    }
}

/* ------------------------------------------------------------------ leading */

/* The lowest single (to a partner with two cards, the lowest pair first); 0: none. */
static int feed(const Policy *p, const IdList *legal, int partner_left, play_id *out)
{
    static const int pair_then_single[] = {KIND_PAIR, KIND_SINGLE};
    const int *kinds = partner_left == 2 ? pair_then_single : pair_then_single + 1;
    int n = partner_left == 2 ? 2 : 1;
    for (int k = 0; k < n; k++) {
        play_id best = NO_PLAY;
        for (size_t i = 0; i < legal->len; i++) {
            play_id id = legal->ids[i];
            if (p->t->rows[id].kind == kinds[k]
                    && (best == NO_PLAY || p->t->rows[id].main < p->t->rows[best].main))
                best = id;
        }
        if (best != NO_PLAY) {
            *out = best;
            return 1;
        }
    }
    return 0;
}

/* A lead's place in NormalBot.ranked_leads: its key, the rounded extra cost computed
 * when a comparison needs it. */
typedef struct {
    int risky, breaks, spends_control, main, size;
    double delta, rounded;
    int has_rounded;
} LeadKey;

/* round(delta, 2), as Python rounds (the same correctly rounded decimal). */
static int rounded(LeadKey *k)
{
    char *text;
    if (k->has_rounded)
        return 0;
    if (!(text = PyOS_double_to_string(k->delta, 'f', 2, 0, NULL)))
        return -1;
    k->rounded = PyOS_string_to_double(text, NULL, NULL);
    PyMem_Free(text);
    if (k->rounded == -1.0 && PyErr_Occurred())
        return -1;
    k->has_rounded = 1;
    return 0;
}

/* Whether `a` ranks before `b`: -1 with an exception, else 0 or 1. */
static int lead_before(LeadKey *a, LeadKey *b)
{
    if (a->risky != b->risky)
        return a->risky < b->risky;
    if (a->breaks != b->breaks)
        return a->breaks < b->breaks;
    if (a->spends_control != b->spends_control)
        return a->spends_control < b->spends_control;
    if (a->breaks) {
        if (rounded(a) < 0 || rounded(b) < 0)
            return -1;
        if (a->rounded != b->rounded)
            return a->rounded < b->rounded;
    }
    if (a->risky && a->main != b->main)
        return a->main > b->main;  /* -risky * main */
    if (a->main != b->main)
        return a->main < b->main;
    return a->size > b->size;
}

/* The first of NormalBot.ranked_leads. */
static int best_lead(Policy *p, const Side *s, const IdList *legal, int many, play_id *out)
{
    LeadKey best = {0}, key;
    double base;
    if (cost(p, s->hand, &base) < 0)
        return -1;
    *out = NO_PLAY;
    for (size_t i = 0; i < legal->len; i++) {
        play_id id = legal->ids[i];
        const PlayRow *row = &p->t->rows[id];
        int before;
        memset(&key, 0, sizeof key);
        if (extra_cost(p, s->hand, id, base, &key.delta) < 0)
            return -1;
        key.risky = (s->danger == 1 && row->kind == KIND_SINGLE)
                    || (s->danger == 2 && row->kind == KIND_PAIR);
        if (key.risky) {
            int b = beatable(p, s->unseen, id);
            if (b < 0)
                return -1;
            key.risky = b;
        }
        key.breaks = key.delta > p->fits;
        key.spends_control = is_control(row) && many;
        key.main = row->main;
        key.size = row->size;
        if (*out == NO_PLAY)
            before = 1;
        else if ((before = lead_before(&key, &best)) < 0)
            return -1;
        if (before) {
            best = key;
            *out = id;
        }
    }
    return 0;
}

/* NormalBot.lead: a forced lead (two plays left, an unbeatable one first; a partner close
 * to going out fed), else the best ranked. */
static int lead(Policy *p, const Table *tb, const Side *s, const IdList *legal,
                play_id *out)
{
    int pieces;
    play_id two[2];
    if (split_of(p, s->hand, &pieces, two) < 0)
        return -1;
    if (pieces == 2)
        for (int k = 0; k < 2; k++)
            if (in_list(legal, two[k])) {
                int b = beatable(p, s->unseen, two[k]);
                if (b < 0)
                    return -1;
                if (!b) {
                    *out = two[k];
                    return 0;
                }
            }
    if (s->partner >= 0 && tb->left[s->partner] <= 2
            && feed(p, legal, tb->left[s->partner], out))
        return 0;
    return best_lead(p, s, legal, pieces > 2, out);
}

/* ------------------------------------------------------------------ following */

/* NormalBot.over_partner: the highest single from 9 to the ace that fits, from before
 * the landlord over a partner's low single; the pass otherwise. */
static int over_partner(Policy *p, const Table *tb, const Side *s, const IdList *legal,
                        play_id *out)
{
    const PlayRow *top = &p->t->rows[tb->top];
    double base;
    *out = SV_PASS;
    if (!(s->before_landlord && top->kind == KIND_SINGLE && top->main < 8))
        return 0;
    if (cost(p, s->hand, &base) < 0)
        return -1;
    for (size_t i = 0; i < legal->len; i++) {
        play_id id = legal->ids[i];
        const PlayRow *row;
        double delta;
        if (id == SV_PASS)
            continue;
        row = &p->t->rows[id];
        if (row->kind != KIND_SINGLE || row->main < 9 || row->main > ACE)
            continue;
        if (extra_cost(p, s->hand, id, base, &delta) < 0)
            return -1;
        if (delta <= p->fits && (*out == SV_PASS || row->main > p->t->rows[*out].main))
            *out = id;
    }
    return 0;
}

/* The index order of `n` plays of legal sorted by (is control, main), stably. */
static void sort_by_control(const Policy *p, const IdList *legal, size_t *order, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        size_t item = order[i], j = i;
        const PlayRow *row = &p->t->rows[legal->ids[item]];
        int control = is_control(row);
        while (j > 0) {
            const PlayRow *prev = &p->t->rows[legal->ids[order[j - 1]]];
            int prev_control = is_control(prev);
            if (prev_control < control || (prev_control == control && prev->main <= row->main))
                break;
            order[j] = order[j - 1];
            j--;
        }
        order[j] = item;
    }
}

/* NormalBot.follow. */
static int follow(Policy *p, const Table *tb, const Side *s, const IdList *legal,
                  play_id *out)
{
    size_t n = legal->len, fitting = 0;
    int urgent, limit, any = 0;
    double base, fits = p->fits;
    double *deltas;
    size_t *order;
    for (size_t i = 0; i < n; i++)
        any |= legal->ids[i] != SV_PASS;
    *out = SV_PASS;
    if (!any)
        return 0;
    if (!s->is_landlord && tb->top_seat != tb->landlord && !s->eager)  /* partner on top */
        return over_partner(p, tb, s, legal, out);
    if (cost(p, s->hand, &base) < 0 || make_room(p, n) < 0)
        return -1;
    deltas = p->deltas;
    order = p->order;
    urgent = s->eager || tb->left[tb->top_seat] <= p->urgent_cards || s->danger <= 1;
    if (!s->is_landlord && tb->top_seat == tb->landlord)
        fits += p->stop_landlord;
    for (size_t i = 0; i < n; i++) {
        if (legal->ids[i] == SV_PASS)
            continue;
        if (extra_cost(p, s->hand, legal->ids[i], base, &deltas[i]) < 0)
            return -1;
        if (deltas[i] <= fits)
            order[fitting++] = i;
    }
    limit = s->is_landlord ? p->control_when_left : p->peasant_control_when_left;
    sort_by_control(p, legal, order, fitting);
    for (size_t k = 0; k < fitting; k++) {
        play_id id = legal->ids[order[k]];
        const PlayRow *row = &p->t->rows[id];
        int rest = -1;
        if (is_bomb(row->kind)) {
            if (!urgent && plays_needed(p, s->hand - row->cards, &rest) < 0)
                return -1;
            if (urgent || rest <= p->bomb_when_left) {
                *out = id;
                return 0;
            }
            continue;
        }
        if (is_control(row) && !urgent && s->danger > limit) {
            if (plays_needed(p, s->hand - row->cards, &rest) < 0)
                return -1;
            if (rest > limit)
                continue;
        }
        if (s->before_landlord && row->kind == KIND_SINGLE) {  /* NormalBot.high_single */
            play_id high = NO_PLAY;
            for (size_t i = 0; i < n; i++) {
                play_id other = legal->ids[i];
                const PlayRow *single;
                if (other == SV_PASS || deltas[i] > fits)
                    continue;
                single = &p->t->rows[other];
                if (single->kind == KIND_SINGLE && single->main <= ACE
                        && (high == NO_PLAY || single->main > p->t->rows[high].main))
                    high = other;
            }
            *out = high == NO_PLAY ? id : high;
            return 0;
        }
        *out = id;
        return 0;
    }
    if (urgent) {  /* the first of breaking then fitting by (is bomb, extra cost, main) */
        size_t best = n;
        for (int pass = 0; pass < 2; pass++)
            for (size_t i = 0; i < n; i++) {
                const PlayRow *row, *top;
                if (legal->ids[i] == SV_PASS || (deltas[i] <= fits) != pass)
                    continue;
                if (best == n) {
                    best = i;
                    continue;
                }
                row = &p->t->rows[legal->ids[i]];
                top = &p->t->rows[legal->ids[best]];
                if (is_bomb(row->kind) != is_bomb(top->kind)
                        ? is_bomb(row->kind) < is_bomb(top->kind)
                        : deltas[i] != deltas[best] ? deltas[i] < deltas[best]
                        : row->main < top->main)
                    best = i;
            }
        if (best < n)
            *out = legal->ids[best];
    }
    return 0;
}

/* NormalBot.choose for the seat to move, its plays in `legal` (the pass first when it
 * follows), `unseen` the cards it cannot see. */
static int choose(Policy *p, const Table *tb, uint64_t unseen, const IdList *legal,
                  play_id *out)
{
    Side s;
    side_of(tb, unseen, &s);
    for (size_t i = 0; i < legal->len; i++)
        if (legal->ids[i] != SV_PASS && p->t->rows[legal->ids[i]].cards == s.hand) {
            *out = legal->ids[i];
            return 0;
        }
    if (tb->top == NO_PLAY)
        return lead(p, tb, &s, legal, out);
    return follow(p, tb, &s, legal, out);
}

/* ------------------------------------------------------------------ playouts */

/* The plays of the seat to move into p->legal (following: the pass first). */
static int legal_plays(Policy *p, const Table *tb)
{
    IdList *legal = &p->legal;
    uint64_t hand = tb->hands[tb->to_move];
    legal->len = 0;
    legal->failed = 0;
    if (tb->top == NO_PLAY) {
        mg_lead(p->t, hand, legal);
    } else {
        legal->ids[legal->len++] = SV_PASS;
        mg_follow_id(p->t, hand, tb->top, legal);
    }
    if (legal->failed) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Position.push for a legal play (or SV_PASS) of the seat to move. */
static void push(const MoveTables *t, Table *tb, play_id id)
{
    int seat = tb->to_move;
    const PlayRow *row;
    if (id == SV_PASS) {
        if (++tb->passes == tb->seats - 1) {  /* every other seat passed */
            tb->to_move = tb->top_seat;
            tb->top = NO_PLAY;
            tb->passes = 0;
        } else {
            tb->to_move = (seat + 1) % tb->seats;
        }
        return;
    }
    row = &t->rows[id];
    tb->hands[seat] -= row->cards;
    tb->left[seat] -= row->size;
    if (seat != tb->landlord)
        tb->spring |= 1;
    else if (tb->spring >> 1 < 2)
        tb->spring += 2;
    tb->top = id;
    tb->top_seat = seat;
    tb->passes = 0;
    if (tb->left[seat]) {
        tb->to_move = (seat + 1) % tb->seats;
    } else {
        tb->winner = seat;
        tb->to_move = -1;
    }
}

/* Who wins when the seat to move makes `play` and every seat then plays the policy
 * (ExpertBot.rollout): *landlord_wins 1 or 0, or -1 once the clock passes `deadline`
 * (< 0: none). With a solver, a solve finishes it once at most solve_at cards are left.
 * -1 with an exception. */
static int playout(Policy *p, Table *tb, play_id play, Solver *sv, int solve_at, int retry,
                   long long nodes, double deadline, int *landlord_wins)
{
    for (;;) {
        int total = 0;
        if (deadline >= 0 && now() > deadline) {
            *landlord_wins = -1;
            return 0;
        }
        push(p->t, tb, play);
        if (tb->winner >= 0) {
            *landlord_wins = tb->winner == tb->landlord;
            return 0;
        }
        for (int s = 0; s < tb->seats; s++)
            total += tb->left[s];
        if (sv && total <= solve_at) {
            SvPosition at;
            SvBudget budget;
            SvResult result;
            int status;
            double left = deadline < 0 ? -1.0 : deadline - now();
            solve_at = retry ? total - retry : 0;
            at.seats = tb->seats;
            at.landlord = tb->landlord;
            for (int s = 0; s < tb->seats; s++)
                at.hands[s] = tb->hands[s];
            at.to_move = tb->to_move;
            at.top = tb->top;
            at.top_seat = tb->top_seat;
            at.spring = tb->spring;
            budget.max_nodes = nodes;
            budget.max_seconds = deadline < 0 ? -1.0 : left > 0 ? left : 0.0;
            Py_BEGIN_ALLOW_THREADS
            status = sv_solve(sv, &at, 0, 0, budget, &result);
            Py_END_ALLOW_THREADS
            if (status == SV_NO_MEMORY) {
                PyErr_NoMemory();
                return -1;
            }
            sv_result_free(&result);
            if (status == SV_SOLVED) {
                *landlord_wins = result.landlord_wins;
                return 0;
            }
        }
        if (legal_plays(p, tb) < 0)
            return -1;
        if (p->legal.len == 1) {
            play = p->legal.ids[0];
        } else {
            uint64_t unseen = 0;
            for (int s = 0; s < tb->seats; s++)
                if (s != tb->to_move)
                    unseen += tb->hands[s];
            if (choose(p, tb, unseen, &p->legal, &play) < 0)
                return -1;
        }
    }
}

/* ------------------------------------------------------------------ the Python type */

/* Cards as rank counts, at most MAX_FIELD of a rank (what the generator reads); -1 with
 * an exception. */
static int read_cards(PyObject *arg, uint64_t *cards)
{
    if (read_hand(arg, cards) < 0)
        return -1;
    for (int r = 0; r < NUM_RANKS; r++)
        if (count_of(*cards, r) > MAX_FIELD) {
            PyErr_Format(PyExc_ValueError, "at most %d cards of a rank", MAX_FIELD);
            return -1;
        }
    return 0;
}

/* The landlord, the seat to move and the trick of a table (its seats set); -1 with a
 * ValueError. */
static int set_trick(Policy *p, Table *tb, int landlord, int to_move, int top, int top_seat)
{
    if (top >= 0 && ((size_t)top >= p->t->n || top_seat < 0 || top_seat >= tb->seats
                     || top_seat == to_move)) {
        PyErr_SetString(PyExc_ValueError, "the top is a play of another seat");
        return -1;
    }
    tb->landlord = landlord;
    tb->to_move = to_move;
    tb->top = top >= 0 ? top : NO_PLAY;
    tb->top_seat = top >= 0 ? top_seat : -1;
    tb->passes = top >= 0 ? (to_move - top_seat - 1 + tb->seats) % tb->seats : 0;
    tb->winner = -1;
    return 0;
}

/* A table of every hand from the arguments of playout(); -1 with a ValueError. */
static int read_table(Policy *p, PyObject *hands, int landlord, int to_move, int top,
                      int top_seat, Table *tb)
{
    PyObject *fast = items_of(hands, "hands must be a sequence of ints");
    Py_ssize_t n;
    if (!fast)
        return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n < 2 || n > MAX_SEATS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "2 to %d hands, not %zd", MAX_SEATS, n);
        return -1;
    }
    memset(tb, 0, sizeof *tb);
    tb->seats = (int)n;
    for (Py_ssize_t s = 0; s < n; s++) {
        if (read_cards(PySequence_Fast_GET_ITEM(fast, s), &tb->hands[s]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        tb->left[s] = cards_in(tb->hands[s]);
    }
    Py_DECREF(fast);
    if (landlord < 0 || landlord >= tb->seats || to_move < 0 || to_move >= tb->seats) {
        PyErr_SetString(PyExc_ValueError, "the landlord and the seat to move are seats");
        return -1;
    }
    for (int s = 0; s < tb->seats; s++)
        if (!tb->hands[s]) {
            PyErr_SetString(PyExc_ValueError, "not a position with a seat to move");
            return -1;
        }
    return set_trick(p, tb, landlord, to_move, top, top_seat);
}

static PyObject *policy_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"hand_cost", "cost_by_main", "fits", "stop_landlord",
                            "urgent_cards", "control_when_left",
                            "peasant_control_when_left", "bomb_when_left", NULL};
    PyObject *hand_cost;
    Py_buffer costs;
    double fits, stop_landlord;
    int urgent, control, peasant_control, bomb;
    const MoveTables *t;
    Policy *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oy*ddiiii:Policy", names, &hand_cost,
                                     &costs, &fits, &stop_landlord, &urgent, &control,
                                     &peasant_control, &bomb))
        return NULL;
    if (!(t = hand_cost_tables(hand_cost)) || costs.len != sizeof self->cost_by_main) {
        if (t)
            PyErr_Format(PyExc_ValueError, "cost_by_main: %d doubles", NUM_RANKS);
        PyBuffer_Release(&costs);
        return NULL;
    }
    if (!(self = (Policy *)type->tp_alloc(type, 0))) {
        PyBuffer_Release(&costs);
        return NULL;
    }
    memcpy(self->cost_by_main, costs.buf, sizeof self->cost_by_main);
    PyBuffer_Release(&costs);
    Py_INCREF(hand_cost);
    self->hand_cost = hand_cost;
    self->t = t;
    self->fits = fits;
    self->stop_landlord = stop_landlord;
    self->urgent_cards = urgent;
    self->control_when_left = control;
    self->peasant_control_when_left = peasant_control;
    self->bomb_when_left = bomb;
    idlist_init(&self->legal);
    idlist_init(&self->scratch);
    return (PyObject *)self;
}

static void policy_dealloc(Policy *self)
{
    idlist_free(&self->legal);
    idlist_free(&self->scratch);
    PyMem_Free(self->deltas);
    PyMem_Free(self->order);
    Py_XDECREF(self->hand_cost);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A table of one seat's situation (dizhu/bots/situation.py): its hand, every seat's
 * number of cards, the trick; -1 with a ValueError. */
static int read_situation(Policy *p, int seat, int landlord, PyObject *hand, PyObject *left,
                          int top, int top_seat, Table *tb)
{
    PyObject *fast = items_of(left, "left must be a sequence of ints");
    Py_ssize_t n;
    if (!fast)
        return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    memset(tb, 0, sizeof *tb);
    tb->seats = (int)n;
    if (n < 2 || n > MAX_SEATS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "2 to %d seats, not %zd", MAX_SEATS, n);
        return -1;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        long cards = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, s));
        if ((cards == -1 && PyErr_Occurred()) || cards < 0 || cards > NUM_RANKS * MAX_FIELD) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "left: the cards each seat holds, none "
                                "negative");
            return -1;
        }
        tb->left[s] = (int)cards;
    }
    Py_DECREF(fast);
    if (seat < 0 || seat >= tb->seats || landlord < 0 || landlord >= tb->seats) {
        PyErr_SetString(PyExc_ValueError, "the seat and the landlord are seats");
        return -1;
    }
    if (read_cards(hand, &tb->hands[seat]) < 0)
        return -1;
    if (!tb->hands[seat]) {
        PyErr_SetString(PyExc_ValueError, "not a position with a seat to move");
        return -1;
    }
    return set_trick(p, tb, landlord, seat, top, top_seat);
}

static PyObject *policy_choose(Policy *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"seat", "landlord", "hand", "left", "top", "top_seat",
                            "unseen", "eager", NULL};
    PyObject *hand, *left, *unseen_arg;
    int seat, landlord, top, top_seat, eager = 0;
    uint64_t unseen;
    Table tb;
    play_id chosen;
    int status;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOiiO|p:choose", names, &seat,
                                     &landlord, &hand, &left, &top, &top_seat, &unseen_arg,
                                     &eager)
            || read_situation(self, seat, landlord, hand, left, top, top_seat, &tb) < 0
            || read_cards(unseen_arg, &unseen) < 0 || claim(&self->busy, "policy") < 0)
        return NULL;
    tb.eager = eager ? 1u << seat : 0;
    status = legal_plays(self, &tb) < 0 ? -1 : choose(self, &tb, unseen, &self->legal, &chosen);
    self->busy = 0;
    if (status < 0)
        return NULL;
    return PyLong_FromLong(chosen == SV_PASS ? -1 : chosen);
}

static PyObject *policy_playout(Policy *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"hands", "landlord", "to_move", "top", "top_seat", "spring",
                            "first", "solver", "solve_at", "retry", "nodes", "seconds",
                            "eager", NULL};
    PyObject *hands, *solver;
    int landlord, to_move, top, top_seat, spring, first, solve_at, retry, status, won;
    int eager = 0;
    long long nodes;
    double seconds;
    play_id play;
    Solver *sv = NULL;
    Table tb;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiiiiiOiiLd|i:playout", names, &hands,
                                     &landlord, &to_move, &top, &top_seat, &spring, &first,
                                     &solver, &solve_at, &retry, &nodes, &seconds, &eager)
            || read_table(self, hands, landlord, to_move, top, top_seat, &tb) < 0)
        return NULL;
    if (eager < 0 || eager >= 1 << tb.seats) {
        PyErr_SetString(PyExc_ValueError, "eager: a set of seats, one bit each");
        return NULL;
    }
    tb.eager = (unsigned)eager;
    if (spring < 0 || spring > 5) {
        PyErr_SetString(PyExc_ValueError, "spring: a spring state, 0 to 5");
        return NULL;
    }
    tb.spring = spring;
    play = first < 0 ? SV_PASS : first;
    if (claim(&self->busy, "policy") < 0)
        return NULL;
    status = legal_plays(self, &tb);
    if (status == 0 && !in_list(&self->legal, play)) {
        PyErr_Format(PyExc_ValueError, "play %d is not legal here", first);
        status = -1;
    }
    if (status == 0 && solver != Py_None && !(sv = acquire_solver(solver, self->t)))
        status = -1;
    if (status == 0) {
        status = playout(self, &tb, play, sv, sv ? solve_at : 0, retry, nodes,
                         seconds < 0 ? -1.0 : now() + seconds, &won);
        if (sv)
            release_solver(solver);
    }
    self->busy = 0;
    if (status < 0)
        return NULL;
    if (won < 0)
        Py_RETURN_NONE;
    return PyBool_FromLong(won);
}

static PyMethodDef policy_methods[] = {
    {"choose", (PyCFunction)(void (*)(void))policy_choose, METH_VARARGS | METH_KEYWORDS,
     "choose(seat, landlord, hand, left, top, top_seat, unseen, eager=False) -> the id of "
     "the policy's play for a seat to move holding hand, with unseen the cards it cannot "
     "see, left every seat's number of cards (-1: the pass; top -1: it leads); eager: "
     "in the eager style"},
    {"playout", (PyCFunction)(void (*)(void))policy_playout, METH_VARARGS | METH_KEYWORDS,
     "playout(hands, landlord, to_move, top, top_seat, spring, first, solver, solve_at, "
     "retry, nodes, seconds, eager=0) -> whether the landlord wins when the seat to move "
     "plays first (-1: the pass) and every seat then the policy (the seats of the eager "
     "bits in its eager style), a solve (solver: a Solver or None) finishing it once "
     "solve_at cards are left, again retry cards later if it ran past nodes; None once "
     "seconds (< 0: none) have passed"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PolicyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.Policy",
    .tp_basicsize = sizeof(Policy),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The normal bot's policy over a HandCost's plays, and playouts with it "
              "(see dizhu.bots.playout).",
    .tp_new = policy_new,
    .tp_dealloc = (destructor)policy_dealloc,
    .tp_methods = policy_methods,
};

int add_policy(PyObject *module)
{
    return add_type(module, "Policy", &PolicyType);
}
