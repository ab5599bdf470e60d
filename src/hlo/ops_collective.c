/* The collectives JAX puts around kernels (all_reduce, all_gather, reduce_scatter,
 * all_to_all, collective_permute, collective_broadcast), run on every device of a manual
 * computation at once. Who meets whom follows the StableHLO spec's process groups for one
 * replica of N partitions: without a channel the groups are replicas (each device alone);
 * with one, and without use_global_device_ids, every partition of the named replicas (all
 * devices); with use_global_device_ids, or for all_to_all, collective_permute and
 * collective_broadcast with a channel, the groups name the devices themselves. */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

static bool has_channel(const mlir_ir_op *op) {
  const mlir_ir_attr *c = mlir_ir_op_attr(op, "channel_handle");
  int64_t h = 0;
  return c && mlir_ir_field_ints(c, "handle", &h, 1) == 1 && h > 0;
}

/* The spec's process groups of an op for R replicas of P partitions (process r * P + p): who
 * meets whom, from replica_groups or source_target_pairs. */
static tsr_status make_groups(const hlo_inst *in, int R, int P, hlo_spmd *sp) {
  const mlir_ir_op *op = in->op;
  int n = R * P;
  bool channel = has_channel(op), global = mlir_ir_op_attr(op, "use_global_device_ids") != NULL;
  bool by_partition = channel && (in->opc == HLO_ALL_TO_ALL || in->opc == HLO_COLLECTIVE_BROADCAST ||
                                  in->opc == HLO_COLLECTIVE_PERMUTE);
  if (global && !channel) return hlo_op_fail(op, TSR_ERR_INVALID, "use_global_device_ids needs a channel_handle");
  sp->n_dev = n;
  sp->R = R;
  sp->P = P;
  for (int d = 0; d < n; d++) sp->group_of[d] = -1, sp->source_of[d] = -1;
  /* ids name replicas (cross_replica[_and_partition]), partitions (cross_partition) or
   * processes (flattened ids) */
  int limit = global ? n : by_partition ? P : R;
  const char *what = global || (by_partition && R == 1) ? "device" : by_partition ? "partition" : "replica";
  const char *attr = in->opc == HLO_COLLECTIVE_PERMUTE ? "source_target_pairs" : "replica_groups";
  const mlir_ir_attr *a = mlir_ir_op_attr(op, attr);
  int64_t ids[TSR_MAX_DEVICES * 2 + 1];
  int64_t n_ids = a ? mlir_ir_attr_ints(a, ids, TSR_MAX_DEVICES * 2) : in->opc == HLO_COLLECTIVE_PERMUTE ? -1 : 0;
  if (n_ids < 0 || n_ids > TSR_MAX_DEVICES * 2)
    return hlo_op_fail(op, TSR_ERR_INVALID, "%s must list at most %d ids", attr, TSR_MAX_DEVICES * 2);
  for (int64_t i = 0; i < n_ids; i++)
    if ((ids[i] < 0 && (ids[i] != -1 || in->opc == HLO_COLLECTIVE_PERMUTE)) || ids[i] >= limit) {
      if (!strcmp(what, "replica"))
        return hlo_op_fail(op, TSR_ERR_INVALID, "%s names replica %lld; the module has %s%.0d replica%s (mhlo.num_replicas)", attr,
                           (long long)ids[i], R == 1 ? "one" : "", R == 1 ? 0 : R, R == 1 ? "" : "s");
      return hlo_op_fail(op, TSR_ERR_INVALID, "%s names %s %lld, but the module has %d %ss (0 to %d; mhlo.num_partitions)", attr,
                         what, (long long)ids[i], limit, what, limit - 1);
    }
  if (in->opc == HLO_COLLECTIVE_PERMUTE) {
    if (n_ids % 2) return hlo_op_fail(op, TSR_ERR_INVALID, "source_target_pairs must be pairs of ids");
    /* pairs of partitions within each replica, or of replicas within each partition */
    int outer = by_partition ? R : P;
    for (int o = 0; o < outer; o++) {
      bool sends[TSR_MAX_DEVICES] = {0};
      for (int64_t i = 0; i < n_ids; i += 2) {
        int src = by_partition ? o * P + (int)ids[i] : (int)ids[i] * P + o;
        int dst = by_partition ? o * P + (int)ids[i + 1] : (int)ids[i + 1] * P + o;
        if (sends[src] || sp->source_of[dst] >= 0)
          return hlo_op_fail(op, TSR_ERR_INVALID, "source_target_pairs names %s %lld twice as a %s", what,
                             (long long)(sends[src] ? ids[i] : ids[i + 1]), sends[src] ? "source" : "target");
        sends[src] = true;
        sp->source_of[dst] = src;
      }
    }
    return TSR_OK;
  }
  int64_t k = n_ids && a->type && mlir_ir_type_rank(a->type) == 2 ? mlir_ir_type_dim(a->type, 1) : n_ids;
  if (n_ids && (k <= 0 || n_ids % k)) return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups is not a matrix of ids");
  if (!n_ids) { /* no groups: one of every id */
    for (int i = 0; i < limit; i++) ids[i] = i;
    n_ids = k = limit;
  }
  /* cross_replica_and_partition: each group of replicas, every partition of them, partition
   * by partition (the spec's order); -1 pads a group shorter than the others */
  int outer = global || (channel && !by_partition) ? 1 : by_partition ? R : P;
  int inner = !global && channel && !by_partition ? P : 1;
  int m = 0, n_groups = 0;
  bool ragged = false;
  for (int o = 0; o < outer; o++)
    for (int64_t grp = 0; grp < n_ids / k; grp++) {
      if (n_groups == TSR_MAX_DEVICES) return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups makes more groups than processes");
      sp->group_start[n_groups++] = m;
      for (int j = 0; j < inner; j++)
        for (int64_t i = 0; i < k; i++) {
          int64_t id = ids[grp * k + i];
          if (id == -1) { ragged = true; continue; }
          int d = global ? (int)id : by_partition ? o * P + (int)id : inner > 1 ? (int)id * P + j : (int)id * P + o;
          if (sp->group_of[d] >= 0)
            return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups names %s %lld twice", what, (long long)id);
          sp->group_of[d] = n_groups - 1;
          sp->rank_of[d] = m - sp->group_start[n_groups - 1];
          sp->member[m++] = d;
        }
    }
  sp->group_start[n_groups] = m;
  sp->n_groups = n_groups;
  sp->group_size = ragged ? 0 : (int)k * inner;
  if (ragged && in->opc != HLO_ALL_REDUCE && in->opc != HLO_COLLECTIVE_BROADCAST)
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "replica_groups of different sizes (-1) on %s", op->name);
  /* collective_broadcast leaves a process of no group its zeros; the others need every one */
  for (int d = 0; d < n && in->opc != HLO_COLLECTIVE_BROADCAST; d++)
    if (sp->group_of[d] < 0)
      return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups leaves %s %d in no group", R == 1 ? "device" : "process", d);
  return TSR_OK;
}

