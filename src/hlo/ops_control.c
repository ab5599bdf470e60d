/* Control flow: while, if, case, and map (a region applied element by element) (regions that may use values from outside, compile.c passes
 * those as the op's last inputs). A while loop's trip count comes from the data, so every op
 * its bodies run counts against the run's op budget (exec.c), which bounds a loop that would
 * never end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

/* Body r takes `n_block` block arguments of types `in_t` (NULL: none) and returns `n_ret`
 * values of types `ret_t`. */
static tsr_status check_body(const hlo_inst *in, int r, const char *what, int n_block, const hlo_type *in_t,
                             int n_ret, const hlo_type *ret_t) {
  const hlo_func *b = in->bodies[r];
  if (b->n_args - in->n_cap != n_block || b->n_ret != n_ret)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the %s region takes %d and returns %d values, not %d and %d", what,
                       b->n_args - in->n_cap, b->n_ret, n_block, n_ret);
  for (int i = 0; i < n_block && in_t; i++)
    if (!hlo_type_eq(&b->slot_t[i], &in_t[i]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "argument %d of the %s region differs in type from operand %d", i, what, i);
  for (int i = 0; i < n_ret; i++)
    if (!hlo_type_eq(&b->slot_t[b->ret[i]], &ret_t[i]))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "value %d the %s region returns differs in type from result %d", i, what, i);
  return TSR_OK;
}

tsr_status hlo_prep_while(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int n = in->n_in - in->n_cap;
  if (in->n_bodies != 2 || n != in->n_out) return hlo_op_fail(in->op, TSR_ERR_INVALID, "while needs a cond and a body region and as many results as operands");
  hlo_type pred = {.dtype = TSR_BOOL, .rank = 0};
  TSR_TRY(check_body(in, 0, "cond", n, args, 1, &pred));
  return check_body(in, 1, "body", n, args, n, args);
}

static tsr_status predicate(const hlo_val *v, bool *out) {
  *out = dtype_load_i64(v->t.dtype, v->buf->data, 0) != 0;
  return TSR_OK;
}

tsr_status hlo_run_while(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_out;
  hlo_val *cur = calloc((size_t)n + 1, sizeof *cur), pred = {0};
  if (!cur) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int i = 0; i < n; i++) {
    cur[i] = args[i];
    hlo_retain(cur[i].buf);
  }
  tsr_status s = TSR_OK;
  for (;;) {
    s = hlo_call_body(x, in, 0, cur, args, &pred);
    bool go = false;
    if (s == TSR_OK) s = predicate(&pred, &go);
    hlo_release(x, pred.buf);
    pred.buf = NULL;
    if (s != TSR_OK || !go) break;
    s = hlo_call_body(x, in, 1, cur, args, res); /* the next values, in the result slots */
    if (s != TSR_OK) break;
    for (int i = 0; i < n; i++) {
      hlo_release(x, cur[i].buf);
      cur[i] = res[i];
      res[i].buf = NULL;
    }
  }
  for (int i = 0; i < n; i++) {
    if (s == TSR_OK) res[i].buf = cur[i].buf;
    else hlo_release(x, cur[i].buf);
  }
  free(cur);
  return s;
}

/* if and case: a branch per region, none with block arguments, each returning the results. */
static tsr_status prep_branches(hlo_inst *in, const hlo_type *args, int min_branches) {
  if (in->n_in - in->n_cap != 1 || in->n_bodies < min_branches)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "needs one operand and at least %d branch regions", min_branches);
  if (args[0].rank != 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the operand must be a scalar");
  for (int r = 0; r < in->n_bodies; r++) {
    char what[32];
    snprintf(what, sizeof what, "branch %d", r);
    TSR_TRY(check_body(in, r, what, 0, NULL, in->n_out, in->res_t));
  }
  return TSR_OK;
}

tsr_status hlo_prep_if(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (in->n_bodies != 2) return hlo_op_fail(in->op, TSR_ERR_INVALID, "if needs a true and a false region");
  if (args[0].dtype != TSR_BOOL) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the predicate must be i1");
  return prep_branches(in, args, 2);
}

tsr_status hlo_prep_case(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  if (args[0].dtype != TSR_I32) return hlo_op_fail(in->op, TSR_ERR_INVALID, "the index must be i32");
  return prep_branches(in, args, 1);
}

tsr_status hlo_run_if(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  bool pred = dtype_load_i64(args[0].t.dtype, args[0].buf->data, 0) != 0;
  return hlo_call_body(x, in, pred ? 0 : 1, NULL, args, res);
}

/* An index out of [0, N) runs the last branch (the spec's default). */
tsr_status hlo_run_case(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int64_t i = dtype_load_i64(args[0].t.dtype, args[0].buf->data, 0);
  return hlo_call_body(x, in, i < 0 || i >= in->n_bodies ? in->n_bodies - 1 : (int)i, NULL, args, res);
}

