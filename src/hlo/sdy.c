/* Modules exported from jax.shard_map: the device mesh (sdy.mesh, mhlo.num_partitions) and
 * sdy.manual_computation, whose body every device runs on its own shards of the operands.
 * The run splits each global operand into the devices' shards per the in_shardings, runs the
 * body on every device in lockstep (hlo_call_devices) and assembles the global results per
 * the out_shardings. Shardy's attributes arrive as their text (src/mlir/pretty_sdy.c). */
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

static const char *skip_ws(const char *c) {
  while (*c == ' ' || *c == '\n' || *c == '\t' || *c == '\r') c++;
  return c;
}

/* `"name"` at c into buf; returns the position after it, NULL when malformed. */
static const char *quoted(const char *c, char *buf, size_t cap) {
  c = skip_ws(c);
  if (*c != '"') return NULL;
  size_t n = 0;
  for (c++; *c && *c != '"'; c++) {
    if (*c == '\\' || n + 1 >= cap) return NULL;
    buf[n++] = *c;
  }
  if (*c != '"') return NULL;
  buf[n] = 0;
  return c + 1;
}

static const char *attr_text(const mlir_ir_op *op, const char *name) {
  const mlir_ir_attr *a = mlir_ir_op_attr(op, name);
  return a && a->kind == MLIR_IR_ATTR_OPAQUE ? a->u.opaque_text : NULL;
}

/* `#sdy.mesh<["x"=4, "y"=2]>`; a mesh with device_ids other than iota is not read. */
static tsr_status parse_mesh(const mlir_ir_op *op, hlo_mesh *m) {
  const char *t = attr_text(op, "mesh");
  const mlir_ir_attr *sym = mlir_ir_op_attr(op, "sym_name");
  memset(m, 0, sizeof *m);
  m->name = sym && sym->kind == MLIR_IR_ATTR_STRING ? sym->u.string.data : "?";
  m->num_devices = 1;
  const char *c = t && !strncmp(t, "#sdy.mesh<", 10) ? skip_ws(t + 10) : NULL;
  if (!c || *c != '[') return hlo_op_fail(op, TSR_ERR_PARSE, "mesh @%s: expected #sdy.mesh<[\"axis\"=size, ...]>", m->name);
  c = skip_ws(c + 1);
  while (*c != ']') {
    if (m->rank == TSR_MAX_MESH_RANK) return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "mesh @%s has more than %d axes", m->name, TSR_MAX_MESH_RANK);
    char *end;
    if (!(c = quoted(c, m->axis[m->rank], sizeof m->axis[0])) || *(c = skip_ws(c)) != '=')
      return hlo_op_fail(op, TSR_ERR_PARSE, "mesh @%s: expected \"axis\"=size", m->name);
    long long v = strtoll(c + 1, &end, 10);
    if (end == c + 1 || v < 1 || v > TSR_MAX_DEVICES || m->num_devices * v > TSR_MAX_DEVICES)
      return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "mesh @%s: axis \"%s\" of size %.20s: a mesh has 1 to %d devices", m->name,
                         m->axis[m->rank], c + 1, TSR_MAX_DEVICES);
    m->size[m->rank++] = v;
    m->num_devices *= (int)v;
    c = skip_ws(end);
    if (*c == ',') c = skip_ws(c + 1);
    else if (*c != ']') return hlo_op_fail(op, TSR_ERR_PARSE, "mesh @%s: expected ',' or ']'", m->name);
  }
  c = skip_ws(c + 1);
  if (!strncmp(c, ", device_ids", 12) || !strncmp(c, ",device_ids", 11))
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "mesh @%s lists its device_ids; tessera numbers a mesh's devices row-major", m->name);
  return TSR_OK;
}

static bool find_run_parallel(mlir_ir_op *op, void *user) {
  if (mlir_ir_op_is(op, "interpreter.run_parallel")) *(bool *)user = true;
  return !*(bool *)user;
}