static bool same_but(const hlo_type *a, const hlo_type *b, int dim) {
  if (a->dtype != b->dtype || a->rank != b->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (d != dim && a->shape[d] != b->shape[d]) return false;
  return true;
}

static tsr_status dim_attr(const hlo_inst *in, const char *name, const hlo_type *t, int *out) {
  int64_t v;
  if (!mlir_ir_op_attr_int(in->op, name, &v) || v < 0 || v >= t->rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s must be a dimension of the operand (rank %d)", name, t->rank);
  *out = (int)v;
  return TSR_OK;
}

/* The operands' and results' shapes against the groups' size (sp's groups made). */
static tsr_status check_shapes(const hlo_inst *in, const hlo_type *args, const hlo_type *res, hlo_spmd *sp) {
  const mlir_ir_op *op = in->op;
  int g = sp->group_size;
  for (int i = 0; i < in->n_out; i++) {
    const hlo_type *a = &args[i], *r = &res[i];
    char what[48];
    snprintf(what, sizeof what, in->n_in > 1 ? "result %d" : "the result", i);
    switch (in->opc) {
    case HLO_ALL_GATHER:
      if (!same_but(a, r, sp->dim) || r->shape[sp->dim] != a->shape[sp->dim] * g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "%s must be the operand with dimension %d %d times as large (the group's size)",
                           what, sp->dim, g);
      break;
    case HLO_REDUCE_SCATTER:
      if (a->shape[sp->dim] % g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "dimension %d (%lld) of the operand does not divide among the group's %d devices",
                           sp->dim, (long long)a->shape[sp->dim], g);
      if (!same_but(a, r, sp->dim) || r->shape[sp->dim] * g != a->shape[sp->dim])
        return hlo_op_fail(op, TSR_ERR_INVALID, "%s must be the operand with dimension %d divided by %d", what, sp->dim, g);
      break;
    case HLO_ALL_TO_ALL: {
      int64_t count;
      if (!mlir_ir_op_attr_int(op, "split_count", &count) || count != g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "split_count must be the group's size, %d", g);
      if (a->shape[sp->dim] % g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "dimension %d (%lld) of the operand does not split into %d parts", sp->dim,
                           (long long)a->shape[sp->dim], g);
      hlo_type want = *a;
      want.shape[sp->dim] /= g;
      want.shape[sp->dim2] *= g;
      if (!hlo_type_eq(&want, r)) return hlo_op_fail(op, TSR_ERR_INVALID, "%s's shape is not the split and concatenated operand's", what);
      break;
    }
    default:
      if (!hlo_type_eq(a, r)) return hlo_op_fail(op, TSR_ERR_INVALID, "%s must be of the operand's type", what);
    }
  }
  return TSR_OK;
}

tsr_status hlo_prep_collective(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  const mlir_ir_op *op = in->op;
  hlo_spmd *sp = calloc(1, sizeof *sp);
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  in->spmd = sp;
  if (in->n_cap) return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "a reduction body that uses values from outside");
  bool dynamic_root = in->opc == HLO_COLLECTIVE_BROADCAST && mlir_ir_op_attr(op, "has_dynamic_root");
  if (in->n_in != in->n_out + dynamic_root || !in->n_out) return hlo_op_fail(op, TSR_ERR_INVALID, "gives one result per operand");
  if (dynamic_root && (tsr_dtype_is_float(args[in->n_out].dtype) || tsr_dtype_is_complex(args[in->n_out].dtype) ||
                       hlo_numel(&args[in->n_out]) != in->n_out))
    return hlo_op_fail(op, TSR_ERR_INVALID, "has_dynamic_root: the last operand must hold one integer per operand, the "
                       "place of its root in the group");
  for (int i = 0; i < in->n_in; i++) {
    if (in->opc == HLO_ALL_GATHER) TSR_TRY(dim_attr(in, "all_gather_dim", &args[i], &sp->dim));
    if (in->opc == HLO_REDUCE_SCATTER) TSR_TRY(dim_attr(in, "scatter_dimension", &args[i], &sp->dim));
    if (in->opc == HLO_ALL_TO_ALL) {
      TSR_TRY(dim_attr(in, "split_dimension", &args[i], &sp->dim));
      TSR_TRY(dim_attr(in, "concat_dimension", &args[i], &sp->dim2));
    }
  }
  if (in->opc == HLO_ALL_REDUCE || in->opc == HLO_REDUCE_SCATTER) {
    if (in->n_bodies != 1) return hlo_op_fail(op, TSR_ERR_INVALID, "needs a reduction region");
    const hlo_func *b = in->bodies[0];
    for (int i = 0; i < in->n_in; i++)
      if (b->n_args != 2 || b->n_ret != 1 || b->slot_t[0].rank || b->slot_t[1].rank || b->slot_t[0].dtype != args[i].dtype ||
          b->slot_t[1].dtype != args[i].dtype || b->slot_t[b->ret[0]].rank || b->slot_t[b->ret[0]].dtype != args[i].dtype)
        return hlo_op_fail(op, TSR_ERR_INVALID, "the region must take two scalars of operand %d's type and return one", i);
    hlo_body_classify(in, 0, &in->fast);
  }
  /* the groups of a module of one replica of N partitions are known now; those of
   * interpreter.run_parallel's programs when it runs them */
  if (p->run_parallel) return TSR_OK;
  TSR_TRY(make_groups(in, 1, p->num_devices, sp));
  return check_shapes(in, args, in->res_t, sp);
}

/* dst = the body applied over srcs[0..n) element by element (the group's order). */
static tsr_status reduce_group(hlo_exec *x, const hlo_inst *in, const hlo_val *op_args, tsr_dtype t, int64_t numel,
                               char *dst, const char *const *srcs, int n) {
  size_t es = tsr_dtype_size(t);
  TSR_TRY(hlo_charge(x, in, (double)numel * n));
  memcpy(dst, srcs[0], (size_t)numel * es);
  for (int m = 1; m < n; m++)
    for (int64_t e = 0; e < numel; e++) {
      char *acc = dst + (size_t)e * es;
      const char *v = srcs[m] + (size_t)e * es;
      if (in->fast.kind != HLO_BODY_GENERAL) {
        hlo_body_apply2(&in->fast, t, acc, v);
      } else {
        const void *a2[2] = {acc, v};
        void *r1[1] = {acc};
        TSR_TRY(hlo_body_scalars(x, in, 0, op_args, a2, r1));
      }
    }
  return TSR_OK;
}

/* Operand i of the group's members into res[d][i] for every device d. */
static tsr_status run_one(hlo_exec *x, const hlo_inst *in, const hlo_spmd *sp, int n, hlo_val *const *args,
                          hlo_val *const *res, int i) {
  int gs = sp->group_size;
  const hlo_type *at = &args[0][i].t, *rt = &res[0][i].t;
  size_t es = tsr_dtype_size(at->dtype), bytes = (size_t)hlo_numel(at) * es;
  switch (in->opc) {
  case HLO_COLLECTIVE_PERMUTE:
    for (int d = 0; d < n; d++) {
      int src = sp->source_of[d];
      if (src >= 0) memcpy(res[d][i].buf->data, args[src][i].buf->data, bytes);
      else memset(res[d][i].buf->data, 0, bytes);
    }
    return TSR_OK;
  case HLO_COLLECTIVE_BROADCAST: /* from the group's root (its first, or has_dynamic_root's
                                  * index); a process of no group keeps zeros */
    for (int d = 0; d < n; d++) {
      int g = sp->group_of[d];
      if (g < 0) { memset(res[d][i].buf->data, 0, bytes); continue; }
      const int *mem = sp->member + sp->group_start[g];
      int len = sp->group_start[g + 1] - sp->group_start[g];
      int64_t root = 0;
      if (in->n_in > in->n_out) {
        const hlo_val *rv = &args[mem[0]][in->n_in - 1];
        root = dtype_load_i64(rv->t.dtype, rv->buf->data, i);
      }
      if (root < 0 || root >= len)
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "the dynamic root %lld is not a place in its group of %d", (long long)root, len);
      memcpy(res[d][i].buf->data, args[mem[root]][i].buf->data, bytes);
    }
    return TSR_OK;
  case HLO_ALL_GATHER:
    for (int d = 0; d < n; d++)
      for (int r = 0; r < gs; r++) {
        int64_t off[TSR_MAX_RANK] = {0};
        off[sp->dim] = r * at->shape[sp->dim];
        hlo_box_copy(res[d][i].buf->data, rt->shape, args[sp->member[sp->group_start[sp->group_of[d]] + r]][i].buf->data, at->shape, off,
                     at->rank, es, false);
      }
    return TSR_OK;
  case HLO_ALL_TO_ALL: {
    /* device d (place r) gets part r of each member q's operand, placed q-th along concat */
    hlo_type part = *at;
    part.shape[sp->dim] /= gs;
    size_t pbytes = (size_t)hlo_numel(&part) * es;
    char *tmp = malloc(pbytes ? pbytes : 1);
    if (!tmp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
    for (int d = 0; d < n; d++)
      for (int q = 0; q < gs; q++) {
        int64_t off[TSR_MAX_RANK] = {0};
        off[sp->dim] = sp->rank_of[d] * part.shape[sp->dim];
        hlo_box_copy(args[sp->member[sp->group_start[sp->group_of[d]] + q]][i].buf->data, at->shape, tmp, part.shape, off, at->rank, es, true);
        memset(off, 0, sizeof off);
        off[sp->dim2] = q * part.shape[sp->dim2];
        hlo_box_copy(res[d][i].buf->data, rt->shape, tmp, part.shape, off, at->rank, es, false);
      }
    free(tmp);
    return TSR_OK;
  }
  default: break;
  }
  /* all_reduce, reduce_scatter: each group reduces once */
  char *sum = in->opc == HLO_REDUCE_SCATTER ? malloc(bytes ? bytes : 1) : NULL;
  if (in->opc == HLO_REDUCE_SCATTER && !sum) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  tsr_status s = TSR_OK;
  for (int g = 0; g < sp->n_groups && s == TSR_OK; g++) {
    const char *srcs[TSR_MAX_DEVICES];
    const int *mem = sp->member + sp->group_start[g];
    int len = sp->group_start[g + 1] - sp->group_start[g];
    if (!len) continue;
    for (int r = 0; r < len; r++) srcs[r] = args[mem[r]][i].buf->data;
    int first = mem[0];
    char *dst = sum ? sum : res[first][i].buf->data;
    s = reduce_group(x, in, args[first], at->dtype, hlo_numel(at), dst, srcs, len);
    for (int r = 0; r < len && s == TSR_OK; r++) {
      int d = mem[r];
      if (sum) {
        int64_t off[TSR_MAX_RANK] = {0};
        off[sp->dim] = r * rt->shape[sp->dim];
        hlo_box_copy(sum, at->shape, res[d][i].buf->data, rt->shape, off, at->rank, es, true);
      } else if (d != first) {
        memcpy(res[d][i].buf->data, dst, bytes);
      }
    }
  }
  free(sum);
  return s;
}

/* The op's groups for the processes it runs on now: those made when it was compiled, or
 * (interpreter.run_parallel) made now, in `own`. */
static tsr_status groups_now(const hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res,
                             hlo_spmd **own, const hlo_spmd **out) {
  int P = x->num_partitions ? x->num_partitions : 1, R = n / P;
  *out = in->spmd;
  if (in->spmd->n_dev == n && in->spmd->R == R) return TSR_OK;
  if (in->spmd->n_dev) /* made for the module's devices: it runs on others */
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "its groups are of the module's %d devices; it runs on %d", in->spmd->n_dev, n);
  hlo_spmd *sp = malloc(sizeof *sp);
  hlo_type at[TSR_MAX_OPERANDS], rt[TSR_MAX_OPERANDS];
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (in->n_in > TSR_MAX_OPERANDS) {
    free(sp);
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "%d operands, over the limit of %d", in->n_in, TSR_MAX_OPERANDS);
  }
  *sp = *in->spmd;
  for (int i = 0; i < in->n_in; i++) at[i] = args[0][i].t;
  for (int i = 0; i < in->n_out; i++) rt[i] = res[0][i].t;
  tsr_status s = make_groups(in, R, P, sp);
  if (s == TSR_OK) s = check_shapes(in, at, rt, sp);
  if (s != TSR_OK) { free(sp); return s; }
  *own = sp;
  *out = sp;
  return TSR_OK;
}

