/* Host memory blocks released and kept for a later block of the same size. Memory fresh from
 * the system costs a page fault (and a cleared page) per page; a block reused does not. The
 * StableHLO interpreter keeps released tensors this way, a core its released VMEM buffers. */
#ifndef TSR_CORE_BLOCK_CACHE_H
#define TSR_CORE_BLOCK_CACHE_H

#include <stdbool.h>
#include <stddef.h>

enum { BLOCK_CACHE_CAP = 8, BLOCK_CACHE_MIN = 64 << 10 };

typedef struct block_cache {
  struct { char *data; size_t bytes; } block[BLOCK_CACHE_CAP];
  int n;
} block_cache;

/* Takes a kept block of exactly `bytes` (NULL: none). */
char *block_cache_take(block_cache *c, size_t bytes);
/* Keeps block `data` of `bytes` if it is worth keeping (BLOCK_CACHE_MIN bytes or more) and
 * there is room: at most `max_count` blocks (<= BLOCK_CACHE_CAP) and `max_bytes` in all.
 * false: not kept, the caller frees it. */
bool block_cache_put(block_cache *c, char *data, size_t bytes, int max_count, size_t max_bytes);
/* Frees every kept block. */
void block_cache_clear(block_cache *c);

#endif
