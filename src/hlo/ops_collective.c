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

bool hlo_is_collective(hlo_opcode opc) {
  return opc == HLO_ALL_REDUCE || opc == HLO_ALL_GATHER || opc == HLO_REDUCE_SCATTER || opc == HLO_ALL_TO_ALL ||
         opc == HLO_COLLECTIVE_PERMUTE || opc == HLO_COLLECTIVE_BROADCAST;
}

static bool has_channel(const tsr_ir_op *op) {
  const tsr_ir_attr *c = tsr_ir_op_attr(op, "channel_handle");
  int64_t h = 0;
  return c && tsr_ir_field_ints(c, "handle", &h, 1) == 1 && h > 0;
}

/* The devices' groups from replica_groups (a matrix of ids; empty: one group of all). */
static tsr_status read_groups(const tsr_ir_op *op, int n_dev, hlo_spmd *sp) {
  const tsr_ir_attr *a = tsr_ir_op_attr(op, "replica_groups");
  bool channel = has_channel(op);
  bool global = tsr_ir_op_attr(op, "use_global_device_ids") != NULL;
  bool by_device = global || (channel && (tsr_ir_op_is(op, "stablehlo.all_to_all") || tsr_ir_op_is(op, "stablehlo.collective_broadcast")));
  if (global && !channel) return hlo_op_fail(op, TSR_ERR_INVALID, "use_global_device_ids needs a channel_handle");
  int64_t ids[TSR_MAX_DEVICES * 2 + 1];
  int64_t n_ids = a ? tsr_ir_attr_ints(a, ids, TSR_MAX_DEVICES * 2) : 0;
  if (n_ids < 0 || n_ids > TSR_MAX_DEVICES * 2)
    return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups has more ids than the %d devices", n_dev);
  int64_t k = n_ids && a->type && tsr_ir_type_rank(a->type) == 2 ? tsr_ir_type_dim(a->type, 1) : n_ids;
  if (n_ids && (k <= 0 || n_ids % k)) return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups is not a matrix of ids");
  for (int d = 0; d < n_dev; d++) sp->group_of[d] = -1, sp->source_of[d] = -1;
  sp->n_dev = n_dev;
  if (!by_device) {
    /* groups of replica ids: there is one replica, 0 */
    for (int64_t i = 0; i < n_ids; i++)
      if (ids[i] != 0)
        return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups names replica %lld; the module has one replica (mhlo.num_replicas)",
                           (long long)ids[i]);
    bool all = channel; /* every partition of replica 0 meets; without a channel, each alone */
    sp->group_size = all ? n_dev : 1;
    for (int d = 0; d < n_dev; d++) {
      sp->group_of[d] = all ? 0 : d;
      sp->rank_of[d] = all ? d : 0;
      sp->member[d] = d;
    }
    return TSR_OK;
  }
  if (!n_ids) { /* one group of every device */
    sp->group_size = n_dev;
    for (int d = 0; d < n_dev; d++) sp->group_of[d] = 0, sp->rank_of[d] = d, sp->member[d] = d;
    return TSR_OK;
  }
  sp->group_size = (int)k;
  for (int64_t i = 0; i < n_ids; i++) {
    int64_t d = ids[i];
    if (d < 0 || d >= n_dev)
      return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups names device %lld, but the module has %d devices (0 to %d; "
                         "mhlo.num_partitions)", (long long)d, n_dev, n_dev - 1);
    if (sp->group_of[d] >= 0) return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups names device %lld twice", (long long)d);
    sp->group_of[d] = (int)(i / k);
    sp->rank_of[d] = (int)(i % k);
    sp->member[i] = (int)d;
  }
  for (int d = 0; d < n_dev; d++)
    if (sp->group_of[d] < 0) return hlo_op_fail(op, TSR_ERR_INVALID, "replica_groups leaves device %d in no group", d);
  return TSR_OK;
}

