/* Running compiled functions: slots hold refcounted buffers; each op's dead slots are
 * released right after it, and every buffer's bytes are counted for the peak. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "hlo/hlo_internal.h"

typedef tsr_status (*run_fn)(hlo_exec *, const hlo_inst *, const hlo_val *, hlo_val *);
static const run_fn runs[] = {
#define HLO_OP(e, name, syntax, run, prep, traits) run,
#include "ops/stablehlo.def"
#include "ops/check.def"
#undef HLO_OP
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void count(hlo_exec *x, int64_t bytes) {
  x->live += bytes;
  if (x->live > x->peak) x->peak = x->live;
  if (x->st && x->live - x->io_live > x->st->peak_intermediate_bytes)
    x->st->peak_intermediate_bytes = x->live - x->io_live;
}

/* Released buffers kept for a later tensor of the same size (core/block_cache.h): at most
 * SPARE_COUNT of them and SPARE_MAX_TOTAL bytes in all, so that the memory a run holds stays
 * within its live tensors plus a small constant (what `tessera bench run_memory` checks). A
 * run leaves its spares to the program for the next run (a graph run again and again, as a
 * served model or `--repeat` is, then allocates its intermediates without faulting a page);
 * the program frees them when it is destroyed. */
enum { SPARE_COUNT = 4, SPARE_MAX_TOTAL = 16 << 20 };

/* A tensor of 2 MB or more is first touched page by page (a fault and a cleared page each);
 * on 2 MB transparent huge pages where the system offers them on request, far fewer. Freed
 * with free(), like any other. */
static char *alloc_data(size_t bytes) {
#ifdef MADV_HUGEPAGE
  const size_t huge = (size_t)2 << 20;
  if (bytes >= huge) {
    size_t rounded = (bytes + huge - 1) & ~(huge - 1);
    void *p = NULL;
    if (posix_memalign(&p, huge, rounded) == 0) {
      (void)madvise(p, rounded, MADV_HUGEPAGE);
      return p;
    }
  }
#endif
  return malloc(bytes ? bytes : 1);
}

static bool add_spare(block_cache *c, char *data, size_t bytes) {
  return block_cache_put(c, data, bytes, SPARE_COUNT, SPARE_MAX_TOTAL);
}

int64_t tsr_hlo_default_max_bytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return (int64_t)1 << 32;
  return (int64_t)pages / 4 * 3 * (int64_t)page;
}

tsr_status hlo_admit(const hlo_exec *x, int64_t bytes) {
  if (x->max_bytes <= 0 || (bytes >= 0 && x->live + bytes <= x->max_bytes)) return TSR_OK;
  return tsr_fail(TSR_ERR_NOMEM, "a tensor of %lld bytes would bring what the run holds to %lld bytes, over its "
                  "limit of %lld bytes (`tessera run --max-memory BYTES` or tsr_hlo_run_opts.max_bytes sets it)",
                  (long long)bytes, (long long)(x->live + bytes), (long long)x->max_bytes);
}

/* Small tensors live in one block with their header; a run keeps up to SMALL_KEEP released
 * ones and frees them when it ends. */
enum { SMALL_BYTES = 256, SMALL_KEEP = 4096 };

tsr_status hlo_alloc(hlo_exec *x, hlo_val *v) {
  size_t bytes = (size_t)hlo_numel(&v->t) * tsr_dtype_size(v->t.dtype); /* at most 2^44 elements (compile.c) */
  TSR_TRY(hlo_admit(x, (int64_t)bytes));
  if (bytes <= SMALL_BYTES) {
    hlo_buf *b = x->small_free;
    if (b) {
      x->small_free = b->next_free;
      x->n_small_free--;
    } else if (!(b = malloc(sizeof *b + SMALL_BYTES))) {
      return tsr_fail(TSR_ERR_NOMEM, "out of memory for a %zu-byte tensor", bytes);
    }
    *b = (hlo_buf){.refs = 1, .bytes = bytes, .owned = true, .counted = true, .small = true};
    b->data = b->inline_data;
    v->buf = b;
    count(x, (int64_t)bytes);
    return TSR_OK;
  }
  hlo_buf *b = malloc(sizeof *b);
  char *data = block_cache_take(&x->spare, bytes);
  if (!data) data = alloc_data(bytes);
  if (!b || !data) {
    free(b);
    free(data);
    return tsr_fail(TSR_ERR_NOMEM, "out of memory for a %zu-byte tensor", bytes);
  }
  *b = (hlo_buf){.refs = 1, .bytes = bytes, .data = data, .owned = true, .counted = true};
  v->buf = b;
  count(x, (int64_t)bytes);
  return TSR_OK;
}

