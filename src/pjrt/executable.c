/* Compile and execute. A program arrives as jaxlib serialized it: a StableHLO portable
 * artifact (MLIR bytecode, read as StableHLO by src/mlir/vhlo.c) with its compile options.
 * Compiling is tessera's: the module is read and put through tsr_hlo_compile, which checks
 * every op (an op tessera does not run is reported with its name and location here, as a
 * compile error) and loads every kernel. Executing runs the program with the StableHLO
 * interpreter on the argument buffers, its kernels on the client's machine under the race and
 * semaphore checkers; a finding fails the call with every finding in the message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  free(e->donate);
  free(e->code);
  free(e->options_bytes);
  free(e);
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

static const char *const device_kind = "device";

static PJRT_Error *describe_outputs(PJRT_Executable *e) {
  int n = e->num_outputs;
  /* the memory kinds serve the parameters too: as many as the longer list */
  int kinds = n > e->num_inputs ? n : e->num_inputs;
  e->out_types = calloc((size_t)n + 1, sizeof *e->out_types);
  e->out_elem_types = calloc((size_t)n + 1, sizeof *e->out_elem_types);
  e->out_dims = calloc((size_t)n * TSR_MAX_RANK + 1, sizeof *e->out_dims);
  e->out_ranks = calloc((size_t)n + 1, sizeof *e->out_ranks);
  e->out_kinds = calloc((size_t)kinds + 1, sizeof *e->out_kinds);
  e->out_kind_sizes = calloc((size_t)kinds + 1, sizeof *e->out_kind_sizes);
  e->donate = calloc((size_t)e->num_inputs + 1, sizeof *e->donate);
  if (!e->out_types || !e->out_elem_types || !e->out_dims || !e->out_ranks || !e->out_kinds || !e->out_kind_sizes ||
      !e->donate)
    return pjrt_error_nomem();
  int64_t *dims = e->out_dims;
  for (int i = 0; i < n; i++) {
    if (!tsr_hlo_output_type(e->program, i, &e->out_types[i]) ||
        !pjrt_dtype_to_type(e->out_types[i].dtype, &e->out_elem_types[i]))
      return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: output %d of %s has a type tessera does not hold", i, e->name);
    e->out_ranks[i] = (size_t)e->out_types[i].rank;
    for (int d = 0; d < e->out_types[i].rank; d++) *dims++ = e->out_types[i].shape[d];
  }
  for (int i = 0; i < kinds; i++) {
    e->out_kinds[i] = device_kind;
    e->out_kind_sizes[i] = strlen(device_kind);
  }
  for (int i = 0; i < e->num_inputs; i++) e->donate[i] = tsr_hlo_input_donation(e->program, i);
  return NULL;
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

/* Reads, checks and compiles a program; the executable keeps what it was given so that it
 * can be serialized and loaded again. */
static PJRT_Error *compile(PJRT_Client *c, const char *code, size_t code_size, const char *format, size_t format_size,
                           const char *options, size_t options_size, PJRT_LoadedExecutable **out) {
  if (format && !(format_size == 4 && !memcmp(format, "mlir", 4)))
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: programs in format '%.*s' (tessera reads StableHLO, format 'mlir')",
                      (int)format_size, format);
  dump_program(code, code_size, options, options_size);
  PJRT_Executable *e = calloc(1, sizeof *e);
  if (!e) return pjrt_error_nomem();
  atomic_init(&e->refs, 1);
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
    else if (devices > 1)
      err = pjrt_error(PJRT_Error_Code_UNIMPLEMENTED,
                       "tessera: %s runs on %lld replicas x %lld partitions; tessera's PJRT plugin runs programs of one "
                       "device so far",
                       e->name, (long long)e->options.num_replicas, (long long)e->options.num_partitions);
  }
  if (!err) err = describe_outputs(e);
  PJRT_LoadedExecutable *le = NULL;
  if (!err && !(le = calloc(1, sizeof *le))) err = pjrt_error_nomem();
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
    uint64_t h = fnv1a(0xcbf29ce484222325ull, code, code_size);
    h = fnv1a(h, options, options_size);
    snprintf(e->fingerprint, sizeof e->fingerprint, "tessera-%016llx", (unsigned long long)h);
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
  args->num_properties = 0; /* XLA's cost model is not tessera's; the timing model says more */
  args->properties = NULL;
  return NULL;
}

