#include "core/block_cache.h"

#include <stdlib.h>

char *block_cache_take(block_cache *c, size_t bytes) {
  for (int i = 0; i < c->n; i++)
    if (c->block[i].bytes == bytes) {
      char *data = c->block[i].data;
      c->block[i] = c->block[--c->n];
      return data;
    }
  return NULL;
}

bool block_cache_put(block_cache *c, char *data, size_t bytes, int max_count, size_t max_bytes) {
  size_t kept = bytes;
  for (int i = 0; i < c->n; i++) kept += c->block[i].bytes;
  if (max_count > BLOCK_CACHE_CAP) max_count = BLOCK_CACHE_CAP;
  if (bytes < BLOCK_CACHE_MIN || kept > max_bytes || c->n >= max_count) return false;
  c->block[c->n].data = data;
  c->block[c->n++].bytes = bytes;
  return true;
}

void block_cache_clear(block_cache *c) {
  for (int i = 0; i < c->n; i++) free(c->block[i].data);
  c->n = 0;
}
