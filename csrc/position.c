/* A Position's push, pop and legal plays, and a Deal's push, legal actions and is_over in
 * its play phase, in C (dizhu/position.py and dizhu/deal.py bind them when the compiled
 * core runs; their Python methods stay the reference and the fallback).
 *
 * bind_position(Position, Play, pass_kind, rocket_kind, push, pop, legal_plays) reads
 * where the two classes keep their slots and returns three method descriptors of Position:
 * push(play), pop() and legal_plays(). Each works on the position's own slots (the same
 * Python objects: hands, counters, the undo stack), exactly as the Python method does.
 * Whatever they do not settle here, they hand to the Python method given: a refused play
 * (so the error and its message are the Python one's), a play that is not the universe's
 * object, an empty undo stack, and any slot that holds something unexpected. A top is
 * beaten by a higher play of its kind and size when the ruleset's beats is the rule
 * book's; else the ruleset's beats (Python) is asked.
 *
 * bind_deal(Deal, play_phase, over_phase, thrown_in_phase, push, legal_actions, is_over)
 * does the same for a Deal: its push of a play or pass in the play phase (no seat, no
 * suited cards given) pushes on its position here, and records it as the Python method
 * does; every other call goes to the Python method. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "position.h"

enum { P_HANDS, P_LEFT, P_MADE, P_WINNER, P_TO_MOVE, P_TOP_ID, P_TOP_SEAT, P_PASSES,
       P_BOMBS, P_ROCKETS, P_SEATS, P_CLEAR, P_DISTINCT, P_RULE_BOOK, P_PLAYS, P_UNDO,
       P_BEATS, P_LEAD, P_FOLLOW, NUM_POSITION_SLOTS };
static const char *const POSITION_SLOTS[NUM_POSITION_SLOTS] = {
    "hands", "left", "plays_made", "winner", "to_move", "top_id", "top_seat", "passes",
    "bombs", "rockets", "seats", "_clear", "distinct", "_rule_book", "_plays", "_undo",
    "_beats", "_lead", "_follow"};

enum { Q_ID, Q_KIND, Q_CARDS, Q_SIZE, Q_MAIN, Q_DISTINCT_OK, Q_DOUBLING, NUM_PLAY_SLOTS };
static const char *const PLAY_SLOTS[NUM_PLAY_SLOTS] = {
    "id", "kind", "cards", "size", "main", "distinct_ok", "doubling"};

static struct {
    PyTypeObject *position, *play;
    PyObject *pass_kind, *rocket_kind;
    PyObject *push, *pop, *legal;  /* the Python methods */
    Py_ssize_t at[NUM_POSITION_SLOTS], play_at[NUM_PLAY_SLOTS];
} bound;

#define SLOT(obj, offset) (*(PyObject **)((char *)(obj) + (offset)))
#define POS(obj, i) SLOT(obj, bound.at[i])
#define PLAY(obj, i) SLOT(obj, bound.play_at[i])

/* ------------------------------------------------------------------ reading slots */