tsr_status hlo_charge(hlo_exec *x, const hlo_inst *in, double steps) {
  double ops = steps / HLO_STEPS_PER_OP;
  if (x->max_ops > 0 && (double)x->st->ops + ops > (double)x->max_ops)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes about %.3g element steps (%.3g ops at %d steps each), past the graph's op "
                       "budget of %lld (`tessera run --max-ops N` or tsr_hlo_run_opts.max_ops sets it)",
                       steps, ops, HLO_STEPS_PER_OP, (long long)x->max_ops);
  x->st->ops += (int64_t)ops;
  return TSR_OK;
}

tsr_status hlo_alloc_all(hlo_exec *x, hlo_val *v, int n) {
  for (int i = 0; i < n; i++) {
    tsr_status s = hlo_alloc(x, &v[i]);
    if (s != TSR_OK) {
      for (int j = 0; j < i; j++) { hlo_release(x, v[j].buf); v[j].buf = NULL; }
      return s;
    }
  }
  return TSR_OK;
}

void hlo_release(hlo_exec *x, hlo_buf *b) {
  if (!b || --b->refs > 0) return;
  if (b->counted) x->live -= (int64_t)b->bytes;
  if (b->small) {
    if (x->n_small_free < SMALL_KEEP) {
      b->next_free = x->small_free;
      x->small_free = b;
      x->n_small_free++;
    } else {
      free(b);
    }
    return;
  }
  if (b->owned) {
    if (!add_spare(&x->spare, b->data, b->bytes)) free(b->data);
  }
  free(b);
}

void hlo_kept_free(block_cache *kept) {
  if (!kept) return;
  block_cache_clear(kept);
  free(kept);
}

/* The program's kept buffers, taken (two runs at once: the first takes them; NULL: none). */
static block_cache *take_kept(tsr_hlo_program *p) { return __atomic_exchange_n(&p->kept, NULL, __ATOMIC_ACQ_REL); }

/* `kept` becomes the program's (freeing what another run left meanwhile). */
static void give_kept(tsr_hlo_program *p, block_cache *kept) {
  hlo_kept_free(__atomic_exchange_n(&p->kept, kept, __ATOMIC_ACQ_REL));
}

static void take_spares(hlo_exec *x) {
  block_cache *k = take_kept(x->p);
  if (!k) return;
  x->spare = *k;
  free(k);
}

void tsr_hlo_recycle(tsr_hlo_program *p, tsr_array *a) {
  if (!a) return;
  if (!p || a->map_base || !a->data) { tsr_array_free(a); return; }
  block_cache *k = take_kept(p);
  if (!k) k = calloc(1, sizeof *k);
  if (!k || !add_spare(k, a->data, tsr_array_bytes(a))) free(a->data);
  if (k) give_kept(p, k);
  a->data = NULL;
}

/* The run's spares go to the program for its next run. */
static void leave_spares(hlo_exec *x) {
  if (!x->spare.n) return;
  block_cache *k = malloc(sizeof *k);
  if (!k) {
    block_cache_clear(&x->spare);
    return;
  }
  *k = x->spare;
  x->spare.n = 0;
  give_kept(x->p, k);
}

static void trace_op(hlo_exec *x, const hlo_inst *in, const hlo_val *slots, double t) {
  char loc[256], shape[96];
  const hlo_val *r = in->n_out ? &slots[in->out[0]] : NULL;
  if (r) {
    tsr_ref ref = tsr_ref_dense(NULL, r->t.dtype, TSR_HOST, r->t.rank, r->t.shape);
    tsr_ref_describe(&ref, shape, sizeof shape);
  } else {
    snprintf(shape, sizeof shape, "()");
  }
  fprintf(x->opts->trace, "%*s%-32s %-18s %9.1f us  live %lld B  %s\n", 2 * x->depth, "", in->op->name,
          shape, t * 1e6, (long long)x->live, hlo_loc(in->op, loc, sizeof loc));
}

