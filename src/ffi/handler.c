/* The XLA FFI handler (jaxlib's xla/ffi/api/c_api.h, plain C): XLA's CPU runtime calls it for
 * each custom call @tessera_tpu_custom_call that the Python package's lowering rule emits in
 * place of a TPU pallas_call. It reads the call frame (the API version it is given, operand
 * and result buffers, the attributes: the payload, kernel_name, aliases and the run options)
 * and hands everything to tsr_ffi_run, with XLA's buffers as the HBM arrays: no copy in or
 * out. Whatever fails becomes an XLA error carrying tessera's message, which JAX raises as a
 * Python exception; nothing here ends the process. Registered with
 * jax.ffi.register_ffi_target("tessera_tpu_custom_call", ..., platform="cpu"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "core/status.h"
#include "ffi/ffi.h"
#include "xla/ffi/api/c_api.h"

#define PREFIX "tessera: "

static XLA_FFI_Error *error(const XLA_FFI_Api *api, tsr_status s, const char *message) {
  XLA_FFI_Error_Code code;
  switch (s) {
  case TSR_ERR_INVALID: case TSR_ERR_PARSE: code = XLA_FFI_Error_Code_INVALID_ARGUMENT; break;
  case TSR_ERR_UNSUPPORTED: code = XLA_FFI_Error_Code_UNIMPLEMENTED; break;
  case TSR_ERR_NOMEM: case TSR_ERR_VMEM: code = XLA_FFI_Error_Code_RESOURCE_EXHAUSTED; break;
  case TSR_ERR_BOUNDS: code = XLA_FFI_Error_Code_OUT_OF_RANGE; break;
  case TSR_ERR_INTERNAL: case TSR_ERR_IO: code = XLA_FFI_Error_Code_INTERNAL; break;
  default: code = XLA_FFI_Error_Code_FAILED_PRECONDITION; break; /* races, semaphores, deadlocks, checks */
  }
  char text[4096 + 64];
  snprintf(text, sizeof text, PREFIX "%s [%s]", message, tsr_status_name(s));
  XLA_FFI_Error_Create_Args a = {.struct_size = XLA_FFI_Error_Create_Args_STRUCT_SIZE, .message = text, .errc = code};
  return api->XLA_FFI_Error_Create(&a);
}

/* The API XLA hands over must be the one these structs were compiled for: the same major
 * version (a minor version adds fields at the ends of structs, whose sizes tell). */
static XLA_FFI_Error *check_api(const XLA_FFI_CallFrame *cf) {
  const XLA_FFI_Api *api = cf->api;
  if (api->api_version.major_version != XLA_FFI_API_MAJOR || api->struct_size < XLA_FFI_Api_STRUCT_SIZE ||
      cf->struct_size < XLA_FFI_CallFrame_STRUCT_SIZE) {
    char m[256];
    snprintf(m, sizeof m, "XLA FFI API %d.%d (call frame of %zu bytes) does not match the one tessera was built for, %d.%d: rebuild "
             "the tessera package against this jaxlib", api->api_version.major_version, api->api_version.minor_version,
             cf->struct_size, XLA_FFI_API_MAJOR, XLA_FFI_API_MINOR);
    return error(api, TSR_ERR_UNSUPPORTED, m);
  }
  return NULL;
}

static XLA_FFI_Error *metadata(const XLA_FFI_Api *api, XLA_FFI_Metadata_Extension *ext) {
  if (ext->extension_base.struct_size < XLA_FFI_Metadata_Extension_STRUCT_SIZE || !ext->metadata ||
      ext->metadata->struct_size < XLA_FFI_Metadata_STRUCT_SIZE)
    return error(api, TSR_ERR_UNSUPPORTED, "XLA FFI metadata request of an unknown size");
  ext->metadata->api_version = (XLA_FFI_Api_Version){.struct_size = XLA_FFI_Api_Version_STRUCT_SIZE,
                                                     .major_version = XLA_FFI_API_MAJOR, .minor_version = XLA_FFI_API_MINOR};
  ext->metadata->traits = 0;
  return NULL;
}

