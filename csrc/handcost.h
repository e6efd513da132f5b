/* The bots' hand evaluation in C: the HandCost Python type (handcost.c). */
#ifndef DIZHU_HANDCOST_H
#define DIZHU_HANDCOST_H

#include <Python.h>

/* Add HandCost to the module; -1 with an exception set. */
int add_hand_cost(PyObject *module);

#endif