/* Counts an op that ran in the run's profile, its operands read from the slots (which hold
 * them until the op's frees). */
static void profile_op(hlo_exec *x, const hlo_inst *in, const hlo_val *slots, const hlo_val *res, int runs) {
  hlo_val few[16] = {0};
  hlo_val *a = in->n_in <= 16 ? few : malloc(sizeof *a * (size_t)in->n_in);
  if (!a) return; /* uncounted: the profile is an estimate's input, not the run's */
  for (int i = 0; i < in->n_in; i++) a[i] = slots[in->in[i]];
  hlo_profile_op(x, in, a, res, runs);
  if (a != few) free(a);
}

/* A function of the shard_map markers runs on the program's devices in lockstep, every
 * device on the same global arguments; what it returns must be the same on every device. */
static tsr_status call_spmd(hlo_exec *x, const hlo_func *f, const hlo_val *args, hlo_val *results) {
  int n = x->p->num_devices;
  hlo_val *res = calloc((size_t)n * (size_t)(f->n_ret + 1), sizeof *res);
  hlo_val *dargs[TSR_MAX_DEVICES] = {0}, *dres[TSR_MAX_DEVICES] = {0};
  if (!res) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int d = 0; d < n; d++) {
    dargs[d] = (hlo_val *)args;
    dres[d] = res + (size_t)d * (size_t)(f->n_ret + 1);
  }
  x->num_devices = x->num_partitions = n;
  tsr_status s = hlo_call_devices(x, f, n, dargs, dres);
  x->num_devices = x->num_partitions = 0;
  x->device = 0;
  for (int i = 0; s == TSR_OK && i < f->n_ret; i++)
    for (int d = 1; d < n; d++)
      if (dres[d][i].buf != dres[0][i].buf) {
        s = hlo_op_fail(f->fop, TSR_ERR_UNSUPPORTED, "@%s returns value %d of each device's own (not assembled by "
                        "@SPMDShardToFullShape)", f->name, i);
        break;
      }
  for (int i = 0; i < f->n_ret && s == TSR_OK; i++) {
    results[i] = dres[0][i];
    hlo_retain(results[i].buf);
  }
  for (int d = 0; d < n; d++) /* NULL where the run failed */
    for (int i = 0; i < f->n_ret; i++) hlo_release(x, dres[d][i].buf);
  free(res);
  return s;
}

