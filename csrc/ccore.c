/* dizhu._ccore: the compiled core's Python face (dizhu/core.py decides whether it runs).
 *
 * MoveGenerator(plays, cards, kinds, mains, lengths, pass_play, distinct) indexes a universe
 * given as its tuple of Play objects and, for each, its cards, kind, main rank and length
 * (dizhu/movegen.py passes them from dizhu/universe.py). Its lead(hand), follow(hand, top)
 * and covering(hand) return lists of those very Play objects, in the order of the pure-Python
 * generator; follow puts pass_play first. ids(hand, top_id, base) answers the same plays as
 * ints, without a Play object: leading when top_id < 0, else the pass (id -1) and the plays
 * that beat the play of top_id; each id plus base (the offset of a space of actions). A top that is one of the universe's objects is
 * known by its address (the generator holds every one of them, so no address is reused
 * while it lives); any other Play is read by its attributes. The object never changes after
 * it is made, and holds the GIL while it generates: threads may share it.
 *
 * Solver(generator, doubling, entries) is the exact solver of solve.h over a generator's
 * plays; its solve() hands back the generator's own Play objects. HandCost(generator,
 * costs) is the bots' hand evaluation over them (handcost.c), Policy(hand_cost, ...) the
 * ``normal`` policy and the search bots' playouts with it (playout.c).
 *
 * Observer and mask_bytes (encode.c) write the learning environments' observations.
 * bind_position and bind_deal (position.c) give Position and Deal their methods in C.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "encode.h"
#include "envstep.h"
#include "handcost.h"
#include "idindex.h"
#include "movegen.h"
#include "playout.h"
#include "position.h"
#include "pyface.h"
#include "solve.h"
#include "wildgen.h"

#define API_VERSION 9  /* dizhu/core.py refuses an extension of another version */
#ifndef SOURCE_DIGEST    /* setup.py passes the digest of csrc/ (dizhu/core.py checks it) */
#define SOURCE_DIGEST ""
#endif

typedef struct {
    PyObject_HEAD
    PyObject *plays;      /* tuple: the play of each id */
    PyObject *pass_play;
    MoveTables *tables;
    IdIndex known;        /* the plays' addresses -> their ids */
} Generator;

static PyObject *str_kind, *str_main, *str_length, *str_size, *str_cards;

/* ------------------------------------------------------------------ construction */