tsr_status hlo_prep_map(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  int n = in->n_in - in->n_cap;
  if (n < 1 || in->n_out != 1 || in->n_bodies != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "map takes operands, gives one result and has a computation");
  int64_t dims[TSR_MAX_RANK];
  int nd = hlo_attr_ints(in->op, "dimensions", dims, TSR_MAX_RANK);
  bool all = nd == args[0].rank;
  for (int d = 0; all && d < nd; d++) all = dims[d] == d;
  if (!all) return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimensions must be all of the operands' dimensions, in order");
  const hlo_func *b = in->bodies[0];
  if (b->n_args - in->n_cap != n || b->n_ret != 1 || b->slot_t[b->ret[0]].rank || b->slot_t[b->ret[0]].dtype != in->res_t->dtype)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the computation must take %d scalars and return one of the result's type", n);
  for (int i = 0; i < n; i++)
    if (!hlo_shape_eq(&args[i], in->res_t) || b->slot_t[i].rank || b->slot_t[i].dtype != args[i].dtype)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand %d is not of the result's shape, or not of its argument's type", i);
  return TSR_OK;
}

tsr_status hlo_run_map(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  int n = in->n_in - in->n_cap;
  if (n > 16) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "more than 16 operands");
  TSR_TRY(hlo_alloc(x, res));
  int64_t total = hlo_numel(&res->t);
  size_t esz = tsr_dtype_size(res->t.dtype);
  tsr_status s = TSR_OK;
  for (int64_t e = 0; e < total && s == TSR_OK; e++) {
    const void *bargs[16];
    for (int i = 0; i < n; i++) bargs[i] = args[i].buf->data + e * (int64_t)tsr_dtype_size(args[i].t.dtype);
    void *bres[1] = {res->buf->data + e * (int64_t)esz};
    s = hlo_body_scalars(x, in, 0, args, bargs, bres);
  }
  if (s != TSR_OK) { hlo_release(x, res->buf); res->buf = NULL; }
  return s;
}

/* A while loop of a manual computation whose bodies hold collectives or kernels runs on every
 * device in lockstep: the devices' conditions must agree at every trip (a loop whose trip
 * count differs between devices would leave some devices' collectives without partners). */
tsr_status hlo_while_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  int nv = in->n_out, na = nv + in->n_cap; /* the regions take the values, then the captures */
  hlo_val *cur = calloc((size_t)n * (size_t)na + 1, sizeof *cur), *pred = calloc((size_t)n + 1, sizeof *pred);
  hlo_val *cur_d[TSR_MAX_DEVICES] = {0}, *pred_d[TSR_MAX_DEVICES] = {0};
  tsr_status s = cur && pred ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int d = 0; d < n && s == TSR_OK; d++) {
    cur_d[d] = cur + (size_t)d * (size_t)na;
    pred_d[d] = pred + d;
    for (int i = 0; i < na; i++) {
      cur_d[d][i] = args[d][i];
      hlo_retain(cur_d[d][i].buf);
    }
  }
  while (s == TSR_OK) {
    s = hlo_call_devices(x, in->bodies[0], n, cur_d, pred_d);
    bool go = false, first = false;
    for (int d = 0; d < n && s == TSR_OK; d++) {
      predicate(&pred[d], &go);
      if (!d) first = go;
      else if (go != first)
        s = hlo_op_fail(in->op, TSR_ERR_INVALID, "the devices disagree on the loop's condition (device 0: %s, device %d: %s): "
                        "their collectives would lose their partners", first ? "true" : "false", d, go ? "true" : "false");
    }
    for (int d = 0; d < n; d++) { hlo_release(x, pred[d].buf); pred[d].buf = NULL; }
    if (s != TSR_OK || !first) break;
    s = hlo_call_devices(x, in->bodies[1], n, cur_d, res); /* the next values, in the result slots */
    for (int d = 0; d < n && s == TSR_OK; d++)
      for (int i = 0; i < nv; i++) {
        hlo_release(x, cur_d[d][i].buf);
        cur_d[d][i] = res[d][i];
        res[d][i].buf = NULL;
      }
  }
  for (int d = 0; d < n && cur; d++)
    for (int i = 0; i < na; i++) {
      if (s == TSR_OK && i < nv) res[d][i].buf = cur_d[d][i].buf;
      else hlo_release(x, cur_d[d][i].buf);
    }
  free(cur);
  free(pred);
  return s;
}

/* The branch an if or case takes on one device. */
static int branch_of(const hlo_inst *in, const hlo_val *args) {
  int64_t i = dtype_load_i64(args[0].t.dtype, args[0].buf->data, 0);
  if (in->opc == HLO_IF) return i != 0 ? 0 : 1;
  return i < 0 || i >= in->n_bodies ? in->n_bodies - 1 : (int)i;
}

/* An if or case of a manual computation whose branches hold collectives or kernels: every
 * device must take the same branch, which then runs on all of them in lockstep. */
tsr_status hlo_branch_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  int b = branch_of(in, args[0]);
  for (int d = 1; d < n; d++)
    if (branch_of(in, args[d]) != b)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the devices take different branches (device 0: %d, device %d: %d): their "
                         "collectives would lose their partners", b, d, branch_of(in, args[d]));
  hlo_val *caps[TSR_MAX_DEVICES] = {0}; /* a branch takes the op's captured values only */
  for (int d = 0; d < n; d++) caps[d] = args[d] + (in->n_in - in->n_cap);
  return hlo_call_devices(x, in->bodies[b], n, caps, res);
}