tsr_status hlo_read_devices(tsr_hlo_program *p) {
  p->num_devices = 1;
  mlir_ir_walk(p->m->top, find_run_parallel, &p->run_parallel);
  const mlir_ir_block *body = p->m->top->n_regions ? mlir_ir_op_entry_block(p->m->top, 0) : NULL;
  for (const mlir_ir_op *op = body ? body->first : NULL; op; op = op->next)
    if (mlir_ir_op_is(op, "sdy.mesh")) {
      hlo_mesh m;
      TSR_TRY(parse_mesh(op, &m));
      if (!p->mesh.rank || p->mesh.num_devices < m.num_devices) p->mesh = m;
    }
  if (p->mesh.rank) p->num_devices = p->mesh.num_devices;
  int64_t parts = 1, replicas = 1;
  bool has_parts = mlir_ir_op_attr_int(p->m->top, "mhlo.num_partitions", &parts);
  mlir_ir_op_attr_int(p->m->top, "mhlo.num_replicas", &replicas);
  if (replicas != 1)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "the module has mhlo.num_replicas = %lld; tessera runs one replica of each partition",
                    (long long)replicas);
  if (has_parts && (parts < 1 || parts > TSR_MAX_DEVICES))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "the module has mhlo.num_partitions = %lld; tessera runs 1 to %d devices", (long long)parts,
                    TSR_MAX_DEVICES);
  if (has_parts && p->mesh.rank && parts != p->mesh.num_devices)
    return tsr_fail(TSR_ERR_INVALID, "the module has mhlo.num_partitions = %lld but its mesh @%s has %d devices", (long long)parts,
                    p->mesh.name, p->mesh.num_devices);
  if (has_parts) p->num_devices = (int)parts;
  return TSR_OK;
}

static int axis_index(const hlo_mesh *m, const char *name) {
  for (int a = 0; a < m->rank; a++)
    if (!strcmp(m->axis[a], name)) return a;
  return -1;
}

/* One `<@mesh, [{"x"}, {}], replicated={"y"}>` at c (the mesh named, not inline) into sh;
 * returns the position after it. */
static const char *parse_sharding(const mlir_ir_op *op, const char *c, const hlo_mesh *m, int rank, hlo_sharding *sh,
                                  tsr_status *s) {
  memset(sh, 0, sizeof *sh);
  c = skip_ws(c);
  char name[64];
  size_t n = 0;
  if (*c != '<' || *(c = skip_ws(c + 1)) != '@') goto bad;
  for (c++; *c && *c != ',' && *c != '>' && n + 1 < sizeof name; c++) name[n++] = *c;
  name[n] = 0;
  if (strcmp(name, m->name)) {
    *s = hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "a sharding names mesh @%s; the computation's first names @%s", name, m->name);
    return NULL;
  }
  if (*(c = skip_ws(c)) != ',' || *(c = skip_ws(c + 1)) != '[') goto bad;
  c = skip_ws(c + 1);
  int d = 0;
  while (*c != ']') {
    if (*c != '{' || d >= rank) goto bad;
    c = skip_ws(c + 1);
    while (*c != '}') {
      char ax[32];
      if (*c == '?') { c = skip_ws(c + 1); continue; } /* an open dimension: nothing more splits it here */
      if (!(c = quoted(c, ax, sizeof ax))) goto bad;
      c = skip_ws(c);
      if (*c == ':') {
        *s = hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "sharding on sub-axis \"%s\":... is not supported", ax);
        return NULL;
      }
      int a = axis_index(m, ax);
      if (a < 0) {
        *s = hlo_op_fail(op, TSR_ERR_INVALID, "a sharding names axis \"%s\", which mesh @%s does not have", ax, m->name);
        return NULL;
      }
      if (sh->n_axes[d] == TSR_MAX_MESH_RANK) goto bad;
      sh->axes[d][sh->n_axes[d]++] = (int8_t)a;
      if (*c == ',') c = skip_ws(c + 1);
    }
    c = skip_ws(c + 1);
    if (*c == 'p') /* a priority: p0, p1, ... */
      while (*c && *c != ',' && *c != ']') c++;
    d++;
    if (*c == ',') c = skip_ws(c + 1);
  }
  if (d != rank) {
    *s = hlo_op_fail(op, TSR_ERR_INVALID, "a sharding of %d dimensions for a value of rank %d", d, rank);
    return NULL;
  }
  for (int depth = 1; *c && depth;) { /* the rest (replicated=..., unreduced=...) up to the closing '>' */
    c++;
    if (*c == '<') depth++;
    else if (*c == '>') depth--;
  }
  if (*c != '>') goto bad;
  return c + 1;
bad:
  *s = hlo_op_fail(op, TSR_ERR_PARSE, "cannot read the sharding at \"%.40s\"", c);
  return NULL;
}

/* `#sdy.sharding_per_value<[<...>, ...]>` for values of the given types. */
static tsr_status parse_shardings(const mlir_ir_op *op, const char *name, const hlo_mesh *m, const hlo_type *t, int n,
                                  hlo_sharding **out) {
  const char *text = attr_text(op, name);
  const char *c = text && !strncmp(text, "#sdy.sharding_per_value<", 24) ? skip_ws(text + 24) : NULL;
  if (!c || *c != '[') return hlo_op_fail(op, TSR_ERR_PARSE, "%s: expected #sdy.sharding_per_value<[...]>", name);
  *out = calloc((size_t)n + 1, sizeof **out);
  if (!*out) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  c = skip_ws(c + 1);
  tsr_status s = TSR_OK;
  for (int i = 0; i < n; i++) {
    if (!(c = parse_sharding(op, c, m, t[i].rank, &(*out)[i], &s))) return tsr_fail_context(s, "%s[%d]", name, i);
    c = skip_ws(c);
    if (*c == ',') c = skip_ws(c + 1);
  }
  if (*c != ']') return hlo_op_fail(op, TSR_ERR_INVALID, "%s has more shardings than the computation has %s", name,
                                    !strcmp(name, "in_shardings") ? "operands" : "results");
  return TSR_OK;
}