/* The n ints of a sequence. */
static int read_column(PyObject *seq, Py_ssize_t n, const char *what, long long *values)
{
    PyObject *fast = items_of(seq, what);
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd values for %zd plays", what,
                     PySequence_Fast_GET_SIZE(fast), n);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        values[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (values[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* A small int as it is, anything else as -1 (which no check lets through). */
static int small(long long value)
{
    return value < 0 || value > 255 ? -1 : (int)value;
}

/* The plays' descriptions from the constructor's columns; NULL with an exception set. */
static PlayInfo *read_plays(Py_ssize_t n, PyObject *cards, PyObject *kinds, PyObject *mains,
                            PyObject *lengths)
{
    PyObject *columns[4] = {cards, kinds, mains, lengths};
    static const char *const what[4] = {"cards", "kinds", "mains", "lengths"};
    long long *values = PyMem_Calloc(4 * (size_t)n + 1, sizeof *values);
    PlayInfo *infos = PyMem_Calloc((size_t)n + 1, sizeof *infos);
    if (!values || !infos) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int c = 0; c < 4; c++)
        if (read_column(columns[c], n, what[c], values + c * n) < 0)
            goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        infos[i].cards = values[i] < 0 ? 0 : (uint64_t)values[i];
        infos[i].kind = small(values[n + i]);
        infos[i].main = small(values[2 * n + i]);
        infos[i].length = small(values[3 * n + i]);
    }
    PyMem_Free(values);
    return infos;
fail:
    PyMem_Free(values);
    PyMem_Free(infos);
    return NULL;
}

static uint64_t address_of(const PyObject *play)
{
    return (uint64_t)(uintptr_t)play;
}

static int index_addresses(Generator *self)
{
    Py_ssize_t n = PyTuple_GET_SIZE(self->plays);
    if (idindex_init(&self->known, (size_t)n) < 0)
        return -1;
    for (Py_ssize_t id = 0; id < n; id++)  /* an object listed twice keeps its first id */
        idindex_put(&self->known, address_of(PyTuple_GET_ITEM(self->plays, id)), (play_id)id);
    return 0;
}

static PyObject *generator_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"plays", "cards", "kinds", "mains", "lengths", "pass_play",
                            "distinct", NULL};
    PyObject *plays, *cards, *kinds, *mains, *lengths, *pass_play;
    int distinct;
    PlayInfo *infos;
    const char *error = NULL;
    Generator *self;
    Py_ssize_t n;

    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOOOOp:MoveGenerator", names,
                                     &PyTuple_Type, &plays, &cards, &kinds, &mains, &lengths,
                                     &pass_play, &distinct))
        return NULL;
    n = PyTuple_GET_SIZE(plays);
    if (n > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "too many plays");
        return NULL;
    }
    if (!(infos = read_plays(n, cards, kinds, mains, lengths)))
        return NULL;
    self = (Generator *)type->tp_alloc(type, 0);
    if (!self) {
        PyMem_Free(infos);
        return NULL;
    }
    self->tables = mg_tables_new(infos, (size_t)n, distinct, &error);
    PyMem_Free(infos);
    if (!self->tables) {
        Py_DECREF(self);
        if (!error)
            return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, error);
        return NULL;
    }
    Py_INCREF(plays);
    self->plays = plays;
    Py_INCREF(pass_play);
    self->pass_play = pass_play;
    if (index_addresses(self) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void generator_dealloc(Generator *self)
{
    mg_tables_free(self->tables);
    idindex_free(&self->known);
    Py_XDECREF(self->plays);
    Py_XDECREF(self->pass_play);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ------------------------------------------------------------------ generation */

int read_hand(PyObject *arg, uint64_t *hand)
{
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(arg, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < 0 || (uint64_t)v >> 60) {
        PyErr_SetString(PyExc_ValueError,
                        "a hand is rank counts: an int from 0 to 2**60 - 1");
        return -1;
    }
    *hand = (uint64_t)v;
    return 0;
}

/* The list of the plays of `ids`, after `first` if it is not NULL; frees the ids. */
static PyObject *plays_of(Generator *self, IdList *ids, PyObject *first)
{
    Py_ssize_t skip = first ? 1 : 0;
    PyObject *list, **items = &PyTuple_GET_ITEM(self->plays, 0);
    if (ids->failed) {
        idlist_free(ids);
        return PyErr_NoMemory();
    }
    list = PyList_New((Py_ssize_t)ids->len + skip);
    if (list) {
        if (first) {
            Py_INCREF(first);
            PyList_SET_ITEM(list, 0, first);
        }
        for (size_t i = 0; i < ids->len; i++) {
            PyObject *play = items[ids->ids[i]];
            Py_INCREF(play);
            PyList_SET_ITEM(list, (Py_ssize_t)i + skip, play);
        }
    }
    idlist_free(ids);
    return list;
}

/* The plays a function of the hand alone lists (leads, or the leads covering its lowest
 * card). */
static PyObject *from_hand(Generator *self, PyObject *arg,
                           int (*generate)(const MoveTables *, uint64_t, IdList *))
{
    uint64_t hand;
    IdList ids;
    if (read_hand(arg, &hand) < 0)
        return NULL;
    idlist_init(&ids);
    if (generate(self->tables, hand, &ids) < 0) {
        PyErr_SetString(PyExc_ValueError, "an empty hand has no lowest card to cover");
        return NULL;
    }
    return plays_of(self, &ids, NULL);
}

static PyObject *generator_lead(Generator *self, PyObject *arg)
{
    return from_hand(self, arg, mg_lead);
}

static PyObject *generator_covering(Generator *self, PyObject *arg)
{
    return from_hand(self, arg, mg_covering);
}

/* An int attribute of a play. */
static int int_attr(PyObject *play, PyObject *name, int *value)
{
    PyObject *attr = PyObject_GetAttr(play, name);
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

static PyObject *generator_follow(Generator *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hand;
    int kind, main, length, size = 0, failed;
    play_id top;
    IdList ids;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "follow() takes a hand and a top play (%zd given)",
                     nargs);
        return NULL;
    }
    if (read_hand(args[0], &hand) < 0)
        return NULL;
    top = idindex_get(&self->known, address_of(args[1]));
    if (top == NO_PLAY && (int_attr(args[1], str_kind, &kind) < 0
                           || int_attr(args[1], str_main, &main) < 0
                           || int_attr(args[1], str_length, &length) < 0
                           || (kind == KIND_BOMB && int_attr(args[1], str_size, &size) < 0)))
        return NULL;
    idlist_init(&ids);
    failed = top != NO_PLAY ? mg_follow_id(self->tables, hand, top, &ids)
                            : mg_follow(self->tables, hand, kind, main, length, size, &ids);
    if (failed < 0) {
        PyErr_Format(PyExc_ValueError, "cannot follow %R: not a play of this ruleset",
                     args[1]);
        return NULL;
    }
    return plays_of(self, &ids, self->pass_play);
}

/* The legal play ids of a hand (leading when top_id < 0, else the pass, -1, and the plays
 * beating top_id), each plus base, as a list of ints: no Play object is touched. */
static PyObject *generator_ids(Generator *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hand;
    long top, base = 0;
    Py_ssize_t skip;
    PyObject *list;
    IdList ids;
    if (nargs != 2 && nargs != 3) {
        PyErr_Format(PyExc_TypeError, "ids() takes a hand, a top id and an optional base "
                     "(%zd given)", nargs);
        return NULL;
    }
    if (read_hand(args[0], &hand) < 0)
        return NULL;
    top = PyLong_AsLong(args[1]);
    if (top == -1 && PyErr_Occurred())
        return NULL;
    if (nargs == 3 && (base = PyLong_AsLong(args[2])) == -1 && PyErr_Occurred())
        return NULL;
    if (top >= (long)PyTuple_GET_SIZE(self->plays) || top < -1) {
        PyErr_Format(PyExc_ValueError, "%ld is no play id of this ruleset", top);
        return NULL;
    }
    idlist_init(&ids);
    if ((top < 0 ? mg_lead(self->tables, hand, &ids)
                 : mg_follow_id(self->tables, hand, (play_id)top, &ids)) < 0) {
        idlist_free(&ids);
        PyErr_Format(PyExc_ValueError, "cannot follow play id %ld", top);
        return NULL;
    }
    if (ids.failed) {
        idlist_free(&ids);
        return PyErr_NoMemory();
    }
    skip = top < 0 ? 0 : 1;
    list = PyList_New((Py_ssize_t)ids.len + skip);
    if (list) {
        for (Py_ssize_t i = 0; i < (Py_ssize_t)ids.len + skip; i++) {
            PyObject *value = PyLong_FromLong(base + (i < skip ? NO_PLAY : ids.ids[i - skip]));
            if (!value) {
                Py_CLEAR(list);
                break;
            }
            PyList_SET_ITEM(list, i, value);
        }
    }
    idlist_free(&ids);
    return list;
}

static PyObject *generator_sizeof(Generator *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSize_t(Py_TYPE(self)->tp_basicsize + mg_tables_size(self->tables)
                             + idindex_bytes(&self->known));
}

static PyMethodDef generator_methods[] = {
    {"lead", (PyCFunction)generator_lead, METH_O, "Every play the hand may lead."},
    {"follow", (PyCFunction)(void (*)(void))generator_follow, METH_FASTCALL,
     "The pass, then every play of the hand that beats top."},
    {"ids", (PyCFunction)(void (*)(void))generator_ids, METH_FASTCALL,
     "ids(hand, top_id, base=0): the legal play ids (the pass -1 first when following)."},
    {"covering", (PyCFunction)generator_covering, METH_O,
     "The leads that hold the hand's lowest card."},
    {"__sizeof__", (PyCFunction)generator_sizeof, METH_NOARGS,
     "Bytes of the object and its tables."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GeneratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.MoveGenerator",
    .tp_basicsize = sizeof(Generator),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The legal plays of one universe (see dizhu.movegen.MoveGenerator).",
    .tp_new = generator_new,
    .tp_dealloc = (destructor)generator_dealloc,
    .tp_methods = generator_methods,
};


const MoveTables *generator_tables(PyObject *generator)
{
    if (!PyObject_TypeCheck(generator, &GeneratorType)) {
        PyErr_SetString(PyExc_TypeError, "base: a dizhu._ccore.MoveGenerator");
        return NULL;
    }
    return ((Generator *)generator)->tables;
}

/* ------------------------------------------------------------------ the solver */

/* Solver(generator, doubling, entries): the exact solver of solve.h over a generator's
 * plays; doubling is a bytes object, one byte per play (whether it doubles the stake);
 * entries the transposition table's size. solve() releases the GIL while it searches;
 * one thread at a time may use a solver (another gets a RuntimeError). */
typedef struct {
    PyObject_HEAD
    Generator *generator;
    Solver *solver;
    int busy;
} SolverObject;

static PyObject *solver_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"generator", "doubling", "entries", NULL};
    PyObject *generator;
    Py_buffer doubling;
    Py_ssize_t entries;
    SolverObject *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!y*n:Solver", names, &GeneratorType,
                                     &generator, &doubling, &entries))
        return NULL;
    if ((size_t)doubling.len != mg_play_count(((Generator *)generator)->tables) || entries < 1) {
        PyBuffer_Release(&doubling);
        PyErr_SetString(PyExc_ValueError, entries < 1 ? "entries must be at least 1"
                        : "doubling: one byte per play of the generator");
        return NULL;
    }
    self = (SolverObject *)type->tp_alloc(type, 0);
    if (!self) {
        PyBuffer_Release(&doubling);
        return NULL;
    }
    self->solver = sv_new(((Generator *)generator)->tables, doubling.buf, (size_t)entries);
    PyBuffer_Release(&doubling);
    if (!self->solver) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    Py_INCREF(generator);
    self->generator = (Generator *)generator;
    return (PyObject *)self;
}