static bool dtype_of(XLA_FFI_DataType t, tsr_dtype *out) {
  switch (t) {
  case XLA_FFI_DataType_F32: *out = TSR_F32; return true;
  case XLA_FFI_DataType_BF16: *out = TSR_BF16; return true;
  case XLA_FFI_DataType_F16: *out = TSR_F16; return true;
  case XLA_FFI_DataType_S32: *out = TSR_I32; return true;
  case XLA_FFI_DataType_S16: *out = TSR_I16; return true;
  case XLA_FFI_DataType_S8: *out = TSR_I8; return true;
  case XLA_FFI_DataType_U32: *out = TSR_U32; return true;
  case XLA_FFI_DataType_U16: *out = TSR_U16; return true;
  case XLA_FFI_DataType_U8: *out = TSR_U8; return true;
  case XLA_FFI_DataType_F64: *out = TSR_F64; return true;
  case XLA_FFI_DataType_S64: *out = TSR_I64; return true;
  case XLA_FFI_DataType_U64: *out = TSR_U64; return true;
  /* a byte an element */
  case XLA_FFI_DataType_F8E4M3FN: *out = TSR_F8E4M3FN; return true;
  case XLA_FFI_DataType_F8E5M2: *out = TSR_F8E5M2; return true;
  case XLA_FFI_DataType_F8E4M3B11FNUZ: *out = TSR_F8E4M3B11FNUZ; return true;
  case XLA_FFI_DataType_F8E8M0FNU: *out = TSR_F8E8M0FNU; return true;
  case XLA_FFI_DataType_S4: *out = TSR_I4; return true; /* packed two to a byte: see run() */
  /* the kernel's i4 is signless: its ops (extui or extsi) say how a nibble reads, so a uint4
   * array is the same nibbles */
  case XLA_FFI_DataType_U4: *out = TSR_I4; return true;
  case XLA_FFI_DataType_F4E2M1FN: *out = TSR_F4E2M1FN; return true; /* packed too; a nibble a byte here */
  default: return false; /* pred: JAX hands TPU kernels bools as int32 */
  }
}

static tsr_status buffer_ref(const void *p, bool arg, int i, tsr_ref *out) {
  const XLA_FFI_Buffer *b = p;
  const char *what = arg ? "operand" : "result";
  if (!b || b->struct_size < XLA_FFI_Buffer_STRUCT_SIZE) return tsr_fail(TSR_ERR_INVALID, "%s %d is not a buffer", what, i);
  tsr_dtype dt;
  if (!dtype_of(b->dtype, &dt)) return tsr_fail(TSR_ERR_UNSUPPORTED, "%s %d: XLA element type %d is not one a TPU kernel takes", what, i, (int)b->dtype);
  if (b->rank < 0 || b->rank > TSR_MAX_RANK || (b->rank && !b->dims))
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%s %d: rank %lld (at most %d)", what, i, (long long)b->rank, TSR_MAX_RANK);
  int64_t n = 1;
  for (int d = 0; d < b->rank; d++) {
    if (b->dims[d] < 0) return tsr_fail(TSR_ERR_INVALID, "%s %d: dimension %d is %lld", what, i, d, (long long)b->dims[d]);
    n *= b->dims[d];
  }
  if (n && !b->data) return tsr_fail(TSR_ERR_INVALID, "%s %d has no data", what, i);
  *out = tsr_ref_dense(b->data, dt, TSR_HBM, (int)b->rank, b->dims);
  return TSR_OK;
}

/* Attributes come sorted by name; each is checked for its kind. */
static bool name_is(const XLA_FFI_ByteSpan *n, const char *s) { return n && n->len == strlen(s) && !memcmp(n->ptr, s, n->len); }

static tsr_status attr_int(XLA_FFI_AttrType t, const void *v, const char *name, int64_t *out) {
  const XLA_FFI_Scalar *sc = v;
  if (t != XLA_FFI_AttrType_SCALAR || !sc || !sc->value) return tsr_fail(TSR_ERR_INVALID, "attribute %s is not a scalar", name);
  switch (sc->dtype) {
  case XLA_FFI_DataType_S64: *out = *(const int64_t *)sc->value; return TSR_OK;
  case XLA_FFI_DataType_S32: *out = *(const int32_t *)sc->value; return TSR_OK;
  case XLA_FFI_DataType_PRED: *out = *(const uint8_t *)sc->value != 0; return TSR_OK;
  default: return tsr_fail(TSR_ERR_INVALID, "attribute %s is not an integer (element type %d)", name, (int)sc->dtype);
  }
}

static tsr_status attr_string(XLA_FFI_AttrType t, const void *v, const char *name, const char **p, size_t *len) {
  const XLA_FFI_ByteSpan *b = v;
  if (t != XLA_FFI_AttrType_STRING || !b || (!b->ptr && b->len)) return tsr_fail(TSR_ERR_INVALID, "attribute %s is not a string", name);
  *p = b->ptr ? b->ptr : "";
  *len = b->len;
  return TSR_OK;
}

