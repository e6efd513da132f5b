/* The PettingZoo environment's step in C (dizhu/env/aec.py's raw_env binds it when the
 * compiled core runs; its Python methods stay the reference and the fallback).
 *
 * EnvStep(env, observe, seat_of, actions, play_base, play_phase, legal_other, mask_type,
 * mask_shape, mask_dtype) serves one environment: ``env`` is the environment (its ``deal``
 * is read at each call), ``observe(deal, seat)`` its observer, ``seat_of`` its agents'
 * seats, ``actions`` the action of each id, ``play_base`` the id of a play of universe id
 * 0, ``play_phase`` the deal's play phase, ``legal_other(deal)`` the legal ids in another
 * phase, and ``mask_type(mask_shape, mask_dtype, buffer)`` an action mask over a buffer.
 *
 * legal_ids() lists the ids of the legal actions of the seat to act, worked out once per
 * state of the deal (its history's length and version name it): in the play phase straight
 * from the position's move generator. observe(agent) gives the observation and the action
 * mask in one call. push(action_id) pushes a legal action with the deal's own push and
 * says True, or says False (the action is not legal: Python says why). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "envstep.h"

typedef struct {
    PyObject_HEAD
    PyObject *env, *observe, *seat_of, *actions, *play_base, *play_phase, *legal_other;
    PyObject *mask_type, *mask_shape, *mask_dtype;
    Py_ssize_t size;  /* the action space's size */
    /* the legal ids of the state last asked about */
    PyObject *legal;  /* a list, or NULL */
    long long version;
    Py_ssize_t length;
} EnvStep;

static PyObject *s_deal, *s_position, *s_winner, *s_to_move, *s_top_id, *s_hands, *s_ids,
    *s_history, *s_version, *s_phase, *s_push, *s_observation, *s_action_mask;

static int get_long(PyObject *obj, PyObject *name, long long *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v)
        return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The ids of the position's legal plays (a new list). */
static PyObject *play_ids(EnvStep *self, PyObject *deal)
{
    long long winner, seat;
    PyObject *position = PyObject_GetAttr(deal, s_position), *result = NULL;
    PyObject *hands = NULL, *hand = NULL, *top_id = NULL, *ids = NULL;
    if (!position)
        return NULL;
    if (get_long(position, s_winner, &winner) < 0)
        goto done;
    if (winner >= 0) {
        result = PyList_New(0);
        goto done;
    }
    if (get_long(position, s_to_move, &seat) < 0 || !(hands = PyObject_GetAttr(position, s_hands))
            || !(hand = PySequence_GetItem(hands, (Py_ssize_t)seat))
            || !(top_id = PyObject_GetAttr(position, s_top_id))
            || !(ids = PyObject_GetAttr(position, s_ids)))
        goto done;
    PyObject *args[3] = {hand, top_id, self->play_base};
    result = PyObject_Vectorcall(ids, args, 3, NULL);
done:
    Py_DECREF(position);
    Py_XDECREF(hands);
    Py_XDECREF(hand);
    Py_XDECREF(top_id);
    Py_XDECREF(ids);
    return result;
}

/* The legal ids of the deal's state now (a borrowed list, kept until the state changes). */
static PyObject *legal_of(EnvStep *self, PyObject *deal)
{
    long long version;
    PyObject *history = PyObject_GetAttr(deal, s_history), *phase, *ids;
    Py_ssize_t length;
    if (!history)
        return NULL;
    length = PyObject_Length(history);
    Py_DECREF(history);
    if (length < 0 || get_long(deal, s_version, &version) < 0)
        return NULL;
    if (self->legal && version == self->version && length == self->length)
        return self->legal;
    if (!(phase = PyObject_GetAttr(deal, s_phase)))
        return NULL;
    ids = phase == self->play_phase ? play_ids(self, deal)
                                    : PyObject_CallOneArg(self->legal_other, deal);
    Py_DECREF(phase);
    if (!ids)
        return NULL;
    if (!PyList_CheckExact(ids)) {
        Py_DECREF(ids);
        PyErr_SetString(PyExc_TypeError, "legal ids are a list");
        return NULL;
    }
    Py_XSETREF(self->legal, ids);
    self->version = version;
    self->length = length;
    return ids;
}