static void solver_dealloc(SolverObject *self)
{
    sv_free(self->solver);
    Py_XDECREF(self->generator);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The id of a play of the generator: by address, else by its kind and cards. */
static int play_id_of(Generator *g, PyObject *play, play_id *id)
{
    int kind;
    PyObject *attr;
    uint64_t cards;
    *id = idindex_get(&g->known, address_of(play));
    if (*id != NO_PLAY)
        return 0;
    if (int_attr(play, str_kind, &kind) < 0 || !(attr = PyObject_GetAttr(play, str_cards)))
        return -1;
    if (read_hand(attr, &cards) < 0) {
        Py_DECREF(attr);
        return -1;
    }
    Py_DECREF(attr);
    if ((*id = mg_find(g->tables, kind, cards)) == NO_PLAY) {
        PyErr_Format(PyExc_ValueError, "%R is not a play of this ruleset", play);
        return -1;
    }
    return 0;
}

/* The plays of ids (the pass as the generator's pass play). */
static PyObject *play_list(Generator *g, const play_id *ids, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *play = ids[i] == SV_PASS ? g->pass_play : PyTuple_GET_ITEM(g->plays, ids[i]);
        Py_INCREF(play);
        PyList_SET_ITEM(list, (Py_ssize_t)i, play);
    }
    return list;
}