/* The mesh a manual computation's shardings name (the first sharding's). */
static tsr_status computation_mesh(tsr_hlo_program *p, const mlir_ir_op *op, hlo_mesh *m) {
  const char *t = attr_text(op, "in_shardings");
  if (!t) t = attr_text(op, "out_shardings");
  const char *at = t ? strchr(t, '@') : NULL;
  char name[64];
  size_t n = 0;
  for (const char *c = at ? at + 1 : ""; *c && *c != ',' && *c != '>' && n + 1 < sizeof name; c++) name[n++] = *c;
  name[n] = 0;
  if (!n) { /* no value is sharded: the module's mesh */
    if (!p->mesh.rank) return hlo_op_fail(op, TSR_ERR_INVALID, "the module has no sdy.mesh");
    *m = p->mesh;
    return TSR_OK;
  }
  const mlir_ir_op *mop = mlir_ir_module_lookup(p->m, name);
  if (!mop || !mlir_ir_op_is(mop, "sdy.mesh")) return hlo_op_fail(op, TSR_ERR_INVALID, "no sdy.mesh @%s", name);
  return parse_mesh(mop, m);
}

/* The shard of dimension d's that `device` holds: its index among `count` shards. */
static int64_t shard_index(const hlo_mesh *m, const hlo_sharding *sh, int d, int device, int64_t *count) {
  int64_t coord[TSR_MAX_MESH_RANK], rem = device;
  for (int a = m->rank - 1; a >= 0; a--) { coord[a] = rem % m->size[a]; rem /= m->size[a]; }
  int64_t idx = 0;
  *count = 1;
  for (int k = 0; k < sh->n_axes[d]; k++) {
    int a = sh->axes[d][k];
    idx = idx * m->size[a] + coord[a];
    *count *= m->size[a];
  }
  return idx;
}

/* Whether `device` is the first of the devices holding one copy of a value of sharding sh
 * (its coordinate is 0 along every axis sh does not name). */
static bool first_copy(const hlo_mesh *m, const hlo_sharding *sh, int rank, int device) {
  bool named[TSR_MAX_MESH_RANK] = {0};
  for (int d = 0; d < rank; d++)
    for (int k = 0; k < sh->n_axes[d]; k++) named[sh->axes[d][k]] = true;
  int64_t rem = device;
  for (int a = m->rank - 1; a >= 0; a--) {
    if (!named[a] && rem % m->size[a]) return false;
    rem /= m->size[a];
  }
  return true;
}

/* The local type of a value of global type g under sh: each dimension divided by its shard
 * count, which must divide it. */
static tsr_status local_type(const mlir_ir_op *op, const char *what, int i, const hlo_mesh *m, const hlo_sharding *sh,
                             const hlo_type *g, const hlo_type *local) {
  for (int d = 0; d < g->rank; d++) {
    int64_t count;
    shard_index(m, sh, d, 0, &count);
    if (g->shape[d] % count)
      return hlo_op_fail(op, TSR_ERR_INVALID, "%s %d: dimension %d of size %lld does not divide into the %lld shards its "
                         "sharding asks for", what, i, d, (long long)g->shape[d], (long long)count);
    if (local->rank != g->rank || local->shape[d] != g->shape[d] / count || local->dtype != g->dtype)
      return hlo_op_fail(op, TSR_ERR_INVALID, "%s %d: the body's value is not the shard of the global one its sharding "
                         "gives (dimension %d: %lld of %lld in %lld shards)", what, i, d,
                         local->rank == g->rank ? (long long)local->shape[d] : -1LL, (long long)g->shape[d], (long long)count);
  }
  return TSR_OK;
}

