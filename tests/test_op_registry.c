/* The op registries (the .def files in src/ops) against the test kernels: every op of every registry
 * appears in a kernel or graph of the corpus below, in its pretty form when its row names one
 * (so the text parser reads that form), and in a file that this test runs to completion (so
 * an executor runs it); every corpus file that is text reads back equal from its generic
 * print and from bytecode (versions 0 and 6). Kernels under tests/ops/ check their own results
 * with cf.assert against hand-computed values, so running them is checking them. The traits
 * columns are checked against this file's own reading of the ops (test_traits). */
#define _POSIX_C_SOURCE 200809L /* opendir, open_memstream */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "mlir/ir.h"
#include "ops/traits.h"
#include "tessera/hlo.h"
#include "tessera/mlir.h"
#include "tessera/mosaic.h"

typedef struct op_row {
  const char *registry, *name, *syntax, *kind, *run_fn;
  unsigned traits;
  bool seen, seen_pretty, run;
} op_row;

static op_row rows[] = {
#define BUILTIN_OP(e, name, syntax) {"builtin", name, #syntax, "", "", 0, false, false, false},
#include "ops/builtin.def"
#undef BUILTIN_OP
#define MOP(e, name, syntax, compile, run, kind, traits) {"mosaic", name, #syntax, #kind, #run, traits, false, false, false},
#include "ops/mosaic.def"
#undef MOP
#define HLO_OP(e, name, syntax, run, prep, traits) {"stablehlo", name, #syntax, "", #run, traits, false, false, false},
#include "ops/stablehlo.def"
#undef HLO_OP
#define HLO_OP(e, name, syntax, run, prep, traits) {"check", name, #syntax, "", #run, traits, false, false, false},
#include "ops/check.def"
#undef HLO_OP
};
enum { NROWS = sizeof rows / sizeof rows[0] };

static bool pretty(const op_row *r) { return strcmp(r->syntax, "GENERIC") != 0; }

/* Names are dialect-qualified and unique in a registry; an op in two registries (func.return)
 * has one syntax. */
static void test_rows(void) {
  for (int i = 0; i < NROWS; i++) {
    CHECK(strchr(rows[i].name, '.') != NULL);
    for (int j = i + 1; j < NROWS; j++) {
      if (strcmp(rows[i].name, rows[j].name)) continue;
      bool distinct = strcmp(rows[i].registry, rows[j].registry) != 0, same = !strcmp(rows[i].syntax, rows[j].syntax);
      CHECK(distinct && same);
      if (!distinct || !same) fprintf(stderr, "  %s is registered twice (%s, %s)\n", rows[i].name, rows[i].registry, rows[j].registry);
    }
  }
}

static op_row *row_of(const char *name) {
  for (int i = 0; i < NROWS; i++)
    if (!strcmp(rows[i].name, name)) return &rows[i];
  return NULL;
}

/* Marks the registered ops a module holds (run: the module ran to completion). */
static bool mark_op(mlir_ir_op *op, void *user) {
  bool run = *(bool *)user;
  for (int i = 0; i < NROWS; i++)
    if (!strcmp(rows[i].name, op->name)) {
      rows[i].seen = true;
      rows[i].run |= run;
    }
  return true;
}

static tsr_status mark_body(tsr_mlir_module *body, const char *kernel_name, int index, void *user) {
  (void)kernel_name, (void)index;
  tsr_status s = tsr_mlir_mosaic_view(body);
  if (s == TSR_OK) mlir_ir_walk(body->top, mark_op, user);
  tsr_mlir_module_destroy(body);
  return s;
}

/* The default dialects' short spellings (MLIR prints `return`, not `func.return`). */
static const char *spelling_of(const char *name) {
  return !strcmp(name, "func.return") ? "return" : !strcmp(name, "func.call") ? "call"
         : !strcmp(name, "builtin.module") ? "module" : name;
}

/* Ops written in their pretty form in a text file: the name at the start of an op (after
 * `= ` or indentation) and followed by its operands, not in quotes as the generic form
 * writes it. */