static tsr_status read_pairs(const tsr_ir_op *op, int n_dev, hlo_spmd *sp) {
  const tsr_ir_attr *a = tsr_ir_op_attr(op, "source_target_pairs");
  int64_t v[TSR_MAX_DEVICES * 2 + 1];
  int64_t n = a ? tsr_ir_attr_ints(a, v, TSR_MAX_DEVICES * 2) : -1;
  if (n < 0 || n % 2 || n > TSR_MAX_DEVICES * 2)
    return hlo_op_fail(op, TSR_ERR_INVALID, "source_target_pairs must be pairs of ids, at most one per device");
  bool channel = has_channel(op);
  int ids = channel ? n_dev : 1; /* without a channel the pairs name replicas: there is one */
  sp->n_dev = n_dev;
  for (int d = 0; d < n_dev; d++) sp->source_of[d] = -1, sp->group_of[d] = -1;
  bool sends[TSR_MAX_DEVICES] = {0};
  for (int64_t i = 0; i < n; i += 2) {
    for (int j = 0; j < 2; j++)
      if (v[i + j] < 0 || v[i + j] >= ids)
        return hlo_op_fail(op, TSR_ERR_INVALID, "source_target_pairs names %s %lld, but the module has %d (0 to %d)",
                           channel ? "device" : "replica", (long long)v[i + j], ids, ids - 1);
    int src = (int)v[i], dst = (int)v[i + 1];
    if (sends[src] || sp->source_of[dst] >= 0)
      return hlo_op_fail(op, TSR_ERR_INVALID, "source_target_pairs names %s %d twice as a %s", channel ? "device" : "replica",
                         sends[src] ? src : dst, sends[src] ? "source" : "target");
    sends[src] = true;
    sp->source_of[dst] = src;
  }
  if (!channel) /* each partition's replica 0 sends to itself, or nothing moves */
    for (int d = 0; d < n_dev; d++) sp->source_of[d] = sp->source_of[0] == 0 ? d : -1;
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
  if (!tsr_ir_op_attr_int(in->op, name, &v) || v < 0 || v >= t->rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s must be a dimension of the operand (rank %d)", name, t->rank);
  *out = (int)v;
  return TSR_OK;
}

tsr_status hlo_prep_collective(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  const tsr_ir_op *op = in->op;
  hlo_spmd *sp = calloc(1, sizeof *sp);
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  in->spmd = sp;
  if (in->n_cap) return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "a reduction body that uses values from outside");
  if (in->n_in != in->n_out || !in->n_in) return hlo_op_fail(op, TSR_ERR_INVALID, "gives one result per operand");
  if (in->opc == HLO_COLLECTIVE_PERMUTE) TSR_TRY(read_pairs(op, p->num_devices, sp));
  else TSR_TRY(read_groups(op, p->num_devices, sp));
  int g = sp->group_size;
  for (int i = 0; i < in->n_in; i++) {
    const hlo_type *a = &args[i], *r = &in->res_t[i];
    char what[48];
    snprintf(what, sizeof what, in->n_in > 1 ? "result %d" : "the result", i);
    switch (in->opc) {
    case HLO_ALL_GATHER:
      TSR_TRY(dim_attr(in, "all_gather_dim", a, &sp->dim));
      if (!same_but(a, r, sp->dim) || r->shape[sp->dim] != a->shape[sp->dim] * g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "%s must be the operand with dimension %d %d times as large (the group's size)",
                           what, sp->dim, g);
      break;
    case HLO_REDUCE_SCATTER:
      TSR_TRY(dim_attr(in, "scatter_dimension", a, &sp->dim));
      if (a->shape[sp->dim] % g)
        return hlo_op_fail(op, TSR_ERR_INVALID, "dimension %d (%lld) of the operand does not divide among the group's %d devices",
                           sp->dim, (long long)a->shape[sp->dim], g);
      if (!same_but(a, r, sp->dim) || r->shape[sp->dim] * g != a->shape[sp->dim])
        return hlo_op_fail(op, TSR_ERR_INVALID, "%s must be the operand with dimension %d divided by %d", what, sp->dim, g);
      break;
    case HLO_ALL_TO_ALL: {
      int64_t count;
      TSR_TRY(dim_attr(in, "split_dimension", a, &sp->dim));
      TSR_TRY(dim_attr(in, "concat_dimension", a, &sp->dim2));
      if (!tsr_ir_op_attr_int(op, "split_count", &count) || count != g)
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
  if (in->opc == HLO_ALL_REDUCE || in->opc == HLO_REDUCE_SCATTER) {
    if (in->n_bodies != 1) return hlo_op_fail(op, TSR_ERR_INVALID, "needs a reduction region");
    const hlo_func *b = in->bodies[0];
    for (int i = 0; i < in->n_in; i++)
      if (b->n_args != 2 || b->n_ret != 1 || b->slot_t[0].rank || b->slot_t[1].rank || b->slot_t[0].dtype != args[i].dtype ||
          b->slot_t[1].dtype != args[i].dtype || b->slot_t[b->ret[0]].rank || b->slot_t[b->ret[0]].dtype != args[i].dtype)
        return hlo_op_fail(op, TSR_ERR_INVALID, "the region must take two scalars of operand %d's type and return one", i);
    hlo_body_classify(in, 0, &in->fast);
  }
  return TSR_OK;
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
static tsr_status run_one(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res, int i) {
  const hlo_spmd *sp = in->spmd;
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
  case HLO_COLLECTIVE_BROADCAST:
    for (int d = 0; d < n; d++) memcpy(res[d][i].buf->data, args[sp->member[sp->group_of[d] * gs]][i].buf->data, bytes);
    return TSR_OK;
  case HLO_ALL_GATHER:
    for (int d = 0; d < n; d++)
      for (int r = 0; r < gs; r++) {
        int64_t off[TSR_MAX_RANK] = {0};
        off[sp->dim] = r * at->shape[sp->dim];
        hlo_box_copy(res[d][i].buf->data, rt->shape, args[sp->member[sp->group_of[d] * gs + r]][i].buf->data, at->shape, off,
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
        hlo_box_copy(args[sp->member[sp->group_of[d] * gs + q]][i].buf->data, at->shape, tmp, part.shape, off, at->rank, es, true);
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
  for (int g = 0; g * gs < n && s == TSR_OK; g++) {
    const char *srcs[TSR_MAX_DEVICES];
    for (int r = 0; r < gs; r++) srcs[r] = args[sp->member[g * gs + r]][i].buf->data;
    int first = sp->member[g * gs];
    char *dst = sum ? sum : res[first][i].buf->data;
    s = reduce_group(x, in, args[first], at->dtype, hlo_numel(at), dst, srcs, gs);
    for (int r = 0; r < gs && s == TSR_OK; r++) {
      int d = sp->member[g * gs + r];
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

tsr_status hlo_collective_devices(hlo_exec *x, const hlo_inst *in, int n, hlo_val *const *args, hlo_val *const *res) {
  const hlo_spmd *sp = in->spmd;
  if (n != sp->n_dev)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "its groups are of the module's %d devices; it runs on %d", sp->n_dev, n);
  int made = 0;
  tsr_status s = TSR_OK;
  for (; made < n && s == TSR_OK; made++) s = hlo_alloc_all(x, res[made], in->n_out);
  if (s != TSR_OK) made--;
  for (int i = 0; i < in->n_in && s == TSR_OK; i++) s = run_one(x, in, n, args, res, i);
  if (s != TSR_OK)
    for (int d = 0; d < made; d++)
      for (int i = 0; i < in->n_out; i++) { hlo_release(x, res[d][i].buf); res[d][i].buf = NULL; }
  return s;
}

/* A collective outside a manual computation: a program of one device meets only itself. */
tsr_status hlo_run_collective(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  if (x->num_devices > 1)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a collective inside a region (while, if, a reduction body) of a manual "
                       "computation: tessera runs a manual computation's collectives in its body or the functions it calls");
  if (in->spmd->n_dev != 1)
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a collective outside sdy.manual_computation in a module of %d devices: "
                       "tessera runs a module's devices inside its manual computations", in->spmd->n_dev);
  hlo_val *a = (hlo_val *)args;
  return hlo_collective_devices(x, in, 1, &a, &res);
}