/* An exact int's value into *v: 1, or 0 when it is not one (the caller hands over). */
static int small_int(PyObject *x, long *v)
{
    if (!x || !PyLong_CheckExact(x))
        return 0;
    *v = PyLong_AsLong(x);
    if (*v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* Rank counts: an exact int from 0 to 2**60 - 1 into *v, else 0. */
static int rank_counts(PyObject *x, uint64_t *v)
{
    if (!x || !PyLong_CheckExact(x))
        return 0;
    *v = PyLong_AsUnsignedLongLong(x);
    if (*v == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return *v >> 60 == 0;
}

/* A bool slot: 1 true, 0 false, -1 anything else. */
static int flag(PyObject *x)
{
    return x == Py_True ? 1 : x == Py_False ? 0 : -1;
}

/* The exact list in a position's slot with an item at `index`, else NULL. */
static PyObject *list_at(PyObject *pos, int slot, long index)
{
    PyObject *list = POS(pos, slot);
    return list && PyList_CheckExact(list) && index >= 0 && index < PyList_GET_SIZE(list)
        ? list : NULL;
}

/* Whether every rank count of `hand` is at least that of `cards`. */
static int holds(uint64_t hand, uint64_t cards)
{
    for (; cards; hand >>= 4, cards >>= 4)
        if ((hand & 15) < (cards & 15))
            return 0;
    return 1;
}

/* ------------------------------------------------------------------ writing slots */

/* Replace a slot's object by `value` (a new reference, taken). */
static void put(PyObject *obj, Py_ssize_t offset, PyObject *value)
{
    PyObject *old = SLOT(obj, offset);
    SLOT(obj, offset) = value;
    Py_XDECREF(old);
}

static void put_item(PyObject *list, long index, PyObject *value)
{
    PyObject *old = PyList_GET_ITEM(list, index);
    PyList_SET_ITEM(list, index, value);
    Py_DECREF(old);
}

/* ------------------------------------------------------------------ push */

/* A pass of the seat to move when the trick has a top: 1 done, -1 an error. */
static int push_pass(PyObject *pos, PyObject *play, long seat, long passes)
{
    long seats, clear;
    PyObject *entry, *undo = POS(pos, P_UNDO), *to_move, *new_passes;
    if (!small_int(POS(pos, P_SEATS), &seats) || !small_int(POS(pos, P_CLEAR), &clear)
            || seats <= 0 || !undo || !PyList_CheckExact(undo) || !POS(pos, P_TOP_SEAT))
        return 0;
    entry = PyTuple_Pack(5, POS(pos, P_TO_MOVE), play, POS(pos, P_TOP_ID),
                         POS(pos, P_TOP_SEAT), POS(pos, P_PASSES));
    if (!entry)
        return -1;
    if (passes + 1 == clear) {  /* everyone else passed: the trick is won */
        to_move = Py_NewRef(POS(pos, P_TOP_SEAT));
        new_passes = PyLong_FromLong(0);
    } else {
        to_move = PyLong_FromLong((seat + 1) % seats);
        new_passes = PyLong_FromLong(passes + 1);
    }
    if (!to_move || !new_passes || PyList_Append(undo, entry) < 0) {
        Py_DECREF(entry);
        Py_XDECREF(to_move);
        Py_XDECREF(new_passes);
        return -1;
    }
    Py_DECREF(entry);
    if (passes + 1 == clear)
        put(pos, bound.at[P_TOP_ID], PyLong_FromLong(-1));  /* a small int: no failure */
    put(pos, bound.at[P_PASSES], new_passes);
    put(pos, bound.at[P_TO_MOVE], to_move);
    return 1;
}

/* Whether the universe's `play` may go on `top` here: 1 yes, 0 hand it over, -1 error. */
static int beats_top(PyObject *pos, PyObject *play, PyObject *top)
{
    long size, top_size, main, top_main;
    PyObject *args[2] = {play, top}, *answer;
    int yes;
    if (flag(POS(pos, P_RULE_BOOK)) == 1 && PLAY(play, Q_KIND) == PLAY(top, Q_KIND)
            && small_int(PLAY(play, Q_SIZE), &size) && small_int(PLAY(top, Q_SIZE), &top_size)
            && small_int(PLAY(play, Q_MAIN), &main) && small_int(PLAY(top, Q_MAIN), &top_main)
            && size == top_size && main > top_main)
        return 1;  /* what the rule book's beats says first, without the call */
    if (!POS(pos, P_BEATS))
        return 0;
    answer = PyObject_Vectorcall(POS(pos, P_BEATS), args, 2, NULL);
    if (!answer) {
        PyErr_Clear();  /* the Python method raises it again, from its own line */
        return 0;
    }
    yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    if (yes < 0)
        PyErr_Clear();
    return yes > 0;
}

/* A play (the universe's object) of the seat to move: 1 done, 0 hand it over, -1 error. */
static int push_play(PyObject *pos, PyObject *play, long seat, long top_id)
{
    long id, size, left_now, made, seats, counter = 0;
    uint64_t hand, cards;
    int doubling, rocket = 0, counted = P_BOMBS;
    PyObject *plays = POS(pos, P_PLAYS), *hands, *left, *made_list, *undo, *entry;
    PyObject *new_hand = NULL, *new_left = NULL, *new_made = NULL, *new_counter = NULL;
    PyObject *new_top = NULL, *new_to_move = NULL, *new_winner = NULL;
    if (!small_int(PLAY(play, Q_ID), &id) || !plays || !PyTuple_CheckExact(plays)
            || id < 0 || id >= PyTuple_GET_SIZE(plays) || PyTuple_GET_ITEM(plays, id) != play)
        return 0;  /* not the universe's object: Python looks it up */
    switch (flag(POS(pos, P_DISTINCT))) {
    case 0:
        break;
    case 1:
        if (flag(PLAY(play, Q_DISTINCT_OK)) == 1)
            break;
        /* fall through */
    default:
        return 0;
    }
    if (top_id >= 0) {  /* first: the ruleset's beats may run Python code */
        PyObject *top;
        int yes;
        if (top_id >= PyTuple_GET_SIZE(plays)
                || Py_TYPE(top = PyTuple_GET_ITEM(plays, top_id)) != bound.play)
            return 0;
        Py_INCREF(top);
        yes = beats_top(pos, play, top);
        Py_DECREF(top);
        if (yes <= 0)
            return yes;
    }
    hands = list_at(pos, P_HANDS, seat);
    left = list_at(pos, P_LEFT, seat);
    made_list = list_at(pos, P_MADE, seat);
    undo = POS(pos, P_UNDO);
    if (!hands || !left || !made_list || !undo || !PyList_CheckExact(undo)
            || !small_int(POS(pos, P_SEATS), &seats) || seats <= 0)
        return 0;
    if (!rank_counts(PyList_GET_ITEM(hands, seat), &hand)
            || !rank_counts(PLAY(play, Q_CARDS), &cards) || !holds(hand, cards)
            || !small_int(PLAY(play, Q_SIZE), &size)
            || !small_int(PyList_GET_ITEM(left, seat), &left_now)
            || !small_int(PyList_GET_ITEM(made_list, seat), &made)
            || (doubling = flag(PLAY(play, Q_DOUBLING))) < 0)
        return 0;
    if (doubling) {
        rocket = PLAY(play, Q_KIND) == bound.rocket_kind;
        counted = rocket ? P_ROCKETS : P_BOMBS;
        if (!small_int(POS(pos, counted), &counter))
            return 0;
    }
    if (!POS(pos, P_TO_MOVE) || !POS(pos, P_TOP_ID) || !POS(pos, P_TOP_SEAT)
            || !POS(pos, P_PASSES))
        return 0;
    entry = PyTuple_Pack(5, POS(pos, P_TO_MOVE), play, POS(pos, P_TOP_ID),
                         POS(pos, P_TOP_SEAT), POS(pos, P_PASSES));
    if (!entry)
        return -1;
    new_hand = PyLong_FromUnsignedLongLong(hand - cards);
    new_left = PyLong_FromLong(left_now - size);
    new_made = PyLong_FromLong(made + 1);
    new_counter = doubling ? PyLong_FromLong(counter + 1) : Py_NewRef(Py_None);
    new_top = Py_NewRef(PLAY(play, Q_ID));
    if (left_now - size) {
        new_to_move = PyLong_FromLong((seat + 1) % seats);
        new_winner = Py_NewRef(POS(pos, P_WINNER));
    } else {
        new_to_move = PyLong_FromLong(-1);
        new_winner = PyLong_FromLong(seat);
    }
    if (!new_hand || !new_left || !new_made || !new_counter || !new_to_move || !new_winner
            || PyList_Append(undo, entry) < 0) {
        Py_DECREF(entry);
        Py_XDECREF(new_hand);
        Py_XDECREF(new_left);
        Py_XDECREF(new_made);
        Py_XDECREF(new_counter);
        Py_DECREF(new_top);
        Py_XDECREF(new_to_move);
        Py_XDECREF(new_winner);
        return -1;
    }
    Py_DECREF(entry);
    put_item(hands, seat, new_hand);
    put_item(left, seat, new_left);
    put_item(made_list, seat, new_made);
    if (doubling)
        put(pos, bound.at[counted], new_counter);
    else
        Py_DECREF(new_counter);
    put(pos, bound.at[P_TOP_SEAT], Py_NewRef(POS(pos, P_TO_MOVE)));  /* the seat that played */
    put(pos, bound.at[P_TOP_ID], new_top);
    put(pos, bound.at[P_PASSES], PyLong_FromLong(0));
    put(pos, bound.at[P_WINNER], new_winner);
    put(pos, bound.at[P_TO_MOVE], new_to_move);
    return 1;
}

/* 1 when the push is done here, 0 when the Python method is to do it, -1 an error. */
static int push_here(PyObject *pos, PyObject *play)
{
    long winner, seat, top_id, passes;
    if (Py_TYPE(play) != bound.play || !small_int(POS(pos, P_WINNER), &winner) || winner >= 0
            || !small_int(POS(pos, P_TO_MOVE), &seat) || !small_int(POS(pos, P_TOP_ID), &top_id)
            || !small_int(POS(pos, P_PASSES), &passes))
        return 0;
    if (PLAY(play, Q_KIND) == bound.pass_kind)
        return top_id < 0 ? 0 : push_pass(pos, play, seat, passes);
    return push_play(pos, play, seat, top_id);
}

static PyObject *position_push(PyObject *pos, PyObject *play)
{
    int done = push_here(pos, play);
    PyObject *args[2] = {pos, play};
    if (done < 0)
        return NULL;
    if (done)
        Py_RETURN_NONE;
    return PyObject_Vectorcall(bound.push, args, 2, NULL);
}

/* ------------------------------------------------------------------ pop */

/* 1 when the last push is taken back here (its play in *out), 0 hand it over, -1 error. */
static int pop_here(PyObject *pos, PyObject **out)
{
    PyObject *undo = POS(pos, P_UNDO), *entry, *play;
    PyObject *hands, *left, *made_list, *new_hand, *new_left, *new_made, *new_counter = NULL;
    long seat, size, left_now, made, counter = 0;
    uint64_t hand, cards;
    int doubling, counted = P_BOMBS;
    Py_ssize_t n;
    if (!undo || !PyList_CheckExact(undo) || (n = PyList_GET_SIZE(undo)) == 0)
        return 0;
    entry = PyList_GET_ITEM(undo, n - 1);
    if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 5
            || Py_TYPE(play = PyTuple_GET_ITEM(entry, 1)) != bound.play
            || !small_int(PyTuple_GET_ITEM(entry, 0), &seat))
        return 0;
    Py_INCREF(entry);
    if (PLAY(play, Q_KIND) == bound.pass_kind) {
        if (PyList_SetSlice(undo, n - 1, n, NULL) < 0) {
            Py_DECREF(entry);
            return -1;
        }
    } else {
        hands = list_at(pos, P_HANDS, seat);
        left = list_at(pos, P_LEFT, seat);
        made_list = list_at(pos, P_MADE, seat);
        if (!hands || !left || !made_list
                || !rank_counts(PyList_GET_ITEM(hands, seat), &hand)
                || !rank_counts(PLAY(play, Q_CARDS), &cards)
                || !small_int(PLAY(play, Q_SIZE), &size)
                || !small_int(PyList_GET_ITEM(left, seat), &left_now)
                || !small_int(PyList_GET_ITEM(made_list, seat), &made)
                || (doubling = flag(PLAY(play, Q_DOUBLING))) < 0) {
            Py_DECREF(entry);
            return 0;
        }
        if (doubling) {
            counted = PLAY(play, Q_KIND) == bound.rocket_kind ? P_ROCKETS : P_BOMBS;
            if (!small_int(POS(pos, counted), &counter)) {
                Py_DECREF(entry);
                return 0;
            }
        }
        new_hand = PyLong_FromUnsignedLongLong(hand + cards);
        new_left = PyLong_FromLong(left_now + size);
        new_made = PyLong_FromLong(made - 1);
        if (doubling)
            new_counter = PyLong_FromLong(counter - 1);
        if (!new_hand || !new_left || !new_made || (doubling && !new_counter)
                || PyList_SetSlice(undo, n - 1, n, NULL) < 0) {
            Py_DECREF(entry);
            Py_XDECREF(new_hand);
            Py_XDECREF(new_left);
            Py_XDECREF(new_made);
            Py_XDECREF(new_counter);
            return -1;
        }
        put_item(hands, seat, new_hand);
        put_item(left, seat, new_left);
        put_item(made_list, seat, new_made);
        if (doubling)
            put(pos, bound.at[counted], new_counter);
        put(pos, bound.at[P_WINNER], PyLong_FromLong(-1));
    }
    put(pos, bound.at[P_TOP_ID], Py_NewRef(PyTuple_GET_ITEM(entry, 2)));
    put(pos, bound.at[P_TOP_SEAT], Py_NewRef(PyTuple_GET_ITEM(entry, 3)));
    put(pos, bound.at[P_PASSES], Py_NewRef(PyTuple_GET_ITEM(entry, 4)));
    put(pos, bound.at[P_TO_MOVE], Py_NewRef(PyTuple_GET_ITEM(entry, 0)));
    *out = Py_NewRef(play);
    Py_DECREF(entry);
    return 1;
}

static PyObject *position_pop(PyObject *pos, PyObject *Py_UNUSED(ignored))
{
    PyObject *play = NULL;
    int done = pop_here(pos, &play);
    if (done < 0)
        return NULL;
    if (done)
        return play;
    return PyObject_CallOneArg(bound.pop, pos);
}

/* ------------------------------------------------------------------ legal plays */

static PyObject *position_legal_plays(PyObject *pos, PyObject *Py_UNUSED(ignored))
{
    long winner, seat, top_id;
    PyObject *hands, *plays = POS(pos, P_PLAYS), *args[2];
    if (!small_int(POS(pos, P_WINNER), &winner) || !small_int(POS(pos, P_TOP_ID), &top_id)
            || !small_int(POS(pos, P_TO_MOVE), &seat))
        return PyObject_CallOneArg(bound.legal, pos);
    if (winner >= 0)
        return PyList_New(0);
    if (!(hands = list_at(pos, P_HANDS, seat)) || !POS(pos, P_LEAD) || !POS(pos, P_FOLLOW)
            || !plays || !PyTuple_CheckExact(plays) || top_id >= PyTuple_GET_SIZE(plays))
        return PyObject_CallOneArg(bound.legal, pos);
    if (top_id < 0)
        return PyObject_CallOneArg(POS(pos, P_LEAD), PyList_GET_ITEM(hands, seat));
    args[0] = PyList_GET_ITEM(hands, seat);
    args[1] = PyTuple_GET_ITEM(plays, top_id);
    return PyObject_Vectorcall(POS(pos, P_FOLLOW), args, 2, NULL);
}

/* ------------------------------------------------------------------ binding */

static PyMethodDef position_methods[] = {
    {"push", (PyCFunction)position_push, METH_O,
     "Apply ``play`` (a pass included) for the seat to move, checked (what is applied\n"
     "is the universe's object: :attr:`last_play`)."},
    {"pop", (PyCFunction)position_pop, METH_NOARGS,
     "Take back the last play or pass and return it."},
    {"legal_plays", (PyCFunction)position_legal_plays, METH_NOARGS,
     "Every play of the seat to move (following, the pass first)."},
};

/* Where `type` keeps each of `names`: its slots' offsets into `at`; -1 when one is not a
 * slot of objects. */
static int slot_offsets(PyTypeObject *type, const char *const *names, int n, Py_ssize_t *at)
{
    for (int i = 0; i < n; i++) {
        PyObject *descr = PyObject_GetAttrString((PyObject *)type, names[i]);
        PyMemberDef *member;
        if (!descr)
            return -1;
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)
                || (member = ((PyMemberDescrObject *)descr)->d_member)->type != T_OBJECT_EX
                || (member->flags & READONLY)) {
            PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, names[i]);
            Py_DECREF(descr);
            return -1;
        }
        at[i] = member->offset;
        Py_DECREF(descr);
    }
    return 0;
}