static void mark_pretty(const char *text) {
  for (int i = 0; i < NROWS; i++) {
    const char *name = spelling_of(rows[i].name);
    size_t n = strlen(name);
    for (const char *at = strstr(text, name); at && !rows[i].seen_pretty; at = strstr(at + n, name))
      rows[i].seen_pretty = (at == text || at[-1] == ' ' || at[-1] == '\n') && strchr(" \n([", at[n]) && at[n];
  }
}

static char *generic_print(const tsr_mlir_module *m) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return NULL;
  tsr_mlir_print(m, f, TSR_MLIR_PRINT_LOCS);
  fclose(f);
  return text;
}

/* The generic print reads back to an equal module, and so do bytecode v0 and v6. */
static void round_trips(const char *path, const tsr_mlir_module *m) {
  char why[256], *text = generic_print(m);
  tsr_mlir_module *again = NULL;
  CHECK(text && tsr_mlir_parse_text(text, strlen(text), path, &again) == TSR_OK);
  bool eq = again && tsr_mlir_equal(m, again, false, why, sizeof why);
  CHECK(eq);
  if (!eq) fprintf(stderr, "  %s: its generic print reads back different: %s\n", path, again ? why : tsr_last_error());
  tsr_mlir_module_destroy(again);
  free(text);
  for (int v = 0; v <= 6; v += 6) {
    unsigned char *bc = NULL;
    size_t n = 0;
    tsr_mlir_module *back = NULL;
    tsr_status s = tsr_mlir_write_bytecode(m, v, &bc, &n);
    if (s == TSR_OK) s = tsr_mlir_read_bytecode(bc, n, &back);
    /* before version 5 properties travel in the attribute dictionary */
    unsigned flags = MLIR_IR_EQ_IGNORE_LOCS | (v < 5 ? MLIR_IR_EQ_MERGE_PROPS : 0);
    bool same = s == TSR_OK && mlir_ir_op_equal(m->top, back->top, flags, why, sizeof why);
    CHECK(same);
    if (!same) fprintf(stderr, "  %s: bytecode v%d: %s\n", path, v, s == TSR_OK ? why : tsr_last_error());
    tsr_mlir_module_destroy(back);
    free(bc);
  }
}

/* Runs a module as `tessera run` does without inputs (zero-filled arrays of @main's types, or
 * of a bare kernel's worked-out shapes) under an op budget. */
/* The chip a kernel asks for in its header comment ("--chip v6e": a DMA that signals a regular
 * semaphore runs on v6 and later only); v5e, the machine's default, where it names none. */
static const tsr_chip *chip_named(const char *text) {
  const char *at = strstr(text, "--chip ");
  if (!at) return NULL;
  char name[16] = {0};
  sscanf(at + 7, "%15[A-Za-z0-9]", name);
  return tsr_chip_get(name);
}

static bool runs(const char *path, const char *text, tsr_mlir_module *m) {
  tsr_hlo_program *p = NULL;
  tsr_machine *mach = NULL;
  tsr_array in[64] = {{0}}, out[64] = {{0}};
  int n_in = 0, n_out = 0;
  /* many-chip kernels (tests/mosaic/mc_*) run on 4 devices, on global arrays (4 shards) */
  int devices = strstr(path, "/mc_") ? 4 : 1;
  bool ok = tsr_hlo_compile(m, &p) == TSR_OK &&
            tsr_machine_create(&(tsr_machine_options){.quiet = true, .max_kernel_ops = 10000000, .num_devices = devices,
                                                     .chip = text ? chip_named(text) : NULL},
                               &mach) == TSR_OK;
  if (ok) {
    n_in = tsr_hlo_num_inputs(p);
    n_out = tsr_hlo_num_outputs(p);
    ok = n_in <= 64 && n_out <= 64;
  }
  for (int i = 0; ok && i < n_in; i++) {
    tsr_array t;
    ok = tsr_hlo_input_type(p, i, &t);
    if (ok && t.rank) t.shape[0] *= devices;
    ok = ok && tsr_array_alloc(&in[i], t.dtype, t.rank, t.shape) == TSR_OK;
  }
  tsr_hlo_stats st;
  tsr_hlo_run_opts ro = {.machine = mach};
  if (ok) ok = tsr_hlo_run(p, &ro, in, n_in, out, &st) == TSR_OK;
  if (!ok) fprintf(stderr, "  %s does not run: %s\n", path, tsr_last_error());
  for (int i = 0; i < 64; i++) { tsr_array_free(&in[i]); tsr_array_free(&out[i]); }
  tsr_hlo_program_destroy(p);
  tsr_machine_destroy(mach);
  return ok;
}

