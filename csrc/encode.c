/* The observation encodings of dizhu/encoding (summary.py and history.py) in C.
 *
 * Observer(history, seats, answers, phases, play_type, tops, deck, new_vector) encodes one
 * ruleset's observations: ``history`` chooses the encoding (false: summary.py's, true:
 * history.py's), ``answers`` maps each auction answer to its column, ``phases`` is the
 * tuple of the deal's phases in the vector's order, ``play_type`` the class of plays,
 * ``tops`` the universe's plays by id (a deal's top_id indexes it), ``deck`` the ruleset's
 * rank counts and ``new_vector()`` an empty float32 vector of ``size`` numbers.
 * encode(deal, seat) returns the vector the pure encoder's from_deal gives (the tests
 * compare them byte for byte): it reads the deal's attributes as dizhu/deal.py names them
 * and follows its history from call to call (its version and length tell a new history
 * from a longer one), so each call reads only the actions since the last one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "encode.h"
#include "pyface.h"
#include "ranks.h"

#define RECENT 15      /* the history encoding's recent plays (dizhu/encoding/history.py) */
#define NUM_KINDS_ 15  /* the kinds of combination, dizhu.combos.Kind */
#define NUM_PHASES 5
#define MAX_SEATS 8
#define MAX_ANSWERS 8

typedef struct {
    PyObject_HEAD
    int history;
    int seats;
    int width;             /* the auction's answers */
    Py_ssize_t size;       /* numbers in a vector */
    PyObject *answers, *phases, *play_type, *tops, *new_vector;
    uint64_t deck;
    /* the history followed */
    long long version;
    Py_ssize_t seen;
    uint64_t played[MAX_SEATS];
    uint64_t last[MAX_SEATS];       /* each seat's last action in the play */
    int passed[MAX_SEATS];
    uint64_t recent[RECENT];         /* the last plays, oldest first */
    int recent_seat[RECENT];
    int recent_count;
} Observer;

static PyObject *s_position, *s_hands, *s_left, *s_plays_made, *s_landlord, *s_top_id,
    *s_top_seat, *s_bombs, *s_rockets, *s_history, *s_version, *s_to_move, *s_phase,
    *s_kitty, *s_auction_state, *s_stake, *s_set_aside, *s_bids, *s_doubled, *s_redoubled,
    *s_cards, *s_kind;

/* ------------------------------------------------------------------ reading the deal */

static int get_ll(PyObject *obj, PyObject *name, long long *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v)
        return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int as_cards(PyObject *v, uint64_t *out)
{
    *out = PyLong_AsUnsignedLongLong(v);
    return (*out == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

static int get_cards(PyObject *obj, PyObject *name, uint64_t *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v)
        return -1;
    int r = as_cards(v, out);
    Py_DECREF(v);
    return r;
}

/* Per-seat ints of a list attribute (hands, left, plays_made, doubled). */
static int get_seat_values(PyObject *obj, PyObject *name, int seats, uint64_t *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v)
        return -1;
    PyObject *fast = items_of(v, "a per-seat list");
    Py_DECREF(v);
    if (!fast)
        return -1;
    int r = 0;
    if (PySequence_Fast_GET_SIZE(fast) != seats) {
        PyErr_SetString(PyExc_ValueError, "a per-seat list of another number of seats");
        r = -1;
    }
    for (int s = 0; s < seats && !r; s++)
        r = as_cards(PySequence_Fast_GET_ITEM(fast, s), &out[s]);
    Py_DECREF(fast);
    return r;
}

static void forget(Observer *self, long long version)
{
    self->version = version;
    self->seen = 0;
    memset(self->played, 0, sizeof self->played);
    memset(self->last, 0, sizeof self->last);
    memset(self->passed, 0, sizeof self->passed);
    self->recent_count = 0;
}