PJRT_Error *pjrt_Executable_OutputMemoryKinds(PJRT_Executable_OutputMemoryKinds_Args *args) {
  args->num_outputs = (size_t)EXE(args)->num_outputs;
  args->memory_kinds = EXE(args)->out_kinds;
  args->memory_kind_sizes = EXE(args)->out_kind_sizes;
  return NULL;
}

PJRT_Error *pjrt_Executable_ParameterMemoryKinds(PJRT_Executable_ParameterMemoryKinds_Args *args) {
  /* every parameter is in device memory: the kinds table is as long as both lists */
  args->num_parameters = (size_t)EXE(args)->num_inputs;
  args->memory_kinds = EXE(args)->out_kinds;
  args->memory_kind_sizes = EXE(args)->out_kind_sizes;
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

PJRT_Error *pjrt_Executable_GetCompiledMemoryStats(PJRT_Executable_GetCompiledMemoryStats_Args *args) {
  PJRT_Executable *e = EXE(args);
  int64_t in = 0, out = 0;
  for (int i = 0; i < e->num_inputs; i++) {
    tsr_array t;
    if (tsr_hlo_input_type(e->program, i, &t)) in += (int64_t)(tsr_dtype_size(t.dtype) * (size_t)tsr_array_numel(&t));
  }
  for (int i = 0; i < e->num_outputs; i++)
    out += (int64_t)(tsr_dtype_size(e->out_types[i].dtype) * (size_t)tsr_array_numel(&e->out_types[i]));
  size_t keep = args->struct_size; /* fields past the caller's struct stay untouched */
  PJRT_Executable_GetCompiledMemoryStats_Args z;
  memset(&z, 0, sizeof z);
  z.generated_code_size_in_bytes = (int64_t)e->code_size;
  z.argument_size_in_bytes = in;
  z.output_size_in_bytes = out;
  z.total_size_in_bytes = in + out;
  z.peak_memory_in_bytes = in + out;
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
typedef struct pb_out {
  char *p;
  size_t n, cap;
} pb_out;

static bool pb_put(pb_out *o, uint64_t v) {
  do {
    if (o->n == o->cap) return false;
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

static void assignment_free(PJRT_DeviceAssignmentSerialized *a) { free(a); }

PJRT_Error *pjrt_LoadedExecutable_GetDeviceAssignment(PJRT_LoadedExecutable_GetDeviceAssignment_Args *args) {
  PJRT_LoadedExecutable *le = args->executable;
  int64_t reps = le->exe->options.num_replicas, parts = le->exe->options.num_partitions;
  size_t cap = 32 + (size_t)(reps * parts) * 16 + (size_t)parts * 8;
  pb_out o = {malloc(cap), 0, cap};
  if (!o.p) return pjrt_error_nomem();
  bool ok = pb_put(&o, 1 << 3) && pb_put(&o, (uint64_t)reps) && pb_put(&o, 2 << 3) && pb_put(&o, (uint64_t)parts);
  for (int64_t c = 0; ok && c < parts; c++) {
    char ids[PJRT_MAX_DEVICES * 10];
    pb_out inner = {ids, 0, sizeof ids};
    for (int64_t r = 0; ok && r < reps; r++) ok = pb_put(&inner, (uint64_t)le->devices[r * parts + c]->index);
    ok = ok && pb_put(&o, 3 << 3 | 2) && pb_put(&o, 1 + varint_size(inner.n) + inner.n) && pb_put(&o, 1 << 3 | 2) &&
         pb_put(&o, inner.n) && o.n + inner.n <= o.cap;
    if (ok) {
      memcpy(o.p + o.n, inner.p, inner.n);
      o.n += inner.n;
    }
  }
  if (!ok) {
    free(o.p);
    return pjrt_error(PJRT_Error_Code_INTERNAL, "tessera: the device assignment does not fit its buffer");
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

/* Runs the program once on one device's arguments; its outputs become buffers there. */
static PJRT_Error *run_one(PJRT_LoadedExecutable *le, PJRT_Device *dev, PJRT_Buffer *const *argv, size_t argc,
                           const PJRT_ExecuteOptions *opts, PJRT_Buffer **outv) {
  PJRT_Executable *e = le->exe;
  PJRT_Client *c = le->client;
  if ((int)argc != e->num_inputs)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s takes %d arguments, got %zu", e->name, e->num_inputs,
                      argc);
  tsr_array *in = calloc((size_t)e->num_inputs + 1, sizeof *in);
  tsr_array *out = calloc((size_t)e->num_outputs + 1, sizeof *out);
  if (!in || !out) {
    free(in);
    free(out);
    return pjrt_error_nomem();
  }
  PJRT_Error *err = NULL;
  for (int i = 0; i < e->num_inputs && !err; i++) {
    PJRT_Buffer *b = argv[i];
    tsr_array t;
    if (!b || atomic_load(&b->deleted)) {
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: argument %d was deleted or donated", e->name, i);
    } else if (tsr_hlo_input_type(e->program, i, &t) && !same_type(&b->array, &t)) {
      char want[96], got[96];
      type_text(&t, want, sizeof want);
      type_text(&b->array, got, sizeof got);
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: argument %d is %s, the program takes %s", e->name, i,
                       got, want);
    } else {
      in[i] = b->array; /* borrowed: the run reads it */
    }
  }
  tsr_hlo_stats st;
  if (!err) {
    pthread_mutex_lock(&c->run_mu);
    tsr_sim *sim = NULL;
    tsr_status s = TSR_OK;
    if (tsr_hlo_num_kernels(e->program) > 0) s = pjrt_client_sim(c, 1, &sim);
    if (s == TSR_OK) {
      tsr_hlo_run_opts ro = {.machine = sim ? tsr_sim_machine(sim) : NULL};
      s = tsr_hlo_run(e->program, &ro, in, e->num_inputs, out, &st);
      /* what the checkers found fails the call, with every finding */
      if (s == TSR_OK && sim) s = tsr_sim_findings(sim);
      if (sim) tsr_sim_reset_findings(sim);
    }
    if (s != TSR_OK) err = pjrt_error_from_status(s, e->name);
    pthread_mutex_unlock(&c->run_mu);
  }
  int made = 0;
  for (; !err && made < e->num_outputs; made++) {
    PJRT_Buffer_Type type;
    if (!pjrt_dtype_to_type(out[made].dtype, &type))
      err = pjrt_error(PJRT_Error_Code_INTERNAL, "tessera: %s: output %d has a type tessera does not hold", e->name, made);
    else
      err = pjrt_buffer_wrap(dev, NULL, type, &out[made], &outv[made]);
  }
  if (err) {
    for (int i = 0; i < made - 1; i++) {
      PJRT_Buffer_Destroy_Args da = {.struct_size = PJRT_Buffer_Destroy_Args_STRUCT_SIZE, .buffer = outv[i]};
      pjrt_Buffer_Destroy(&da);
      outv[i] = NULL;
    }
    for (int i = 0; i < e->num_outputs; i++) tsr_array_free(&out[i]);
  } else {
    /* donated arguments are given up, as a TPU reuses their memory for the outputs */
    for (int i = 0; i < e->num_inputs; i++)
      if (e->donate[i] != -1 && !not_donatable(opts, i)) pjrt_buffer_release(argv[i]);
  }
  free(in);
  free(out);
  return err;
}

PJRT_Error *pjrt_LoadedExecutable_Execute(PJRT_LoadedExecutable_Execute_Args *args) {
  const char *fn = "PJRT_LoadedExecutable_Execute";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Execute_Args, device_complete_events), fn);
  if (err) return err;
  PJRT_LoadedExecutable *le = args->executable;
  if (atomic_load(&le->deleted)) return pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION, "tessera: %s: the executable was deleted", fn);
  PJRT_Device *exec_dev = PJRT_HAS(args, PJRT_LoadedExecutable_Execute_Args, execute_device) ? args->execute_device : NULL;
  if (args->num_devices != 1)
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: %s on %zu devices (one so far)", fn, le->exe->name,
                      args->num_devices);
  PJRT_Device *dev = exec_dev ? exec_dev : le->devices[0];
  const PJRT_ExecuteOptions *opts = args->options;
  err = run_one(le, dev, args->argument_lists[0], args->num_args, opts, args->output_lists[0]);
  /* the run is over when Execute returns: its event is set (none when it failed, which the
   * error says) */
  if (args->device_complete_events)
    if (!err && !(args->device_complete_events[0] = pjrt_event_done(PJRT_Error_Code_OK, NULL))) err = pjrt_error_nomem();
  return err;
}