tsr_status hlo_call(hlo_exec *x, const hlo_func *f, const hlo_val *args, hlo_val *results) {
  if (x->depth > 64) return tsr_fail(TSR_ERR_INVALID, "calls nested deeper than 64");
  if (f->spmd && !x->num_devices) return call_spmd(x, f, args, results);
  /* loop and reduce bodies are called again and again: their few slots live on the stack */
  hlo_val few[32];
  hlo_val *slots = f->n_slots <= 32 ? few : calloc((size_t)f->n_slots + 1, sizeof *slots);
  if (!slots) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (slots == few) memset(few, 0, sizeof few[0] * (size_t)f->n_slots);
  for (int i = 0; i < f->n_args; i++) {
    slots[i] = args[i];
    hlo_retain(slots[i].buf);
  }
  for (int i = 0; i < f->n_entry_frees; i++) {
    hlo_release(x, slots[f->entry_frees[i]].buf);
    slots[f->entry_frees[i]].buf = NULL;
  }
  tsr_status s = TSR_OK;
  hlo_val in_vals[16];
  x->depth++;
  for (int k = 0; k < f->n_inst && s == TSR_OK; k++) {
    const hlo_inst *in = &f->insts[k];
    /* a chain of elementwise ops runs tile by tile (fuse.c); traced runs time each op, and
     * a run near its op budget stops at the op that passes it, so both go op by op */
    if (in->fused > 1 && !x->unfused && !(x->opts && x->opts->trace) &&
        !(x->max_ops > 0 && x->st->ops + in->fused > x->max_ops)) {
      s = hlo_run_fused(x, f, k, slots);
      k += in->fused - 1;
      continue;
    }
    hlo_val *ins = in->n_in <= 16 ? in_vals : malloc(sizeof *ins * (size_t)in->n_in);
    if (!ins) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); break; }
    for (int i = 0; i < in->n_in; i++) ins[i] = slots[in->in[i]];
    /* Result slots are consecutive for one op (allocated in order at compile time). */
    hlo_val *res = &slots[in->n_out ? in->out[0] : 0];
    for (int i = 0; i < in->n_out; i++) { res[i].t = f->slot_t[in->out[i]]; res[i].buf = NULL; }
    if (x->max_ops > 0 && x->st->ops >= x->max_ops) {
      char loc[256];
      s = tsr_fail(TSR_ERR_INVALID, "%s: %s: the graph has run %lld ops, its budget (a loop that does not end? "
                   "`tessera run --max-ops N` or tsr_hlo_run_opts.max_ops sets it)",
                   hlo_loc(in->op, loc, sizeof loc), in->op->name, (long long)x->max_ops);
      if (ins != in_vals) free(ins);
      break;
    }
    double t0 = x->opts && x->opts->trace ? now() : 0;
    s = runs[in->opc](x, in, ins, res);
    if (ins != in_vals) free(ins);
    x->st->ops++;
    if (s != TSR_OK) {
      if (in->opc != HLO_CALL && !in->n_bodies) {
        char loc[256];
        tsr_fail_context(s, "%s: %s", hlo_loc(in->op, loc, sizeof loc), in->op->name);
      }
      for (int i = 0; i < in->n_out; i++) { hlo_release(x, res[i].buf); res[i].buf = NULL; }
      break;
    }
    if (x->opts && x->opts->trace) trace_op(x, in, slots, now() - t0);
    if (x->opts && x->opts->profile) profile_op(x, in, slots, res, 1);
    for (int i = 0; i < in->n_free; i++) {
      hlo_release(x, slots[in->frees[i]].buf);
      slots[in->frees[i]].buf = NULL;
    }
  }
  x->depth--;
  if (s == TSR_OK) {
    for (int i = 0; i < f->n_ret; i++) {
      results[i] = slots[f->ret[i]];
      hlo_retain(results[i].buf);
    }
  }
  for (int i = 0; i < f->n_slots; i++) hlo_release(x, slots[i].buf);
  if (slots != few) free(slots);
  return s;
}