/* A tuple of the method descriptors of `type` for the first `n` of `defs`. */
static PyObject *descriptors(PyTypeObject *type, PyMethodDef *defs, int n)
{
    PyObject *methods = PyTuple_New(n);
    for (int i = 0; methods && i < n; i++) {
        PyObject *descr = PyDescr_NewMethod(type, &defs[i]);
        if (!descr)
            Py_CLEAR(methods);
        else
            PyTuple_SET_ITEM(methods, i, descr);
    }
    return methods;
}

PyObject *bind_position(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyTypeObject *position, *play;
    PyObject *pass_kind, *rocket_kind, *push, *pop, *legal, *methods;
    if (!PyArg_ParseTuple(args, "O!O!OOOOO:bind_position", &PyType_Type, &position,
                          &PyType_Type, &play, &pass_kind, &rocket_kind, &push, &pop, &legal))
        return NULL;
    if (slot_offsets(position, POSITION_SLOTS, NUM_POSITION_SLOTS, bound.at) < 0
            || slot_offsets(play, PLAY_SLOTS, NUM_PLAY_SLOTS, bound.play_at) < 0)
        return NULL;
    if (!(methods = descriptors(position, position_methods, 3)))
        return NULL;
    Py_XSETREF(bound.position, (PyTypeObject *)Py_NewRef(position));
    Py_XSETREF(bound.play, (PyTypeObject *)Py_NewRef(play));
    Py_XSETREF(bound.pass_kind, Py_NewRef(pass_kind));
    Py_XSETREF(bound.rocket_kind, Py_NewRef(rocket_kind));
    Py_XSETREF(bound.push, Py_NewRef(push));
    Py_XSETREF(bound.pop, Py_NewRef(pop));
    Py_XSETREF(bound.legal, Py_NewRef(legal));
    return methods;
}