tsr_status hlo_prep_manual_computation(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  const mlir_ir_op *op = in->op;
  if (in->n_bodies != 1 || in->n_cap) return hlo_op_fail(op, TSR_ERR_INVALID, "takes one region that uses no value from outside");
  const hlo_func *body = in->bodies[0];
  if (body->n_args != in->n_in || body->n_ret != in->n_out)
    return hlo_op_fail(op, TSR_ERR_INVALID, "its body takes %d values and returns %d; the op has %d operands and %d results",
                       body->n_args, body->n_ret, in->n_in, in->n_out);
  hlo_spmd *sp = calloc(1, sizeof *sp);
  if (!sp) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  in->spmd = sp;
  TSR_TRY(computation_mesh(p, op, &sp->mesh));
  sp->n_dev = sp->mesh.num_devices;
  if (sp->n_dev != p->num_devices)
    return hlo_op_fail(op, TSR_ERR_INVALID, "its mesh @%s has %d devices, the module %d (mhlo.num_partitions)", sp->mesh.name,
                       sp->n_dev, p->num_devices);
  /* every axis of more than one device must be manual: the body is then each device's */
  const char *manual = attr_text(op, "manual_axes");
  for (int a = 0; a < sp->mesh.rank; a++) {
    char q[40];
    snprintf(q, sizeof q, "\"%s\"", sp->mesh.axis[a]);
    if (sp->mesh.size[a] > 1 && (!manual || !strstr(manual, q)))
      return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "axis \"%s\" of mesh @%s is not manual (manual_axes); tessera runs "
                         "computations manual over every axis", sp->mesh.axis[a], sp->mesh.name);
  }
  TSR_TRY(parse_shardings(op, "in_shardings", &sp->mesh, args, in->n_in, &sp->in));
  TSR_TRY(parse_shardings(op, "out_shardings", &sp->mesh, in->res_t, in->n_out, &sp->out));
  for (int i = 0; i < in->n_in; i++) TSR_TRY(local_type(op, "operand", i, &sp->mesh, &sp->in[i], &args[i], &body->slot_t[i]));
  for (int i = 0; i < in->n_out; i++)
    TSR_TRY(local_type(op, "result", i, &sp->mesh, &sp->out[i], &in->res_t[i], &body->slot_t[body->ret[i]]));
  return TSR_OK;
}

void hlo_box_copy(char *global, const int64_t *gshape, char *local, const int64_t *lshape, const int64_t *offset, int rank,
                  size_t elem_bytes, bool to_local) {
  if (rank == 0) {
    if (to_local) memcpy(local, global, elem_bytes);
    else memcpy(global, local, elem_bytes);
    return;
  }
  /* the innermost dimensions that the box covers whole move as one run */
  int inner = rank - 1;
  size_t run = (size_t)lshape[rank - 1] * elem_bytes;
  while (inner > 0 && lshape[inner] == gshape[inner] && offset[inner] == 0) {
    inner--;
    run *= (size_t)lshape[inner];
  }
  int64_t gst[TSR_MAX_RANK], lst[TSR_MAX_RANK];
  int64_t gs = 1, ls = 1;
  for (int d = rank - 1; d >= 0; d--) { gst[d] = gs; lst[d] = ls; gs *= gshape[d]; ls *= lshape[d]; }
  int64_t outer = 1;
  for (int d = 0; d < inner; d++) outer *= lshape[d];
  for (int64_t o = 0; o < outer; o++) {
    int64_t rem = o, g = offset[inner] * gst[inner], l = 0;
    for (int d = inner - 1; d >= 0; d--) {
      int64_t i = rem % lshape[d];
      rem /= lshape[d];
      g += (i + offset[d]) * gst[d];
      l += i * lst[d];
    }
    char *gp = global + (size_t)g * elem_bytes, *lp = local + (size_t)l * elem_bytes;
    if (to_local) memcpy(lp, gp, run);
    else memcpy(gp, lp, run);
  }
}

/* Device d's box of a value of sharding sh: its offsets in the global value. */
static void box_offset(const hlo_mesh *m, const hlo_sharding *sh, const hlo_type *local, int d, int64_t *offset) {
  for (int k = 0; k < local->rank; k++) {
    int64_t count;
    offset[k] = shard_index(m, sh, k, d, &count) * local->shape[k];
  }
}

