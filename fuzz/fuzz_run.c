/* libFuzzer target: what `tessera run --check --report` does with a module from outside. A
 * StableHLO graph or a bare Mosaic kernel (text or bytecode) is compiled and, when it is
 * small, run on zero-filled inputs with a small op budget (200 ops per kernel call and for the
 * graph's own ops, loops and heavy ops included) on a v5e or a v5p
 * watched by all the checkers and the timing model (with its trace), whose reports are then
 * written, or on an unwatched v5e that may split (the host split of host_split.c). Small, in the module and in the kernel bodies its custom calls carry: no value,
 * tensor or memref of more than 2^16 elements, no matmul of operands whose sizes multiply
 * past 2^28 (a vector.contract: 2^22), and grids of at most 4096 steps, so that a run in the sanitized debug build is
 * well under a second and what the fuzzer finds is a crash, not an out-of-memory or a slow
 * input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir/ir.h"
#include "tessera/check.h"
#include "tessera/hlo.h"
#include "tessera/mlir.h"
#include "tessera/timing.h"

enum { MAX_ELEMS = 1 << 16, MAX_STEPS = 4096, MAX_ARRAYS = 16 };

static bool small_type(const mlir_ir_type *t) {
  if (!t || !mlir_ir_type_is_shaped(t)) return true;
  int64_t n = mlir_ir_type_numel(t);
  return n <= MAX_ELEMS;
}

static bool small_op(mlir_ir_op *op, void *user) {
  bool *ok = user;
  for (int i = 0; *ok && i < op->n_results; i++) *ok = small_type(op->results[i]->type);
  /* bodies as serialized name it stable_mosaic.tpu.matmul */
  size_t len = strlen(op->name);
  bool matmul = (len >= 10 && !strcmp(op->name + len - 10, "tpu.matmul")) || mlir_ir_op_is(op, "stablehlo.dot_general");
  /* a contraction may reduce over dimensions of either operand alone: its work is bounded by
   * the product of the operands' sizes only */
  bool contract = mlir_ir_op_is(op, "vector.contract");
  if (*ok && op->n_operands >= 2 && (matmul || contract)) {
    int64_t a = mlir_ir_type_numel(op->operands[0].value->type), b = mlir_ir_type_numel(op->operands[1].value->type);
    *ok = a >= 0 && b >= 0 && a <= MAX_ELEMS && b <= MAX_ELEMS && a * b <= ((int64_t)1 << (contract ? 22 : 28));
  }
  for (int r = 0; *ok && r < op->n_regions; r++)
    for (int b = 0; *ok && b < op->regions[r].n_blocks; b++) {
      const mlir_ir_block *blk = op->regions[r].blocks[b];
      for (int a = 0; *ok && a < blk->n_args; a++) *ok = small_type(blk->args[a]->type);
    }
  int64_t bounds[16];
  const mlir_ir_attr *ib = mlir_ir_op_attr(op, "iteration_bounds");
  int64_t n = ib ? mlir_ir_attr_ints(ib, bounds, 16) : 0, steps = 1;
  for (int64_t g = 0; *ok && g < n && g < 16; g++) {
    if (bounds[g] < 0 || bounds[g] > MAX_STEPS) *ok = false;
    else steps *= bounds[g];
    if (steps > MAX_STEPS) *ok = false;
  }
  return *ok;
}

typedef struct fuzz_machine {
  tsr_machine *m;
  tsr_checker *checker;
  tsr_timing *timing;
  FILE *sink;
} fuzz_machine;

/* Four machines, made once (threads and observers are costly to make), each input run on one
 * by its size: one core of a v5e and the two cores of a v5p (two host threads, parallel grid
 * dimensions split), both watched by the checkers and the timing model (no host split); a
 * v5e that nothing watches, with two helper threads, on which parts of the grid's leading
 * axis run at once; and a v5p with two helpers whose cores' shares split, watched by the
 * checkers, which follow the split. Their observers forget each run. */
enum { WATCHED_V5E, WATCHED_V5P, SPLIT_V5E, CHECKED_SPLIT_V5P, MACHINES };

