/* What the Python types of other files (wildgen.c, handcost.c) need of ccore.c. */
#ifndef DIZHU_PYFACE_H
#define DIZHU_PYFACE_H

#include <Python.h>

#include "movegen.h"

/* The tables of a dizhu._ccore.MoveGenerator (NULL with a TypeError for another object). */
const MoveTables *generator_tables(PyObject *generator);

/* A hand (rank counts) from a Python int; -1 with an exception set (a TypeError for what
 * is not an int, a ValueError for an int out of range). */
int read_hand(PyObject *arg, uint64_t *hand);

#endif
