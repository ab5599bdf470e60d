/* Compile and execute. A program arrives as jaxlib serialized it: a StableHLO portable
 * artifact (MLIR bytecode, read as StableHLO by src/mlir/vhlo.c) with its compile options.
 * Compiling is tessera's: the module is read and put through tsr_hlo_compile, which checks
 * every op (an op tessera does not run is reported with its name and location here, as a
 * compile error) and loads every kernel. Executing runs the program with the StableHLO
 * interpreter on the argument buffers, its kernels on the client's machine under the race and
 * semaphore checkers; a finding fails the call with every finding in the message. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/grow.h"
#include "core/status.h"
#include "pjrt/pjrt.h"

/* ---- the executable ------------------------------------------------------------------- */

void pjrt_executable_unref(PJRT_Executable *e) {
  if (!e || atomic_fetch_sub(&e->refs, 1) != 1) return;
  tsr_hlo_program_destroy(e->program);
  tsr_mlir_module_destroy(e->module);
  free(e->out_types);
  free(e->out_elem_types);
  free(e->out_dims);
  free(e->out_ranks);
  free(e->out_kinds);
  free(e->out_kind_sizes);
  free(e->in_kinds);
  free(e->in_kind_sizes);
  free(e->out_memory);
  free(e->donate);
  free(e->code);
  free(e->options_bytes);
  for (int i = 0; e->in_shardings && i < e->num_inputs; i++) free(e->in_shardings[i]);
  for (int i = 0; e->out_shardings && i < e->num_outputs; i++) free(e->out_shardings[i]);
  free(e->in_shardings);
  free(e->out_shardings);
  free(e->in_sharding_sizes);
  free(e->out_sharding_sizes);
  free(e);
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

/* Where JAX placed input or output i (its mhlo.memory_kind; device memory when it does not
 * say). Each is a memory of tessera's one store: the kind is what JAX sees and checks. */
static PJRT_Error *memory_kind_of(PJRT_Executable *e, bool output, int i, int *kind) {
  const char *k = tsr_hlo_memory_kind(e->program, output, i);
  *kind = PJRT_MEM_DEVICE;
  if (!k) return NULL;
  for (int m = 0; m < PJRT_MEM_KINDS; m++)
    if (!strcmp(k, pjrt_memory_kinds[m])) {
      *kind = m;
      return NULL;
    }
  return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s %d of %s is in memory kind '%s' (tessera's devices have "
                    "'device' and 'pinned_host')", output ? "output" : "input", i, e->name, k);
}

/* ---- shardings as xla.OpSharding (xla/xla_data.proto): type (1), tile_assignment_dimensions
 * (3), tile_assignment_devices (4), replicate_on_last_tile_dim (6). A value that every device
 * holds whole is REPLICATED, all defaults: no bytes at all. ---- */

typedef struct pb_out {
  char *p;
  size_t n, cap;
} pb_out;

static bool pb_put(pb_out *o, uint64_t v) {
  do {
    if (!GROW_ARRAY(o->p, o->n, o->cap, 64)) return false;
    o->p[o->n++] = (char)((v & 0x7F) | (v > 0x7F ? 0x80 : 0));
    v >>= 7;
  } while (v);
  return true;
}

static uint64_t varint_size(uint64_t v) {
  uint64_t n = 1;
  while (v > 0x7F) {
    v >>= 7;
    n++;
  }
  return n;
}

/* A length-delimited field of these bytes. */
static bool pb_put_bytes(pb_out *o, int field, const char *bytes, size_t n) {
  bool ok = pb_put(o, (uint64_t)field << 3 | 2) && pb_put(o, n);
  for (size_t k = 0; ok && k < n; k++) {
    ok = pb_put(o, 0); /* one byte of room, then the byte itself */
    if (ok) o->p[o->n - 1] = bytes[k];
  }
  return ok;
}

/* A packed repeated int64 field. */
static bool pb_put_packed(pb_out *o, int field, const int64_t *v, int n) {
  uint64_t len = 0;
  for (int i = 0; i < n; i++) len += varint_size((uint64_t)v[i]);
  bool ok = pb_put(o, (uint64_t)field << 3 | 2) && pb_put(o, len);
  for (int i = 0; ok && i < n; i++) ok = pb_put(o, (uint64_t)v[i]);
  return ok;
}

static PJRT_Error *op_sharding(const PJRT_Executable *e, bool output, int i, int rank, char **bytes, size_t *size) {
  int n_dev = (int)e->options.num_partitions;
  int64_t tiles[TSR_MAX_RANK + 1], *tile_of = calloc((size_t)n_dev * (size_t)(rank + 1) + 1, sizeof *tile_of);
  int64_t *devices = calloc((size_t)n_dev + 1, sizeof *devices);
  bool *used = calloc((size_t)n_dev + 1, sizeof *used);
  pb_out o = {NULL, 0, 0};
  PJRT_Error *err = tile_of && devices && used ? NULL : pjrt_error_nomem();
  *bytes = NULL;
  *size = 0;
  if (!err && n_dev > 1) {
    tsr_status s = tsr_hlo_tiling(e->program, output, i, tiles, tile_of);
    if (s != TSR_OK) err = pjrt_error_from_status(s, "compile");
  }
  int64_t pieces = 1;
  for (int k = 0; !err && n_dev > 1 && k < rank; k++) pieces *= tiles[k];
  if (!err && n_dev > 1 && pieces > 1) {
    /* the devices tile by tile (row-major over the tiles), each tile's copies in device order */
    int64_t copies = n_dev / pieces, n = 0;
    for (int64_t t = 0; t < pieces; t++) {
      int64_t want[TSR_MAX_RANK], rem = t;
      for (int k = rank - 1; k >= 0; k--) {
        want[k] = rem % tiles[k];
        rem /= tiles[k];
      }
      for (int d = 0; d < n_dev; d++) {
        bool same = !used[d];
        for (int k = 0; same && k < rank; k++) same = tile_of[d * rank + k] == want[k];
        if (same) {
          used[d] = true;
          devices[n++] = d;
        }
      }
    }
    tiles[rank] = copies;
    bool ok = n == n_dev && pb_put(&o, 1 << 3) && pb_put(&o, 3) /* OTHER */ &&
              pb_put_packed(&o, 3, tiles, rank + (copies > 1)) && pb_put_packed(&o, 4, devices, n_dev);
    if (ok && copies > 1) ok = pb_put(&o, 6 << 3) && pb_put(&o, 1);
    if (!ok) err = n == n_dev ? pjrt_error_nomem() : pjrt_error(PJRT_Error_Code_INTERNAL, "tessera: a sharding whose tiles are not all held");
  }
  free(tile_of);
  free(devices);
  free(used);
  if (err) {
    free(o.p);
    return err;
  }
  *bytes = o.p ? o.p : malloc(1);
  *size = o.n;
  return *bytes ? NULL : pjrt_error_nomem();
}

static PJRT_Error *describe_shardings(PJRT_Executable *e) {
  e->in_shardings = calloc((size_t)e->num_inputs + 1, sizeof *e->in_shardings);
  e->out_shardings = calloc((size_t)e->num_outputs + 1, sizeof *e->out_shardings);
  e->in_sharding_sizes = calloc((size_t)e->num_inputs + 1, sizeof *e->in_sharding_sizes);
  e->out_sharding_sizes = calloc((size_t)e->num_outputs + 1, sizeof *e->out_sharding_sizes);
  if (!e->in_shardings || !e->out_shardings || !e->in_sharding_sizes || !e->out_sharding_sizes) return pjrt_error_nomem();
  PJRT_Error *err = NULL;
  for (int i = 0; i < e->num_inputs && !err; i++) {
    tsr_array t;
    int rank = tsr_hlo_input_type(e->program, i, &t) ? t.rank : 0;
    err = op_sharding(e, false, i, rank, &e->in_shardings[i], &e->in_sharding_sizes[i]);
  }
  for (int i = 0; i < e->num_outputs && !err; i++) {
    tsr_array t;
    int rank = tsr_hlo_output_type(e->program, i, &t) ? t.rank : 0;
    err = op_sharding(e, true, i, rank, &e->out_shardings[i], &e->out_sharding_sizes[i]);
  }
  return err;
}

PJRT_Error *pjrt_parameter_shardings(PJRT_Shardings_PJRT_Executable_ParameterShardings_Args *args) {
  args->num_parameters = (size_t)args->executable->num_inputs;
  args->shardings = (const char *const *)args->executable->in_shardings;
  args->sharding_sizes = args->executable->in_sharding_sizes;
  return NULL;
}

PJRT_Error *pjrt_output_shardings(PJRT_Shardings_PJRT_Executable_OutputShardings_Args *args) {
  /* a program of no outputs has one sharding, its empty tuple's (XLA's convention, which
   * jaxlib checks: xla/python/pjrt_ifrt/pjrt_executable.cc, GetHloShardings) */
  static const char *const empty_tuple[1] = {""};
  static const size_t empty_tuple_size[1] = {0};
  if (args->executable->num_outputs == 0) {
    args->num_outputs = 1;
    args->shardings = empty_tuple;
    args->sharding_sizes = empty_tuple_size;
    return NULL;
  }
  args->num_outputs = (size_t)args->executable->num_outputs;
  args->shardings = (const char *const *)args->executable->out_shardings;
  args->sharding_sizes = args->executable->out_sharding_sizes;
  return NULL;
}

static PJRT_Error *describe_outputs(PJRT_Executable *e) {
  int n = e->num_outputs;
  e->out_types = calloc((size_t)n + 1, sizeof *e->out_types);
  e->out_elem_types = calloc((size_t)n + 1, sizeof *e->out_elem_types);
  e->out_dims = calloc((size_t)n * TSR_MAX_RANK + 1, sizeof *e->out_dims);
  e->out_ranks = calloc((size_t)n + 1, sizeof *e->out_ranks);
  e->out_kinds = calloc((size_t)n + 1, sizeof *e->out_kinds);
  e->out_kind_sizes = calloc((size_t)n + 1, sizeof *e->out_kind_sizes);
  e->out_memory = calloc((size_t)n + 1, sizeof *e->out_memory);
  e->in_kinds = calloc((size_t)e->num_inputs + 1, sizeof *e->in_kinds);
  e->in_kind_sizes = calloc((size_t)e->num_inputs + 1, sizeof *e->in_kind_sizes);
  e->donate = calloc((size_t)e->num_inputs + 1, sizeof *e->donate);
  if (!e->out_types || !e->out_elem_types || !e->out_dims || !e->out_ranks || !e->out_kinds || !e->out_kind_sizes ||
      !e->out_memory || !e->in_kinds || !e->in_kind_sizes || !e->donate)
    return pjrt_error_nomem();
  int64_t *dims = e->out_dims;
  for (int i = 0; i < n; i++) {
    /* on several devices, each holds a shard of each output: its shape is what JAX asks */
    if (e->options.num_partitions > 1) {
      tsr_status s = tsr_hlo_shard_type(e->program, true, i, &e->out_types[i]);
      if (s != TSR_OK) return pjrt_error_from_status(s, "compile");
    }
    if ((e->options.num_partitions == 1 && !tsr_hlo_output_type(e->program, i, &e->out_types[i])) ||
        !pjrt_dtype_to_type(e->out_types[i].dtype, &e->out_elem_types[i]))
      return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: output %d of %s has a type tessera does not hold", i, e->name);
    e->out_ranks[i] = (size_t)e->out_types[i].rank;
    for (int d = 0; d < e->out_types[i].rank; d++) *dims++ = e->out_types[i].shape[d];
  }
  PJRT_Error *err = NULL;
  for (int i = 0; i < n && !err; i++) {
    err = memory_kind_of(e, true, i, &e->out_memory[i]);
    e->out_kinds[i] = pjrt_memory_kinds[e->out_memory[i]];
    e->out_kind_sizes[i] = strlen(e->out_kinds[i]);
  }
  for (int i = 0; i < e->num_inputs && !err; i++) {
    int k;
    err = memory_kind_of(e, false, i, &k);
    e->in_kinds[i] = pjrt_memory_kinds[k];
    e->in_kind_sizes[i] = strlen(e->in_kinds[i]);
  }
  if (err) return err;
  for (int i = 0; i < e->num_inputs; i++) e->donate[i] = tsr_hlo_input_donation(e->program, i);
  return describe_shardings(e);
}

/* TESSERA_PJRT_DUMP=DIR: every program jaxlib compiles is written there as it arrived,
 * <fingerprint>.mlirbc (the portable artifact) and <fingerprint>.options.pb (its compile
 * options), for `tessera run`, `tessera dis` and tests. Each file appears whole (written
 * aside, then renamed); a dump that fails is told on stderr and the compile goes on. */
static void dump_file(const char *dir, const char *name, const char *ext, const void *data, size_t size) {
  char path[4096], tmp[4200];
  snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(data, 1, size, f) == size;
  if (f) ok = fclose(f) == 0 && ok;
  if (ok) ok = rename(tmp, path) == 0;
  if (!ok) {
    fprintf(stderr, "tessera: TESSERA_PJRT_DUMP: cannot write %s\n", path);
    remove(tmp);
  }
}

static void dump_program(const char *code, size_t code_size, const char *options, size_t options_size) {
  const char *dir = getenv("TESSERA_PJRT_DUMP");
  if (!dir || !*dir) return;
  uint64_t h = fnv1a(0xcbf29ce484222325ull, code, code_size);
  h = fnv1a(h, options, options_size);
  char name[32];
  snprintf(name, sizeof name, "%016llx", (unsigned long long)h);
  dump_file(dir, name, ".mlirbc", code, code_size);
  dump_file(dir, name, ".options.pb", options, options_size);
}

/* XLA's cost analysis of a TPU program counts a tpu_custom_call as the cost estimate its
 * author gave (pl.CostEstimate); tessera reports those, summed, and nothing for the graph
 * around them (XLA's per-op cost model is not tessera's; the timing model is). A program
 * whose kernels carry no estimate has an empty analysis. */
static void describe_cost(PJRT_Executable *e) {
  tsr_hlo_cost c;
  if (!tsr_hlo_kernel_costs(e->program, &c)) return;
  static const char *const names[3] = {"flops", "transcendentals", "bytes accessed"};
  const int64_t v[3] = {c.flops, c.transcendentals, c.bytes_accessed};
  for (int i = 0; i < 3; i++)
    e->cost[i] = (PJRT_NamedValue){.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = names[i], .name_size = strlen(names[i]),
                                   .type = PJRT_NamedValue_kFloat, .float_value = (float)v[i], .value_size = 1};
  e->n_cost = 3;
}

/* Reads, checks and compiles a program into a new executable, which keeps what it was given
 * so that it can be serialized and loaded again. */
static PJRT_Error *compile_new(PJRT_Client *c, const char *code, size_t code_size, const char *options,
                               size_t options_size, uint64_t hash, PJRT_Executable **out) {
  PJRT_Executable *e = calloc(1, sizeof *e);
  if (!e) return pjrt_error_nomem();
  atomic_init(&e->refs, 1);
  atomic_init(&e->fastest_run_ns, LLONG_MAX);
  e->hash = hash;
  snprintf(e->fingerprint, sizeof e->fingerprint, "tessera-%016llx", (unsigned long long)hash);
  PJRT_Error *err = NULL;
  tsr_status s = pjrt_compile_options_parse(options, options_size, &e->options);
  if (s != TSR_OK) err = pjrt_error_from_status(s, "compile");
  e->code = malloc(code_size ? code_size : 1);
  e->options_bytes = malloc(options_size ? options_size : 1);
  if (!err && (!e->code || !e->options_bytes)) err = pjrt_error_nomem();
  if (!err) {
    memcpy(e->code, code, code_size);
    e->code_size = code_size;
    if (options_size) memcpy(e->options_bytes, options, options_size);
    e->options_size = options_size;
    s = tsr_mlir_read_buffer(code, code_size, "program", &e->module);
    if (s == TSR_OK) s = tsr_hlo_compile(e->module, &e->program);
    if (s != TSR_OK) err = pjrt_error_from_status(s, "compile");
  }
  if (!err) {
    snprintf(e->name, sizeof e->name, "%s", tsr_hlo_name(e->program));
    e->num_inputs = tsr_hlo_num_inputs(e->program);
    e->num_outputs = tsr_hlo_num_outputs(e->program);
    int devices = (int)(e->options.num_replicas * e->options.num_partitions);
    if (devices > c->spec.num_devices)
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT,
                       "tessera: %s is compiled for %d devices; TESSERA_TPU='%s' has %d", e->name, devices,
                       c->spec.chip_name, c->spec.num_devices);
    else if (e->options.num_replicas > 1)
      err = pjrt_error(PJRT_Error_Code_UNIMPLEMENTED,
                       "tessera: %s runs on %lld replicas; tessera's PJRT plugin runs the partitions of one replica",
                       e->name, (long long)e->options.num_replicas);
    else if (tsr_hlo_num_devices(e->program) != devices)
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s is compiled for %d devices, but the program is of %d",
                       e->name, devices, tsr_hlo_num_devices(e->program));
  }
  if (!err) err = describe_outputs(e);
  if (!err) describe_cost(e);
  if (err) {
    pjrt_executable_unref(e);
    return err;
  }
  *out = e;
  return NULL;
}

