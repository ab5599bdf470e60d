/* stablehlo.convolution (and dynamic_conv, whose padding is an operand): XLA's
 * ConvGeneralDilated. Dimension numbers come as #stablehlo.conv<[b, 0, 1, f]x[0, 1, i,
 * o]->[b, 0, 1, f]> (or its `raw` form); window strides, padding, lhs (base) and rhs (window)
 * dilation, window reversal, feature and batch groups. Each output element sums, over its
 * window (row-major) and its group's input features, lhs * rhs: f32 in f32 arithmetic, in
 * that order, as XLA's CPU convolution does (JAX's tests allow 3 ULPs, and a sum in double
 * differs by more where terms cancel), with tpu_numerics at the default precision on
 * operands rounded to bf16 (the MXU's one pass, docs/numerics.md); other floats in double,
 * rounded once; integers wrap. */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

typedef struct conv_dims {
  int in_b, in_f, k_i, k_o, out_b, out_f, ns;
  int in_s[TSR_MAX_RANK], k_s[TSR_MAX_RANK], out_s[TSR_MAX_RANK];
} conv_dims;

typedef struct conv {
  conv_dims dn;
  int64_t stride[TSR_MAX_RANK], pad_lo[TSR_MAX_RANK], pad_hi[TSR_MAX_RANK], lhs_dil[TSR_MAX_RANK], rhs_dil[TSR_MAX_RANK];
  bool reverse[TSR_MAX_RANK];
  int64_t groups, batch_groups;
} conv;

/* `[b, 0, 1, f]`: the labels of one side into positions; false when malformed. */
static bool parse_labels(const char **at, char c0, char c1, int *p0, int *p1, int *spatial, int *ns, int rank_cap) {
  const char *s = *at;
  while (*s == ' ') s++;
  if (*s++ != '[') return false;
  int pos = 0, found0 = 0, found1 = 0;
  *ns = 0;
  uint32_t seen_spatial = 0;
  while (*s && *s != ']') {
    while (*s == ' ' || *s == ',') s++;
    if (*s == c0) { *p0 = pos; found0++; s++; }
    else if (*s == c1) { *p1 = pos; found1++; s++; }
    else if (*s >= '0' && *s <= '9') {
      int k = 0;
      while (*s >= '0' && *s <= '9') { k = k * 10 + (*s - '0'); s++; if (k >= rank_cap) return false; }
      if (seen_spatial >> k & 1u) return false;
      seen_spatial |= 1u << k;
      spatial[k] = pos;
      (*ns)++;
    } else {
      return false;
    }
    pos++;
    while (*s == ' ') s++;
    if (*s == ',') s++;
    if (pos > rank_cap) return false;
  }
  if (*s != ']' || found0 != 1 || found1 != 1 || seen_spatial != (*ns ? (1u << *ns) - 1 : 0)) return false;
  *at = s + 1;
  return true;
}

/* The `raw` form's named fields. */
static bool raw_field(const char *text, const char *name, int64_t *v, int cap, int *n) {
  const char *s = strstr(text, name);
  if (!s) return false;
  s += strlen(name);
  while (*s == ' ' || *s == '=') s++;
  *n = 0;
  if (*s != '[') { v[0] = strtoll(s, NULL, 10); *n = 1; return true; }
  s++;
  while (*s && *s != ']') {
    if (*n == cap) return false;
    char *end;
    v[(*n)++] = strtoll(s, &end, 10);
    if (end == s) return false;
    s = end;
    while (*s == ' ' || *s == ',') s++;
  }
  return *s == ']';
}