/* An attribute that is an array of int64. */
static tsr_status attr_ints(XLA_FFI_AttrType t, const void *v, const char *name, const int64_t **p, int64_t *n) {
  const XLA_FFI_Array *arr = v;
  if (t != XLA_FFI_AttrType_ARRAY || !arr || arr->dtype != XLA_FFI_DataType_S64 || (arr->size && !arr->data))
    return tsr_fail(TSR_ERR_INVALID, "attribute %s is not an array of int64", name);
  *p = arr->data;
  *n = arr->size;
  return TSR_OK;
}

/* Under shard_map: the mesh's device ids (in mesh order) and shape. */
typedef struct mesh_attrs {
  const int64_t *ids, *shape;
  int64_t n_ids, rank;
} mesh_attrs;

static tsr_status read_attrs(const XLA_FFI_Attrs *a, tsr_ffi_call *c, mesh_attrs *mesh) {
  bool have_payload = false;
  for (int64_t i = 0; i < a->size; i++) {
    const XLA_FFI_ByteSpan *n = a->names[i];
    XLA_FFI_AttrType t = a->types[i];
    const void *v = a->attrs[i];
    int64_t x = 0;
    const char *s = "";
    size_t len = 0;
    if (name_is(n, "payload")) {
      TSR_TRY(attr_string(t, v, "payload", &c->payload, &c->payload_len));
      have_payload = true;
    } else if (name_is(n, "kernel_name")) {
      TSR_TRY(attr_string(t, v, "kernel_name", &c->name, &c->name_len));
    } else if (name_is(n, "aliases")) {
      const XLA_FFI_Array *arr = v;
      if (t != XLA_FFI_AttrType_ARRAY || !arr || arr->dtype != XLA_FFI_DataType_S64 || arr->size % 2 || (arr->size && !arr->data))
        return tsr_fail(TSR_ERR_INVALID, "attribute aliases is not an array of (operand, output) int64 pairs");
      c->aliases = arr->data;
      c->num_aliases = (int)(arr->size / 2);
    } else if (name_is(n, "chip")) {
      TSR_TRY(attr_string(t, v, "chip", &s, &len));
      if (len >= sizeof c->opts.chip) return tsr_fail(TSR_ERR_INVALID, "attribute chip is longer than %zu bytes", sizeof c->opts.chip - 1);
      memcpy(c->opts.chip, s, len);
      c->opts.chip[len] = 0;
    } else if (name_is(n, "dma_order")) {
      TSR_TRY(attr_string(t, v, "dma_order", &s, &len));
      if (len == 5 && !memcmp(s, "eager", 5)) c->opts.dma_mode = TSR_DMA_EAGER;
      else if (len == 7 && !memcmp(s, "on-wait", 7)) c->opts.dma_mode = TSR_DMA_ON_WAIT;
      else if (len == 6 && !memcmp(s, "random", 6)) c->opts.dma_mode = TSR_DMA_RANDOM;
      else return tsr_fail(TSR_ERR_INVALID, "attribute dma_order is '%.*s' (eager, on-wait or random)", (int)(len < 64 ? len : 64), s);
    } else if (name_is(n, "out_of_bounds_reads")) {
      TSR_TRY(attr_string(t, v, "out_of_bounds_reads", &s, &len));
      if (len == 5 && !memcmp(s, "raise", 5)) c->opts.oob_reads = TSR_OOB_READS_RAISE;
      else if (len == 13 && !memcmp(s, "uninitialized", 13)) c->opts.oob_reads = TSR_OOB_READS_UNINITIALIZED;
      else return tsr_fail(TSR_ERR_INVALID, "attribute out_of_bounds_reads is '%.*s' (raise or uninitialized)", (int)(len < 64 ? len : 64), s);
    } else if (name_is(n, "seed")) {
      TSR_TRY(attr_int(t, v, "seed", &x));
      c->opts.seed = (uint64_t)x;
    } else if (name_is(n, "check")) {
      TSR_TRY(attr_int(t, v, "check", &x));
      c->opts.check = x != 0;
    } else if (name_is(n, "poison")) {
      TSR_TRY(attr_int(t, v, "poison", &x));
      c->opts.poison = x != 0;
    } else if (name_is(n, "zero_copy")) {
      TSR_TRY(attr_int(t, v, "zero_copy", &x));
      c->opts.zero_copy = x != 0;
    } else if (name_is(n, "host_helpers")) {
      TSR_TRY(attr_int(t, v, "host_helpers", &x));
      if (x < -1 || x > 64) return tsr_fail(TSR_ERR_INVALID, "attribute host_helpers is %lld (-1 to 64)", (long long)x);
      c->opts.host_helpers = (int)x;
    } else if (name_is(n, "max_ops")) {
      TSR_TRY(attr_int(t, v, "max_ops", &x));
      c->opts.max_ops = x;
    } else if (name_is(n, "mesh_devices")) {
      TSR_TRY(attr_ints(t, v, "mesh_devices", &mesh->ids, &mesh->n_ids));
    } else if (name_is(n, "mesh_shape")) {
      TSR_TRY(attr_ints(t, v, "mesh_shape", &mesh->shape, &mesh->rank));
    } else if (name_is(n, "timeout_ms")) {
      TSR_TRY(attr_int(t, v, "timeout_ms", &x));
      c->opts.timeout_ms = x;
    } else {
      return tsr_fail(TSR_ERR_INVALID, "unknown attribute '%.*s' (a tessera package of another version lowered this call?)",
                      n ? (int)(n->len < 64 ? n->len : 64) : 1, n ? n->ptr : "?");
    }
  }
  if (!have_payload) return tsr_fail(TSR_ERR_INVALID, "the call has no payload attribute");
  return TSR_OK;
}

