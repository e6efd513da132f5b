/* dizhu._ccore.WildGenerator: the moves of one deal's wild ranks (dizhu/wild.py's
 * WildMoves) generated in C (wild.c), handing out the Play objects of the Python side.
 *
 * WildGenerator(base, wild, distinct_ok, alone, universe, play_class, kinds, pass_play):
 * `base` is the MoveGenerator without wild cards; `wild` the wild ranks (one or two);
 * `distinct_ok` one byte per play of the base (legal with distinct kickers too); `alone`
 * the readings of wild cards alone, as (a, b, kind, main, length, distinct_ok) for a cards
 * of the first wild rank and b of the second; `universe` the WildPlays that numbers the
 * plays (its `own` and `tops`); `play_class` and `kinds` (Kind by value) make a new play.
 *
 * A play met for the first time is made as WildMoves makes it and handed to universe.own(),
 * which answers the one object of its kind and cards (made by either side, numbered once);
 * the generator then knows that object by its key. lead, follow, covering and ids answer
 * what WildMoves's methods answer, in the same order. Generation runs with the GIL held and
 * calls no Python; only making a new play does, after it. A key met again in one generation
 * whose play is made already is settled at once: no reading of it is worked out (a play's
 * reading depends on its kind and cards alone). The leads of a hand with wild cards are kept
 * (a bounded memo: a hand led again is answered from them); forget() drops them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pyface.h"
#include "tables.h"
#include "wild.h"
#include "wildgen.h"

/* ------------------------------------------------------------------ the leads met */

/* The leads of a hand with wild cards are many, and making them takes a good part of a
 * millisecond for a hand of three or four: a hand met again (a search, the views and the
 * legal ids of one decision) is answered from the ids it led, in their order. The plays
 * never change once made, so neither do a hand's leads. At most MEMO_SLOTS * 3 / 4 hands
 * and MEMO_MOST_IDS ids are kept: past that, all are forgotten and it starts again. */
typedef struct {
    uint64_t hand;        /* 0: an empty slot (a hand with wild cards is never 0) */
    play_id *ids;
    size_t n;
} LeadMemo;

#define MEMO_BITS 11
#define MEMO_SLOTS ((size_t)1 << MEMO_BITS)
#define MEMO_MOST_IDS ((size_t)1 << 18)  /* 1 MiB */

/* What the generator knows of a play object of the universe. */
typedef struct {
    PyObject *play;       /* NULL: an id the generator has not met */
    uint64_t cards, stands_for;
    int8_t kind, main, size;
} Known;

typedef struct {
    PyObject_HEAD
    PyObject *base;
    PyObject *universe, *own, *tops, *play_class, *kinds, *pass_play;
    uint8_t *distinct_ok;
    WildTables tables;
    KeyIndex index;       /* the plays met: key -> id */
    FoundPool pool;       /* room for the readings of one generation at a time */
    LeadMemo *memo;       /* the leads of hands with wild cards met (MEMO_SLOTS) */
    size_t memo_hands, memo_ids;
    Known *known;         /* by id */
    size_t n_known;
} WildGen;

static PyObject *str_id, *str_main, *str_kind, *str_size, *str_stands_for;



/* ------------------------------------------------------------------ the plays met */

static play_id key_get(const WildGen *self, uint64_t key)
{
    return key_index_get(&self->index, key);
}

static void key_put(WildGen *self, uint64_t key, play_id id)
{
    KeyIndex *index = &self->index;
    size_t mask = ((size_t)1 << index->bits) - 1, i = key_index_slot(index, key);
    for (; index->slots[i].key; i = (i + 1) & mask)
        if (index->slots[i].key == key)
            return;
    index->slots[i].key = key;
    index->slots[i].id = id;
    index->count++;
}

/* Room for the keys of 2**bits slots; -1 when memory runs out. */
static int keys_resize(WildGen *self, unsigned bits)
{
    KeySlot *old_slots = self->index.slots;
    size_t old = old_slots ? (size_t)1 << self->index.bits : 0;
    KeySlot *slots = PyMem_Calloc((size_t)1 << bits, sizeof *slots);
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    self->index.slots = slots;
    self->index.bits = bits;
    self->index.count = 0;
    for (size_t i = 0; i < old; i++)
        if (old_slots[i].key)
            key_put(self, old_slots[i].key, old_slots[i].id);
    PyMem_Free(old_slots);
    return 0;
}