static fuzz_machine *machine(int which) {
  static fuzz_machine f[MACHINES];
  fuzz_machine *m = &f[which];
  if (!m->m && (which == SPLIT_V5E || which == CHECKED_SPLIT_V5P)) {
    bool v5p = which == CHECKED_SPLIT_V5P;
    tsr_machine_options o = {.chip = v5p ? tsr_chip_get("v5p") : NULL, .num_cores = v5p ? 2 : 1, .quiet = true,
                             .host_helpers = 2, .max_kernel_ops = 200};
    if (tsr_machine_create(&o, &m->m) != TSR_OK) abort();
    if (v5p && (tsr_checker_create(TSR_CHECK_ALL, &m->checker) != TSR_OK || tsr_checker_attach(m->checker, m->m) != TSR_OK ||
                !(m->sink = fopen("/dev/null", "w"))))
      abort();
  }
  if (!m->m) {
    bool v5p = which == WATCHED_V5P;
    tsr_machine_options o = {.chip = v5p ? tsr_chip_get("v5p") : NULL, .num_cores = v5p ? 2 : 1, .quiet = true,
                             .host_helpers = -1, .max_kernel_ops = 200};
    tsr_timing_options to = {.trace = true};
    if (tsr_machine_create(&o, &m->m) != TSR_OK || tsr_checker_create(TSR_CHECK_ALL, &m->checker) != TSR_OK ||
        tsr_checker_attach(m->checker, m->m) != TSR_OK ||
        tsr_timing_create(tsr_machine_chip(m->m), &to, &m->timing) != TSR_OK || tsr_timing_attach(m->timing, m->m) != TSR_OK ||
        !(m->sink = fopen("/dev/null", "w")))
      abort();
  }
  if (m->checker) tsr_checker_reset(m->checker);
  if (m->timing) tsr_timing_reset(m->timing);
  return m;
}

static void run_small(tsr_hlo_program *p, int which) {
  int n = tsr_hlo_num_inputs(p), n_out = tsr_hlo_num_outputs(p);
  if (n < 0 || n > MAX_ARRAYS || n_out < 0 || n_out > MAX_ARRAYS) return;
  tsr_array in[MAX_ARRAYS], out[MAX_ARRAYS];
  int made = 0;
  for (; made < n; made++) {
    tsr_array t;
    if (!tsr_hlo_input_type(p, made, &t) || tsr_array_numel(&t) > MAX_ELEMS) break;
    if (tsr_array_alloc(&in[made], t.dtype, t.rank, t.shape) != TSR_OK) break;
  }
  if (made == n) {
    fuzz_machine *f = machine(which);
    tsr_hlo_run_opts o = {.machine = f->m, .max_ops = 200};
    if (tsr_hlo_run(p, &o, in, n, out, NULL) == TSR_OK)
      for (int i = 0; i < n_out; i++) tsr_array_free(&out[i]);
    if (f->checker) tsr_checker_report(f->checker, f->sink);
    if (f->timing) tsr_timing_report(f->timing, f->sink);
  }
  for (int i = 0; i < made; i++) tsr_array_free(&in[i]);
}

static tsr_status small_body(tsr_mlir_module *body, const char *kernel_name, int index, void *user) {
  (void)kernel_name;
  (void)index;
  bool *ok = user;
  if (body->top) mlir_ir_walk(body->top, small_op, ok);
  tsr_mlir_module_destroy(body);
  return *ok ? TSR_OK : TSR_ERR_UNSUPPORTED;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tsr_mlir_module *m;
  if (tsr_mlir_read_buffer(data, size, "fuzz.mlir", &m) != TSR_OK) return 0;
  bool ok = m->top != NULL;
  if (ok) mlir_ir_walk(m->top, small_op, &ok);
  if (ok) (void)tsr_mlir_for_each_tpu_body(m, small_body, &ok); /* a body that fails to decode fails later too */
  tsr_hlo_program *p;
  if (ok && tsr_hlo_compile(m, &p) == TSR_OK) {
    run_small(p, (int)(size % MACHINES));
    tsr_hlo_program_destroy(p);
  }
  tsr_mlir_module_destroy(m);
  return 0;
}
