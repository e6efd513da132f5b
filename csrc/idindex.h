/* A map from nonzero 64-bit keys to play ids (open addressing, linear probing): the
 * universe's plays by kind and cards (tables.c), its Play objects by address (ccore.c). */
#ifndef DIZHU_IDINDEX_H
#define DIZHU_IDINDEX_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"

typedef struct {
    uint64_t *keys;  /* 0: an empty slot */
    play_id *ids;
    unsigned bits;   /* 2**bits slots, at least twice the keys */
} IdIndex;

/* Room for n keys; -1 when memory runs out. */
int idindex_init(IdIndex *index, size_t n);
void idindex_free(IdIndex *index);
size_t idindex_bytes(const IdIndex *index);

/* Add a key; -1 if it is there already. */
int idindex_put(IdIndex *index, uint64_t key, play_id id);

static inline size_t idindex_slot(const IdIndex *index, uint64_t key)
{
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - index->bits));
}

/* The id of a key, or NO_PLAY. */
static inline play_id idindex_get(const IdIndex *index, uint64_t key)
{
    size_t mask = ((size_t)1 << index->bits) - 1;
    for (size_t i = idindex_slot(index, key);; i = (i + 1) & mask) {
        if (index->keys[i] == key)
            return index->ids[i];
        if (!index->keys[i])
            return NO_PLAY;
    }
}

#endif
