/* A Position's push, pop and legal plays in C, on the Python object's own slots
 * (position.c); ccore.c adds bind_position to the module. */
#ifndef DIZHU_POSITION_H
#define DIZHU_POSITION_H

#include <Python.h>

/* bind_position(Position, Play, pass_kind, rocket_kind, push, pop, legal_plays): the
 * method descriptors (push, pop, legal_plays) of Position that run in C. */
PyObject *bind_position(PyObject *module, PyObject *args);

#endif