/* Kernels and graphs that are meant to fail when run (the op budget's and the checkers'
 * tests): read, but not counted as running what they hold. */
static bool meant_to_fail(const char *path) {
  /* mc_permute_add_racy races in host memory on purpose (ThreadSanitizer would say so);
   * sem_in_wait waits for a DMA an earlier kernel started, which zero counts never bring */
  return strstr(path, "/endless") != NULL || strstr(path, "/mc_signal_wrong_device") != NULL ||
         strstr(path, "/mc_permute_add_racy") != NULL || strstr(path, "/mc_scoped_sem_held") != NULL ||
         strstr(path, "/sem_in_wait") != NULL;
}

static void one_file(const char *path) {
  size_t n = 0;
  char *data = tsr_test_slurp(path, &n);
  CHECK(data != NULL);
  if (!data) return;
  bool text = !(n >= 4 && !memcmp(data, "ML\xefR", 4));
  tsr_mlir_module *m = NULL;
  tsr_status s = tsr_mlir_read_buffer(data, n, path, &m);
  CHECK(s == TSR_OK);
  if (s != TSR_OK) {
    fprintf(stderr, "  %s: %s\n", path, tsr_last_error());
    free(data);
    return;
  }
  if (text) {
    mark_pretty(data);
    round_trips(path, m);
  }
  bool not_run = false;
  mlir_ir_walk(m->top, mark_op, &not_run);
  CHECK_OK(tsr_mlir_for_each_tpu_body(m, mark_body, &not_run));
  if (!meant_to_fail(path)) {
    bool ran = runs(path, text ? data : NULL, m);
    CHECK(ran);
    /* the run rewrote a bare kernel in place (the Mosaic view): walk what ran */
    if (ran) {
      mlir_ir_walk(m->top, mark_op, &ran);
      CHECK_OK(tsr_mlir_for_each_tpu_body(m, mark_body, &ran));
    }
  }
  tsr_mlir_module_destroy(m);
  free(data);
}

static void each_file(const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d) return;
  struct dirent *e;
  char *names[512];
  int n = 0;
  while ((e = readdir(d)) && n < 512) {
    size_t len = strlen(e->d_name), sl = strlen(suffix);
    if (len > sl && !strcmp(e->d_name + len - sl, suffix)) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    one_file(path);
    free(names[i]);
  }
}

static void test_corpus(void) {
  each_file("tests/ops", ".mlir");
  each_file("tests/mosaic", ".mlir");
  each_file("tests/hlo", ".mlir");
  each_file("tests/conformance/seed_my_call", ".mlir");
  each_file("tests/conformance/mosaic_bodies", ".mlirbc");
  static const char *const conformance[] = {"mosaic_boolean_constant", "mosaic_matmul", "mosaic_semaphore_dma"};
  for (size_t i = 0; i < sizeof conformance / sizeof conformance[0]; i++) {
    char dir[256];
    snprintf(dir, sizeof dir, "tests/conformance/jax_export_backcompat/%s", conformance[i]);
    each_file(dir, "module.mlir");
  }
  DIR *d = opendir("tests/jax_suite");
  CHECK(d != NULL);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.' || strchr(e->d_name, '.')) continue;
    char dir[512];
    snprintf(dir, sizeof dir, "tests/jax_suite/%s/v_new", e->d_name);
    each_file(dir, ".mlir");
    snprintf(dir, sizeof dir, "tests/jax_suite/%s/v_fwd", e->d_name);
    each_file(dir, "module.mlir");
  }
  if (d) closedir(d);
  int missing = 0;
  for (int i = 0; i < NROWS; i++) {
    const op_row *r = &rows[i];
    const char *why = !r->seen ? "is in no test kernel or graph"
                      : pretty(r) && !r->seen_pretty ? "never appears in its pretty form"
                      : !r->run ? "is in no kernel or graph that runs" : NULL;
    if (!why) continue;
    missing++;
    fprintf(stderr, "  %s op %s (%s) %s\n", r->registry, r->name, r->syntax, why);
  }
  CHECK_EQ_INT(missing, 0);
}