/* ------------------------------------------------------------------ a deal's play phase */

enum { D_PHASE, D_POSITION, D_HISTORY, D_TO_MOVE, D_PUSH, NUM_DEAL_SLOTS };
static const char *const DEAL_SLOTS[NUM_DEAL_SLOTS] = {
    "phase", "position", "history", "to_move", "_push"};

static struct {
    PyObject *play_phase, *over_phase, *thrown_in_phase;
    PyObject *push, *legal, *is_over;  /* the Python methods and property */
    Py_ssize_t at[NUM_DEAL_SLOTS];
} deal_bound;

#define DEAL(obj, i) SLOT(obj, deal_bound.at[i])

/* The Python method Deal.push, called with the deal and the arguments given. */
static PyObject *deal_push_python(PyObject *deal, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
    Py_ssize_t n = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    PyObject *few[4], **all = n < 4 ? few : PyMem_New(PyObject *, n + 1), *result;
    if (!all)
        return PyErr_NoMemory();
    all[0] = deal;
    for (Py_ssize_t i = 0; i < n; i++)
        all[i + 1] = args[i];
    result = PyObject_Vectorcall(deal_bound.push, all, nargs + 1, kwnames);
    if (all != few)
        PyMem_Free(all);
    return result;
}

/* Deal.push(action) in the play phase, for a play or pass of the seat to move (a seat
 * or suited cards given, or any other phase, go to the Python method). */