static tsr_status read_dims(const hlo_inst *in, int rank, conv_dims *d) {
  memset(d, 0, sizeof *d);
  const mlir_ir_attr *a = mlir_ir_op_attr(in->op, "dimension_numbers");
  const char *text = a && a->kind == MLIR_IR_ATTR_OPAQUE ? a->u.opaque_text : NULL;
  const char *prefix = "#stablehlo.conv<";
  if (!text || strncmp(text, prefix, strlen(prefix))) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing or malformed dimension_numbers");
  const char *s = text + strlen(prefix);
  int ns[3];
  if (!strncmp(s, "raw", 3)) {
    int64_t v[TSR_MAX_RANK];
    int n;
    static const char *const names[] = {"input_batch_dimension", "input_feature_dimension", "kernel_input_feature_dimension",
                                        "kernel_output_feature_dimension", "output_batch_dimension", "output_feature_dimension"};
    int *dst[] = {&d->in_b, &d->in_f, &d->k_i, &d->k_o, &d->out_b, &d->out_f};
    for (int k = 0; k < 6; k++) {
      if (!raw_field(s, names[k], v, 1, &n) || n != 1) return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed dimension_numbers");
      *dst[k] = (int)v[0];
    }
    static const char *const sp[] = {"input_spatial_dimensions", "kernel_spatial_dimensions", "output_spatial_dimensions"};
    int *sdst[] = {d->in_s, d->k_s, d->out_s};
    for (int k = 0; k < 3; k++) {
      if (!raw_field(s, sp[k], v, TSR_MAX_RANK, &n)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed dimension_numbers");
      ns[k] = n;
      for (int i = 0; i < n; i++) sdst[k][i] = (int)v[i];
    }
  } else {
    if (!parse_labels(&s, 'b', 'f', &d->in_b, &d->in_f, d->in_s, &ns[0], rank) || *s++ != 'x' ||
        !parse_labels(&s, 'i', 'o', &d->k_i, &d->k_o, d->k_s, &ns[1], rank) || strncmp(s, "->", 2) ||
        !(s += 2, parse_labels(&s, 'b', 'f', &d->out_b, &d->out_f, d->out_s, &ns[2], rank)))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "malformed dimension_numbers");
  }
  if (ns[0] != rank - 2 || ns[1] != rank - 2 || ns[2] != rank - 2)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension_numbers need %d spatial dimensions on each side", rank - 2);
  d->ns = rank - 2;
  /* every position of each side named once */
  int lists[3][TSR_MAX_RANK];
  for (int k = 0; k < d->ns; k++) { lists[0][k] = d->in_s[k]; lists[1][k] = d->k_s[k]; lists[2][k] = d->out_s[k]; }
  int fixed[3][2] = {{d->in_b, d->in_f}, {d->k_i, d->k_o}, {d->out_b, d->out_f}};
  for (int side = 0; side < 3; side++) {
    uint32_t seen = 0;
    for (int k = 0; k < d->ns + 2; k++) {
      int p = k < d->ns ? lists[side][k] : fixed[side][k - d->ns];
      if (p < 0 || p >= rank || (seen >> p & 1u)) return hlo_op_fail(in->op, TSR_ERR_INVALID, "dimension_numbers name a dimension twice or out of range");
      seen |= 1u << p;
    }
  }
  return TSR_OK;
}

/* An optional list of `n` values (default `dflt`). */
static tsr_status opt_ints(const hlo_inst *in, const char *name, int n, int64_t dflt, int64_t *out) {
  for (int i = 0; i < n; i++) out[i] = dflt;
  if (!mlir_ir_op_attr(in->op, name)) return TSR_OK;
  if (hlo_attr_ints(in->op, name, out, TSR_MAX_RANK) != n) return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s needs %d entries", name, n);
  return TSR_OK;
}

static tsr_status read_conv(const hlo_inst *in, const hlo_val *args, const hlo_type *arg_t, conv *c) {
  memset(c, 0, sizeof *c);
  int rank = arg_t[0].rank;
  TSR_TRY(read_dims(in, rank, &c->dn));
  int ns = c->dn.ns;
  TSR_TRY(opt_ints(in, "window_strides", ns, 1, c->stride));
  TSR_TRY(opt_ints(in, "lhs_dilation", ns, 1, c->lhs_dil));
  TSR_TRY(opt_ints(in, "rhs_dilation", ns, 1, c->rhs_dil));
  int64_t rev[TSR_MAX_RANK];
  TSR_TRY(opt_ints(in, "window_reversal", ns, 0, rev));
  for (int i = 0; i < ns; i++) {
    c->reverse[i] = rev[i] != 0;
    if (c->stride[i] < 1 || c->lhs_dil[i] < 1 || c->rhs_dil[i] < 1 || c->stride[i] > (INT64_C(1) << 40) ||
        c->lhs_dil[i] > (INT64_C(1) << 40) || c->rhs_dil[i] > (INT64_C(1) << 40))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "strides and dilations must be in [1, 2^40]");
  }
  int64_t pad[2 * TSR_MAX_RANK] = {0};
  bool dyn = in->opc == HLO_DYNAMIC_CONV;
  if (dyn && args) {
    for (int i = 0; i < 2 * ns; i++) pad[i] = dtype_load_i64(args[2].t.dtype, args[2].buf->data, i);
  } else if (!dyn) {
    const mlir_ir_attr *p = mlir_ir_op_attr(in->op, "padding");
    if (p && mlir_ir_attr_ints(p, pad, 2 * TSR_MAX_RANK) != 2 * ns) return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding needs %d pairs", ns);
  }
  for (int i = 0; i < ns; i++) {
    c->pad_lo[i] = pad[2 * i];
    c->pad_hi[i] = pad[2 * i + 1];
    if (c->pad_lo[i] < -(INT64_C(1) << 40) || c->pad_lo[i] > (INT64_C(1) << 40) || c->pad_hi[i] < -(INT64_C(1) << 40) ||
        c->pad_hi[i] > (INT64_C(1) << 40))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "padding out of range");
  }
  if (!mlir_ir_op_attr_int(in->op, "feature_group_count", &c->groups)) c->groups = 1;
  if (!mlir_ir_op_attr_int(in->op, "batch_group_count", &c->batch_groups)) c->batch_groups = 1;
  if (c->groups < 1 || c->batch_groups < 1 || (c->groups > 1 && c->batch_groups > 1))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "feature_group_count and batch_group_count must be >= 1 and not both > 1");
  return TSR_OK;
}