tsr_status hlo_run_manual_computation(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_spmd *sp = in->spmd;
  const hlo_func *body = in->bodies[0];
  int n = sp->n_dev;
  if (x->num_devices) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "a manual computation inside another");
  hlo_val *vals = calloc((size_t)n * (size_t)(in->n_in + in->n_out) + 1, sizeof *vals);
  hlo_val **dargs = calloc((size_t)n + 1, sizeof *dargs), **dres = calloc((size_t)n + 1, sizeof *dres);
  tsr_status s = vals && dargs && dres ? TSR_OK : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  for (int d = 0; d < n && s == TSR_OK; d++) {
    dargs[d] = vals + (size_t)d * (size_t)(in->n_in + in->n_out);
    dres[d] = dargs[d] + in->n_in;
    for (int i = 0; i < in->n_in && s == TSR_OK; i++) {
      hlo_val *v = &dargs[d][i];
      v->t = body->slot_t[i];
      s = hlo_alloc(x, v);
      if (s != TSR_OK) break;
      int64_t off[TSR_MAX_RANK];
      box_offset(&sp->mesh, &sp->in[i], &v->t, d, off);
      hlo_box_copy(args[i].buf->data, args[i].t.shape, v->buf->data, v->t.shape, off, v->t.rank, tsr_dtype_size(v->t.dtype), true);
    }
  }
  if (s == TSR_OK) {
    x->num_devices = x->num_partitions = n;
    s = hlo_call_devices(x, body, n, dargs, dres);
    x->num_devices = x->num_partitions = 0;
    x->device = 0;
  }
  if (s == TSR_OK) s = hlo_alloc_all(x, res, in->n_out);
  for (int i = 0; i < in->n_out && s == TSR_OK; i++)
    for (int d = 0; d < n; d++) {
      const hlo_val *v = &dres[d][i];
      if (!first_copy(&sp->mesh, &sp->out[i], v->t.rank, d)) continue;
      int64_t off[TSR_MAX_RANK];
      box_offset(&sp->mesh, &sp->out[i], &v->t, d, off);
      hlo_box_copy(res[i].buf->data, res[i].t.shape, v->buf->data, v->t.shape, off, v->t.rank, tsr_dtype_size(v->t.dtype), false);
    }
  for (int d = 0; d < n && dargs && dargs[d]; d++)
    for (int i = 0; i < in->n_in + in->n_out; i++) hlo_release(x, dargs[d][i].buf);
  free(vals);
  free(dargs);
  free(dres);
  return s;
}

/* ---- the HLO sharding strings of @Sharding / @SPMDFullToShardShape / @SPMDShardToFullShape ---- */

/* `[a, b, ...]` at *c into v (at most cap); returns the count, -1 when malformed. */
static int int_list(const char **c, int64_t *v, int cap) {
  const char *at = skip_ws(*c);
  if (*at != '[') return -1;
  int n = 0;
  at = skip_ws(at + 1);
  while (*at != ']') {
    char *end;
    long long x = strtoll(at, &end, 10);
    if (end == at || n == cap) return -1;
    v[n++] = x;
    at = skip_ws(end);
    if (*at == ',') at = skip_ws(at + 1);
    else if (*at != ']') return -1;
  }
  *c = at + 1;
  return n;
}

tsr_status hlo_sharding_tiles(const mlir_ir_op *op, const char *text, int n_dev, const hlo_type *g, const hlo_type *l,
                              hlo_spmd *sp) {
  for (int k = 0; k < TSR_MAX_RANK; k++) sp->tiles[k] = 1;
  for (int d = 0; d < n_dev; d++) {
    memset(sp->tile_at[d], 0, sizeof sp->tile_at[d]);
    sp->first_copy[d] = d == 0;
  }
  const char *c = skip_ws(text);
  if (!strncmp(c, "{replicated}", 12) || !strncmp(c, "{maximal", 8)) goto shapes;
  if (strncmp(c, "{devices=", 9))
    return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "mhlo.sharding \"%.60s\" is not a tiling tessera reads ({replicated}, "
                       "{devices=[...]...})", text);
  c += 9;
  int64_t dims[TSR_MAX_RANK + 1], ids[TSR_MAX_DEVICES];
  int nd = int_list(&c, dims, TSR_MAX_RANK + 1), n_ids = 0;
  int64_t total = nd > 0;
  for (int k = 0; k < nd && total; k++) total = dims[k] > 0 && dims[k] <= TSR_MAX_DEVICES ? total * dims[k] : 0;
  if (nd < 0 || total != n_dev)
    return hlo_op_fail(op, TSR_ERR_INVALID, "mhlo.sharding \"%.60s\": its tiles are not the module's %d devices", text, n_dev);
  bool iota = !strncmp(c, "<=", 2);
  if (iota) {
    c += 2;
    int64_t reshape[TSR_MAX_RANK + 1];
    if (int_list(&c, reshape, TSR_MAX_RANK + 1) < 0 || *skip_ws(c) == 'T')
      return hlo_op_fail(op, TSR_ERR_UNSUPPORTED, "mhlo.sharding \"%.60s\": a transposed device order", text);
  } else {
    for (c = skip_ws(c); n_ids < n_dev && *c >= '0' && *c <= '9';) {
      char *end;
      ids[n_ids++] = strtoll(c, &end, 10);
      c = skip_ws(end);
      if (*c == ',') c = skip_ws(c + 1);
    }
    bool seen[TSR_MAX_DEVICES] = {0};
    for (int i = 0; i < n_ids; i++) {
      if (ids[i] < 0 || ids[i] >= n_dev || seen[ids[i]])
        return hlo_op_fail(op, TSR_ERR_INVALID, "mhlo.sharding \"%.60s\" names device %lld %s", text, (long long)ids[i],
                           ids[i] < 0 || ids[i] >= n_dev ? "that the module does not have" : "twice");
      seen[ids[i]] = true;
    }
    if (n_ids != n_dev) return hlo_op_fail(op, TSR_ERR_INVALID, "mhlo.sharding \"%.60s\" lists %d devices of %d", text, n_ids, n_dev);
  }
  bool replicate = strstr(c, "last_tile_dim_replicate") != NULL;
  if (nd != g->rank + (replicate ? 1 : 0))
    return hlo_op_fail(op, TSR_ERR_INVALID, "mhlo.sharding \"%.60s\" tiles %d dimensions of a value of rank %d", text,
                       nd - (replicate ? 1 : 0), g->rank);
  for (int k = 0; k < g->rank; k++) sp->tiles[k] = dims[k];
  for (int p = 0; p < n_dev; p++) { /* position p of the tile assignment, row-major */
    int d = iota ? p : (int)ids[p];
    int64_t rem = p;
    for (int k = nd - 1; k >= 0; k--) {
      int64_t coord = rem % dims[k];
      rem /= dims[k];
      if (k < g->rank) sp->tile_at[d][k] = coord;
      else sp->first_copy[d] = coord == 0;
    }
    if (!replicate) sp->first_copy[d] = true;
  }