/* Know `play`, the universe's object of `key` (kind and cards) whose id is `id`. */
static int learn(WildGen *self, uint64_t key, play_id id, PyObject *play, int kind, int main,
                 uint64_t cards, uint64_t stands_for)
{
    if ((size_t)id >= self->n_known) {
        size_t n = self->n_known ? 2 * self->n_known : 256;
        Known *known;
        while (n <= (size_t)id)
            n *= 2;
        if (!(known = PyMem_Realloc(self->known, n * sizeof *known))) {
            PyErr_NoMemory();
            return -1;
        }
        memset(known + self->n_known, 0, (n - self->n_known) * sizeof *known);
        self->known = known;
        self->n_known = n;
    }
    if (!self->known[id].play) {
        Py_INCREF(play);
        self->known[id].play = play;
        self->known[id].kind = (int8_t)kind;
        self->known[id].main = (int8_t)main;
        self->known[id].size = (int8_t)card_count(cards);
        self->known[id].stands_for = stands_for;
        self->known[id].cards = cards;
    }
    if (2 * (self->index.count + 1) > ((size_t)1 << self->index.bits)
            && keys_resize(self, self->index.bits + 1) < 0)
        return -1;
    key_put(self, key, id);
    return 0;
}

/* An int attribute (a uint64 for cards). */
static int attr_u64(PyObject *obj, PyObject *name, uint64_t *value)
{
    PyObject *attr = PyObject_GetAttr(obj, name);
    unsigned long long v;
    if (!attr)
        return -1;
    v = PyLong_AsUnsignedLongLong(attr);
    Py_DECREF(attr);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *value = (uint64_t)v;
    return 0;
}

static int attr_int(PyObject *obj, PyObject *name, int *value)
{
    PyObject *attr = PyObject_GetAttr(obj, name);
    long v;
    if (!attr)
        return -1;
    v = PyLong_AsLong(attr);
    Py_DECREF(attr);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *value = v < INT_MIN || v > INT_MAX ? -1 : (int)v;
    return 0;
}

/* The id of a reading's play: known, or made now as WildMoves makes it and numbered by
 * the universe (which may run other threads: nothing is held across the calls). */
static play_id intern(WildGen *self, const Reading *r)
{
    PyObject *play, *own;
    play_id id = key_get(self, r->key);
    int v, main;
    uint64_t stands_for;
    if (id != NO_PLAY)
        return id;
    play = PyObject_CallFunction(self->play_class, "OKiiOOK",
                                 PyTuple_GET_ITEM(self->kinds, r->kind),
                                 (unsigned long long)r->cards, (int)r->main, (int)r->length,
                                 r->distinct_ok ? Py_True : Py_False, Py_None,
                                 (unsigned long long)r->stands_for);
    if (!play)
        return -2;
    own = PyObject_CallOneArg(self->own, play);
    Py_DECREF(play);
    if (!own)
        return -2;
    if (attr_int(own, str_id, &v) < 0 || attr_int(own, str_main, &main) < 0
            || attr_u64(own, str_stands_for, &stands_for) < 0 || v < 0
            || learn(self, r->key, (play_id)v, own, r->kind, main, r->cards, stands_for) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "the universe numbered a play below 0");
        Py_DECREF(own);
        return -2;
    }
    Py_DECREF(own);
    return (play_id)v;
}

/* ------------------------------------------------------------------ generating */

static LeadMemo *memo_slot(WildGen *self, uint64_t hand)
{
    size_t s = (size_t)((hand * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - MEMO_BITS));
    while (self->memo[s].hand && self->memo[s].hand != hand)
        s = (s + 1) & (MEMO_SLOTS - 1);
    return &self->memo[s];
}

static void memo_clear(WildGen *self)
{
    for (size_t i = 0; self->memo && i < MEMO_SLOTS; i++) {
        PyMem_Free(self->memo[i].ids);
        self->memo[i].hand = 0;
        self->memo[i].ids = NULL;
    }
    self->memo_hands = self->memo_ids = 0;
}

/* Keep the leads just found of `hand` (nothing when memory runs out: it is only a memo). */
static void memo_put(WildGen *self, uint64_t hand, const Found *found)
{
    LeadMemo *slot;
    play_id *ids;
    if (!self->memo || found->len > MEMO_MOST_IDS)
        return;
    if (4 * (self->memo_hands + 1) > 3 * MEMO_SLOTS
            || self->memo_ids + found->len > MEMO_MOST_IDS)
        memo_clear(self);
    if ((slot = memo_slot(self, hand))->hand)
        return;  /* met meanwhile (making a play let another thread run) */
    if (!(ids = PyMem_Malloc((found->len ? found->len : 1) * sizeof *ids)))
        return;
    for (size_t i = 0; i < found->len; i++)
        ids[i] = found->items[i].id;
    slot->hand = hand;
    slot->ids = ids;
    slot->n = found->len;
    self->memo_hands++;
    self->memo_ids += found->len;
}