tsr_status hlo_collective_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  hlo_spmd *own = NULL;
  const hlo_spmd *sp;
  TSR_TRY(groups_now(x, in, n, args, res, &own, &sp));
  int made = 0;
  tsr_status s = TSR_OK;
  for (; made < n && s == TSR_OK; made++) s = hlo_alloc_all(x, res[made], in->n_out);
  if (s != TSR_OK) made--;
  for (int i = 0; i < in->n_out && s == TSR_OK; i++) s = run_one(x, in, sp, n, args, res, i);
  if (s != TSR_OK)
    for (int d = 0; d < made; d++)
      for (int i = 0; i < in->n_out; i++) { hlo_release(x, res[d][i].buf); res[d][i].buf = NULL; }
  free(own);
  return s;
}

/* A collective outside a manual computation: a program of one device meets only itself. */
tsr_status hlo_run_collective(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  if (x->num_devices > 1)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a collective inside a reduction or map body of a manual computation: "
                       "tessera runs a manual computation's collectives in its body, its loops and branches and the "
                       "functions it calls");
  if (in->spmd->n_dev > 1)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a collective outside sdy.manual_computation in a module of %d devices: "
                       "tessera runs a module's devices inside its manual computations", in->spmd->n_dev);
  hlo_val *a = (hlo_val *)args;
  return hlo_collective_devices(x, in, 1, &a, &res);
}