/* The ops of the Mosaic dialect tessera refuses, with the reason. */
static const struct { const char *name, *why; } refused[] = {
#define MREFUSED(name, why) {name, why},
#include "ops/mosaic_refused.def"
#undef MREFUSED
};
enum { NREFUSED = sizeof refused / sizeof refused[0] };

/* Every op of the pinned jaxlib's Mosaic dialect (tests/ops/tpu_dialect_ops.txt, written from
 * jaxlib by tools/jax/op_kernels.py) is either run (a mosaic row) or refused, never both; a
 * refused op fails to load with its name, location and reason, in the generic form, and the
 * text parser names the reason when it meets the pretty form. */
static void test_dialect_coverage(void) {
  size_t n = 0;
  char *list = tsr_test_slurp("tests/ops/tpu_dialect_ops.txt", &n);
  CHECK(list != NULL);
  int ops = 0;
  for (char *line = list ? strtok(list, "\n") : NULL; line; line = strtok(NULL, "\n")) {
    if (line[0] == '#' || !line[0]) continue;
    ops++;
    const op_row *r = row_of(line);
    bool runs = r && !strcmp(r->registry, "mosaic"), no = false;
    for (int i = 0; i < NREFUSED; i++) no |= !strcmp(refused[i].name, line);
    CHECK(runs != no);
    if (runs == no) fprintf(stderr, "  %s is %s\n", line, runs ? "both run and refused" : "neither run nor refused");
  }
  CHECK(ops > 80); /* the list is there and whole */
  free(list);
  for (int i = 0; i < NREFUSED; i++) {
    char text[512], want[512];
    snprintf(text, sizeof text, "module {\n  func.func @main() attributes {dimension_semantics = []} {\n    \"%s\"() : () -> () "
             "loc(\"r.py\":7:3)\n    return\n  }\n}\n", refused[i].name);
    tsr_mlir_module *m = NULL;
    tsr_mosaic_kernel *k = NULL;
    CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "r.mlir", &m));
    snprintf(want, sizeof want, "unsupported op %s at r.py:7:3: %s", refused[i].name, refused[i].why);
    CHECK_FAILS(tsr_mosaic_kernel_create(m, &k), TSR_ERR_UNSUPPORTED, want);
    tsr_mlir_module_destroy(m);
    snprintf(text, sizeof text, "module {\n  func.func @main() {\n    %s\n    return\n  }\n}\n", refused[i].name);
    snprintf(want, sizeof want, "op '%s' is not supported by tessera: %s", refused[i].name, refused[i].why);
    CHECK_FAILS(tsr_mlir_parse_text(text, strlen(text), "r.mlir", &m), TSR_ERR_PARSE, want);
  }
}

/* The row of `name` in `registry` (func.return is in two), or NULL. */
static const op_row *registry_row(const char *registry, const char *name) {
  for (int i = 0; i < NROWS; i++)
    if (!strcmp(rows[i].registry, registry) && !strcmp(rows[i].name, name)) return &rows[i];
  return NULL;
}