/* The readings of a hand's plays, each with the id of its play object (leading: from the
 * memo for a hand with wild cards met before, only their ids and cards). */
static int generate(WildGen *self, uint64_t hand, play_id base_top, Found *found)
{
    const int memo = base_top == NO_PLAY && (hand & self->tables.wild_mask) && self->memo;
    found_init(found, &self->pool);
    if (memo) {
        const LeadMemo *met = memo_slot(self, hand);
        Reading *items;
        if (met->hand) {
            if (!(items = found_room(found, met->n))) {
                found_free(found);
                PyErr_NoMemory();
                return -1;
            }
            for (size_t i = 0; i < met->n; i++) {
                items[i].id = met->ids[i];
                items[i].cards = self->known[met->ids[i]].cards;
            }
            return 0;
        }
    }
    if (wild_plays(&self->tables, &self->index, hand, base_top, found) < 0) {
        found_free(found);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < found->len; i++)  /* NO_PLAY or not looked up yet */
        if (found->items[i].id < 0
                && (found->items[i].id = intern(self, &found->items[i])) < 0) {
            found_free(found);
            return -1;
        }
    if (memo)
        memo_put(self, hand, found);
    return 0;
}

/* What following needs of a top. */
typedef struct {
    int kind, main, size;
    uint64_t stands_for;
} Top;

static int read_top(WildGen *self, PyObject *top, Top *out)
{
    int id;
    uint64_t cards;
    if (attr_int(top, str_id, &id) < 0)
        return -1;
    if (id >= 0 && (size_t)id < self->n_known && self->known[id].play == top) {
        const Known *k = &self->known[id];
        out->kind = k->kind;
        out->main = k->main;
        out->size = k->size;
        out->stands_for = k->stands_for;
        return 0;
    }
    if (attr_int(top, str_kind, &out->kind) < 0 || attr_int(top, str_main, &out->main) < 0
            || attr_int(top, str_size, &out->size) < 0
            || attr_u64(top, str_stands_for, &cards) < 0)
        return -1;
    out->stands_for = cards;
    return 0;
}

/* The readings of the plays that may follow `top` (before keeping those that beat it). */
static int generate_after(WildGen *self, uint64_t hand, const Top *top, Found *found)
{
    play_id base_top = NO_PLAY;
    if (!bomb_class(top->kind) && top->kind > KIND_PASS && top->kind < NUM_KINDS
            && top->stands_for && !(top->stands_for >> 60))
        base_top = mg_find(self->tables.base, top->kind, top->stands_for);
    return generate(self, hand, base_top, found);
}

static inline int beats_top(const WildGen *self, play_id id, const Top *top)
{
    const Known *k = &self->known[id];
    return wild_beats(k->kind, k->main, k->size, top->kind, top->main, top->size);
}

static PyObject *wild_lead(WildGen *self, PyObject *arg)
{
    uint64_t hand;
    Found found;
    PyObject *list;
    if (read_hand(arg, &hand) < 0 || generate(self, hand, NO_PLAY, &found) < 0)
        return NULL;
    if ((list = PyList_New((Py_ssize_t)found.len)))
        for (size_t i = 0; i < found.len; i++) {
            PyObject *play = self->known[found.items[i].id].play;
            Py_INCREF(play);
            PyList_SET_ITEM(list, (Py_ssize_t)i, play);
        }
    found_free(&found);
    return list;
}

static PyObject *wild_covering(WildGen *self, PyObject *arg)
{
    uint64_t hand, field;
    Found found;
    PyObject *list;
    if (read_hand(arg, &hand) < 0)
        return NULL;
    if (!hand) {
        PyErr_SetString(PyExc_ValueError, "an empty hand has no lowest card to cover");
        return NULL;
    }
    field = FIELD(lowest_bit64(hand) / 4);
    if (generate(self, hand, NO_PLAY, &found) < 0)
        return NULL;
    if ((list = PyList_New(0)))
        for (size_t i = 0; i < found.len; i++)
            if ((found.items[i].cards & field)
                    && PyList_Append(list, self->known[found.items[i].id].play) < 0) {
                Py_CLEAR(list);
                break;
            }
    found_free(&found);
    return list;
}

