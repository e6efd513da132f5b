/* The learning environment's legal ids, observation and push in C (envstep.c). */
#ifndef DIZHU_ENVSTEP_H
#define DIZHU_ENVSTEP_H

#include <Python.h>

/* Add the EnvStep type to the module; -1 with an exception set. */
int add_env_step(PyObject *module);

#endif