/* The client's executable of this program and options: a cached one (another reference to
 * it), else a new one, which the cache keeps (dropping its least recently used). Programs
 * that fail to compile are not kept: they fail again, with the same message. */
static PJRT_Error *compile_cached(PJRT_Client *c, const char *code, size_t code_size, const char *options,
                                  size_t options_size, PJRT_Executable **out) {
  uint64_t h = fnv1a(fnv1a(0xcbf29ce484222325ull, code, code_size), options, options_size);
  pthread_mutex_lock(&c->cache_mu);
  for (int i = c->n_cache - 1; i >= 0; i--) {
    PJRT_Executable *e = c->cache[i];
    if (e->hash != h || e->code_size != code_size || e->options_size != options_size ||
        memcmp(e->code, code, code_size) || (options_size && memcmp(e->options_bytes, options, options_size)))
      continue;
    atomic_fetch_add(&e->refs, 1);
    memmove(&c->cache[i], &c->cache[i + 1], sizeof *c->cache * (size_t)(c->n_cache - 1 - i));
    c->cache[c->n_cache - 1] = e;
    pthread_mutex_unlock(&c->cache_mu);
    *out = e;
    return NULL;
  }
  pthread_mutex_unlock(&c->cache_mu);
  /* outside the lock: a compile takes milliseconds to seconds; two threads compiling the same
   * program both keep theirs, the cache the later one */
  PJRT_Error *err = compile_new(c, code, code_size, options, options_size, h, out);
  if (err) return err;
  atomic_fetch_add(&(*out)->refs, 1);
  PJRT_Executable *drop = NULL;
  pthread_mutex_lock(&c->cache_mu);
  if (c->n_cache == PJRT_EXE_CACHE) {
    drop = c->cache[0];
    memmove(&c->cache[0], &c->cache[1], sizeof *c->cache * (size_t)(PJRT_EXE_CACHE - 1));
    c->n_cache--;
  }
  c->cache[c->n_cache++] = *out;
  pthread_mutex_unlock(&c->cache_mu);
  pjrt_executable_unref(drop);
  return NULL;
}