static PyObject *deal_push(PyObject *deal, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    PyObject *action = nargs == 1 ? args[0] : NULL, *position = DEAL(deal, D_POSITION);
    PyObject *history = DEAL(deal, D_HISTORY), *seat = DEAL(deal, D_TO_MOVE), *undo, *entry;
    PyObject *last;
    PyObject *to_move;
    long winner;
    int done;
    if (!action || kwnames || DEAL(deal, D_PHASE) != deal_bound.play_phase
            || Py_TYPE(action) != bound.play || !position
            || !PyObject_TypeCheck(position, bound.position) || !history
            || !PyList_CheckExact(history) || !seat || !DEAL(deal, D_PUSH)) {
        return deal_push_python(deal, args, nargs, kwnames);
    }
    Py_INCREF(seat);
    Py_INCREF(position);
    done = push_here(position, action);
    if (done == 0) {  /* as the Python method does: the position's push, which says why */
        PyObject *none = PyObject_CallOneArg(DEAL(deal, D_PUSH), action);
        done = none ? 1 : -1;
        Py_XDECREF(none);
    }
    if (done < 0) {
        Py_DECREF(seat);
        Py_DECREF(position);
        return NULL;
    }
    undo = POS(position, P_UNDO);
    history = DEAL(deal, D_HISTORY);  /* read again: the push may have run Python code */
    if (!undo || !PyList_CheckExact(undo) || PyList_GET_SIZE(undo) == 0
            || !PyTuple_CheckExact(last = PyList_GET_ITEM(undo, PyList_GET_SIZE(undo) - 1))
            || PyTuple_GET_SIZE(last) < 2 || !history || !PyList_CheckExact(history)
            || !(to_move = POS(position, P_TO_MOVE))
            || !small_int(POS(position, P_WINNER), &winner)) {
        Py_DECREF(seat);
        Py_DECREF(position);
        PyErr_SetString(PyExc_SystemError, "a deal's state is not what a push leaves");
        return NULL;
    }
    entry = PyTuple_Pack(2, seat, PyTuple_GET_ITEM(last, 1));  /* the last play, as applied */
    Py_DECREF(seat);
    if (!entry || PyList_Append(history, entry) < 0) {
        Py_XDECREF(entry);
        Py_DECREF(position);
        return NULL;
    }
    Py_DECREF(entry);
    put(deal, deal_bound.at[D_TO_MOVE], Py_NewRef(to_move));
    if (winner >= 0)
        put(deal, deal_bound.at[D_PHASE], Py_NewRef(deal_bound.over_phase));
    Py_DECREF(position);
    Py_RETURN_NONE;
}