tsr_status tsr_hlo_run(tsr_hlo_program *p, const tsr_hlo_run_opts *opts, const tsr_array *inputs,
                       int num_inputs, tsr_array *outputs, tsr_hlo_stats *stats) {
  tsr_hlo_stats local;
  if (!stats) stats = &local;
  memset(stats, 0, sizeof *stats);
  tsr_hlo_run_opts no_opts = {0};
  hlo_exec x = {.p = p, .opts = opts ? opts : &no_opts, .st = stats};
  const char *fuse = getenv("TSR_HLO_FUSE");
  x.unfused = fuse && !strcmp(fuse, "0");
  x.max_bytes = x.opts->max_bytes > 0 ? x.opts->max_bytes : x.opts->max_bytes < 0 ? 0 : tsr_hlo_default_max_bytes();
  x.max_ops = x.opts->max_ops > 0 ? x.opts->max_ops : x.opts->max_ops < 0 ? 0 : TSR_HLO_DEFAULT_MAX_OPS;
  int n_out = tsr_hlo_num_outputs(p);
  for (int i = 0; i < n_out; i++) memset(&outputs[i], 0, sizeof outputs[i]);
  if (num_inputs != tsr_hlo_num_inputs(p))
    return tsr_fail(TSR_ERR_INVALID, "the program takes %d inputs, %d given", tsr_hlo_num_inputs(p), num_inputs);
  double t0 = now();
  for (int i = 0; i < num_inputs; i++) stats->input_bytes += (int64_t)tsr_array_bytes(&inputs[i]);
  if (p->bare) {
    tsr_status s = hlo_bare_run(&x, inputs, num_inputs, outputs);
    stats->seconds = now() - t0;
    return s;
  }
  take_spares(&x);
  hlo_val *args = calloc((size_t)num_inputs + 1, sizeof *args);
  hlo_val *res = calloc((size_t)n_out + 1, sizeof *res);
  tsr_status s = args && res ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  int made = 0;
  for (int i = 0; i < num_inputs && s == TSR_OK; i++, made++) {
    const hlo_type *t = &p->main->slot_t[i];
    bool same = inputs[i].dtype == t->dtype && inputs[i].rank == t->rank;
    for (int d = 0; same && d < t->rank; d++) same = inputs[i].shape[d] == t->shape[d];
    if (!same) {
      tsr_ref want = tsr_ref_dense(NULL, t->dtype, TSR_HOST, t->rank, t->shape);
      tsr_ref got = tsr_array_ref(&inputs[i], TSR_HOST);
      char a[96], b[96];
      s = tsr_fail(TSR_ERR_INVALID, "input %d is %s, @main takes %s", i, tsr_ref_describe(&got, b, sizeof b),
                   tsr_ref_describe(&want, a, sizeof a));
      break;
    }
    hlo_buf *b = malloc(sizeof *b);
    if (!b) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); break; }
    *b = (hlo_buf){.refs = 1, .bytes = tsr_array_bytes(&inputs[i]), .data = inputs[i].data, .owned = false, .counted = true};
    args[i] = (hlo_val){*t, b};
    count(&x, (int64_t)b->bytes);
    x.io_live += (int64_t)b->bytes;
  }
  if (s == TSR_OK) s = hlo_call(&x, p->main, args, res);
  for (int i = 0; i < made; i++) hlo_release(&x, args[i].buf);
  /* Outputs are handed over without a copy when the buffer is ours alone; an output that is
   * an input (or shared between outputs) is copied. */
  for (int i = 0; i < n_out && s == TSR_OK; i++) {
    hlo_buf *b = res[i].buf;
    tsr_array *o = &outputs[i];
    o->dtype = res[i].t.dtype;
    o->rank = res[i].t.rank;
    memcpy(o->shape, res[i].t.shape, sizeof o->shape);
    if (b->owned && b->refs == 1 && !b->small) {
      o->data = b->data;
      b->owned = false;
    } else {
      o->data = malloc(b->bytes ? b->bytes : 1);
      if (!o->data) { s = tsr_fail(TSR_ERR_NOMEM, "out of memory"); break; }
      memcpy(o->data, b->data, b->bytes);
    }
    stats->output_bytes += (int64_t)b->bytes;
  }
  for (int i = 0; i < n_out; i++) hlo_release(&x, res[i].buf);
  if (s != TSR_OK)
    for (int i = 0; i < n_out; i++) tsr_array_free(&outputs[i]);
  free(args);
  free(res);
  leave_spares(&x);
  while (x.small_free) {
    hlo_buf *next = x.small_free->next_free;
    free(x.small_free);
    x.small_free = next;
  }
  stats->peak_bytes = x.peak;
  stats->seconds = now() - t0;
  return s;
}

tsr_status tsr_hlo_describe(tsr_hlo_program *p, tsr_machine *m, const tsr_array *inputs,
                            int num_inputs, int plan_steps, FILE *out) {
  return hlo_kernels_describe(p, m, inputs, num_inputs, plan_steps, out);
}

/* Terminators end a body when it is compiled (compile.c) and are never dispatched. */
tsr_status hlo_run_terminator(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  (void)x, (void)args, (void)res;
  return hlo_op_fail(in->op, TSR_ERR_INTERNAL, "a terminator is not dispatched");
}

tsr_status hlo_prep_forward(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_in != in->n_out) return hlo_op_fail(in->op, TSR_ERR_INVALID, "gives as many results as it takes operands");
  for (int i = 0; i < in->n_in; i++)
    if (!hlo_type_eq(&args[i], &in->res_t[i])) return hlo_op_fail(in->op, TSR_ERR_INVALID, "result %d is not of operand %d's type", i, i);
  return TSR_OK;
}