shapes:
  for (int k = 0; k < g->rank; k++)
    if (g->shape[k] % sp->tiles[k] || l->rank != g->rank || l->shape[k] != g->shape[k] / sp->tiles[k])
      return hlo_op_fail(op, TSR_ERR_INVALID, "dimension %d of size %lld does not divide into the %lld tiles of its sharding "
                         "\"%.60s\" as the shard's shape says", k, (long long)g->shape[k], (long long)sp->tiles[k], text);
  return TSR_OK;
}

/* ---- interpreter.run_parallel: StableHLO's reference interpreter runs the programs of
 * R replicas x P partitions (programs = [[@f, ...], ...], one row per replica) together;
 * tessera runs them in lockstep, which needs one program for all. ---- */

tsr_status hlo_prep_run_parallel(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p, (void)args;
  const hlo_func *f = in->callee;
  int n = in->aux * in->aux2;
  if (n * f->n_args != in->n_in || n * f->n_ret != in->n_out)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%d programs of @%s take %d operands and give %d results; the op has %d and %d", n,
                       f->name, n * f->n_args, n * f->n_ret, in->n_in, in->n_out);
  for (int d = 0; d < n; d++) {
    for (int i = 0; i < f->n_args; i++)
      if (!hlo_type_eq(&args[d * f->n_args + i], &f->slot_t[i]))
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand %d is not of the type @%s takes", d * f->n_args + i, f->name);
    for (int i = 0; i < f->n_ret; i++)
      if (!hlo_type_eq(&in->res_t[d * f->n_ret + i], &f->slot_t[f->ret[i]]))
        return hlo_op_fail(in->op, TSR_ERR_INVALID, "result %d is not of the type @%s gives", d * f->n_ret + i, f->name);
  }
  return TSR_OK;
}

tsr_status hlo_run_run_parallel(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_func *f = in->callee;
  int n = in->aux * in->aux2;
  if (x->num_devices) return hlo_op_fail(in->op, TSR_ERR_UNSUPPORTED, "run_parallel inside processes already running in parallel");
  hlo_val *dargs[TSR_MAX_DEVICES] = {0}, *dres[TSR_MAX_DEVICES] = {0};
  for (int d = 0; d < n; d++) {
    dargs[d] = (hlo_val *)args + (size_t)d * (size_t)f->n_args;
    dres[d] = res + (size_t)d * (size_t)f->n_ret;
  }
  x->num_devices = n;
  x->num_partitions = in->aux2;
  tsr_status s = hlo_call_devices(x, f, n, dargs, dres);
  x->num_devices = x->num_partitions = 0;
  x->device = 0;
  return s;
}

/* ---- programs of several devices as a PJRT runtime hands them over: each device holds its
 * shard of every input and output of @main, laid out by @main's sdy.sharding attributes ---- */

/* The mesh and sharding of @main's input i (output i when `output`): its sdy.sharding, an
 * mhlo.sharding of {replicated}, or none (replicated: every device holds all of it). */