/* XLA keeps 4-bit arrays (int4, float4_e2m1fn) packed, two elements to a byte, the first in the
 * low nibble; tessera's take a byte an element (int4 sign-extended, as ml_dtypes stores it). Such
 * a buffer is unpacked into a copy before the call and its results packed back after. */
static tsr_status unpack_nibbles(tsr_ref *r, void **copy) {
  int64_t n = tsr_ref_numel(r);
  int8_t *u = malloc((size_t)(n ? n : 1));
  if (!u) return tsr_fail(TSR_ERR_NOMEM, "out of memory for a %s buffer of %lld elements", tsr_dtype_name(r->dtype), (long long)n);
  const uint8_t *p = (const uint8_t *)r->data;
  bool sext = r->dtype == TSR_I4; /* float4_e2m1fn keeps its code in the low nibble */
  for (int64_t i = 0; i < n; i++) {
    unsigned nib = (p[i / 2] >> (4 * (i % 2))) & 0xF;
    u[i] = (int8_t)(sext ? (int)(nib ^ 8) - 8 : (int)nib);
  }
  *copy = u;
  r->data = (char *)u;
  return TSR_OK;
}

static void pack_nibbles(const tsr_ref *unpacked, void *packed) {
  int64_t n = tsr_ref_numel(unpacked);
  uint8_t *p = packed;
  memset(p, 0, (size_t)(n + 1) / 2);
  for (int64_t i = 0; i < n; i++) p[i / 2] |= (uint8_t)((((const uint8_t *)unpacked->data)[i] & 0xF) << (4 * (i % 2)));
}

/* A call under shard_map: its device's place in the mesh (XLA's device ordinal among the mesh's
 * ids) and the launch it belongs to, so that the devices' calls meet (rendezvous.c). */
static tsr_status mesh_place(const XLA_FFI_CallFrame *cf, const mesh_attrs *mesh, tsr_ffi_call *c) {
  if (!mesh->n_ids && !mesh->rank) return TSR_OK;
  int64_t size = 1;
  for (int64_t i = 0; i < mesh->rank; i++) size *= mesh->shape[i] > 0 ? mesh->shape[i] : 0;
  if (mesh->rank < 1 || mesh->rank > TSR_MAX_MESH_RANK || mesh->n_ids != size || size > TSR_MAX_DEVICES)
    return tsr_fail(TSR_ERR_INVALID, "attributes mesh_devices (%lld ids) and mesh_shape (rank %lld) disagree, or more than %d "
                    "devices", (long long)mesh->n_ids, (long long)mesh->rank, TSR_MAX_DEVICES);
  if (size == 1) return TSR_OK;
  XLA_FFI_DeviceOrdinal_Get_Args o = {.struct_size = XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE, .ctx = cf->ctx};
  XLA_FFI_RunId_Get_Args r = {.struct_size = XLA_FFI_RunId_Get_Args_STRUCT_SIZE, .ctx = cf->ctx};
  XLA_FFI_Error *e = cf->api->XLA_FFI_DeviceOrdinal_Get(&o);
  if (!e) e = cf->api->XLA_FFI_RunId_Get(&r);
  if (e) {
    XLA_FFI_Error_Destroy_Args d = {.struct_size = XLA_FFI_Error_Destroy_Args_STRUCT_SIZE, .error = e};
    cf->api->XLA_FFI_Error_Destroy(&d);
    return tsr_fail(TSR_ERR_UNSUPPORTED, "XLA does not say which device runs the call (a kernel of %lld devices)", (long long)size);
  }
  c->device = -1;
  for (int64_t i = 0; i < size; i++)
    if (mesh->ids[i] == o.device_ordinal) c->device = (int)i;
  if (c->device < 0)
    return tsr_fail(TSR_ERR_INVALID, "device %d runs a call of a mesh whose devices do not include it", (int)o.device_ordinal);
  c->run_id = r.run_id;
  c->opts.devices = (int)size;
  c->opts.mesh_rank = (int)mesh->rank;
  for (int64_t i = 0; i < mesh->rank; i++) c->opts.mesh_shape[i] = mesh->shape[i];
  return TSR_OK;
}