void pjrt_executable_cache_clear(PJRT_Client *c) {
  for (int i = 0; i < c->n_cache; i++) pjrt_executable_unref(c->cache[i]);
  c->n_cache = 0;
}

/* A program compiled (or found compiled) and loaded on the devices its options assign. */
static PJRT_Error *compile(PJRT_Client *c, const char *code, size_t code_size, const char *format, size_t format_size,
                           const char *options, size_t options_size, PJRT_LoadedExecutable **out) {
  if (format && !(format_size == 4 && !memcmp(format, "mlir", 4)))
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: programs in format '%.*s' (tessera reads StableHLO, format 'mlir')",
                      (int)format_size, format);
  dump_program(code, code_size, options, options_size);
  PJRT_Executable *e = NULL;
  PJRT_Error *err = compile_cached(c, code, code_size, options, options_size, &e);
  if (err) return err;
  PJRT_LoadedExecutable *le = calloc(1, sizeof *le);
  if (!le) err = pjrt_error_nomem();
  if (!err) {
    int n = (int)(e->options.num_replicas * e->options.num_partitions);
    le->client = c;
    le->exe = e;
    le->n_devices = n;
    le->devices = calloc((size_t)n, sizeof *le->devices);
    le->logical_ids = calloc((size_t)n, sizeof *le->logical_ids);
    if (!le->devices || !le->logical_ids) err = pjrt_error_nomem();
    /* replica r, partition p is the r * P + p-th device */
    for (int i = 0; !err && i < n; i++)
      le->logical_ids[i] = (PJRT_LogicalDeviceIds){(int)(i / e->options.num_partitions), (int)(i % e->options.num_partitions)};
    for (int i = 0; !err && i < n; i++) {
      int64_t id = e->options.n_assigned == n ? e->options.assignment[i] : i;
      if (id < 0 || id >= c->spec.num_devices)
        err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: the device assignment names device %lld of %d",
                         (long long)id, c->spec.num_devices);
      else
        le->devices[i] = &c->devices[id];
    }
  }
  if (err) {
    if (le) {
      free(le->devices);
      free(le->logical_ids);
    }
    free(le);
    pjrt_executable_unref(e);
    return err;
  }
  atomic_init(&le->deleted, false);
  *out = le;
  return NULL;
}