static PyObject *wild_follow(WildGen *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hand;
    Top top;
    Found found;
    PyObject *list;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "follow() takes a hand and a top play (%zd given)",
                     nargs);
        return NULL;
    }
    if (read_hand(args[0], &hand) < 0 || read_top(self, args[1], &top) < 0)
        return NULL;
    if (!(list = PyList_New(1)))
        return NULL;
    Py_INCREF(self->pass_play);
    PyList_SET_ITEM(list, 0, self->pass_play);
    if (top.kind == KIND_ROCKET)
        return list;
    if (generate_after(self, hand, &top, &found) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    for (size_t i = 0; i < found.len; i++)
        if (beats_top(self, found.items[i].id, &top)
                && PyList_Append(list, self->known[found.items[i].id].play) < 0) {
            Py_CLEAR(list);
            break;
        }
    found_free(&found);
    return list;
}

static PyObject *wild_ids(WildGen *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hand;
    long top_id, base = 0;
    Top top;
    Found found;
    PyObject *list;
    int following;
    if (nargs != 2 && nargs != 3) {
        PyErr_Format(PyExc_TypeError, "ids() takes a hand, a top id and an optional base "
                     "(%zd given)", nargs);
        return NULL;
    }
    if (read_hand(args[0], &hand) < 0)
        return NULL;
    if ((top_id = PyLong_AsLong(args[1])) == -1 && PyErr_Occurred())
        return NULL;
    if (nargs == 3 && (base = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred())
        return NULL;
    following = top_id >= 0;
    if (following) {
        if (top_id >= PyList_GET_SIZE(self->tops) - 1) {
            PyErr_Format(PyExc_ValueError, "%ld is no play id of these wild ranks", top_id);
            return NULL;
        }
        if (read_top(self, PyList_GET_ITEM(self->tops, top_id), &top) < 0)
            return NULL;
    }
    if (!(list = PyList_New(0)))
        return NULL;
    if (following) {
        PyObject *pass = PyLong_FromLong(NO_PLAY);
        int failed = !pass || PyList_Append(list, pass) < 0;
        Py_XDECREF(pass);
        if (failed) {
            Py_DECREF(list);
            return NULL;
        }
        if (top.kind == KIND_ROCKET)
            return list;
    }
    if ((following ? generate_after(self, hand, &top, &found)
                   : generate(self, hand, NO_PLAY, &found)) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    for (size_t i = 0; i < found.len; i++) {
        PyObject *value;
        play_id id = found.items[i].id;
        if (following && !beats_top(self, id, &top))
            continue;
        value = PyLong_FromLong(base + id);
        if (!value || PyList_Append(list, value) < 0) {
            Py_XDECREF(value);
            Py_CLEAR(list);
            break;
        }
        Py_DECREF(value);
    }
    found_free(&found);
    return list;
}

/* ------------------------------------------------------------------ construction */

/* The readings of wild cards alone: (a, b, kind, main, length, distinct_ok) tuples. */
static int read_alone(WildTables *t, PyObject *alone)
{
    PyObject *fast = items_of(alone, "alone: a sequence of tuples");
    if (!fast)
        return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        int a, b, kind, main, length, distinct_ok;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "iiiiip:alone",
                              &a, &b, &kind, &main, &length, &distinct_ok))
            goto fail;
        if (a < 0 || a > WILD_MAX_HELD || b < 0 || b > WILD_MAX_HELD || kind <= KIND_PASS
                || kind >= NUM_KINDS || main < 0 || main >= NUM_RANKS || length < 1
                || length > MAX_CHAIN || t->n_alone[a][b] == WILD_ALONE_MAX) {
            PyErr_SetString(PyExc_ValueError, "alone: not a reading of wild cards alone");
            goto fail;
        }
        t->alone[a][b][t->n_alone[a][b]++] = (AloneReading){
            (int8_t)kind, (int8_t)main, (int8_t)length, (int8_t)distinct_ok};
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static PyObject *wild_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"base", "wild", "distinct_ok", "alone", "universe", "play_class",
                            "kinds", "pass_play", NULL};
    PyObject *base, *wild, *alone, *universe, *play_class, *kinds, *pass_play;
    Py_buffer distinct_ok;
    const MoveTables *tables;
    WildGen *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO!y*OOOO!O:WildGenerator", names, &base,
                                     &PyTuple_Type, &wild, &distinct_ok, &alone, &universe,
                                     &play_class, &PyTuple_Type, &kinds, &pass_play))
        return NULL;
    if (!(tables = generator_tables(base)))
        goto fail_buffer;
    if ((size_t)distinct_ok.len != mg_play_count(tables)
            || PyTuple_GET_SIZE(kinds) != NUM_KINDS || PyTuple_GET_SIZE(wild) < 1
            || PyTuple_GET_SIZE(wild) > WILD_MAX_RANKS) {
        PyErr_SetString(PyExc_ValueError, "WildGenerator: one or two wild ranks, one "
                        "distinct_ok byte per base play and every kind");
        goto fail_buffer;
    }
    if (!(self = (WildGen *)type->tp_alloc(type, 0)))
        goto fail_buffer;
    self->tables.base = tables;
    self->tables.n_wild = (int)PyTuple_GET_SIZE(wild);
    for (int i = 0; i < self->tables.n_wild; i++) {
        long w = PyLong_AsLong(PyTuple_GET_ITEM(wild, i));
        if (w == -1 && PyErr_Occurred())
            goto fail;
        if (w < 0 || w > TWO || (i && w == self->tables.wild[0])) {
            PyErr_SetString(PyExc_ValueError, "wild ranks: different ranks of 3..2");
            goto fail;
        }
        self->tables.wild[i] = (int)w;
        self->tables.wild_mask |= FIELD(w);
    }
    if (read_alone(&self->tables, alone) < 0)
        goto fail;
    if (!(self->distinct_ok = PyMem_Malloc((size_t)distinct_ok.len + 1))) {
        PyErr_NoMemory();
        goto fail;
    }
    memcpy(self->distinct_ok, distinct_ok.buf, (size_t)distinct_ok.len);
    self->tables.distinct_ok = self->distinct_ok;
    if (!(self->own = PyObject_GetAttrString(universe, "own"))
            || !(self->tops = PyObject_GetAttrString(universe, "tops")))
        goto fail;
    if (!PyList_Check(self->tops)) {
        PyErr_SetString(PyExc_TypeError, "universe.tops must be a list");
        goto fail;
    }
    if (keys_resize(self, 10) < 0)
        goto fail;
    if (!(self->memo = PyMem_Calloc(MEMO_SLOTS, sizeof *self->memo))) {
        PyErr_NoMemory();
        goto fail;
    }
    PyBuffer_Release(&distinct_ok);
    Py_INCREF(base);
    self->base = base;
    Py_INCREF(universe);
    self->universe = universe;
    Py_INCREF(play_class);
    self->play_class = play_class;
    Py_INCREF(kinds);
    self->kinds = kinds;
    Py_INCREF(pass_play);
    self->pass_play = pass_play;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