static tsr_status main_sharding(const tsr_hlo_program *p, bool output, int i, hlo_mesh *m, hlo_sharding *sh) {
  const mlir_ir_op *fop = p->main->fop;
  const char *what = output ? "output" : "input";
  memset(sh, 0, sizeof *sh);
  *m = p->mesh;
  if (!m->rank) { /* no mesh: the devices in a row, and nothing named on them */
    m->rank = 1;
    m->size[0] = p->num_devices;
    m->num_devices = p->num_devices;
    m->name = "";
  }
  const mlir_ir_attr *list = fop ? mlir_ir_op_attr(fop, output ? "res_attrs" : "arg_attrs") : NULL;
  const mlir_ir_attr *d = list && list->kind == MLIR_IR_ATTR_ARRAY && i < list->u.array.n ? list->u.array.elems[i] : NULL;
  const mlir_ir_attr *sdy = mlir_ir_dict_get(d, "sdy.sharding"), *mhlo = mlir_ir_dict_get(d, "mhlo.sharding");
  if (sdy && sdy->kind == MLIR_IR_ATTR_OPAQUE && !strncmp(sdy->u.opaque_text, "#sdy.sharding<", 14)) {
    const char *t = sdy->u.opaque_text + 13; /* at the '<' */
    const char *at = strchr(t, '@');
    char name[64];
    size_t n = 0;
    for (const char *c = at ? at + 1 : ""; *c && *c != ',' && *c != '>' && n + 1 < sizeof name; c++) name[n++] = *c;
    name[n] = 0;
    const mlir_ir_op *mop = n ? mlir_ir_module_lookup(p->m, name) : NULL;
    if (!mop || !mlir_ir_op_is(mop, "sdy.mesh"))
      return hlo_op_fail(fop, TSR_ERR_UNSUPPORTED, "%s %d: a sharding whose mesh is not an sdy.mesh of the module", what, i);
    TSR_TRY(parse_mesh(mop, m));
    tsr_status s = TSR_OK;
    int rank = output ? p->main->slot_t[p->main->ret[i]].rank : p->main->slot_t[i].rank;
    if (!parse_sharding(fop, t, m, rank, sh, &s)) return tsr_fail_context(s, "%s %d", what, i);
  } else if (mhlo && !(mhlo->kind == MLIR_IR_ATTR_STRING && !strncmp(mhlo->u.string.data, "{replicated}", 12))) {
    return hlo_op_fail(fop, TSR_ERR_UNSUPPORTED, "%s %d: an mhlo.sharding other than {replicated} (tessera reads Shardy's "
                       "sdy.sharding)", what, i);
  }
  if (m->num_devices != p->num_devices) {
    /* a sharding that splits nothing (on JAX's empty mesh, say) is whole on every device */
    bool splits = false;
    for (int k = 0; k < TSR_MAX_RANK; k++) splits = splits || sh->n_axes[k];
    if (splits)
      return hlo_op_fail(fop, TSR_ERR_INVALID, "%s %d: its mesh @%s has %d devices, the program %d", what, i, m->name,
                         m->num_devices, p->num_devices);
    *m = (hlo_mesh){.name = "", .rank = 1, .size = {p->num_devices}, .num_devices = p->num_devices};
  }
  return TSR_OK;
}

/* A device's shard of a value of global type g: g divided along each dimension. */
static tsr_status shard_of(const tsr_hlo_program *p, const char *what, int i, const hlo_mesh *m, const hlo_sharding *sh,
                           const hlo_type *g, hlo_type *l) {
  *l = *g;
  for (int d = 0; d < g->rank; d++) {
    int64_t count;
    shard_index(m, sh, d, 0, &count);
    if (g->shape[d] % count)
      return hlo_op_fail(p->main->fop, TSR_ERR_INVALID, "%s %d: dimension %d of size %lld does not divide into the %lld shards "
                         "its sharding asks for", what, i, d, (long long)g->shape[d], (long long)count);
    l->shape[d] = g->shape[d] / count;
  }
  return TSR_OK;
}

tsr_status tsr_hlo_shard_type(const tsr_hlo_program *p, bool output, int i, tsr_array *type) {
  memset(type, 0, sizeof *type);
  if (p->bare || i < 0 || i >= (output ? p->main->n_ret : p->main->n_args))
    return tsr_fail(TSR_ERR_INVALID, "no %s %d", output ? "output" : "input", i);
  hlo_mesh m;
  hlo_sharding sh;
  hlo_type l;
  TSR_TRY(main_sharding(p, output, i, &m, &sh));
  TSR_TRY(shard_of(p, output ? "output" : "input", i, &m, &sh, &p->main->slot_t[output ? p->main->ret[i] : i], &l));
  type->dtype = l.dtype;
  type->rank = l.rank;
  memcpy(type->shape, l.shape, sizeof l.shape);
  return TSR_OK;
}