/* An op that passes its operands through (optimization_barrier). */
tsr_status hlo_run_forward(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  for (int i = 0; i < in->n_out; i++) { res[i].buf = args[i].buf; hlo_retain(res[i].buf); }
  return TSR_OK;
}

tsr_status hlo_run_call(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  return hlo_call(x, in->callee, args, res);
}

tsr_status hlo_call_body(hlo_exec *x, const hlo_inst *in, int r, const hlo_val *args, const hlo_val *op_args,
                         hlo_val *results) {
  const hlo_func *f = in->bodies[r];
  int n_block = f->n_args - in->n_cap;
  if (!in->n_cap) return hlo_call(x, f, args, results);
  hlo_val small[16], *all = f->n_args <= 16 ? small : malloc(sizeof *all * (size_t)f->n_args);
  if (!all) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (n_block) memcpy(all, args, sizeof *all * (size_t)n_block); /* if/case branches take none (args NULL) */
  memcpy(all + n_block, op_args + (in->n_in - in->n_cap), sizeof *all * (size_t)in->n_cap);
  tsr_status s = hlo_call(x, f, all, results);
  if (all != small) free(all);
  return s;
}

/* Whether running f meets other devices: a collective or a kernel in it, its regions or
 * what it calls. */
static bool meets_devices(const hlo_func *f, int depth) {
  for (int k = 0; k < f->n_inst && depth < 64; k++) {
    const hlo_inst *in = &f->insts[k];
    if ((hlo_traits[in->opc] & HT_COLLECTIVE) || in->kernel || (in->callee && meets_devices(in->callee, depth + 1))) return true;
    for (int r = 0; r < in->n_bodies; r++)
      if (meets_devices(in->bodies[r], depth + 1)) return true;
  }
  return false;
}

/* One op of a function run on n devices in lockstep (hlo_call_devices). */
static tsr_status step_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *ins, hlo_val *const *res) {
  if (hlo_traits[in->opc] & HT_COLLECTIVE) return hlo_collective_devices(x, in, n, ins, res);
  if (in->opc == HLO_WHILE && n > 1 && (meets_devices(in->bodies[0], 0) || meets_devices(in->bodies[1], 0)))
    return hlo_while_devices(x, in, n, ins, res);
  if ((in->opc == HLO_IF || in->opc == HLO_CASE) && n > 1) {
    bool meets = false;
    for (int r = 0; r < in->n_bodies && !meets; r++) meets = meets_devices(in->bodies[r], 0);
    if (meets) return hlo_branch_devices(x, in, n, ins, res);
  }
  if (in->opc == HLO_CALL) return hlo_call_devices(x, in->callee, n, ins, res);
  if (in->opc == HLO_CUSTOM_CALL && in->kernel) return hlo_custom_call_devices(x, in, n, ins, res);
  if (in->opc == HLO_CUSTOM_CALL && (in->aux == HLO_CC_FULL_TO_SHARD || in->aux == HLO_CC_SHARD_TO_FULL))
    return hlo_spmd_marker_devices(x, in, n, ins, res);
  /* An op whose operands are the same values on every device (a global value, a constant)
   * gives the same results everywhere: it runs once and every device shares them. */
  bool same = n > 1 && !(hlo_traits[in->opc] & HT_DEVICE_ID) && !in->n_bodies;
  for (int i = 0; same && i < in->n_in; i++)
    for (int d = 1; same && d < n; d++) same = ins[d][i].buf == ins[0][i].buf;
  if (same) {
    x->device = 0;
    TSR_TRY(runs[in->opc](x, in, ins[0], res[0]));
    for (int d = 1; d < n; d++)
      for (int i = 0; i < in->n_out; i++) {
        res[d][i].buf = res[0][i].buf;
        hlo_retain(res[d][i].buf);
      }
    return TSR_OK;
  }
  for (int d = 0; d < n; d++) {
    x->device = d;
    tsr_status s = runs[in->opc](x, in, ins[d], res[d]);
    if (s != TSR_OK) {
      for (int e = 0; e <= d; e++)
        for (int i = 0; i < in->n_out; i++) { hlo_release(x, res[e][i].buf); res[e][i].buf = NULL; }
      return n > 1 ? tsr_fail_context(s, "device %d", d) : s;
    }
  }
  return TSR_OK;
}