/* Follow the deal's history to its end (afresh if it is another history). */
static int follow(Observer *self, PyObject *deal)
{
    long long version;
    if (get_ll(deal, s_version, &version) < 0)
        return -1;
    PyObject *history = PyObject_GetAttr(deal, s_history);
    if (!history)
        return -1;
    if (!PyList_Check(history)) {
        Py_DECREF(history);
        PyErr_SetString(PyExc_TypeError, "a deal's history is a list");
        return -1;
    }
    Py_ssize_t n = PyList_GET_SIZE(history);
    if (version != self->version || n < self->seen)
        forget(self, version);
    for (Py_ssize_t i = self->seen; i < n; i++) {
        PyObject *entry = PyList_GET_ITEM(history, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            PyErr_SetString(PyExc_TypeError, "a history entry is (seat, action)");
            goto fail;
        }
        PyObject *action = PyTuple_GET_ITEM(entry, 1);
        if (Py_TYPE(action) != (PyTypeObject *)self->play_type)
            continue;
        PyObject *who = PyTuple_GET_ITEM(entry, 0);
        if (!PyLong_Check(who)) {  /* an int's value is read without running Python code,
                                      which could change the history under the loop */
            PyErr_SetString(PyExc_TypeError, "a history entry's seat is an int");
            goto fail;
        }
        long seat = PyLong_AsLong(who);
        if (seat == -1 && PyErr_Occurred())
            goto fail;
        if (seat < 0 || seat >= self->seats) {
            PyErr_SetString(PyExc_ValueError, "a history entry's seat is out of range");
            goto fail;
        }
        uint64_t cards;
        if (get_cards(action, s_cards, &cards) < 0)
            goto fail;
        self->played[seat] += cards;
        self->last[seat] = cards;
        self->passed[seat] = cards == 0;
        if (self->recent_count == RECENT) {
            memmove(self->recent, self->recent + 1, (RECENT - 1) * sizeof *self->recent);
            memmove(self->recent_seat, self->recent_seat + 1,
                    (RECENT - 1) * sizeof *self->recent_seat);
            self->recent_count--;
        }
        self->recent[self->recent_count] = cards;
        self->recent_seat[self->recent_count++] = (int)seat;
    }
    self->seen = n;
    Py_DECREF(history);
    return 0;
fail:
    forget(self, -1);
    Py_DECREF(history);
    return -1;
}

/* ------------------------------------------------------------------ writing the vector */

static float *put_counts(float *out, uint64_t cards)
{
    for (int r = 0; r < NUM_RANKS; r++)
        out[r] = (float)count_of(cards, r);
    return out + NUM_RANKS;
}

/* A one-hot row of n: 1 at `at` (none when at < 0). */
static float *put_one_hot(float *out, int n, int at)
{
    if (at >= 0 && at < n)
        out[at] = 1.0f;
    return out + n;
}

typedef struct {
    uint64_t hands[MAX_SEATS], left[MAX_SEATS], plays_made[MAX_SEATS];
    long long landlord, to_move, top_id, top_seat, bombs, rockets, stake;
    uint64_t kitty, top_cards, set_aside;
    int top_kind, phase;
} DealState;

static int read_deal(Observer *self, PyObject *deal, DealState *d)
{
    int n = self->seats;
    PyObject *position = PyObject_GetAttr(deal, s_position);
    if (!position)
        return -1;
    int r = get_seat_values(position, s_hands, n, d->hands) < 0
        || get_seat_values(position, s_left, n, d->left) < 0
        || get_seat_values(position, s_plays_made, n, d->plays_made) < 0
        || get_ll(position, s_landlord, &d->landlord) < 0
        || get_ll(position, s_top_id, &d->top_id) < 0
        || get_ll(position, s_top_seat, &d->top_seat) < 0
        || get_ll(position, s_bombs, &d->bombs) < 0
        || get_ll(position, s_rockets, &d->rockets) < 0 ? -1 : 0;
    Py_DECREF(position);
    if (r < 0 || get_ll(deal, s_to_move, &d->to_move) < 0)
        return -1;
    d->kitty = 0;
    if (d->landlord >= 0 && get_cards(deal, s_kitty, &d->kitty) < 0)
        return -1;
    d->set_aside = 0;
    if (self->history && get_cards(deal, s_set_aside, &d->set_aside) < 0)
        return -1;
    PyObject *state = PyObject_GetAttr(deal, s_auction_state);
    if (!state)
        return -1;
    r = get_ll(state, s_stake, &d->stake);
    Py_DECREF(state);
    if (r < 0)
        return -1;
    PyObject *phase = PyObject_GetAttr(deal, s_phase);
    if (!phase)
        return -1;
    d->phase = -1;
    for (int p = 0; p < NUM_PHASES; p++)
        if (PyTuple_GET_ITEM(self->phases, p) == phase)
            d->phase = p;
    Py_DECREF(phase);
    d->top_cards = 0;
    d->top_kind = -1;
    if (d->top_id >= 0) {
        if (d->top_id >= PyTuple_GET_SIZE(self->tops) - 1) {
            PyErr_SetString(PyExc_ValueError, "a top id outside the ruleset's universe");
            return -1;
        }
        PyObject *top = PyTuple_GET_ITEM(self->tops, d->top_id);
        long long kind;
        if (get_cards(top, s_cards, &d->top_cards) < 0 || get_ll(top, s_kind, &kind) < 0)
            return -1;
        d->top_kind = (int)kind;
    }
    return 0;
}