PJRT_Error *pjrt_Client_Compile(PJRT_Client_Compile_Args *args) {
  const char *fn = "PJRT_Client_Compile";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Client_Compile_Args, executable), fn);
  if (err) return err;
  args->executable = NULL;
  const PJRT_Program *p = args->program;
  if (!p || !p->code) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no program", fn);
  return compile(args->client, p->code, p->code_size, p->format, p->format_size, args->compile_options,
                 args->compile_options_size, &args->executable);
}

/* ---- serialized executables: the program and its options, compiled again on load ------ */

static const char magic[8] = "TSRPJRT1";

typedef struct serialized {
  char *bytes;
  size_t size;
} serialized;

static void serialized_free(PJRT_SerializedExecutable *s) {
  serialized *x = (serialized *)s;
  if (x) free(x->bytes);
  free(x);
}

PJRT_Error *pjrt_Executable_Serialize(PJRT_Executable_Serialize_Args *args) {
  const char *fn = "PJRT_Executable_Serialize";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Executable_Serialize_Args, serialized_executable_deleter), fn);
  if (err) return err;
  const PJRT_Executable *e = args->executable;
  serialized *x = calloc(1, sizeof *x);
  size_t size = sizeof magic + 16 + e->code_size + e->options_size;
  if (!x || !(x->bytes = malloc(size))) {
    free(x);
    return pjrt_error_nomem();
  }
  uint64_t cs = e->code_size, os = e->options_size;
  char *p = x->bytes;
  memcpy(p, magic, sizeof magic);
  memcpy(p + 8, &cs, 8);
  memcpy(p + 16, &os, 8);
  memcpy(p + 24, e->code, e->code_size);
  memcpy(p + 24 + e->code_size, e->options_bytes, e->options_size);
  x->size = size;
  args->serialized_bytes = x->bytes;
  args->serialized_bytes_size = size;
  args->serialized_executable = (PJRT_SerializedExecutable *)x;
  args->serialized_executable_deleter = serialized_free;
  return NULL;
}

PJRT_Error *pjrt_Executable_DeserializeAndLoad(PJRT_Executable_DeserializeAndLoad_Args *args) {
  const char *fn = "PJRT_Executable_DeserializeAndLoad";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Executable_DeserializeAndLoad_Args, loaded_executable), fn);
  if (err) return err;
  const char *b = args->serialized_executable;
  size_t n = args->serialized_executable_size;
  uint64_t cs = 0, os = 0;
  if (!b || n < 24 || memcmp(b, magic, sizeof magic))
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: not an executable tessera serialized", fn);
  memcpy(&cs, b + 8, 8);
  memcpy(&os, b + 16, 8);
  if (cs > n - 24 || os != n - 24 - cs)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: a serialized executable of the wrong size", fn);
  const char *opts = b + 24 + cs;
  size_t opts_size = (size_t)os;
  if (PJRT_HAS(args, PJRT_Executable_DeserializeAndLoad_Args, overridden_serialized_compile_options_size) &&
      args->overridden_serialized_compile_options && args->overridden_serialized_compile_options_size) {
    opts = args->overridden_serialized_compile_options;
    opts_size = args->overridden_serialized_compile_options_size;
  }
  return compile(args->client, b + 24, (size_t)cs, "mlir", 4, opts, opts_size, &args->loaded_executable);
}

/* ---- what the executable tells ------------------------------------------------------- */

#define EXE(args) ((args)->executable)

PJRT_Error *pjrt_Executable_Destroy(PJRT_Executable_Destroy_Args *args) {
  if (args) pjrt_executable_unref(args->executable);
  return NULL;
}

PJRT_Error *pjrt_Executable_Name(PJRT_Executable_Name_Args *args) {
  args->executable_name = EXE(args)->name;
  args->executable_name_size = strlen(EXE(args)->name);
  return NULL;
}

PJRT_Error *pjrt_Executable_NumReplicas(PJRT_Executable_NumReplicas_Args *args) {
  args->num_replicas = (size_t)EXE(args)->options.num_replicas;
  return NULL;
}

PJRT_Error *pjrt_Executable_NumPartitions(PJRT_Executable_NumPartitions_Args *args) {
  args->num_partitions = (size_t)EXE(args)->options.num_partitions;
  return NULL;
}

