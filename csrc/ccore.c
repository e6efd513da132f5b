/* dizhu._ccore: the compiled core's Python face (dizhu/core.py decides whether it runs).
 *
 * MoveGenerator(plays, cards, kinds, mains, lengths, pass_play, distinct) indexes a universe
 * given as its tuple of Play objects and, for each, its cards, kind, main rank and length
 * (dizhu/movegen.py passes them from dizhu/universe.py). Its lead(hand), follow(hand, top)
 * and covering(hand) return lists of those very Play objects, in the order of the pure-Python
 * generator; follow puts pass_play first. A top that is one of the universe's objects is
 * known by its address (the generator holds every one of them, so no address is reused
 * while it lives); any other Play is read by its attributes. The object never changes after
 * it is made, and holds the GIL while it generates: threads may share it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "idindex.h"
#include "movegen.h"

#define API_VERSION 1  /* dizhu/core.py refuses an extension of another version */
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

static PyObject *str_kind, *str_main, *str_length, *str_size;

/* ------------------------------------------------------------------ construction */

/* The n ints of a sequence. */
static int read_column(PyObject *seq, Py_ssize_t n, const char *what, long long *values)
{
    PyObject *fast = PySequence_Fast(seq, what);
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

static int read_hand(PyObject *arg, uint64_t *hand)
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

static PyObject *generator_sizeof(Generator *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSize_t(Py_TYPE(self)->tp_basicsize + mg_tables_size(self->tables)
                             + idindex_bytes(&self->known));
}

static PyMethodDef generator_methods[] = {
    {"lead", (PyCFunction)generator_lead, METH_O, "Every play the hand may lead."},
    {"follow", (PyCFunction)(void (*)(void))generator_follow, METH_FASTCALL,
     "The pass, then every play of the hand that beats top."},
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

/* ------------------------------------------------------------------ the module */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "dizhu._ccore",
    .m_doc = "dizhu's compiled core: move generation in C over the Python universe's plays.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__ccore(void)
{
    PyObject *m, *names;
    if (PyType_Ready(&GeneratorType) < 0)
        return NULL;
    if (!(str_kind = PyUnicode_InternFromString("kind"))
            || !(str_main = PyUnicode_InternFromString("main"))
            || !(str_length = PyUnicode_InternFromString("length"))
            || !(str_size = PyUnicode_InternFromString("size")))
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
    Py_INCREF(&GeneratorType);
    if (PyModule_AddObject(m, "MoveGenerator", (PyObject *)&GeneratorType) < 0) {
        Py_DECREF(&GeneratorType);
        goto fail;
    }
    if (PyModule_AddIntConstant(m, "API_VERSION", API_VERSION) < 0
            || PyModule_AddStringConstant(m, "SOURCE_DIGEST", SOURCE_DIGEST) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