/* Whether exactly the ops of `names` (NULL-terminated) in `registry` have `trait`. */
static void trait_is_exactly(const char *registry, unsigned trait, const char *const *names) {
  int want = 0;
  for (; names[want]; want++) {
    const op_row *r = registry_row(registry, names[want]);
    CHECK(r && (r->traits & trait));
    if (!r || !(r->traits & trait)) fprintf(stderr, "  %s lacks trait 0x%x\n", names[want], trait);
  }
  int have = 0;
  for (int i = 0; i < NROWS; i++) have += !strcmp(rows[i].registry, registry) && (rows[i].traits & trait);
  CHECK_EQ_INT(have, want);
}

/* The traits columns (src/ops/traits.h) against this test's own reading of what the ops do,
 * so a row with a wrong column fails here: exact rows for a sample of ops (elementwise ops,
 * reductions and other ops with no trait, memory ops), the whole membership of the traits of
 * few ops, and what the other columns imply. */
static void test_traits(void) {
  static const struct {
    const char *registry, *name;
    unsigned traits;
  } sample[] = {
      {"mosaic", "arith.addf", MT_ELEMENTWISE},
      {"mosaic", "arith.xori", MT_ELEMENTWISE},
      {"mosaic", "math.exp", MT_ELEMENTWISE},
      {"mosaic", "arith.cmpf", MT_ELEMENTWISE},
      {"mosaic", "arith.extf", MT_ELEMENTWISE},
      {"mosaic", "arith.select", MT_ELEMENTWISE},
      {"mosaic", "tpu.reciprocal", MT_ELEMENTWISE},
      {"mosaic", "arith.constant", 0},
      {"mosaic", "vector.broadcast", 0}, /* elementwise only when of one element */
      {"mosaic", "vector.multi_reduction", 0},
      {"mosaic", "tpu.all_reduce", 0},
      {"mosaic", "tpu.scan", 0},
      {"mosaic", "vector.contract", 0},
      {"mosaic", "tpu.matmul", 0},
      {"mosaic", "vector.shape_cast", 0},
      {"mosaic", "vector.load", MT_WINDOW},
      {"mosaic", "tpu.strided_load", 0},
      {"mosaic", "memref.load", 0},
      {"mosaic", "vector.store", MT_WINDOW | MT_STORE},
      {"mosaic", "tpu.strided_store", MT_STORE},
      {"mosaic", "memref.store", MT_STORE},
      {"mosaic", "tpu.memref_slice", 0},
      {"mosaic", "tpu.enqueue_dma", MT_DMA},
      {"mosaic", "tpu.sem_signal", 0},
      {"mosaic", "scf.for", 0},
      {"mosaic", "scf.yield", MT_YIELDS},
      {"mosaic", "func.return", MT_YIELDS},
      {"mosaic", "cf.cond_br", MT_BRANCH},
      {"mosaic", "tpu.log", MT_PRINTS},
      {"stablehlo", "stablehlo.add", HT_SCALAR_OPERAND | HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.shift_right_logical", HT_SCALAR_OPERAND | HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.compare", HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.exponential", HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.select", HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.convert", HT_ELEMENTWISE},
      {"stablehlo", "chlo.erf_inv", HT_ELEMENTWISE},
      {"stablehlo", "stablehlo.broadcast_in_dim", 0}, /* fuse.c makes its tiles itself */
      {"stablehlo", "stablehlo.iota", 0},
      {"stablehlo", "stablehlo.dynamic_slice", 0},
      {"stablehlo", "stablehlo.map", 0}, /* elementwise, but through a region */
      {"stablehlo", "stablehlo.reduce", 0},
      {"stablehlo", "stablehlo.dynamic_update_slice", 0},
      {"stablehlo", "stablehlo.all_gather", HT_COLLECTIVE},
      {"stablehlo", "stablehlo.partition_id", HT_DEVICE_ID},
      {"stablehlo", "func.return", HT_TERMINATOR},
      {"stablehlo", "sdy.mesh", 0},
      {"check", "check.expect_eq", 0},
  };
  for (size_t i = 0; i < sizeof sample / sizeof sample[0]; i++) {
    const op_row *r = registry_row(sample[i].registry, sample[i].name);
    CHECK(r && r->traits == sample[i].traits);
    if (r && r->traits != sample[i].traits)
      fprintf(stderr, "  %s: traits 0x%x, expected 0x%x\n", sample[i].name, r->traits, sample[i].traits);
  }
  trait_is_exactly("mosaic", MT_STORE,
                   (const char *const[]){"vector.store", "tpu.vector_store", "tpu.strided_store", "tpu.store", "memref.store", NULL});
  trait_is_exactly("mosaic", MT_WINDOW, (const char *const[]){"vector.load", "vector.store", "tpu.vector_load",
                                                               "tpu.vector_store", "tpu.load", "tpu.store", NULL});
  trait_is_exactly("mosaic", MT_DMA, (const char *const[]){"tpu.enqueue_dma", "tpu.wait_dma", "tpu.wait_dma2", NULL});
  trait_is_exactly("mosaic", MT_YIELDS, (const char *const[]){"scf.yield", "scf.condition", "func.return", "tpu.yield", NULL});
  trait_is_exactly("mosaic", MT_BRANCH, (const char *const[]){"cf.br", "cf.cond_br", NULL});
  trait_is_exactly("mosaic", MT_PRINTS, (const char *const[]){"tpu.log", "tpu.log_buffer", NULL});
  trait_is_exactly("stablehlo", HT_COLLECTIVE,
                   (const char *const[]){"stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter",
                                         "stablehlo.all_to_all", "stablehlo.collective_permute",
                                         "stablehlo.collective_broadcast", NULL});
  trait_is_exactly("stablehlo", HT_DEVICE_ID, (const char *const[]){"stablehlo.replica_id", "stablehlo.partition_id", NULL});
  trait_is_exactly("stablehlo", HT_TERMINATOR,
                   (const char *const[]){"stablehlo.return", "func.return", "sdy.return", NULL});
  for (int i = 0; i < NROWS; i++) {
    const op_row *r = &rows[i];
    bool mosaic = !strcmp(r->registry, "mosaic"), hlo = !strcmp(r->registry, "stablehlo");
    if (mosaic && (r->traits & MT_ELEMENTWISE)) CHECK(!strcmp(r->kind, "MOSAIC_K_VALUE")); /* computes values only */
    if (mosaic && (r->traits & MT_STORE)) CHECK(!strcmp(r->kind, "MOSAIC_K_EFFECT"));      /* writes memory */
    if (mosaic && (r->traits & MT_WINDOW)) CHECK(!strcmp(r->kind, r->traits & MT_STORE ? "MOSAIC_K_EFFECT" : "MOSAIC_K_LOAD"));
    /* hlo_run_binary reads hlo_inst.scalar_in; the collectives meet other devices */
    if (hlo) CHECK(!(r->traits & HT_SCALAR_OPERAND) == !!strcmp(r->run_fn, "hlo_run_binary"));
    if (hlo) CHECK(!(r->traits & HT_COLLECTIVE) == !!strcmp(r->run_fn, "hlo_run_collective"));
    /* the elementwise ops are those of the run functions that compute element i from element i */
    static const char *const elementwise_runs[] = {"hlo_run_binary", "hlo_run_unary", "hlo_run_complex",
                                                   "hlo_run_bitcast_convert", "hlo_run_reduce_precision",
                                                   "hlo_run_compare", "hlo_run_select", "hlo_run_clamp",
                                                   "hlo_run_convert", "hlo_run_chlo_unary", "hlo_run_chlo_binary"};
    bool ew_run = false;
    for (size_t e = 0; e < sizeof elementwise_runs / sizeof elementwise_runs[0]; e++) ew_run |= !strcmp(r->run_fn, elementwise_runs[e]);
    if (hlo) CHECK(!(r->traits & HT_ELEMENTWISE) == !ew_run);
    if (!mosaic && !hlo) CHECK_EQ_INT(r->traits, 0);
  }
}

int main(void) {
  test_rows();
  test_traits();
  test_dialect_coverage();
  CHECK(row_of("arith.ceildivui") && pretty(row_of("arith.ceildivui")));
  test_corpus();
  return tsr_test_finish("test_op_registry");
}