PJRT_Error *pjrt_Executable_NumOutputs(PJRT_Executable_NumOutputs_Args *args) {
  args->num_outputs = (size_t)EXE(args)->num_outputs;
  return NULL;
}

PJRT_Error *pjrt_Executable_SizeOfGeneratedCodeInBytes(PJRT_Executable_SizeOfGeneratedCodeInBytes_Args *args) {
  args->size_in_bytes = (int64_t)EXE(args)->code_size;
  return NULL;
}

PJRT_Error *pjrt_Executable_GetCostAnalysis(PJRT_Executable_GetCostAnalysis_Args *args) {
  args->num_properties = (size_t)EXE(args)->n_cost;
  args->properties = EXE(args)->n_cost ? EXE(args)->cost : NULL;
  return NULL;
}

PJRT_Error *pjrt_Executable_OutputMemoryKinds(PJRT_Executable_OutputMemoryKinds_Args *args) {
  args->num_outputs = (size_t)EXE(args)->num_outputs;
  args->memory_kinds = EXE(args)->out_kinds;
  args->memory_kind_sizes = EXE(args)->out_kind_sizes;
  return NULL;
}

PJRT_Error *pjrt_Executable_ParameterMemoryKinds(PJRT_Executable_ParameterMemoryKinds_Args *args) {
  args->num_parameters = (size_t)EXE(args)->num_inputs;
  args->memory_kinds = EXE(args)->in_kinds;
  args->memory_kind_sizes = EXE(args)->in_kind_sizes;
  return NULL;
}

PJRT_Error *pjrt_Executable_OptimizedProgram(PJRT_Executable_OptimizedProgram_Args *args) {
  PJRT_Program *p = args->program;
  if (!p) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Executable_OptimizedProgram: no program");
  /* tessera runs the program as given: that is its optimized form */
  p->format = "mlir";
  p->format_size = 4;
  if (!p->code) {
    p->code_size = EXE(args)->code_size;
    return NULL;
  }
  if (p->code_size < EXE(args)->code_size)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Executable_OptimizedProgram: %zu bytes for %zu",
                      p->code_size, EXE(args)->code_size);
  memcpy(p->code, EXE(args)->code, EXE(args)->code_size);
  p->code_size = EXE(args)->code_size;
  return NULL;
}

PJRT_Error *pjrt_Executable_OutputElementTypes(PJRT_Executable_OutputElementTypes_Args *args) {
  args->output_types = EXE(args)->out_elem_types;
  args->num_output_types = (size_t)EXE(args)->num_outputs;
  return NULL;
}

PJRT_Error *pjrt_Executable_OutputDimensions(PJRT_Executable_OutputDimensions_Args *args) {
  args->num_outputs = (size_t)EXE(args)->num_outputs;
  args->dims = EXE(args)->out_dims;
  args->dim_sizes = EXE(args)->out_ranks;
  return NULL;
}

PJRT_Error *pjrt_Executable_Fingerprint(PJRT_Executable_Fingerprint_Args *args) {
  args->executable_fingerprint = EXE(args)->fingerprint;
  args->executable_fingerprint_size = strlen(EXE(args)->fingerprint);
  return NULL;
}

/* The bytes of one device's part of input or output i (its shard, on several devices). */
static int64_t value_bytes(const PJRT_Executable *e, bool output, int i) {
  tsr_array t;
  bool ok = e->options.num_partitions > 1 ? tsr_hlo_shard_type(e->program, output, i, &t) == TSR_OK
            : output                       ? tsr_hlo_output_type(e->program, i, &t)
                                           : tsr_hlo_input_type(e->program, i, &t);
  return ok ? (int64_t)(tsr_dtype_size(t.dtype) * (size_t)tsr_array_numel(&t)) : 0;
}

/* One device's memory, as XLA's CompiledMemoryStats count it: arguments and outputs by the
 * memory JAX placed them in, and the donated arguments whose memory an output reuses (the
 * alias size). tessera plans no temporaries ahead: those are 0. */
PJRT_Error *pjrt_Executable_GetCompiledMemoryStats(PJRT_Executable_GetCompiledMemoryStats_Args *args) {
  PJRT_Executable *e = EXE(args);
  int64_t in = 0, out = 0, alias = 0, host_in = 0, host_out = 0, host_alias = 0;
  for (int i = 0; i < e->num_inputs; i++) {
    int64_t b = value_bytes(e, false, i);
    bool host = !strcmp(e->in_kinds[i], "pinned_host");
    *(host ? &host_in : &in) += b;
    if (e->donate[i] >= 0) *(host ? &host_alias : &alias) += b;
  }
  for (int i = 0; i < e->num_outputs; i++) *(e->out_memory[i] == PJRT_MEM_PINNED_HOST ? &host_out : &out) += value_bytes(e, true, i);
  size_t keep = args->struct_size; /* fields past the caller's struct stay untouched */
  PJRT_Executable_GetCompiledMemoryStats_Args z;
  memset(&z, 0, sizeof z);
  z.generated_code_size_in_bytes = (int64_t)e->code_size;
  z.argument_size_in_bytes = in;
  z.output_size_in_bytes = out;
  z.alias_size_in_bytes = alias;
  z.host_argument_size_in_bytes = host_in;
  z.host_output_size_in_bytes = host_out;
  z.host_alias_size_in_bytes = host_alias;
  z.total_size_in_bytes = in + out - alias;
  z.peak_memory_in_bytes = in + out - alias;
  size_t from = offsetof(PJRT_Executable_GetCompiledMemoryStats_Args, generated_code_size_in_bytes);
  if (keep > from) memcpy((char *)args + from, (char *)&z + from, (keep < sizeof z ? keep : sizeof z) - from);
  return NULL;
}

static void compile_options_free(PJRT_SerializedCompileOptions *o) { free(o); }

PJRT_Error *pjrt_Executable_GetCompileOptions(PJRT_Executable_GetCompileOptions_Args *args) {
  PJRT_Executable *e = EXE(args);
  char *copy = malloc(e->options_size ? e->options_size : 1);
  if (!copy) return pjrt_error_nomem();
  if (e->options_size) memcpy(copy, e->options_bytes, e->options_size);
  args->serialized_bytes = copy;
  args->serialized_bytes_size = e->options_size;
  args->serialized_compile_options = (PJRT_SerializedCompileOptions *)copy;
  args->serialized_compile_options_deleter = compile_options_free;
  return NULL;
}

/* ---- loaded executables --------------------------------------------------------------- */