tsr_status hlo_call_devices(hlo_exec *x, const hlo_func *f, int n, hlo_val *const *args, hlo_val *const *results) {
  if (x->depth > 64) return tsr_fail(TSR_ERR_INVALID, "calls nested deeper than 64");
  size_t per = (size_t)f->n_slots + 1;
  int most = 1;
  for (int k = 0; k < f->n_inst; k++) {
    if (f->insts[k].n_in > most) most = f->insts[k].n_in;
  }
  /* slots[d * per + i]; ins[d] and res[d] point into per-device scratch of the op's operands */
  hlo_val *slots = calloc((size_t)n * per, sizeof *slots);
  hlo_val *in_vals = calloc((size_t)n * (size_t)most, sizeof *in_vals);
  hlo_val **ins = calloc((size_t)n, sizeof *ins), **res = calloc((size_t)n, sizeof *res);
  tsr_status s = slots && in_vals && ins && res ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int d = 0; d < n && s == TSR_OK; d++) {
    hlo_val *sl = slots + (size_t)d * per;
    for (int i = 0; i < f->n_args; i++) {
      sl[i] = args[d][i];
      hlo_retain(sl[i].buf);
    }
    for (int i = 0; i < f->n_entry_frees; i++) {
      hlo_release(x, sl[f->entry_frees[i]].buf);
      sl[f->entry_frees[i]].buf = NULL;
    }
    ins[d] = in_vals + (size_t)d * (size_t)most;
  }
  x->depth++;
  for (int k = 0; k < f->n_inst && s == TSR_OK; k++) {
    const hlo_inst *in = &f->insts[k];
    if (x->max_ops > 0 && x->st->ops >= x->max_ops) {
      s = hlo_op_fail(in->op, TSR_ERR_INVALID, "the graph has run %lld ops, its budget (`tessera run --max-ops N` or "
                      "tsr_hlo_run_opts.max_ops sets it)", (long long)x->max_ops);
      break;
    }
    for (int d = 0; d < n; d++) {
      hlo_val *sl = slots + (size_t)d * per;
      for (int i = 0; i < in->n_in; i++) ins[d][i] = sl[in->in[i]];
      res[d] = &sl[in->n_out ? in->out[0] : 0];
      for (int i = 0; i < in->n_out; i++) { res[d][i].t = f->slot_t[in->out[i]]; res[d][i].buf = NULL; }
    }
    double t0 = x->opts && x->opts->trace ? now() : 0;
    s = step_devices(x, in, n, ins, res);
    x->st->ops += n;
    if (s == TSR_OK && x->opts && x->opts->trace) trace_op(x, in, slots, now() - t0); /* device 0's results */
    if (s == TSR_OK && x->opts && x->opts->profile) profile_op(x, in, slots, res[0], n); /* each device's alike */
    if (s != TSR_OK) {
      if (in->opc != HLO_CALL && !in->n_bodies) {
        char loc[256];
        tsr_fail_context(s, "%s: %s", hlo_loc(in->op, loc, sizeof loc), in->op->name);
      }
      break;
    }
    for (int d = 0; d < n; d++)
      for (int i = 0; i < in->n_free; i++) {
        hlo_val *sl = slots + (size_t)d * per;
        hlo_release(x, sl[in->frees[i]].buf);
        sl[in->frees[i]].buf = NULL;
      }
  }
  x->depth--;
  for (int d = 0; d < n && s == TSR_OK; d++)
    for (int i = 0; i < f->n_ret; i++) {
      results[d][i] = slots[(size_t)d * per + (size_t)f->ret[i]];
      hlo_retain(results[d][i].buf);
    }
  if (slots)
    for (size_t i = 0; i < (size_t)n * per; i++) hlo_release(x, slots[i].buf);
  free(slots);
  free(in_vals);
  free(ins);
  free(res);
  return s;
}