/* The bids and doubled fields, seen from `seat`. */
static int put_auction(Observer *self, PyObject *deal, int seat, long long landlord,
                       float *out)
{
    int n = self->seats, width = self->width;
    PyObject *bids = PyObject_GetAttr(deal, s_bids);
    if (!bids)
        return -1;
    PyObject *fast = items_of(bids, "a deal's bids");
    Py_DECREF(bids);
    if (!fast)
        return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *entry = PySequence_Fast_GET_ITEM(fast, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            PyErr_SetString(PyExc_TypeError, "a bid is (seat, answer)");
            goto fail;
        }
        long s = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        if (s == -1 && PyErr_Occurred())
            goto fail;
        PyObject *column = PyDict_GetItemWithError(self->answers, PyTuple_GET_ITEM(entry, 1));
        if (!column) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "an answer of another auction");
            goto fail;
        }
        long c = PyLong_AsLong(column);
        if (c == -1 && PyErr_Occurred())
            goto fail;
        if (s < 0 || s >= n || c < 0 || c >= width) {
            PyErr_SetString(PyExc_ValueError, "a bid out of range");
            goto fail;
        }
        out[((s - seat + n) % n) * width + c] += 1.0f;
    }
    Py_DECREF(fast);
    out += n * width;
    uint64_t doubled[MAX_SEATS];
    long long redoubled;
    if (get_seat_values(deal, s_doubled, n, doubled) < 0 || get_ll(deal, s_redoubled,
                                                                    &redoubled) < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        int s = (seat + k) % n;
        out[k] = (float)((s == landlord ? (uint64_t)redoubled : doubled[s]) != 0);
    }
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static int relative(int seat, long long s, int n)
{
    return s < 0 || s >= n ? -1 : (int)((s - seat + n) % n);
}