fail_buffer:
    PyBuffer_Release(&distinct_ok);
    return NULL;
}

static void wild_dealloc(WildGen *self)
{
    for (size_t i = 0; i < self->n_known; i++)
        Py_XDECREF(self->known[i].play);
    PyMem_Free(self->known);
    PyMem_Free(self->index.slots);
    found_pool_free(&self->pool);
    memo_clear(self);
    PyMem_Free(self->memo);
    PyMem_Free(self->distinct_ok);
    Py_XDECREF(self->base);
    Py_XDECREF(self->universe);
    Py_XDECREF(self->own);
    Py_XDECREF(self->tops);
    Py_XDECREF(self->play_class);
    Py_XDECREF(self->kinds);
    Py_XDECREF(self->pass_play);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *wild_forget(WildGen *self, PyObject *Py_UNUSED(ignored))
{
    memo_clear(self);
    Py_RETURN_NONE;
}

static PyMethodDef wild_methods[] = {
    {"forget", (PyCFunction)wild_forget, METH_NOARGS,
     "Forget the leads kept of the hands met (the plays stay made): a measure of making\n"
     "leads starts from here."},
    {"lead", (PyCFunction)wild_lead, METH_O, "Every play the hand may lead."},
    {"follow", (PyCFunction)(void (*)(void))wild_follow, METH_FASTCALL,
     "The pass, then every play of the hand that beats top."},
    {"covering", (PyCFunction)wild_covering, METH_O,
     "The leads that hold the hand's lowest card."},
    {"ids", (PyCFunction)(void (*)(void))wild_ids, METH_FASTCALL,
     "ids(hand, top_id, base=0): the ids of lead (top_id < 0) or follow of the play\n"
     "top_id (the pass -1 first), each plus base (the pass stays -1)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WildGenType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.WildGenerator",
    .tp_basicsize = sizeof(WildGen),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The moves of one deal's wild ranks (see dizhu.wild.WildMoves).",
    .tp_new = wild_new,
    .tp_dealloc = (destructor)wild_dealloc,
    .tp_methods = wild_methods,
};

int add_wild(PyObject *module)
{
    if (!(str_id = PyUnicode_InternFromString("id"))
            || !(str_main = PyUnicode_InternFromString("main"))
            || !(str_kind = PyUnicode_InternFromString("kind"))
            || !(str_size = PyUnicode_InternFromString("size"))
            || !(str_stands_for = PyUnicode_InternFromString("stands_for")))
        return -1;
    return add_type(module, "WildGenerator", &WildGenType);
}
