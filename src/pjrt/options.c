/* The compile options jaxlib sends with a program: a serialized xla.CompileOptionsProto
 * (xla/pjrt/proto/compile_options.proto at the vendored header's XLA commit). tessera reads
 * the few fields it acts on with a reader of protobuf's wire format of its own, some eighty
 * lines, rather than a protobuf library: the four wire types and nested messages are all it
 * takes, and every other field is skipped by its wire type, so options a newer jaxlib adds
 * are passed over. What is read:
 *   CompileOptionsProto.executable_build_options (3): ExecutableBuildOptionsProto
 *     num_replicas (4), num_partitions (5), use_spmd_partitioning (6),
 *     use_shardy_partitioner (19), device_assignment (9): DeviceAssignmentProto
 *       replica_count (1), computation_count (2),
 *       computation_devices (3, repeated): replica_device_ids (1, repeated int64) */
#include <string.h>

#include "core/status.h"
#include "pjrt/pjrt.h"

typedef struct pb {
  const uint8_t *p, *end;
} pb;

enum { WT_VARINT = 0, WT_I64 = 1, WT_LEN = 2, WT_I32 = 5 };

static tsr_status pb_fail(const char *what) {
  return tsr_fail(TSR_ERR_PARSE, "compile options: %s (not a serialized xla.CompileOptionsProto?)", what);
}

static tsr_status pb_varint(pb *b, uint64_t *out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (b->p >= b->end) return pb_fail("truncated varint");
    uint8_t c = *b->p++;
    v |= (uint64_t)(c & 0x7F) << shift;
    if (!(c & 0x80)) {
      *out = v;
      return TSR_OK;
    }
  }
  return pb_fail("varint longer than 10 bytes");
}

/* One field: its number, wire type, and value (a varint or fixed-size number) or bytes. */
typedef struct pb_field {
  uint32_t num;
  int wt;
  uint64_t value;
  pb bytes;
} pb_field;

static tsr_status pb_next(pb *b, pb_field *f) {
  uint64_t key;
  TSR_TRY(pb_varint(b, &key));
  f->num = (uint32_t)(key >> 3);
  f->wt = (int)(key & 7);
  f->value = 0;
  switch (f->wt) {
  case WT_VARINT: return pb_varint(b, &f->value);
  case WT_I64: case WT_I32: {
    size_t n = f->wt == WT_I64 ? 8 : 4;
    if ((size_t)(b->end - b->p) < n) return pb_fail("truncated fixed-size field");
    memcpy(&f->value, b->p, n); /* little-endian, as the wire is */
    b->p += n;
    return TSR_OK;
  }
  case WT_LEN: {
    uint64_t n;
    TSR_TRY(pb_varint(b, &n));
    if (n > (uint64_t)(b->end - b->p)) return pb_fail("length-delimited field runs past the end");
    f->bytes = (pb){b->p, b->p + n};
    b->p += n;
    return TSR_OK;
  }
  default: return pb_fail("unknown wire type");
  }
}

static tsr_status push_id(int64_t *ids, int *n, int cap, uint64_t v) {
  if (*n >= cap) return pb_fail("more assigned devices than tessera simulates");
  ids[(*n)++] = (int64_t)v;
  return TSR_OK;
}

static tsr_status read_device_ids(pb m, int64_t *ids, int *n, int cap) {
  for (pb_field f; m.p < m.end;) {
    TSR_TRY(pb_next(&m, &f));
    if (f.num == 1 && f.wt == WT_VARINT) TSR_TRY(push_id(ids, n, cap, f.value));
    for (uint64_t v; f.num == 1 && f.wt == WT_LEN && f.bytes.p < f.bytes.end;) { /* packed */
      TSR_TRY(pb_varint(&f.bytes, &v));
      TSR_TRY(push_id(ids, n, cap, v));
    }
  }
  return TSR_OK;
}

static tsr_status read_assignment(pb m, pjrt_compile_options *o) {
  /* computation c's replica r is device computation_devices[c].replica_device_ids[r];
   * o->assignment is by replica, then partition (computation) */
  int64_t by_comp[PJRT_MAX_DEVICES], replicas = 0, computations = 0, n_cols = 0;
  int n = 0;
  for (pb_field f; m.p < m.end;) {
    TSR_TRY(pb_next(&m, &f));
    if (f.num == 1 && f.wt == WT_VARINT) replicas = (int64_t)f.value;
    else if (f.num == 2 && f.wt == WT_VARINT) computations = (int64_t)f.value;
    else if (f.num == 3 && f.wt == WT_LEN) {
      int before = n;
      TSR_TRY(read_device_ids(f.bytes, by_comp, &n, PJRT_MAX_DEVICES));
      if (n - before != replicas) return pb_fail("a device assignment with computations of different sizes");
      n_cols++;
    }
  }
  if (!n_cols) return TSR_OK;
  if (computations != n_cols || replicas < 1 || replicas * computations != n)
    return pb_fail("a device assignment whose counts disagree with its devices");
  for (int64_t r = 0; r < replicas; r++)
    for (int64_t c = 0; c < computations; c++) o->assignment[r * computations + c] = by_comp[c * replicas + r];
  o->n_assigned = n;
  return TSR_OK;
}

static tsr_status read_build_options(pb m, pjrt_compile_options *o) {
  for (pb_field f; m.p < m.end;) {
    TSR_TRY(pb_next(&m, &f));
    if (f.wt == WT_VARINT && f.num == 4) o->num_replicas = (int64_t)f.value;
    else if (f.wt == WT_VARINT && f.num == 5) o->num_partitions = (int64_t)f.value;
    else if (f.wt == WT_VARINT && f.num == 6) o->use_spmd_partitioning = f.value != 0;
    else if (f.wt == WT_VARINT && f.num == 19) o->use_shardy_partitioner = f.value != 0;
    else if (f.wt == WT_LEN && f.num == 9) TSR_TRY(read_assignment(f.bytes, o));
  }
  return TSR_OK;
}

tsr_status pjrt_compile_options_parse(const void *data, size_t size, pjrt_compile_options *out) {
  memset(out, 0, sizeof *out);
  out->num_replicas = out->num_partitions = 1;
  pb m = {data, (const uint8_t *)data + size};
  for (pb_field f; m.p < m.end;) {
    TSR_TRY(pb_next(&m, &f));
    if (f.num == 3 && f.wt == WT_LEN) TSR_TRY(read_build_options(f.bytes, out));
  }
  /* proto3 leaves zeros out: an unset count is one */
  if (out->num_replicas < 1) out->num_replicas = 1;
  if (out->num_partitions < 1) out->num_partitions = 1;
  if (out->num_replicas * out->num_partitions > PJRT_MAX_DEVICES)
    return tsr_fail(TSR_ERR_INVALID, "compile options: %lld replicas x %lld partitions is more devices than tessera simulates",
                    (long long)out->num_replicas, (long long)out->num_partitions);
  return TSR_OK;
}