static int encode_into(Observer *self, PyObject *deal, int seat, float *out)
{
    int n = self->seats;
    DealState d;
    if (follow(self, deal) < 0 || read_deal(self, deal, &d) < 0)
        return -1;
    float *p = out;
    int landlord = relative(seat, d.landlord, n), to_move = relative(seat, d.to_move, n);
    int top_seat = d.top_id >= 0 ? relative(seat, d.top_seat, n) : -1;
    long long doublings = d.bombs + d.rockets;
    p = put_counts(p, d.hands[seat]);
    if (self->history) {
        uint64_t played = 0;
        for (int s = 0; s < n; s++)
            played += self->played[s];
        for (int r = 0; r < NUM_RANKS; r++)
            p[r] = (float)(count_of(self->deck, r) - count_of(d.set_aside, r)
                           - count_of(d.hands[seat], r) - count_of(played, r));
        p += NUM_RANKS;
    }
    for (int k = 0; k < n; k++)
        p = put_counts(p, self->played[(seat + k) % n]);
    if (self->history) {
        for (int k = 0; k < n; k++)
            p = put_counts(p, self->last[(seat + k) % n]);
        p += (RECENT - self->recent_count) * NUM_RANKS;
        for (int i = 0; i < self->recent_count; i++)
            p = put_counts(p, self->recent[i]);
        p = put_counts(p, d.top_cards);
        p = put_counts(p, d.kitty);
        for (int k = 0; k < n; k++)
            *p++ = (float)d.left[(seat + k) % n];
        for (int k = 0; k < n; k++)
            *p++ = (float)self->passed[(seat + k) % n];
        p += (RECENT - self->recent_count) * n;
        for (int i = 0; i < self->recent_count; i++)
            p = put_one_hot(p, n, relative(seat, self->recent_seat[i], n));
        p = put_one_hot(p, n, top_seat);
        p = put_one_hot(p, n, landlord);
        p = put_one_hot(p, n, to_move);
        p = put_one_hot(p, NUM_PHASES, d.phase);
    } else {
        p = put_counts(p, d.kitty);
        p = put_counts(p, d.top_cards);
        for (int k = 0; k < n; k++)
            *p++ = (float)d.left[(seat + k) % n];
        for (int k = 0; k < n; k++)
            *p++ = (float)d.plays_made[(seat + k) % n];
        p = put_one_hot(p, n, landlord);
        p = put_one_hot(p, n, to_move);
        p = put_one_hot(p, n, top_seat);
        p = put_one_hot(p, NUM_KINDS_, d.top_kind);
        p = put_one_hot(p, NUM_PHASES, d.phase);
    }
    if (put_auction(self, deal, seat, d.landlord, p) < 0)
        return -1;
    p += n * self->width + n;
    if (self->history)
        *p++ = (float)doublings;
    *p++ = (float)(doublings < 63 ? d.stake << doublings : 0);
    if (p - out != self->size) {
        PyErr_SetString(PyExc_SystemError, "the encoder wrote another size");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the type */

static PyObject *observer_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"history", "seats", "answers", "phases", "play_type", "tops",
                            "deck", "new_vector", NULL};
    int history, seats;
    PyObject *answers, *phases, *play_type, *tops, *deck, *new_vector;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "piO!O!OO!OO", names, &history, &seats,
                                     &PyDict_Type, &answers, &PyTuple_Type, &phases,
                                     &play_type, &PyTuple_Type, &tops, &deck, &new_vector))
        return NULL;
    Py_ssize_t width = PyDict_GET_SIZE(answers);
    if (seats < 2 || seats > MAX_SEATS || width > MAX_ANSWERS
            || PyTuple_GET_SIZE(phases) != NUM_PHASES || !PyType_Check(play_type)
            || PyTuple_GET_SIZE(tops) < 1) {
        PyErr_SetString(PyExc_ValueError, "an encoding this observer cannot write");
        return NULL;
    }
    Observer *self = (Observer *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    self->history = history;
    self->seats = seats;
    self->width = (int)width;
    int n = seats;
    self->size = history
        ? 2 * NUM_RANKS + 2 * n * NUM_RANKS + RECENT * NUM_RANKS + 2 * NUM_RANKS + 2 * n
              + RECENT * n + 3 * n + NUM_PHASES + n * width + n + 2
        : NUM_RANKS + n * NUM_RANKS + 2 * NUM_RANKS + 5 * n + NUM_KINDS_ + NUM_PHASES
              + n * width + n + 1;
    if (as_cards(deck, &self->deck) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    Py_INCREF(answers);
    self->answers = answers;
    Py_INCREF(phases);
    self->phases = phases;
    Py_INCREF(play_type);
    self->play_type = play_type;
    Py_INCREF(tops);
    self->tops = tops;
    Py_INCREF(new_vector);
    self->new_vector = new_vector;
    forget(self, -1);
    return (PyObject *)self;
}

static void observer_dealloc(Observer *self)
{
    Py_XDECREF(self->answers);
    Py_XDECREF(self->phases);
    Py_XDECREF(self->play_type);
    Py_XDECREF(self->tops);
    Py_XDECREF(self->new_vector);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *observer_encode(Observer *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "encode(deal, seat)");
        return NULL;
    }
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    if (seat < 0 || seat >= self->seats) {
        PyErr_Format(PyExc_ValueError, "seat %ld: the seats are 0..%d", seat, self->seats - 1);
        return NULL;
    }
    PyObject *vector = PyObject_CallNoArgs(self->new_vector);
    if (!vector)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(vector, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        Py_DECREF(vector);
        return NULL;
    }
    int r = -1;
    if (view.len != self->size * (Py_ssize_t)sizeof(float)) {
        PyErr_SetString(PyExc_ValueError, "new_vector() gave a vector of another size");
    } else {
        memset(view.buf, 0, (size_t)view.len);
        r = encode_into(self, args[0], (int)seat, (float *)view.buf);
    }
    PyBuffer_Release(&view);
    if (r < 0) {
        Py_DECREF(vector);
        return NULL;
    }
    return vector;
}

