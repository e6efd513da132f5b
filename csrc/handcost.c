/* HandCost(generator, costs): the bots' hand evaluation in C (dizhu/bots/handeval.py's
 * HandEvaluator, which stays the readable reference and runs it where this is not built).
 *
 * A hand's cost is the least, over every way of splitting it into the generator's plays,
 * of the sum of the plays' costs (costs: one double per play id; a negative one leaves
 * that play out of splits). The search covers the lowest card first (every split has
 * exactly one play holding it), in the order the generator's covering() lists them,
 * keeping the first of equal totals, and adds the costs in the same order as the Python
 * code: so both give the very same doubles and splits. Every hand met is remembered (its
 * cost and the first play of its best split) in an open-addressing table that grows to
 * MOST_BITS slots and then starts over (a memo only: the answers do not depend on it).
 * The GIL is held throughout: a search takes microseconds once its sub-hands are known.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

#include "handcost.h"
#include "pyface.h"
#include "tables.h"

#define FIRST_BITS 12
#define MOST_BITS 22  /* 4M slots of 24 bytes: the memo's ceiling is about 100 MB */

typedef struct {
    uint64_t hand;        /* 0: an empty slot (the empty hand is never stored) */
    double cost;
    play_id best;         /* the first play of the best split */
} Entry;

typedef struct {
    PyObject_HEAD
    PyObject *generator;  /* holds the tables */
    const MoveTables *t;
    double *costs;        /* by play id */
    Entry *slots;
    int bits;
    size_t used;
    IdList **levels;      /* the covering plays at each depth of the search */
    size_t n_levels;
} HandCost;

static size_t slot_index(const HandCost *self, uint64_t hand)
{
    return (size_t)((hand * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - self->bits));
}

static Entry *find(const HandCost *self, uint64_t hand)
{
    size_t mask = ((size_t)1 << self->bits) - 1, s = slot_index(self, hand);
    while (self->slots[s].hand && self->slots[s].hand != hand)
        s = (s + 1) & mask;
    return &self->slots[s];
}

/* The table at 2**bits slots, its entries kept; -1 when memory runs out. */
static int resize(HandCost *self, int bits)
{
    Entry *old = self->slots;
    size_t old_slots = old ? (size_t)1 << self->bits : 0;
    Entry *slots = PyMem_Calloc((size_t)1 << bits, sizeof *slots);
    if (!slots)
        return -1;
    self->slots = slots;
    self->bits = bits;
    for (size_t i = 0; i < old_slots; i++)
        if (old[i].hand)
            *find(self, old[i].hand) = old[i];
    PyMem_Free(old);
    return 0;
}

static int remember(HandCost *self, uint64_t hand, double cost, play_id best)
{
    Entry *e;
    if (4 * (self->used + 1) > 3 * ((size_t)1 << self->bits)) {
        if (self->bits < MOST_BITS) {
            if (resize(self, self->bits + 1) < 0)
                return -1;
        } else {  /* full: start over */
            memset(self->slots, 0, ((size_t)1 << self->bits) * sizeof *self->slots);
            self->used = 0;
        }
    }
    e = find(self, hand);
    if (!e->hand) {
        e->hand = hand;
        self->used++;
    }
    e->cost = cost;
    e->best = best;
    return 0;
}

static IdList *depth_list(HandCost *self, size_t depth)
{
    if (depth >= self->n_levels) {
        size_t n = 2 * depth + 8;
        IdList **levels = PyMem_Realloc(self->levels, n * sizeof *levels);
        if (!levels)
            return NULL;
        for (size_t i = self->n_levels; i < n; i++)
            levels[i] = NULL;
        self->levels = levels;
        self->n_levels = n;
    }
    if (!self->levels[depth]) {
        IdList *list = PyMem_Malloc(sizeof *list);
        if (!list)
            return NULL;
        idlist_init(list);
        self->levels[depth] = list;
    }
    return self->levels[depth];
}

/* The cost of a nonempty hand not remembered yet, and the first play of its best split;
 * -1 when memory runs out. */
static int search(HandCost *self, uint64_t hand, size_t depth, double *cost, play_id *first)
{
    double best = INFINITY;
    play_id best_id = NO_PLAY;
    IdList *plays = depth_list(self, depth);
    if (!plays)
        return -1;
    plays->len = 0;
    plays->failed = 0;
    mg_covering(self->t, hand, plays);
    if (plays->failed)
        return -1;
    for (size_t i = 0; i < plays->len; i++) {
        play_id id = plays->ids[i];
        double own = self->costs[id], sub = 0.0, total;
        uint64_t rest;
        if (own < 0)
            continue;
        rest = hand - self->t->rows[id].cards;
        if (rest) {
            const Entry *e = find(self, rest);
            if (e->hand)
                sub = e->cost;
            else if (search(self, rest, depth + 1, &sub, NULL) < 0)
                return -1;
        }
        total = sub + own;
        if (total < best) {
            best = total;
            best_id = id;
        }
    }
    if (remember(self, hand, best, best_id) < 0)
        return -1;
    *cost = best;
    if (first)
        *first = best_id;
    return 0;
}

