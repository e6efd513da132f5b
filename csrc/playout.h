/* The ``normal`` policy and the search bots' playouts in C: the Policy Python type
 * (playout.c). */
#ifndef DIZHU_PLAYOUT_H
#define DIZHU_PLAYOUT_H

#include <Python.h>

/* Add Policy to the module; -1 with an exception set. */
int add_policy(PyObject *module);

#endif
