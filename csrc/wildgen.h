/* The wild-card move generator's Python type (wildgen.c). */
#ifndef DIZHU_WILDGEN_H
#define DIZHU_WILDGEN_H

#include <Python.h>

#include "movegen.h"

/* Add WildGenerator to the module; -1 with an exception set. */
int add_wild(PyObject *module);

#endif
