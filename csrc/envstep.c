/* The PettingZoo environment's step in C (dizhu/env/aec.py's raw_env binds it when the
 * compiled core runs; its Python methods stay the reference and the fallback).
 *
 * EnvStep(env, observe, seat_of, actions, play_base, play_phase, legal_other, mask_type,
 * mask_shape, mask_dtype, python_step, python_last) serves one environment: ``env`` is the
 * environment (its ``deal`` and PettingZoo's state are read at each call), ``observe(deal,
 * seat)`` its observer, ``seat_of`` its agents' seats, ``actions`` the action of each id,
 * ``play_base`` the id of a play of universe id 0, ``play_phase`` the deal's play phase,
 * ``legal_other(deal)`` the legal ids in another phase, ``mask_type(mask_shape,
 * mask_dtype, buffer)`` an action mask over a buffer, and ``python_step`` and
 * ``python_last`` the environment's Python methods.
 *
 * legal_ids() lists the ids of the legal actions of the seat to act, worked out once per
 * state of the deal (its history's length and version name it): in the play phase straight
 * from the position's move generator. observe(agent) gives the observation and the action
 * mask in one call. push(action_id) pushes a legal action with the deal's own push and
 * says True, or says False (the action is not legal: Python says why). step(action) is
 * the environment's step for a legal id of a live agent (the push, the agent's cumulative
 * reward, the next agent, or the end through the environment's ``_end``); anything else
 * (an id outside the space, an illegal one, a dead agent's step) goes to python_step
 * before anything changed. last() is PettingZoo's last; last(observe) goes to python_last.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "envstep.h"
#include "pyface.h"

typedef struct {
    PyObject_HEAD
    PyObject *env, *observe, *seat_of, *actions, *play_base, *play_phase, *legal_other;
    PyObject *mask_type, *mask_shape, *mask_dtype, *python_step, *python_last;
    Py_ssize_t size;  /* the action space's size */
    /* the legal ids of the state last asked about */
    PyObject *legal;  /* a list, or NULL */
    long long version;
    Py_ssize_t length;
} EnvStep;

static PyObject *s_deal, *s_position, *s_winner, *s_to_move, *s_top_id, *s_hands, *s_ids,
    *s_history, *s_version, *s_phase, *s_push, *s_observation, *s_action_mask,
    *s_agent_selection, *s_terminations, *s_truncations, *s_cumulative, *s_infos,
    *s_possible_agents, *s_render_mode, *s_is_over, *s_end, *zero;

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

/* Push action `id` on `deal` if it is legal now: 1 pushed, 0 not legal, -1 an error. */
static int push_legal(EnvStep *self, PyObject *deal, Py_ssize_t id)
{
    PyObject *ids = legal_of(self, deal), *done;
    int found = 0;
    if (!ids)
        return -1;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(ids) && !found; i++) {
        Py_ssize_t legal = PyLong_AsSsize_t(PyList_GET_ITEM(ids, i));
        if (legal == -1 && PyErr_Occurred())
            return -1;
        found = legal == id;
    }
    if (!found || id < 0 || id >= PyTuple_GET_SIZE(self->actions))
        return 0;
    done = PyObject_CallMethodOneArg(deal, s_push, PyTuple_GET_ITEM(self->actions, id));
    if (!done)
        return -1;
    Py_DECREF(done);
    return 1;
}

static PyObject *envstep_push(EnvStep *self, PyObject *action)
{
    Py_ssize_t id = PyLong_AsSsize_t(action);
    PyObject *deal;
    int pushed;
    if (id == -1 && PyErr_Occurred())
        return NULL;
    if (!(deal = PyObject_GetAttr(self->env, s_deal)))
        return NULL;
    pushed = push_legal(self, deal, id);
    Py_DECREF(deal);
    return pushed < 0 ? NULL : PyBool_FromLong(pushed);
}

/* The environment's dict `name`'s item for `agent` (borrowed), or NULL with or without an
 * error set. */
static PyObject *item_of(PyObject *env, PyObject *name, PyObject *agent)
{
    PyObject *dict = PyObject_GetAttr(env, name), *item;
    if (!dict)
        return NULL;
    item = PyDict_CheckExact(dict) ? PyDict_GetItemWithError(dict, agent) : NULL;
    Py_DECREF(dict);  /* the environment holds the dict, and the dict its item */
    return item;
}

/* 1 when the step is done here, 0 when the Python method is to take it (nothing changed),
 * -1 an error. */