/* The cost and best first play of `hand` (0.0 and NO_PLAY for the empty hand). */
static int evaluate(HandCost *self, uint64_t hand, double *cost, play_id *first)
{
    const Entry *e;
    if (!hand) {
        *cost = 0.0;
        *first = NO_PLAY;
        return 0;
    }
    e = find(self, hand);
    if (e->hand) {
        *cost = e->cost;
        *first = e->best;
        return 0;
    }
    if (search(self, hand, 0, cost, first) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the Python type */

static PyTypeObject HandCostType;

const MoveTables *hand_cost_tables(PyObject *hand_cost)
{
    if (!PyObject_TypeCheck(hand_cost, &HandCostType)) {
        PyErr_SetString(PyExc_TypeError, "hand_cost: a dizhu._ccore.HandCost");
        return NULL;
    }
    return ((HandCost *)hand_cost)->t;
}

int hand_cost_evaluate(PyObject *hand_cost, uint64_t hand, double *cost, play_id *first)
{
    return evaluate((HandCost *)hand_cost, hand, cost, first);
}

static PyObject *hand_cost_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"generator", "costs", NULL};
    PyObject *generator;
    Py_buffer costs;
    const MoveTables *t;
    HandCost *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oy*:HandCost", names, &generator, &costs))
        return NULL;
    if (!(t = generator_tables(generator))) {
        PyBuffer_Release(&costs);
        return NULL;
    }
    if ((size_t)costs.len != mg_play_count(t) * sizeof(double)) {
        PyBuffer_Release(&costs);
        PyErr_SetString(PyExc_ValueError, "costs: one double per play of the generator");
        return NULL;
    }
    if (!(self = (HandCost *)type->tp_alloc(type, 0))) {
        PyBuffer_Release(&costs);
        return NULL;
    }
    self->costs = PyMem_Malloc((size_t)costs.len);
    if (self->costs)
        memcpy(self->costs, costs.buf, (size_t)costs.len);
    PyBuffer_Release(&costs);
    if (!self->costs || resize(self, FIRST_BITS) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    Py_INCREF(generator);
    self->generator = generator;
    self->t = t;
    return (PyObject *)self;
}

static void hand_cost_dealloc(HandCost *self)
{
    for (size_t i = 0; i < self->n_levels; i++)
        if (self->levels[i]) {
            idlist_free(self->levels[i]);
            PyMem_Free(self->levels[i]);
        }
    PyMem_Free(self->levels);
    PyMem_Free(self->slots);
    PyMem_Free(self->costs);
    Py_XDECREF(self->generator);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* What cost() and first() answer of a hand (at most MAX_FIELD cards of a rank: the
 * generator reads no more, and the search would take cards the hand does not hold). */
static PyObject *answer(HandCost *self, PyObject *arg, int first_play)
{
    uint64_t hand;
    double cost;
    play_id first;
    if (read_hand(arg, &hand) < 0)
        return NULL;
    for (int r = 0; r < NUM_RANKS; r++)
        if ((hand >> 4 * r & 15) > MAX_FIELD) {
            PyErr_Format(PyExc_ValueError, "a hand holds at most %d cards of a rank",
                         MAX_FIELD);
            return NULL;
        }
    if (evaluate(self, hand, &cost, &first) < 0)
        return NULL;
    return first_play ? PyLong_FromLong(first) : PyFloat_FromDouble(cost);
}

static PyObject *hand_cost_cost(HandCost *self, PyObject *arg)
{
    return answer(self, arg, 0);
}

static PyObject *hand_cost_first(HandCost *self, PyObject *arg)
{
    return answer(self, arg, 1);
}

static PyObject *hand_cost_clear(HandCost *self, PyObject *Py_UNUSED(ignored))
{
    memset(self->slots, 0, ((size_t)1 << self->bits) * sizeof *self->slots);
    self->used = 0;
    Py_RETURN_NONE;
}

static Py_ssize_t hand_cost_len(HandCost *self)
{
    return (Py_ssize_t)self->used;
}

static PyObject *hand_cost_sizeof(HandCost *self, PyObject *Py_UNUSED(ignored))
{
    size_t size = Py_TYPE(self)->tp_basicsize + mg_play_count(self->t) * sizeof(double)
                  + ((size_t)1 << self->bits) * sizeof(Entry)
                  + self->n_levels * sizeof(IdList *);
    for (size_t i = 0; i < self->n_levels; i++)
        if (self->levels[i])
            size += sizeof(IdList) + (self->levels[i]->ids != self->levels[i]->local
                                      ? self->levels[i]->cap * sizeof(play_id) : 0);
    return PyLong_FromSize_t(size);
}

static PyMethodDef hand_cost_methods[] = {
    {"cost", (PyCFunction)hand_cost_cost, METH_O,
     "cost(hand) -> the least total cost of a split of hand (0.0 when empty)"},
    {"first", (PyCFunction)hand_cost_first, METH_O,
     "first(hand) -> the id of the first play of its best split (-1 when empty)"},
    {"clear", (PyCFunction)hand_cost_clear, METH_NOARGS, "Forget every hand."},
    {"__sizeof__", (PyCFunction)hand_cost_sizeof, METH_NOARGS,
     "Bytes of the object and its tables."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods hand_cost_as_sequence = {
    .sq_length = (lenfunc)hand_cost_len,
};

static PyTypeObject HandCostType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.HandCost",
    .tp_basicsize = sizeof(HandCost),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The least cost of a hand's splits into a MoveGenerator's plays "
              "(see dizhu.bots.handeval); len() is the hands remembered.",
    .tp_new = hand_cost_new,
    .tp_dealloc = (destructor)hand_cost_dealloc,
    .tp_methods = hand_cost_methods,
    .tp_as_sequence = &hand_cost_as_sequence,
};

int add_hand_cost(PyObject *module)
{
    return add_type(module, "HandCost", &HandCostType);
}
