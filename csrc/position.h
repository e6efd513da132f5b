/* A Position's push, pop and legal plays in C, on the Python object's own slots
 * (position.c), and a deal's play phase; ccore.c adds the binders to the module. */
#ifndef DIZHU_POSITION_H
#define DIZHU_POSITION_H

#include <Python.h>

/* bind_position(Position, Play, pass_kind, rocket_kind, push, pop, legal_plays): the
 * method descriptors (push, pop, legal_plays) of Position that run in C. */
PyObject *bind_position(PyObject *module, PyObject *args);

/* bind_deal(Deal, play_phase, over_phase, thrown_in_phase, push, legal_actions, is_over),
 * after bind_position: the descriptors (push, legal_actions, is_over) of Deal whose play
 * phase runs in C. */
PyObject *bind_deal(PyObject *module, PyObject *args);

#endif