static PyObject *deal_legal_actions(PyObject *deal, PyObject *Py_UNUSED(ignored))
{
    PyObject *position = DEAL(deal, D_POSITION);
    if (DEAL(deal, D_PHASE) == deal_bound.play_phase && position
            && PyObject_TypeCheck(position, bound.position))
        return position_legal_plays(position, NULL);
    return PyObject_CallOneArg(deal_bound.legal, deal);
}

static PyMethodDef deal_methods[] = {
    {"push", (PyCFunction)(void (*)(void))deal_push, METH_FASTCALL | METH_KEYWORDS,
     "Apply ``action`` for the seat to move (checked; ``seat`` must match if given).\n"
     "``cards``: the suited cards a person chose for a play (they must be held and be\n"
     "exactly the play's ranks)."},
    {"legal_actions", (PyCFunction)deal_legal_actions, METH_NOARGS,
     "Every action of the seat to move (plays when following start with the pass)."},
};

/* Deal.is_over: the deal has ended, played out or thrown in. */
static PyObject *deal_is_over(PyObject *deal, void *Py_UNUSED(closure))
{
    PyObject *phase = DEAL(deal, D_PHASE), *prop = deal_bound.is_over;
    if (!phase)  /* unset: the property says so */
        return Py_TYPE(prop)->tp_descr_get(prop, deal, (PyObject *)Py_TYPE(deal));
    return PyBool_FromLong(phase == deal_bound.over_phase
                           || phase == deal_bound.thrown_in_phase);
}