static int step_here(EnvStep *self, PyObject *action)
{
    PyObject *env = self->env, *agent, *deal = NULL, *cumulative = NULL, *over = NULL;
    PyObject *agents = NULL, *to_move = NULL, *next, *mode;
    Py_ssize_t id;
    int result = 0, pushed;
    if (!PyLong_CheckExact(action) || (id = PyLong_AsSsize_t(action)) < 0 || id >= self->size) {
        PyErr_Clear();
        return 0;  /* not an id of the space: Python says why */
    }
    if (!(agent = PyObject_GetAttr(env, s_agent_selection)))
        return -1;
    if (item_of(env, s_terminations, agent) != Py_False
            || item_of(env, s_truncations, agent) != Py_False)
        goto done;  /* a dead step, or something unexpected: Python's */
    if (!(deal = PyObject_GetAttr(env, s_deal)) || (pushed = push_legal(self, deal, id)) < 0) {
        result = -1;
        goto done;
    }
    if (!pushed)
        goto done;  /* not legal: Python says why */
    result = -1;
    if (!(cumulative = PyObject_GetAttr(env, s_cumulative))
            || PyObject_SetItem(cumulative, agent, zero) < 0
            || !(over = PyObject_GetAttr(deal, s_is_over)))
        goto done;
    if (over == Py_True) {
        PyObject *none = PyObject_CallMethodOneArg(env, s_end, deal);
        if (!none)
            goto done;
        Py_DECREF(none);
    } else {
        if (!(agents = PyObject_GetAttr(env, s_possible_agents))
                || !(to_move = PyObject_GetAttr(deal, s_to_move))
                || !(next = PyObject_GetItem(agents, to_move)))
            goto done;
        int set = PyObject_SetAttr(env, s_agent_selection, next);
        Py_DECREF(next);
        if (set < 0)
            goto done;
    }
    if (!(mode = PyObject_GetAttr(env, s_render_mode)))
        goto done;
    Py_DECREF(mode);
    if (mode != Py_None) {  /* a step is done: Python renders it */
        PyObject *rendered = PyObject_CallMethod(env, "render", NULL);
        if (!rendered)
            goto done;
        Py_DECREF(rendered);
    }
    result = 1;
done:
    if (result == 0 && PyErr_Occurred())
        result = -1;
    Py_DECREF(agent);
    Py_XDECREF(deal);
    Py_XDECREF(cumulative);
    Py_XDECREF(over);
    Py_XDECREF(agents);
    Py_XDECREF(to_move);
    return result;
}

static PyObject *envstep_step(EnvStep *self, PyObject *action)
{
    int done = step_here(self, action);
    PyObject *args[2] = {self->env, action};
    if (done < 0)
        return NULL;
    if (done)
        Py_RETURN_NONE;
    return PyObject_Vectorcall(self->python_step, args, 2, NULL);
}

static PyObject *envstep_last(EnvStep *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    PyObject *env = self->env, *agent, *observation, *result = NULL;
    PyObject *const names[4] = {s_cumulative, s_terminations, s_truncations, s_infos};
    if (nargs || kwnames) {  /* observe given: the Python method */
        PyObject *all[3] = {env, NULL, NULL};
        Py_ssize_t n = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
        if (n > 2) {
            PyErr_SetString(PyExc_TypeError, "last() takes one argument, observe");
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            all[i + 1] = args[i];
        return PyObject_Vectorcall(self->python_last, all, nargs + 1, kwnames);
    }
    if (!(agent = PyObject_GetAttr(env, s_agent_selection)))
        return NULL;
    if (!(observation = envstep_observe(self, agent))) {
        Py_DECREF(agent);
        return NULL;
    }
    if (!(result = PyTuple_New(5)))
        goto done;
    PyTuple_SET_ITEM(result, 0, Py_NewRef(observation));
    for (int i = 0; i < 4; i++) {
        PyObject *dict = PyObject_GetAttr(env, names[i]), *item;
        item = dict ? PyObject_GetItem(dict, agent) : NULL;
        Py_XDECREF(dict);
        if (!item) {
            Py_CLEAR(result);
            goto done;
        }
        PyTuple_SET_ITEM(result, i + 1, item);
    }
done:
    Py_DECREF(agent);
    Py_DECREF(observation);
    return result;
}

/* ------------------------------------------------------------------ the type */

static PyObject *envstep_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"env", "observe", "seat_of", "actions", "play_base",
                            "play_phase", "legal_other", "mask_type", "mask_shape",
                            "mask_dtype", "python_step", "python_last", NULL};
    PyObject *env, *observe, *seat_of, *actions, *play_base, *play_phase, *legal_other;
    PyObject *mask_type, *mask_shape, *mask_dtype, *python_step, *python_last;
    EnvStep *self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!O!O!OOOO!OOO:EnvStep", names, &env,
                                     &observe, &PyDict_Type, &seat_of, &PyTuple_Type,
                                     &actions, &PyLong_Type, &play_base, &play_phase,
                                     &legal_other, &mask_type, &PyTuple_Type, &mask_shape,
                                     &mask_dtype, &python_step, &python_last))
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
    self->python_step = Py_NewRef(python_step);
    self->python_last = Py_NewRef(python_last);
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
    Py_VISIT(self->python_step);
    Py_VISIT(self->python_last);
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
    Py_CLEAR(self->python_step);
    Py_CLEAR(self->python_last);
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
    {"step", (PyCFunction)envstep_step, METH_O,
     "step(action): the environment's step (what it does not settle, python_step does)."},
    {"last", (PyCFunction)(void (*)(void))envstep_last, METH_FASTCALL | METH_KEYWORDS,
     "last(observe=True): the environment's last (python_last when observe is given)."},
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
    INTERN(s_agent_selection, "agent_selection");
    INTERN(s_terminations, "terminations");
    INTERN(s_truncations, "truncations");
    INTERN(s_cumulative, "_cumulative_rewards");
    INTERN(s_infos, "infos");
    INTERN(s_possible_agents, "possible_agents");
    INTERN(s_render_mode, "render_mode");
    INTERN(s_is_over, "is_over");
    INTERN(s_end, "_end");
#undef INTERN
    if (!(zero = PyFloat_FromDouble(0.0)))
        return -1;
    return add_type(module, "EnvStep", &EnvStepType);
}