tsr_status tsr_hlo_tiling(const tsr_hlo_program *p, bool output, int i, int64_t *tiles, int64_t *tile_of) {
  if (p->bare || i < 0 || i >= (output ? p->main->n_ret : p->main->n_args))
    return tsr_fail(TSR_ERR_INVALID, "no %s %d", output ? "output" : "input", i);
  hlo_mesh m;
  hlo_sharding sh;
  TSR_TRY(main_sharding(p, output, i, &m, &sh));
  int rank = p->main->slot_t[output ? p->main->ret[i] : i].rank;
  for (int k = 0; k < rank; k++) shard_index(&m, &sh, k, 0, &tiles[k]);
  for (int d = 0; d < p->num_devices; d++)
    for (int k = 0; k < rank; k++) {
      int64_t count;
      tile_of[d * rank + k] = shard_index(&m, &sh, k, d, &count);
    }
  return TSR_OK;
}

tsr_status tsr_hlo_run_sharded(tsr_hlo_program *p, const tsr_hlo_run_opts *opts, const tsr_array *const *inputs,
                               int num_inputs, tsr_array *const *outputs, tsr_hlo_stats *stats) {
  if (p->bare) return tsr_fail(TSR_ERR_UNSUPPORTED, "a bare kernel does not run on shards");
  int n_dev = p->num_devices, n_in = p->main->n_args, n_out = p->main->n_ret;
  for (int d = 0; d < n_dev; d++)
    for (int j = 0; j < n_out; j++) memset(&outputs[d][j], 0, sizeof outputs[d][j]);
  if (num_inputs != n_in) return tsr_fail(TSR_ERR_INVALID, "the program takes %d inputs, %d given", n_in, num_inputs);
  tsr_array *global = calloc((size_t)(n_in + n_out) + 1, sizeof *global);
  if (!global) return tsr_fail(TSR_ERR_NOMEM, "out of memory");
  tsr_array *gout = global + n_in;
  tsr_status s = TSR_OK;
  /* the global inputs, from the first device that holds each part of them */
  for (int i = 0; i < n_in && s == TSR_OK; i++) {
    hlo_mesh m;
    hlo_sharding sh;
    hlo_type l;
    const hlo_type *g = &p->main->slot_t[i];
    if ((s = main_sharding(p, false, i, &m, &sh)) != TSR_OK || (s = shard_of(p, "input", i, &m, &sh, g, &l)) != TSR_OK) break;
    if ((s = tsr_array_alloc(&global[i], g->dtype, g->rank, g->shape)) != TSR_OK) break;
    for (int d = 0; d < n_dev && s == TSR_OK; d++) {
      const tsr_array *a = &inputs[d][i];
      bool same = a->dtype == l.dtype && a->rank == l.rank;
      for (int k = 0; same && k < l.rank; k++) same = a->shape[k] == l.shape[k];
      if (!same) {
        tsr_ref want = tsr_ref_dense(NULL, l.dtype, TSR_HOST, l.rank, l.shape), got = tsr_array_ref(a, TSR_HOST);
        char wa[96], ga[96];
        s = tsr_fail(TSR_ERR_INVALID, "device %d's shard of input %d is %s, its sharding gives %s", d, i,
                     tsr_ref_describe(&got, ga, sizeof ga), tsr_ref_describe(&want, wa, sizeof wa));
        break;
      }
      if (!first_copy(&m, &sh, g->rank, d) || !tsr_array_numel(a)) continue;
      int64_t off[TSR_MAX_RANK];
      box_offset(&m, &sh, &l, d, off);
      hlo_box_copy(global[i].data, g->shape, a->data, l.shape, off, l.rank, tsr_dtype_size(l.dtype), false);
    }
  }
  if (s == TSR_OK) s = tsr_hlo_run(p, opts, global, n_in, gout, stats);
  /* every device's shard of each output */
  for (int j = 0; j < n_out && s == TSR_OK; j++) {
    hlo_mesh m;
    hlo_sharding sh;
    hlo_type l;
    const hlo_type *g = &p->main->slot_t[p->main->ret[j]];
    if ((s = main_sharding(p, true, j, &m, &sh)) != TSR_OK || (s = shard_of(p, "output", j, &m, &sh, g, &l)) != TSR_OK) break;
    for (int d = 0; d < n_dev && s == TSR_OK; d++) {
      tsr_array *a = &outputs[d][j];
      if ((s = tsr_array_alloc(a, l.dtype, l.rank, l.shape)) != TSR_OK) break;
      if (!tsr_array_numel(a)) continue;
      int64_t off[TSR_MAX_RANK];
      box_offset(&m, &sh, &l, d, off);
      hlo_box_copy(gout[j].data, g->shape, a->data, l.shape, off, l.rank, tsr_dtype_size(l.dtype), true);
    }
  }
  for (int i = 0; i < n_in + n_out; i++) tsr_array_free(&global[i]);
  free(global);
  if (s != TSR_OK)
    for (int d = 0; d < n_dev; d++)
      for (int j = 0; j < n_out; j++) tsr_array_free(&outputs[d][j]);
  return s;
}