static tsr_status run(const XLA_FFI_CallFrame *cf) {
  tsr_ffi_call c = {0};
  tsr_ref ops[TSR_MAX_OPERANDS + TSR_MAX_GRID], res[TSR_MAX_OPERANDS];
  void *copies[TSR_MAX_OPERANDS + TSR_MAX_GRID + TSR_MAX_OPERANDS] = {0}, *packed[TSR_MAX_OPERANDS] = {0};
  if (cf->args.size < 0 || cf->args.size > TSR_MAX_OPERANDS + TSR_MAX_GRID || cf->rets.size < 0 || cf->rets.size > TSR_MAX_OPERANDS)
    return tsr_fail(TSR_ERR_UNSUPPORTED, "%lld operands and %lld results (at most %d and %d)", (long long)cf->args.size,
                    (long long)cf->rets.size, TSR_MAX_OPERANDS + TSR_MAX_GRID, TSR_MAX_OPERANDS);
  mesh_attrs mesh = {0};
  TSR_TRY(read_attrs(&cf->attrs, &c, &mesh));
  TSR_TRY(mesh_place(cf, &mesh, &c));
  int na = (int)cf->args.size, nr = (int)cf->rets.size;
  tsr_status s = TSR_OK;
  for (int i = 0; i < na && s == TSR_OK; i++) {
    if (cf->args.types[i] != XLA_FFI_ArgType_BUFFER) s = tsr_fail(TSR_ERR_INVALID, "operand %d is not a buffer", i);
    if (s == TSR_OK) s = buffer_ref(cf->args.args[i], true, i, &ops[i]);
    if (s == TSR_OK && dtype_is_nibble(ops[i].dtype)) s = unpack_nibbles(&ops[i], &copies[i]);
  }
  for (int i = 0; i < nr && s == TSR_OK; i++) {
    if (cf->rets.types[i] != XLA_FFI_RetType_BUFFER) s = tsr_fail(TSR_ERR_INVALID, "result %d is not a buffer", i);
    if (s == TSR_OK) s = buffer_ref(cf->rets.rets[i], false, i, &res[i]);
    if (s == TSR_OK && dtype_is_nibble(res[i].dtype)) {
      packed[i] = res[i].data;
      s = unpack_nibbles(&res[i], &copies[na + i]); /* an aliased operand's contents come along */
    }
  }
  c.operands = ops;
  c.num_operands = na;
  c.results = res;
  c.num_results = nr;
  if (s == TSR_OK) s = tsr_ffi_run(&c);
  for (int i = 0; i < nr && s == TSR_OK; i++)
    if (packed[i]) pack_nibbles(&res[i], packed[i]);
  for (int i = 0; i < na + nr; i++) free(copies[i]);
  return s;
}

XLA_FFI_Error *tsr_ffi_handler(XLA_FFI_CallFrame *cf) {
  if (!cf || !cf->api) return NULL; /* nothing to report an error with; XLA always passes both */
  XLA_FFI_Error *e = check_api(cf);
  if (e) return e;
  if (cf->extension_start && cf->extension_start->type == XLA_FFI_Extension_Metadata)
    return metadata(cf->api, (XLA_FFI_Metadata_Extension *)cf->extension_start);
  if (cf->stage != XLA_FFI_ExecutionStage_EXECUTE) return error(cf->api, TSR_ERR_INVALID, "called for a stage other than execute");
  tsr_status s = run(cf);
  return s == TSR_OK ? NULL : error(cf->api, s, tsr_last_error());
}
