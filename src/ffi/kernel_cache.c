/* Each distinct kernel payload compiled once for the whole process. XLA calls the handler
 * from any of its threads, and a payload (tens of KiB of base64 bytecode) takes milliseconds
 * to compile, so the first call of a kernel compiles it outside the lock, and a second
 * thread that compiled the same payload meanwhile drops its copy. Entries are counted
 * references: a kernel being run stays alive while the cache evicts it. A compilation that
 * failed is kept too, with its message, so that a bad kernel fails fast on every call. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "ffi/ffi.h"

#define MAX_ENTRIES 256

struct ffi_kernel {
  int refs; /* the cache's one, and one per caller holding it (atomic) */
  uint64_t hash;
  char *payload;
  size_t len;
  char *name;
  size_t name_len;
  int64_t *aliases;
  int num_aliases;
  int num_results;     /* the call's, which splits the kernel's operands into inputs and outputs */
  tsr_hlo_kernel *k;   /* NULL when the compilation failed: */
  tsr_status failure;
  char *message;
};

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static ffi_kernel *entries[MAX_ENTRIES]; /* oldest first */
static int n_entries;
static int64_t compilations;

/* Over the payload's 8-byte words: every call hashes its payload to find its kernel, and a
 * flash-attention body is about 30 KiB. */
static uint64_t hash_bytes(const char *p, size_t n, uint64_t h) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
  return h;
}

static uint64_t key_hash(const char *payload, size_t len, const char *name, size_t name_len, const int64_t *aliases, int n,
                         int num_results) {
  uint64_t h = hash_bytes(payload, len, 0xcbf29ce484222325ull ^ len ^ ((uint64_t)num_results << 56));
  h = hash_bytes(name, name_len, h);
  return hash_bytes((const char *)aliases, sizeof *aliases * 2 * (size_t)n, h);
}

static bool same_key(const ffi_kernel *e, uint64_t h, const char *payload, size_t len, const char *name, size_t name_len,
                     const int64_t *aliases, int n, int num_results) {
  return e->hash == h && e->len == len && e->num_aliases == n && e->num_results == num_results && e->name_len == name_len &&
         !memcmp(e->name, name, name_len) && !memcmp(e->payload, payload, len) &&
         (!n || !memcmp(e->aliases, aliases, sizeof *aliases * 2 * (size_t)n));
}

static void destroy(ffi_kernel *e) {
  tsr_hlo_kernel_destroy(e->k);
  free(e->payload);
  free(e->name);
  free(e->aliases);
  free(e->message);
  free(e);
}

void ffi_kernel_put(ffi_kernel *e) {
  if (e && __atomic_sub_fetch(&e->refs, 1, __ATOMIC_ACQ_REL) == 0) destroy(e);
}

tsr_hlo_kernel *ffi_kernel_hlo(ffi_kernel *e) { return e->k; }

static ffi_kernel *find(uint64_t h, const char *payload, size_t len, const char *name, size_t name_len,
                        const int64_t *aliases, int n, int num_results) {
  for (int i = n_entries - 1; i >= 0; i--)
    if (same_key(entries[i], h, payload, len, name, name_len, aliases, n, num_results)) {
      __atomic_add_fetch(&entries[i]->refs, 1, __ATOMIC_ACQ_REL);
      return entries[i];
    }
  return NULL;
}