static PyObject *envstep_legal_ids(EnvStep *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *deal = PyObject_GetAttr(self->env, s_deal), *ids;
    if (!deal)
        return NULL;
    ids = legal_of(self, deal);
    Py_DECREF(deal);
    return Py_XNewRef(ids);
}

/* An action mask: 1 at each of `ids` (a list), 0 elsewhere. */
static PyObject *mask_of(EnvStep *self, PyObject *ids)
{
    PyObject *buffer = PyByteArray_FromStringAndSize(NULL, self->size), *mask;
    char *bytes;
    if (!buffer)
        return NULL;
    bytes = PyByteArray_AS_STRING(buffer);
    memset(bytes, 0, (size_t)self->size);
    for (Py_ssize_t i = 0; ids && i < PyList_GET_SIZE(ids); i++) {
        Py_ssize_t id = PyLong_AsSsize_t(PyList_GET_ITEM(ids, i));
        if (id < 0 || id >= self->size) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "id %zd outside a mask of %zd", id, self->size);
            Py_DECREF(buffer);
            return NULL;
        }
        bytes[id] = 1;
    }
    PyObject *args[3] = {self->mask_shape, self->mask_dtype, buffer};
    mask = PyObject_Vectorcall(self->mask_type, args, 3, NULL);
    Py_DECREF(buffer);
    return mask;
}

static PyObject *envstep_observe(EnvStep *self, PyObject *agent)
{
    PyObject *seat = PyDict_GetItemWithError(self->seat_of, agent), *deal, *ids = NULL;
    PyObject *observation = NULL, *mask = NULL, *result = NULL;
    long long to_move;
    if (!seat) {
        if (!PyErr_Occurred())
            PyErr_SetObject(PyExc_KeyError, agent);
        return NULL;
    }
    Py_INCREF(seat);
    if (!(deal = PyObject_GetAttr(self->env, s_deal))) {
        Py_DECREF(seat);
        return NULL;
    }
    PyObject *args[2] = {deal, seat};
    if (!(observation = PyObject_Vectorcall(self->observe, args, 2, NULL))
            || get_long(deal, s_to_move, &to_move) < 0)
        goto done;
    if (to_move == PyLong_AsLongLong(seat) && !(ids = legal_of(self, deal)))
        goto done;
    if (!(mask = mask_of(self, ids)) || !(result = PyDict_New())
            || PyDict_SetItem(result, s_observation, observation) < 0
            || PyDict_SetItem(result, s_action_mask, mask) < 0)
        Py_CLEAR(result);
done:
    Py_DECREF(seat);
    Py_DECREF(deal);
    Py_XDECREF(observation);
    Py_XDECREF(mask);
    return result;
}

static PyObject *envstep_push(EnvStep *self, PyObject *action)
{
    PyObject *deal = PyObject_GetAttr(self->env, s_deal), *ids, *done;
    Py_ssize_t id = PyLong_AsSsize_t(action), n;
    int found = 0;
    if (!deal)
        return NULL;
    if ((id == -1 && PyErr_Occurred()) || !(ids = legal_of(self, deal))) {
        Py_DECREF(deal);
        return NULL;
    }
    n = PyList_GET_SIZE(ids);
    for (Py_ssize_t i = 0; i < n && !found; i++) {
        Py_ssize_t legal = PyLong_AsSsize_t(PyList_GET_ITEM(ids, i));
        if (legal == -1 && PyErr_Occurred()) {
            Py_DECREF(deal);
            return NULL;
        }
        found = legal == id;
    }
    if (!found || id < 0 || id >= PyTuple_GET_SIZE(self->actions)) {
        Py_DECREF(deal);
        Py_RETURN_FALSE;
    }
    done = PyObject_CallMethodOneArg(deal, s_push, PyTuple_GET_ITEM(self->actions, id));
    Py_DECREF(deal);
    if (!done)
        return NULL;
    Py_DECREF(done);
    Py_RETURN_TRUE;
}

/* ------------------------------------------------------------------ the type */

