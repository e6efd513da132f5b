/* The id index (see idindex.h). */
#include <stdlib.h>

#include "idindex.h"

int idindex_init(IdIndex *index, size_t n)
{
    index->bits = 4;
    while (((size_t)1 << index->bits) < 2 * n)
        index->bits++;
    index->keys = calloc((size_t)1 << index->bits, sizeof *index->keys);
    index->ids = calloc((size_t)1 << index->bits, sizeof *index->ids);
    return index->keys && index->ids ? 0 : -1;
}

void idindex_free(IdIndex *index)
{
    free(index->keys);
    free(index->ids);
    index->keys = NULL;
    index->ids = NULL;
}

size_t idindex_bytes(const IdIndex *index)
{
    return ((size_t)1 << index->bits) * (sizeof *index->keys + sizeof *index->ids);
}

int idindex_put(IdIndex *index, uint64_t key, play_id id)
{
    size_t mask = ((size_t)1 << index->bits) - 1;
    size_t i = idindex_slot(index, key);
    for (; index->keys[i]; i = (i + 1) & mask)
        if (index->keys[i] == key)
            return -1;
    index->keys[i] = key;
    index->ids[i] = id;
    return 0;
}