static PyObject *observer_get_size(Observer *self, void *Py_UNUSED(closure))
{
    return PyLong_FromSsize_t(self->size);
}

static PyMethodDef observer_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))observer_encode, METH_FASTCALL,
     "encode(deal, seat): the seat's observation of the deal, as from_deal gives it."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef observer_getset[] = {
    {"size", (getter)observer_get_size, NULL, "Numbers in a vector.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ObserverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dizhu._ccore.Observer",
    .tp_basicsize = sizeof(Observer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One ruleset's observations in one encoding, following a deal's history.",
    .tp_new = observer_new,
    .tp_dealloc = (destructor)observer_dealloc,
    .tp_methods = observer_methods,
    .tp_getset = observer_getset,
};

/* ------------------------------------------------------------------ masks */

static PyObject *mask_bytes(PyObject *Py_UNUSED(module), PyObject *const *args,
                            Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "mask_bytes(size, ids)");
        return NULL;
    }
    Py_ssize_t size = PyLong_AsSsize_t(args[0]);
    if (size < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a mask's size is not negative");
        return NULL;
    }
    PyObject *fast = items_of(args[1], "ids are a sequence of ints");
    if (!fast)
        return NULL;
    PyObject *mask = PyByteArray_FromStringAndSize(NULL, size);
    if (!mask) {
        Py_DECREF(fast);
        return NULL;
    }
    char *buf = PyByteArray_AS_STRING(mask);
    memset(buf, 0, (size_t)size);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        Py_ssize_t id = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, i));
        if (id < 0 || id >= size) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "id %zd outside a mask of %zd", id, size);
            Py_DECREF(fast);
            Py_DECREF(mask);
            return NULL;
        }
        buf[id] = 1;
    }
    Py_DECREF(fast);
    return mask;
}

static PyMethodDef encode_functions[] = {
    {"mask_bytes", (PyCFunction)(void (*)(void))mask_bytes, METH_FASTCALL,
     "mask_bytes(size, ids): a bytearray of size zeros with a 1 at each id."},
    {NULL, NULL, 0, NULL},
};

int add_encoding(PyObject *module)
{
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return -1
    INTERN(s_position, "position");
    INTERN(s_hands, "hands");
    INTERN(s_left, "left");
    INTERN(s_plays_made, "plays_made");
    INTERN(s_landlord, "landlord");
    INTERN(s_top_id, "top_id");
    INTERN(s_top_seat, "top_seat");
    INTERN(s_bombs, "bombs");
    INTERN(s_rockets, "rockets");
    INTERN(s_history, "history");
    INTERN(s_version, "version");
    INTERN(s_to_move, "to_move");
    INTERN(s_phase, "phase");
    INTERN(s_kitty, "kitty");
    INTERN(s_auction_state, "auction_state");
    INTERN(s_stake, "stake");
    INTERN(s_set_aside, "set_aside");
    INTERN(s_bids, "bids");
    INTERN(s_doubled, "doubled");
    INTERN(s_redoubled, "redoubled");
    INTERN(s_cards, "cards");
    INTERN(s_kind, "kind");
#undef INTERN
    if (PyModule_AddFunctions(module, encode_functions) < 0)
        return -1;
    return add_type(module, "Observer", &ObserverType);
}