int claim(int *busy, const char *what)
{
    if (*busy) {
        PyErr_Format(PyExc_RuntimeError, "this %s is in use by another thread", what);
        return -1;
    }
    *busy = 1;
    return 0;
}

static PyObject *solver_solve(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"hands", "landlord", "to_move", "top", "top_seat", "spring",
                            "points", "every", "max_nodes", "max_seconds", NULL};
    PyObject *hands, *top, *fast, *winning, *line, *answer;
    SvPosition p;
    SvBudget budget;
    SvResult result;
    int points, every, status;
    long long max_nodes;
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiiOiippLd:solve", names, &hands,
                                     &p.landlord, &p.to_move, &top, &p.top_seat, &p.spring,
                                     &points, &every, &max_nodes, &budget.max_seconds))
        return NULL;
    budget.max_nodes = max_nodes;
    if (!(fast = items_of(hands, "hands must be a sequence of ints")))
        return NULL;
    n = PySequence_Fast_GET_SIZE(fast);
    p.seats = (int)n;
    if (n < 2 || n > SV_MAX_SEATS) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "2 to %d hands, not %zd", SV_MAX_SEATS, n);
        return NULL;
    }
    for (Py_ssize_t s = 0; s < n; s++)
        if (read_hand(PySequence_Fast_GET_ITEM(fast, s), &p.hands[s]) < 0) {
            Py_DECREF(fast);
            return NULL;
        }
    Py_DECREF(fast);
    if (p.landlord < 0 || p.landlord >= p.seats || p.to_move < 0 || p.to_move >= p.seats
            || p.spring < 0 || p.spring > 5 || !p.hands[p.to_move]) {
        PyErr_SetString(PyExc_ValueError, "not a position with a seat to move");
        return NULL;
    }
    p.top = NO_PLAY;
    if (top != Py_None) {
        if (play_id_of(self->generator, top, &p.top) < 0)
            return NULL;
        if (p.top_seat < 0 || p.top_seat >= p.seats || p.top_seat == p.to_move) {
            PyErr_SetString(PyExc_ValueError, "the top's seat must be another seat");
            return NULL;
        }
    }
    if (claim(&self->busy, "solver") < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = sv_solve(self->solver, &p, points, every, budget, &result);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (status == SV_NO_MEMORY)
        return PyErr_NoMemory();
    if (status == SV_OUT_OF_BUDGET)
        return Py_BuildValue("(OOOOiK)", Py_False, Py_None, Py_None, Py_None, 0,
                             (unsigned long long)result.nodes);
    winning = play_list(self->generator, result.winning, result.n_winning);
    line = winning ? play_list(self->generator, result.line, result.n_line) : NULL;
    answer = line ? Py_BuildValue("(OONNiK)", Py_True, result.landlord_wins ? Py_True : Py_False,
                                  winning, line, result.value,
                                  (unsigned long long)result.nodes) : NULL;
    if (!line)
        Py_XDECREF(winning);
    sv_result_free(&result);
    return answer;
}

