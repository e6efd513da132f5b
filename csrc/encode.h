/* The observation encodings in C (encode.c): the Observer type and mask_bytes. */
#ifndef DIZHU_ENCODE_H
#define DIZHU_ENCODE_H

#include <Python.h>

/* Add the Observer type and mask_bytes to the module; -1 with an exception set. */
int add_encoding(PyObject *module);

#endif
