/* The bots' hand evaluation in C: the HandCost Python type (handcost.c). */
#ifndef DIZHU_HANDCOST_H
#define DIZHU_HANDCOST_H

#include <Python.h>

#include "movegen.h"

/* The tables of a dizhu._ccore.HandCost (NULL with a TypeError for another object). */
const MoveTables *hand_cost_tables(PyObject *hand_cost);

/* A HandCost's cost of `hand` and the first play of its best split (0.0 and NO_PLAY for
 * the empty hand), remembered as its cost() and first() remember; -1 with MemoryError. */
int hand_cost_evaluate(PyObject *hand_cost, uint64_t hand, double *cost, play_id *first);

/* Add HandCost to the module; -1 with an exception set. */
int add_hand_cost(PyObject *module);

#endif