static PyTypeObject SolverType;

Solver *acquire_solver(PyObject *solver, const MoveTables *tables)
{
    SolverObject *self = (SolverObject *)solver;
    if (!PyObject_TypeCheck(solver, &SolverType)) {
        PyErr_SetString(PyExc_TypeError, "solver: a dizhu._ccore.Solver");
        return NULL;
    }
    if (self->generator->tables != tables) {
        PyErr_SetString(PyExc_ValueError, "solver: one over the same generator's plays");
        return NULL;
    }
    return claim(&self->busy, "solver") < 0 ? NULL : self->solver;
}

void release_solver(PyObject *solver)
{
    ((SolverObject *)solver)->busy = 0;
}

static PyObject *solver_forget(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is in use by another thread");
        return NULL;
    }
    sv_forget(self->solver);
    Py_RETURN_NONE;
}

static PyObject *solver_sizeof(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSize_t(Py_TYPE(self)->tp_basicsize + sv_size(self->solver));
}

static PyMethodDef solver_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))solver_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(hands, landlord, to_move, top, top_seat, spring, points, every, max_nodes, "
     "max_seconds) -> (solved, landlord_wins, winning plays, line, value, nodes)"},
    {"forget", (PyCFunction)solver_forget, METH_NOARGS, "Empty the transposition table."},
    {"__sizeof__", (PyCFunction)solver_sizeof, METH_NOARGS,
     "Bytes of the object and its tables."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The exact solver over a MoveGenerator's plays (see dizhu.solve).",
    .tp_new = solver_new,
    .tp_dealloc = (destructor)solver_dealloc,
    .tp_methods = solver_methods,
};

/* ------------------------------------------------------------------ the module */

PyObject *items_of(PyObject *seq, const char *message)
{
    PyObject *fast = PySequence_Fast(seq, message), *items;
    if (!fast)
        return NULL;
    items = PySequence_Tuple(fast);
    Py_DECREF(fast);
    return items;
}

int add_type(PyObject *module, const char *name, PyTypeObject *type)
{
    if (PyType_Ready(type) < 0)
        return -1;
    Py_INCREF(type);
    if (PyModule_AddObject(module, name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

static PyMethodDef module_functions[] = {
    {"bind_position", bind_position, METH_VARARGS,
     "bind_position(Position, Play, pass_kind, rocket_kind, push, pop, legal_plays): the\n"
     "push, pop and legal_plays method descriptors of Position that run in C."},
    {"bind_deal", bind_deal, METH_VARARGS,
     "bind_deal(Deal, play_phase, over_phase, thrown_in_phase, push, legal_actions,\n"
     "is_over): the push, legal_actions and is_over descriptors of Deal whose play\n"
     "phase runs in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dizhu._ccore",
    .m_doc = "dizhu's compiled core: move generation, a position's push and pop and "
             "the exact solver in C over the Python universe's plays.",
    .m_size = -1,
    .m_methods = module_functions,
};

PyMODINIT_FUNC PyInit__ccore(void)
{
    PyObject *m, *names;
    if (!(str_kind = PyUnicode_InternFromString("kind"))
            || !(str_main = PyUnicode_InternFromString("main"))
            || !(str_length = PyUnicode_InternFromString("length"))
            || !(str_size = PyUnicode_InternFromString("size"))
            || !(str_cards = PyUnicode_InternFromString("cards")))
        return NULL;
    if (!(m = PyModule_Create(&module)))
        return NULL;
    if (!(names = PyTuple_New(NUM_KINDS)))
        goto fail;
    for (int k = 0; k < NUM_KINDS; k++) {
        PyObject *name = PyUnicode_FromString(KIND_NAMES[k]);
        if (!name) {
            Py_DECREF(names);
            goto fail;
        }
        PyTuple_SET_ITEM(names, k, name);
    }
    if (PyModule_AddObject(m, "KIND_NAMES", names) < 0) {
        Py_DECREF(names);
        goto fail;
    }
    if (add_type(m, "MoveGenerator", &GeneratorType) < 0
            || add_type(m, "Solver", &SolverType) < 0 || add_encoding(m) < 0 || add_env_step(m) < 0 || add_wild(m) < 0
            || add_hand_cost(m) < 0 || add_policy(m) < 0)
        goto fail;
    if (PyModule_AddIntConstant(m, "API_VERSION", API_VERSION) < 0
            || PyModule_AddStringConstant(m, "SOURCE_DIGEST", SOURCE_DIGEST) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
