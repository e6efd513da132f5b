/* What the Python types of other files (wildgen.c, handcost.c, playout.c) need of ccore.c. */
#ifndef DIZHU_PYFACE_H
#define DIZHU_PYFACE_H

#include <Python.h>

#include "movegen.h"
#include "solve.h"

/* The tables of a dizhu._ccore.MoveGenerator (NULL with a TypeError for another object). */
const MoveTables *generator_tables(PyObject *generator);

/* A hand (rank counts) from a Python int; -1 with an exception set (a TypeError for what
 * is not an int, a ValueError for an int out of range). */
int read_hand(PyObject *arg, uint64_t *hand);

/* The items of the sequence `seq` as a tuple (a new reference), or NULL with `message`
 * as the TypeError when it is no sequence. Read items from this, never from a list
 * itself: reading an item may run Python code (an __index__, an __eq__) that empties
 * or shortens the list under the reader; a tuple cannot change. */
PyObject *items_of(PyObject *seq, const char *message);

/* Ready `type` and add it to the module as `name`; -1 with an exception set. */
int add_type(PyObject *module, const char *name, PyTypeObject *type);

/* Mark an object busy (*busy, for the whole of a call that may let go of the GIL); -1
 * with a RuntimeError naming it as `what` when another thread is using it. */
int claim(int *busy, const char *what);

/* The solver of a dizhu._ccore.Solver over the plays of `tables`, marked busy (release it
 * with release_solver); NULL with an exception for another object, a solver of other
 * plays, or one searching in another thread. */
Solver *acquire_solver(PyObject *solver, const MoveTables *tables);
void release_solver(PyObject *solver);

#endif