static PyObject *envstep_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"env", "observe", "seat_of", "actions", "play_base",
                            "play_phase", "legal_other", "mask_type", "mask_shape",
                            "mask_dtype", NULL};
    PyObject *env, *observe, *seat_of, *actions, *play_base, *play_phase, *legal_other;
    PyObject *mask_type, *mask_shape, *mask_dtype;
    EnvStep *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!O!O!OOOO!O:EnvStep", names, &env,
                                     &observe, &PyDict_Type, &seat_of, &PyTuple_Type,
                                     &actions, &PyLong_Type, &play_base, &play_phase,
                                     &legal_other, &mask_type, &PyTuple_Type, &mask_shape,
                                     &mask_dtype))
        return NULL;
    if (!(self = (EnvStep *)type->tp_alloc(type, 0)))
        return NULL;
    self->env = Py_NewRef(env);
    self->observe = Py_NewRef(observe);
    self->seat_of = Py_NewRef(seat_of);
    self->actions = Py_NewRef(actions);
    self->play_base = Py_NewRef(play_base);
    self->play_phase = Py_NewRef(play_phase);
    self->legal_other = Py_NewRef(legal_other);
    self->mask_type = Py_NewRef(mask_type);
    self->mask_shape = Py_NewRef(mask_shape);
    self->mask_dtype = Py_NewRef(mask_dtype);
    self->size = PyTuple_GET_SIZE(actions);
    self->legal = NULL;
    return (PyObject *)self;
}

static int envstep_traverse(EnvStep *self, visitproc visit, void *arg)
{
    Py_VISIT(self->env);
    Py_VISIT(self->observe);
    Py_VISIT(self->seat_of);
    Py_VISIT(self->actions);
    Py_VISIT(self->play_base);
    Py_VISIT(self->play_phase);
    Py_VISIT(self->legal_other);
    Py_VISIT(self->mask_type);
    Py_VISIT(self->mask_shape);
    Py_VISIT(self->mask_dtype);
    Py_VISIT(self->legal);
    return 0;
}

static int envstep_clear(EnvStep *self)
{
    Py_CLEAR(self->env);
    Py_CLEAR(self->observe);
    Py_CLEAR(self->seat_of);
    Py_CLEAR(self->actions);
    Py_CLEAR(self->play_base);
    Py_CLEAR(self->play_phase);
    Py_CLEAR(self->legal_other);
    Py_CLEAR(self->mask_type);
    Py_CLEAR(self->mask_shape);
    Py_CLEAR(self->mask_dtype);
    Py_CLEAR(self->legal);
    return 0;
}

static void envstep_dealloc(EnvStep *self)
{
    PyObject_GC_UnTrack(self);
    envstep_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef envstep_methods[] = {
    {"legal_ids", (PyCFunction)envstep_legal_ids, METH_NOARGS,
     "legal_ids(): the ids of the legal actions of the seat to act (the same list until\n"
     "the deal's state changes)."},
    {"observe", (PyCFunction)envstep_observe, METH_O,
     "observe(agent): the agent's observation and action mask, as a dict."},
    {"push", (PyCFunction)envstep_push, METH_O,
     "push(action_id): push the action if it is legal now (True), else False."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EnvStepType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.EnvStep",
    .tp_basicsize = sizeof(EnvStep),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "A learning environment's legal ids, observation and push, in C.",
    .tp_new = envstep_new,
    .tp_dealloc = (destructor)envstep_dealloc,
    .tp_traverse = (traverseproc)envstep_traverse,
    .tp_clear = (inquiry)envstep_clear,
    .tp_methods = envstep_methods,
};

int add_env_step(PyObject *module)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return -1
    INTERN(s_deal, "deal");
    INTERN(s_position, "position");
    INTERN(s_winner, "winner");
    INTERN(s_to_move, "to_move");
    INTERN(s_top_id, "top_id");
    INTERN(s_hands, "hands");
    INTERN(s_ids, "_ids");
    INTERN(s_history, "history");
    INTERN(s_version, "version");
    INTERN(s_phase, "phase");
    INTERN(s_push, "push");
    INTERN(s_observation, "observation");
    INTERN(s_action_mask, "action_mask");
#undef INTERN
    if (PyType_Ready(&EnvStepType) < 0)
        return -1;
    Py_INCREF(&EnvStepType);
    if (PyModule_AddObject(module, "EnvStep", (PyObject *)&EnvStepType) < 0) {
        Py_DECREF(&EnvStepType);
        return -1;
    }
    return 0;
}