static ffi_kernel *compile(uint64_t h, const char *payload, size_t len, const char *name, size_t name_len,
                           const int64_t *aliases, int n, int num_results) {
  ffi_kernel *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->refs = 1;
  e->hash = h;
  e->len = len;
  e->num_aliases = n;
  e->num_results = num_results;
  e->name_len = name_len;
  e->name = malloc(name_len + 1);
  e->payload = malloc(len ? len : 1);
  e->aliases = malloc(sizeof *aliases * 2 * (size_t)(n ? n : 1));
  tsr_alias al[16];
  if (!e->name || !e->payload || !e->aliases) {
    destroy(e);
    return NULL;
  }
  memcpy(e->name, name, name_len);
  e->name[name_len] = 0;
  memcpy(e->payload, payload, len);
  if (n) memcpy(e->aliases, aliases, sizeof *aliases * 2 * (size_t)n);
  tsr_status s = TSR_OK;
  if (n > 16) s = tsr_fail(TSR_ERR_UNSUPPORTED, "more than 16 aliases");
  for (int i = 0; i < n && s == TSR_OK; i++) {
    if (aliases[2 * i] < 0 || aliases[2 * i] > INT32_MAX || aliases[2 * i + 1] < 0 || aliases[2 * i + 1] > INT32_MAX)
      s = tsr_fail(TSR_ERR_INVALID, "alias %d: operand %lld, output %lld", i, (long long)aliases[2 * i], (long long)aliases[2 * i + 1]);
    else al[i] = (tsr_alias){.input = (int)aliases[2 * i], .output = (int)aliases[2 * i + 1]};
  }
  tsr_hlo_kernel_desc d = {.backend_config = payload, .backend_config_len = len, .name = e->name, .aliases = al, .num_aliases = n,
                           .num_results = num_results, .results_known = true};
  if (s == TSR_OK) s = tsr_hlo_kernel_create(&d, &e->k);
  __atomic_add_fetch(&compilations, 1, __ATOMIC_RELAXED);
  if (s != TSR_OK) {
    e->failure = s;
    e->message = strdup(tsr_last_error());
    if (!e->message) {
      destroy(e);
      return NULL;
    }
  }
  return e;
}

/* Inserts `e` (whose reference becomes the cache's) unless an equal entry is there already;
 * returns the entry to use, with a reference for the caller. */
static ffi_kernel *insert(ffi_kernel *e) {
  pthread_rwlock_wrlock(&lock);
  ffi_kernel *have = find(e->hash, e->payload, e->len, e->name, e->name_len, e->aliases, e->num_aliases, e->num_results);
  if (!have) {
    if (n_entries == MAX_ENTRIES) { /* the oldest goes; a caller still holding it keeps it alive */
      ffi_kernel_put(entries[0]);
      memmove(entries, entries + 1, sizeof *entries * (MAX_ENTRIES - 1));
      n_entries--;
    }
    entries[n_entries++] = e;
    __atomic_add_fetch(&e->refs, 1, __ATOMIC_ACQ_REL);
    have = e;
  }
  pthread_rwlock_unlock(&lock);
  if (have != e) ffi_kernel_put(e);
  return have;
}

tsr_status ffi_kernel_get(const char *payload, size_t len, const char *name, size_t name_len, const int64_t *aliases,
                          int num_aliases, int num_results, ffi_kernel **out) {
  *out = NULL;
  if ((!payload && len) || (!name && name_len) || num_aliases < 0 || (num_aliases && !aliases) || num_results < 0)
    return tsr_fail(TSR_ERR_INVALID, "kernel call without a payload");
  if (!payload) payload = "";
  if (!name) name = "";
  uint64_t h = key_hash(payload, len, name, name_len, aliases, num_aliases, num_results);
  pthread_rwlock_rdlock(&lock);
  ffi_kernel *e = find(h, payload, len, name, name_len, aliases, num_aliases, num_results);
  pthread_rwlock_unlock(&lock);
  if (!e) {
    e = compile(h, payload, len, name, name_len, aliases, num_aliases, num_results);
    if (!e) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
    e = insert(e);
  }
  if (!e->k) {
    tsr_status s = tsr_fail(e->failure, "%s", e->message);
    ffi_kernel_put(e);
    return s;
  }
  *out = e;
  return TSR_OK;
}

tsr_status tsr_ffi_check(const char *payload, size_t payload_len, const char *name, const int64_t *aliases,
                         int num_aliases, int call_results, int *num_operands, int *num_results) {
  ffi_kernel *e;
  TSR_TRY(ffi_kernel_get(payload, payload_len, name, name ? strlen(name) : 0, aliases, num_aliases, call_results, &e));
  if (num_operands) *num_operands = tsr_hlo_kernel_num_operands(e->k);
  if (num_results) *num_results = tsr_hlo_kernel_num_results(e->k);
  ffi_kernel_put(e);
  return TSR_OK;
}

int64_t tsr_ffi_compilations(void) { return __atomic_load_n(&compilations, __ATOMIC_RELAXED); }

void ffi_cache_release(void) {
  pthread_rwlock_wrlock(&lock);
  for (int i = 0; i < n_entries; i++) ffi_kernel_put(entries[i]);
  n_entries = 0;
  pthread_rwlock_unlock(&lock);
}
