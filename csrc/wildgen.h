/* The wild-card move generator's Python type (wildgen.c) and what it needs of ccore.c. */
#ifndef DIZHU_WILDGEN_H
#define DIZHU_WILDGEN_H

#include <Python.h>

#include "movegen.h"

/* The tables of a dizhu._ccore.MoveGenerator (NULL with a TypeError for another object). */
const MoveTables *generator_tables(PyObject *generator);

/* Add WildGenerator to the module; -1 with an exception set. */
int add_wild(PyObject *module);

#endif