PJRT_Error *pjrt_LoadedExecutable_Destroy(PJRT_LoadedExecutable_Destroy_Args *args) {
  if (!args || !args->executable) return NULL;
  pjrt_executable_unref(args->executable->exe);
  free(args->executable->devices);
  free(args->executable->logical_ids);
  free(args->executable);
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_GetExecutable(PJRT_LoadedExecutable_GetExecutable_Args *args) {
  atomic_fetch_add(&args->loaded_executable->exe->refs, 1);
  args->executable = args->loaded_executable->exe;
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_AddressableDevices(PJRT_LoadedExecutable_AddressableDevices_Args *args) {
  args->addressable_devices = args->executable->devices;
  args->num_addressable_devices = (size_t)args->executable->n_devices;
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_AddressableDeviceLogicalIds(PJRT_LoadedExecutable_AddressableDeviceLogicalIds_Args *args) {
  args->addressable_device_logical_ids = args->executable->logical_ids;
  args->num_addressable_device_logical_ids = (size_t)args->executable->n_devices;
  return NULL;
}

/* The device assignment as an xla.DeviceAssignmentProto: replica_count (1), computation_count
 * (2), and per computation (3) its replicas' device ids (1, packed). */
static void assignment_free(PJRT_DeviceAssignmentSerialized *a) { free(a); }

PJRT_Error *pjrt_LoadedExecutable_GetDeviceAssignment(PJRT_LoadedExecutable_GetDeviceAssignment_Args *args) {
  PJRT_LoadedExecutable *le = args->executable;
  int64_t reps = le->exe->options.num_replicas, parts = le->exe->options.num_partitions;
  pb_out o = {NULL, 0, 0};
  bool ok = pb_put(&o, 1 << 3) && pb_put(&o, (uint64_t)reps) && pb_put(&o, 2 << 3) && pb_put(&o, (uint64_t)parts);
  for (int64_t c = 0; ok && c < parts; c++) {
    int64_t ids[PJRT_MAX_DEVICES];
    for (int64_t r = 0; r < reps; r++) ids[r] = le->devices[r * parts + c]->index;
    pb_out inner = {NULL, 0, 0};
    ok = pb_put_packed(&inner, 1, ids, (int)reps) && pb_put_bytes(&o, 3, inner.p, inner.n);
    free(inner.p);
  }
  if (!ok) {
    free(o.p);
    return pjrt_error_nomem();
  }
  args->serialized_bytes = o.p;
  args->serialized_bytes_size = o.n;
  args->serialized_device_assignment = (PJRT_DeviceAssignmentSerialized *)o.p;
  args->serialized_device_assignment_deleter = assignment_free;
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_Delete(PJRT_LoadedExecutable_Delete_Args *args) {
  atomic_store(&args->executable->deleted, true);
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_IsDeleted(PJRT_LoadedExecutable_IsDeleted_Args *args) {
  args->is_deleted = atomic_load(&args->executable->deleted);
  return NULL;
}

PJRT_Error *pjrt_LoadedExecutable_Fingerprint(PJRT_LoadedExecutable_Fingerprint_Args *args) {
  args->executable_fingerprint = args->executable->exe->fingerprint;
  args->executable_fingerprint_size = strlen(args->executable->exe->fingerprint);
  return NULL;
}

/* ---- execute -------------------------------------------------------------------------- */

static bool same_type(const tsr_array *a, const tsr_array *t) {
  if (a->dtype != t->dtype || a->rank != t->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != t->shape[d]) return false;
  return true;
}

static void type_text(const tsr_array *a, char *out, size_t cap) {
  int n = snprintf(out, cap, "%s[", tsr_dtype_name(a->dtype));
  for (int d = 0; d < a->rank && n > 0 && (size_t)n < cap; d++)
    n += snprintf(out + n, cap - (size_t)n, "%s%lld", d ? "," : "", (long long)a->shape[d]);
  if (n > 0 && (size_t)n < cap) snprintf(out + n, cap - (size_t)n, "]");
}

static bool not_donatable(const PJRT_ExecuteOptions *o, int i) {
  if (!o) return false;
  for (size_t k = 0; k < o->num_non_donatable_input_indices; k++)
    if (o->non_donatable_input_indices[k] == i) return true;
  return false;
}

/* What the program takes on each device: the whole input on one device, its shard on many. */
static bool input_type(const PJRT_Executable *e, int i, tsr_array *t) {
  if (e->options.num_partitions > 1) return tsr_hlo_shard_type(e->program, false, i, t) == TSR_OK;
  return tsr_hlo_input_type(e->program, i, t);
}

/* Checks device d's arguments, at the call: what JAX hands over that does not fit is an error of
 * Execute's. */
static PJRT_Error *check_arguments(const PJRT_Executable *e, int d, int n_dev, const PJRT_Device *dev,
                                   PJRT_Buffer *const *argv) {
  char where[32] = "";
  if (n_dev > 1) snprintf(where, sizeof where, " on device %d", d);
  for (int i = 0; i < e->num_inputs; i++) {
    PJRT_Buffer *b = argv[i];
    tsr_array t;
    if (!b || atomic_load(&b->deleted))
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: argument %d%s was deleted or donated", e->name, i, where);
    if (b->device != dev)
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: argument %d%s is on device %d, the program runs there "
                        "on device %d", e->name, i, where, b->device->index, dev->index);
    if (input_type(e, i, &t) && !same_type(&b->array, &t)) {
      char want[96], got[96];
      type_text(&t, want, sizeof want);
      type_text(&b->array, got, sizeof got);
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: argument %d%s is %s, the program takes %s", e->name, i,
                        where, got, want);
    }
  }
  return NULL;
}

/* One Execute: its program, devices, arguments and outputs (each held by a use until it has
 * run), and the events that say each device is done. */
typedef struct run_job {
  PJRT_Client *client;
  PJRT_Executable *exe; /* a reference: the loaded executable may be destroyed meanwhile */
  int n_dev;
  PJRT_Device **devs;
  PJRT_Buffer **args;   /* n_dev x num_inputs */
  PJRT_Buffer **outs;   /* n_dev x num_outputs, pending */
  PJRT_Event **done;    /* n_dev */
  PJRT_Error *err;      /* how it went, for an Execute that runs it itself */
} run_job;



static void job_free(run_job *j) {
  pjrt_executable_unref(j->exe);
  free(j->devs);
  free(j->args);
  free(j->outs);
  free(j->done);
  free(j);
}

/* Runs the program on the arguments of its devices (args of device d: j->args + d * n_in), into
 * out arrays (device d's: out + d * n_out), and times it (what decides whether the next run may
 * be made inline). A program of several devices runs once on the global arrays its devices'
 * shards make up (tsr_hlo_run_sharded). *inherited: it failed because an argument did. */
static PJRT_Error *run_program(run_job *j, tsr_array *out, bool *inherited) {
  PJRT_Executable *e = j->exe;
  PJRT_Client *c = j->client;
  int n_dev = j->n_dev, n_in = e->num_inputs, n_out = e->num_outputs;
  /* an argument still being made (a program before this one, a transfer) is waited for; its
   * failure is this run's */
  for (int k = 0; k < n_dev * n_in; k++) {
    PJRT_Error *err = pjrt_event_wait(j->args[k]->ready);
    if (err) {
      *inherited = true;
      return err;
    }
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  tsr_array *in_arrays = calloc((size_t)n_dev * (size_t)n_in + 1, sizeof *in_arrays);
  tsr_array **in = calloc((size_t)n_dev + 1, sizeof *in), **outp = calloc((size_t)n_dev + 1, sizeof *outp);
  if (!in_arrays || !in || !outp) {
    free(in_arrays);
    free(in);
    free(outp);
    return pjrt_error_nomem();
  }
  for (int d = 0; d < n_dev; d++) {
    in[d] = in_arrays + (size_t)d * (size_t)n_in;
    outp[d] = out + (size_t)d * (size_t)n_out;
    for (int i = 0; i < n_in; i++) {
      PJRT_Buffer *b = j->args[d * n_in + i];
      pthread_mutex_lock(&b->mu);
      in[d][i] = b->array; /* borrowed: the run reads it, the use keeps it */
      pthread_mutex_unlock(&b->mu);
    }
  }
  PJRT_Error *err = NULL;
  tsr_hlo_stats st;
  pthread_mutex_lock(&c->run_mu);
  tsr_sim *sim = NULL;
  tsr_status s = TSR_OK;
  if (tsr_hlo_num_kernels(e->program) > 0) s = pjrt_client_sim(c, n_dev, &sim);
  if (s == TSR_OK) {
    /* with TESSERA_PJRT_TIMING, the run counts its ops and the model times its kernels */
    pjrt_timed *timed = c->timing_path ? pjrt_timing_entry(c, e) : NULL;
    int kernels0 = 0;
    double seconds0 = timed ? pjrt_timing_now(sim, &kernels0) : 0;
    tsr_hlo_run_opts ro = {.machine = sim ? tsr_sim_machine(sim) : NULL, .tpu_numerics = true,
                           .profile = timed ? pjrt_timing_profile(timed) : NULL, .mxu_depth = c->spec.chip.mxu_dim};
    if (n_dev > 1) s = tsr_hlo_run_sharded(e->program, &ro, (const tsr_array *const *)in, n_in, outp, &st);
    else s = tsr_hlo_run(e->program, &ro, in[0], n_in, outp[0], &st);
    /* what the checkers found fails the call, with every finding */
    if (s == TSR_OK && sim) s = tsr_sim_findings(sim);
    if (sim) tsr_sim_reset_findings(sim);
    if (s == TSR_OK && timed) {
      pjrt_timing_ran(timed, sim, seconds0, kernels0);
      pjrt_timing_write(c);
    }
  }
  if (s != TSR_OK) err = pjrt_error_from_status(s, e->name);
  pthread_mutex_unlock(&c->run_mu);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  /* the fastest run so far: a run the host's other load slowed says nothing of the program */
  long long ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
  for (long long best = atomic_load(&e->fastest_run_ns); ns < best;)
    if (atomic_compare_exchange_weak(&e->fastest_run_ns, &best, ns)) break;
  /* each output is what the executable said it would be */
  for (int k = 0; !err && k < n_dev * n_out; k++)
    if (!same_type(&out[k], &j->outs[k]->array))
      err = pjrt_error(PJRT_Error_Code_INTERNAL, "tessera: %s: output %d is not of the type the executable reports", e->name,
                       k % n_out);
  free(in_arrays);
  free(in);
  free(outp);
  return err;
}

/* The job, on the client's worker (or in Execute with TESSERA_PJRT_SYNC): runs the program,
 * fills its outputs or sets the run's error on them, and sets the devices' events. */
static void job_run(void *arg) {
  run_job *j = arg;
  int n_in = j->exe->num_inputs, n_out = j->exe->num_outputs, n = j->n_dev * n_out;
  tsr_array *out = calloc((size_t)n + 1, sizeof *out);
  bool inherited = false; /* the failure of an argument, said where it happened */
  PJRT_Error *err = out ? run_program(j, out, &inherited) : pjrt_error_nomem();
  if (!j->client->sync) pjrt_stream_ran(j->client);
  /* a failure of the run's own (not an argument's) that no one looks at (JAX dropped the
   * call's value, before the run or after) is said on stderr, not lost */
  if (err && !inherited && !j->client->sync) pjrt_buffer_note_failure(j->outs, n, j->exe->name, pjrt_err(err)->message);
  for (int k = 0; k < n; k++) {
    if (err) pjrt_buffer_fail(j->outs[k], pjrt_err(err)->code, pjrt_err(err)->message);
    else pjrt_buffer_fill(j->outs[k], &out[k]);
    if (out) tsr_array_free(&out[k]);
  }
  free(out);
  for (int k = 0; k < j->n_dev * n_in; k++) pjrt_buffer_unuse(j->args[k]);
  for (int k = 0; k < n; k++) pjrt_buffer_unuse(j->outs[k]);
  for (int d = 0; d < j->n_dev; d++) {
    if (!j->done[d]) continue;
    if (err) pjrt_event_set(j->done[d], pjrt_err(err)->code, pjrt_err(err)->message);
    else pjrt_event_set(j->done[d], PJRT_Error_Code_OK, NULL);
    pjrt_event_destroy(j->done[d]);
  }
  if (j->client->sync) {
    j->err = err; /* Execute hands it back and frees the job */
    return;
  }
  pjrt_error_free(err);
  job_free(j);
}

static bool arguments_ready(run_job *j) {
  for (int k = 0; k < j->n_dev * j->exe->num_inputs; k++) {
    PJRT_Event *r = j->args[k]->ready;
    pthread_mutex_lock(&r->mu);
    bool ready = r->ready;
    pthread_mutex_unlock(&r->mu);
    if (!ready) return false;
  }
  return true;
}

static void destroy_buffer(PJRT_Buffer *b) {
  PJRT_Buffer_Destroy_Args da = {.struct_size = PJRT_Buffer_Destroy_Args_STRUCT_SIZE, .buffer = b};
  pjrt_Buffer_Destroy(&da);
}

/* Checks the arguments, makes the outputs (pending) and queues the run. Execute returns once it
 * is queued: what the run finds (a kernel's findings, an op's error) is set on the outputs'
 * ready events and the devices' complete events, where JAX raises it when it waits for them. */
static PJRT_Error *enqueue(PJRT_LoadedExecutable *le, int n_dev, PJRT_Device *const *devs, PJRT_Buffer *const *const *argv,
                           PJRT_Buffer **const *outv, PJRT_Event **complete, const PJRT_ExecuteOptions *opts) {
  PJRT_Executable *e = le->exe;
  int n_in = e->num_inputs, n_out = e->num_outputs;
  PJRT_Error *err = NULL;
  for (int d = 0; d < n_dev && !err; d++) err = check_arguments(e, d, n_dev, devs[d], argv[d]);
  if (err) return err;
  run_job *j = calloc(1, sizeof *j);
  if (!j) return pjrt_error_nomem();
  j->client = le->client;
  j->exe = e;
  atomic_fetch_add(&e->refs, 1);
  j->n_dev = n_dev;
  j->devs = calloc((size_t)n_dev, sizeof *j->devs);
  j->args = calloc((size_t)n_dev * (size_t)n_in + 1, sizeof *j->args);
  j->outs = calloc((size_t)n_dev * (size_t)n_out + 1, sizeof *j->outs);
  j->done = calloc((size_t)n_dev, sizeof *j->done);
  if (!j->devs || !j->args || !j->outs || !j->done) {
    job_free(j);
    return pjrt_error_nomem();
  }
  int made = 0;
  for (; !err && made < n_dev * n_out; made++) {
    int d = made / n_out, k = made % n_out;
    const tsr_array *t = &e->out_types[k];
    err = pjrt_buffer_pending(devs[d], devs[d]->memories[e->out_memory[k]], e->out_elem_types[k], t->shape,
                              (size_t)t->rank, &j->outs[made], "PJRT_LoadedExecutable_Execute");
  }
  for (int d = 0; !err && d < n_dev; d++)
    if (complete && !(j->done[d] = pjrt_event_new())) err = pjrt_error_nomem();
  if (err) {
    for (int k = 0; k < n_dev * n_out && j->outs[k]; k++) {
      pjrt_buffer_unuse(j->outs[k]);
      destroy_buffer(j->outs[k]);
    }
    for (int d = 0; d < n_dev; d++) pjrt_event_destroy(j->done[d]);
    job_free(j);
    return err;
  }
  for (int d = 0; d < n_dev; d++) {
    j->devs[d] = devs[d];
    for (int i = 0; i < n_in; i++) {
      pjrt_buffer_use(j->args[d * n_in + i] = argv[d][i]);
      pjrt_buffer_seen(argv[d][i]); /* its failure, if any, becomes this run's */
    }
  }
  /* donated arguments are given up now, as a TPU reuses their memory for the outputs: JAX may
   * not use them again, and the run's use keeps their memory until it is over */
  for (int d = 0; d < n_dev; d++)
    for (int i = 0; i < n_in; i++)
      if (e->donate[i] != -1 && !not_donatable(opts, i)) pjrt_buffer_release(argv[d][i]);
  for (int d = 0; d < n_dev; d++) {
    for (int k = 0; k < n_out; k++) outv[d][k] = j->outs[d * n_out + k];
    if (complete) complete[d] = pjrt_event_ref(j->done[d]);
  }
  PJRT_Client *c = le->client;
  if (c->sync) {
    /* as before there was a stream: the run is over when Execute returns, and its failure is
     * Execute's (no outputs, no events) */
    job_run(j);
    err = j->err;
    if (err) {
      for (int d = 0; d < n_dev; d++) {
        for (int k = 0; k < n_out; k++) {
          destroy_buffer(outv[d][k]);
          outv[d][k] = NULL;
        }
        if (complete) {
          pjrt_event_destroy(complete[d]);
          complete[d] = NULL;
        }
      }
    }
    job_free(j);
    return err;
  }
  /* a program whose fastest run took less than c->inline_ns runs here when the stream is idle and
   * its arguments are ready: handing it to the worker (a wake-up, a switch of threads) would
   * cost more than it runs */
  if (atomic_load(&e->fastest_run_ns) < c->inline_ns && arguments_ready(j) && pjrt_stream_try_inline(c)) {
    job_run(j); /* its failure goes on its events, as on the worker */
    return NULL;
  }
  if ((err = pjrt_stream_push(c, job_run, j))) {
    /* nothing will run it: its outputs and events say why */
    for (int k = 0; k < n_dev * n_out; k++) pjrt_buffer_fail(j->outs[k], pjrt_err(err)->code, pjrt_err(err)->message);
    for (int d = 0; d < n_dev; d++)
      if (j->done[d]) pjrt_event_set(j->done[d], pjrt_err(err)->code, pjrt_err(err)->message);
    for (int k = 0; k < n_dev * n_in; k++) pjrt_buffer_unuse(j->args[k]);
    for (int k = 0; k < n_dev * n_out; k++) pjrt_buffer_unuse(j->outs[k]);
    for (int d = 0; d < n_dev; d++) pjrt_event_destroy(j->done[d]);
    job_free(j);
  }
  return err;
}

PJRT_Error *pjrt_LoadedExecutable_Execute(PJRT_LoadedExecutable_Execute_Args *args) {
  const char *fn = "PJRT_LoadedExecutable_Execute";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Execute_Args, device_complete_events), fn);
  if (err) return err;
  PJRT_LoadedExecutable *le = args->executable;
  if (atomic_load(&le->deleted)) return pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION, "tessera: %s: the executable was deleted", fn);
  PJRT_Device *exec_dev = PJRT_HAS(args, PJRT_LoadedExecutable_Execute_Args, execute_device) ? args->execute_device : NULL;
  if ((int)args->num_devices != le->n_devices)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: %s is compiled for %d devices, run on %zu", fn,
                      le->exe->name, le->n_devices, args->num_devices);
  if ((int)args->num_args != le->exe->num_inputs)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s takes %d arguments, got %zu", le->exe->name,
                      le->exe->num_inputs, args->num_args);
  /* a portable executable of one device runs where it is asked to */
  PJRT_Device *const *devs = exec_dev && le->n_devices == 1 ? &exec_dev : le->devices;
  return enqueue(le, le->n_devices, devs, args->argument_lists, args->output_lists, args->device_complete_events,
                 args->options);
}