/* The shape the convolution gives, or false when the operands do not fit each other. */
static bool conv_shape(const conv *c, const hlo_type *lhs, const hlo_type *rhs, int64_t *out) {
  const conv_dims *d = &c->dn;
  int64_t n = lhs->shape[d->in_b], ci = lhs->shape[d->in_f], ki = rhs->shape[d->k_i], ko = rhs->shape[d->k_o];
  if (ci != ki * c->groups || n % c->batch_groups || ko % c->groups || ko % c->batch_groups) return false;
  out[d->out_b] = n / c->batch_groups;
  out[d->out_f] = ko;
  for (int s = 0; s < d->ns; s++) {
    int64_t in = lhs->shape[d->in_s[s]], win = rhs->shape[d->k_s[s]];
    int64_t dil_in = in > 0 ? (in - 1) * c->lhs_dil[s] + 1 : 0, padded = dil_in + c->pad_lo[s] + c->pad_hi[s];
    int64_t dil_win = win > 0 ? (win - 1) * c->rhs_dil[s] + 1 : 0;
    out[d->out_s[s]] = padded < dil_win || padded <= 0 || dil_win == 0 ? 0 : (padded - dil_win) / c->stride[s] + 1;
  }
  return true;
}

tsr_status hlo_prep_convolution(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  bool dyn = in->opc == HLO_DYNAMIC_CONV;
  if (in->n_in != (dyn ? 3 : 2) || in->n_out != 1 || args[0].rank < 2 || args[1].rank != args[0].rank ||
      in->res_t->rank != args[0].rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes lhs and rhs of one rank (>= 2)%s", dyn ? " and the padding" : "");
  tsr_dtype lt = args[0].dtype, rt = args[1].dtype, ot = in->res_t->dtype;
  if (tsr_dtype_is_complex(lt) || tsr_dtype_is_complex(rt) || tsr_dtype_is_complex(ot))
    return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "convolutions of complex values are not supported");
  conv c;
  TSR_TRY(read_conv(in, NULL, args, &c));
  if (dyn) {
    if (args[2].rank != 2 || args[2].shape[0] != c.dn.ns || args[2].shape[1] != 2 || tsr_dtype_is_float(args[2].dtype))
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "the padding operand must be integers of shape [%d, 2]", c.dn.ns);
    return TSR_OK; /* the result shape depends on the padding's values: checked when run */
  }
  int64_t shape[TSR_MAX_RANK];
  if (!conv_shape(&c, &args[0], &args[1], shape) || memcmp(shape, in->res_t->shape, sizeof(int64_t) * (size_t)args[0].rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result shape does not fit the operands, windows and groups");
  return TSR_OK;
}

double hlo_conv_products_per_output(const hlo_inst *in, const hlo_type *kernel) {
  conv_dims d;
  if (read_dims(in, kernel->rank, &d) != TSR_OK) return 0;
  return (double)hlo_numel(kernel) / (double)(kernel->shape[d.k_o] > 0 ? kernel->shape[d.k_o] : 1);
}

tsr_status hlo_run_convolution(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_type at[2] = {args[0].t, args[1].t};
  conv c;
  TSR_TRY(read_conv(in, args, at, &c));
  const conv_dims *d = &c.dn;
  int64_t oshape[TSR_MAX_RANK];
  if (!conv_shape(&c, &args[0].t, &args[1].t, oshape) || memcmp(oshape, res->t.shape, sizeof(int64_t) * (size_t)res->t.rank))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "the result shape does not fit the operands, windows and groups");
  /* each output element: its window times the input features of its group */
  TSR_TRY(hlo_charge(x, in, (double)hlo_numel(&res->t) * (double)hlo_numel(&args[1].t) / (double)args[1].t.shape[c.dn.k_o]));
  TSR_TRY(hlo_alloc(x, res));
  const hlo_type *lt = &args[0].t, *rt = &args[1].t, *ot = &res->t;
  int64_t lst[TSR_MAX_RANK], rst[TSR_MAX_RANK], ost[TSR_MAX_RANK];
  hlo_strides(lt, lst);
  hlo_strides(rt, rst);
  hlo_strides(ot, ost);
  int ns = d->ns;
  int64_t ki = rt->shape[d->k_i], ko = rt->shape[d->k_o], nout_b = ot->shape[d->out_b];
  int64_t per_group = ko / c.groups, per_bgroup = ko / c.batch_groups;
  int64_t wn = 1;
  for (int s = 0; s < ns; s++) wn *= rt->shape[d->k_s[s]];
  bool flt = tsr_dtype_is_float(ot->dtype), f32 = ot->dtype == TSR_F32 && lt->dtype == TSR_F32 && rt->dtype == TSR_F32;
  bool bf16_in = f32 && hlo_mxu_bf16_inputs(x, in, lt->dtype, rt->dtype);
  int64_t total = hlo_numel(ot), oi[TSR_MAX_RANK] = {0};
  for (int64_t e = 0; e < total; e++) {
    if (e) {
      int dd = ot->rank - 1;
      while (dd >= 0 && ++oi[dd] == ot->shape[dd]) oi[dd--] = 0;
    }
    int64_t b = oi[d->out_b], o = oi[d->out_f];
    int64_t fbase = (o / per_group) * ki;                       /* feature groups: lhs features */
    int64_t lb = b + (c.batch_groups > 1 ? (o / per_bgroup) * nout_b : 0); /* batch groups: lhs batch */
    double facc = 0;
    float f32acc = 0;
    uint64_t iacc = 0;
    int64_t w[TSR_MAX_RANK] = {0};
    for (int64_t k = 0; k < wn; k++) {
      if (k) {
        int s = ns - 1;
        while (s >= 0 && ++w[s] == rt->shape[d->k_s[s]]) w[s--] = 0;
      }
      int64_t loff = lb * lst[d->in_b], roff = o * rst[d->k_o];
      bool inside = true;
      for (int s = 0; s < ns && inside; s++) {
        int64_t pos = oi[d->out_s[s]] * c.stride[s] + w[s] * c.rhs_dil[s] - c.pad_lo[s];
        if (pos < 0 || pos % c.lhs_dil[s]) { inside = false; break; }
        pos /= c.lhs_dil[s];
        if (pos >= lt->shape[d->in_s[s]]) { inside = false; break; }
        int64_t ws = c.reverse[s] ? rt->shape[d->k_s[s]] - 1 - w[s] : w[s];
        loff += pos * lst[d->in_s[s]];
        roff += ws * rst[d->k_s[s]];
      }
      if (!inside) continue;
      for (int64_t i = 0; i < ki; i++) {
        int64_t li = loff + (fbase + i) * lst[d->in_f], ri = roff + i * rst[d->k_i];
        if (f32) {
          /* product, then sum, each rounded to f32 (two statements: no fused multiply-add) */
          float a = ((const float *)args[0].buf->data)[li], v = ((const float *)args[1].buf->data)[ri];
          if (bf16_in) {
            a = tsr_bf16_to_f32(tsr_f32_to_bf16(a));
            v = tsr_bf16_to_f32(tsr_f32_to_bf16(v));
          }
          float prod = a * v;
          f32acc += prod;
        }
        else if (flt) facc += dtype_load_f64(lt->dtype, args[0].buf->data, li) * dtype_load_f64(rt->dtype, args[1].buf->data, ri);
        else iacc += (uint64_t)dtype_load_i64(lt->dtype, args[0].buf->data, li) * (uint64_t)dtype_load_i64(rt->dtype, args[1].buf->data, ri);
      }
    }
    if (f32) ((float *)res->buf->data)[e] = f32acc;
    else if (flt) hlo_st_f(ot->dtype, res->buf->data, e, facc);
    else hlo_st_i(ot->dtype, res->buf->data, e, (int64_t)iacc);
  }
  return TSR_OK;
}