static PyGetSetDef deal_is_over_def = {
    "is_over", deal_is_over, NULL,
    "The deal has ended: played out, or thrown in when nobody bid.", NULL};

PyObject *bind_deal(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyTypeObject *deal;
    PyObject *play_phase, *over_phase, *thrown_in_phase, *push, *legal, *is_over, *methods;
    PyObject *two, *getter;
    if (!PyArg_ParseTuple(args, "O!OOOOOO:bind_deal", &PyType_Type, &deal, &play_phase,
                          &over_phase, &thrown_in_phase, &push, &legal, &is_over))
        return NULL;
    if (!Py_TYPE(is_over)->tp_descr_get) {
        PyErr_SetString(PyExc_TypeError, "is_over must be a property");
        return NULL;
    }
    if (!bound.position) {
        PyErr_SetString(PyExc_RuntimeError, "bind_position comes first");
        return NULL;
    }
    if (slot_offsets(deal, DEAL_SLOTS, NUM_DEAL_SLOTS, deal_bound.at) < 0
            || !(two = descriptors(deal, deal_methods, 2)))
        return NULL;
    getter = PyDescr_NewGetSet(deal, &deal_is_over_def);
    methods = getter ? PyTuple_Pack(3, PyTuple_GET_ITEM(two, 0), PyTuple_GET_ITEM(two, 1),
                                    getter) : NULL;
    Py_DECREF(two);
    Py_XDECREF(getter);
    if (!methods)
        return NULL;
    Py_XSETREF(deal_bound.play_phase, Py_NewRef(play_phase));
    Py_XSETREF(deal_bound.over_phase, Py_NewRef(over_phase));
    Py_XSETREF(deal_bound.push, Py_NewRef(push));
    Py_XSETREF(deal_bound.legal, Py_NewRef(legal));
    Py_XSETREF(deal_bound.thrown_in_phase, Py_NewRef(thrown_in_phase));
    Py_XSETREF(deal_bound.is_over, Py_NewRef(is_over));
    return methods;
}
