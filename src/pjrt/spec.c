/* TESSERA_TPU, the switch: which chip the devices are, and how many, and how a chip presents
 * itself to JAX. The device_kind strings are libtpu's own on each chip, as JAX's code that
 * reads them expects them (jax/_src/pallas/mosaic/tpu_info.py, chip_version_from_device_kind;
 * jax/_src/test_util.py, is_device_tpu); the HBM sizes are Google Cloud's published per-chip
 * capacities (https://cloud.google.com/tpu/docs/system-architecture-tpu-vm: v4 32 GiB, v5e
 * 16 GiB, v5p 95 GiB, v6e 32 GiB; Ironwood, TPU7x, 192 GiB per chip, two TensorCores that
 * JAX sees as two devices). Megacore chips (v4, v5p) are one JAX device of two TensorCores;
 * TPU7x's TensorCores are a device each (tpu_info.py refuses num_cores > 1 on it). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "pjrt/pjrt.h"

static const struct {
  const char *chip;
  pjrt_chip_id id;
  int64_t max_chips; /* the largest slice Google offers of the chip */
} chips[] = {
    {"v4", {"TPU v4", 1, 2, 3, 32ll << 30}, 4096},
    {"v5e", {"TPU v5 lite", 1, 1, 2, 16ll << 30}, 256},
    {"v5p", {"TPU v5", 1, 2, 3, 95ll << 30}, 8960},
    {"v6e", {"TPU v6 lite", 1, 1, 2, 32ll << 30}, 256},
    {"7x", {"TPU7x", 2, 1, 3, 96ll << 30}, 9216},
};

/* A chip from a JSON file presents itself as the built-in chip of its generation and
 * TensorCore count does, so that JAX's kernels pick the tiling of that generation. */
static int identity_of(const tsr_chip *c) {
  for (size_t i = 0; i < sizeof chips / sizeof chips[0]; i++)
    if (!strcmp(c->name, chips[i].chip)) return (int)i;
  switch (c->generation) {
  case 4: return 0;
  case 5: return c->tensor_cores > 1 ? 2 : 1;
  case 6: return 3;
  case 7: return 4;
  default: return -1;
  }
}

/* The slice of n chips a count gives: near-square (2D tori) or near-cube (3D), sizes from
 * small to large with the 1s last, as Google's slices are shaped (4 chips 2x2x1, 8 2x2x2,
 * 16 2x2x4). */
static void default_mesh(int64_t n, int rank, int64_t *mesh) {
  for (int d = 0; d < rank - 1; d++) {
    int left = rank - d;
    int64_t best = 1;
    for (int64_t f = 1; f <= n; f++) {
      int64_t p = 1;
      for (int i = 0; i < left; i++) p *= f;
      if (p > n) break;
      if (n % f == 0) best = f;
    }
    mesh[d] = best;
    n /= best;
  }
  mesh[rank - 1] = n;
  for (int i = 1; i < rank; i++) /* insertion sort, ascending */
    for (int j = i; j > 0 && mesh[j - 1] > mesh[j]; j--) {
      int64_t t = mesh[j];
      mesh[j] = mesh[j - 1];
      mesh[j - 1] = t;
    }
  int ones = 0;
  while (ones < rank && mesh[ones] == 1) ones++;
  for (int i = 0; i < rank; i++) mesh[i] = i + ones < rank ? mesh[i + ones] : 1;
}

static bool parse_int(const char *s, size_t len, int64_t *out) {
  if (!len || len > 9) return false;
  int64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (!isdigit((unsigned char)s[i])) return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

tsr_status pjrt_spec_parse(const char *value, pjrt_spec *out) {
  memset(out, 0, sizeof *out);
  const char *v = value && *value ? value : "v5e";
  /* the chip is everything before the last ':' when what follows it is a count or a mesh */
  const char *colon = strrchr(v, ':');
  const char *shape = NULL;
  if (colon && colon[1] && strspn(colon + 1, "0123456789x") == strlen(colon + 1)) shape = colon + 1;
  size_t chip_len = shape ? (size_t)(colon - v) : strlen(v);
  if (!chip_len || chip_len >= sizeof out->chip_name)
    return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': expected CHIP, CHIP:COUNT or CHIP:MESH (e.g. v5e:4, v5p:2x2x1)", v);
  memcpy(out->chip_name, v, chip_len);
  if (tsr_chip_load(out->chip_name, &out->chip) != TSR_OK) {
    char why[300];
    snprintf(why, sizeof why, "%s", tsr_last_error());
    return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': %s", v, why);
  }
  int k = identity_of(&out->chip);
  if (k < 0)
    return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': chip '%s' is of generation %d, which no TPU that JAX knows is", v,
                    out->chip.name, out->chip.generation);
  out->id = chips[k].id;
  int dpc = out->id.devices_per_chip;
  if (!shape) {
    out->num_devices = 1;
  } else if (!strchr(shape, 'x')) {
    int64_t n;
    if (!parse_int(shape, strlen(shape), &n) || n < 1)
      return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': the device count must be a positive integer", v);
    if (n % dpc)
      return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': %s has %d devices per chip, so the count must be a multiple of %d",
                      v, chips[k].chip, dpc, dpc);
    out->num_devices = (int)(n > PJRT_MAX_DEVICES ? PJRT_MAX_DEVICES + 1 : n);
    out->num_chips = (int)(n / dpc);
  } else {
    int64_t total = 1;
    const char *p = shape;
    while (*p) {
      const char *x = strchr(p, 'x');
      size_t len = x ? (size_t)(x - p) : strlen(p);
      int64_t dim;
      if (out->mesh_rank == 3 || !parse_int(p, len, &dim) || dim < 1)
        return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': a mesh is up to 3 positive sizes joined by 'x' (e.g. 2x2x1)", v);
      out->mesh[out->mesh_rank++] = dim;
      total *= dim;
      if (total > chips[k].max_chips) break;
      p = x ? x + 1 : p + len;
      if (x && !*p) return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': the mesh ends with 'x'", v);
    }
    int torus = out->id.torus_dims;
    for (int d = torus; d < out->mesh_rank; d++)
      if (out->mesh[d] != 1)
        return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': %s chips form a %dD torus, the mesh has %d dimensions", v,
                        chips[k].chip, torus, out->mesh_rank);
    out->num_chips = (int)(total > chips[k].max_chips ? chips[k].max_chips + 1 : total);
    out->num_devices = out->num_chips * dpc;
  }
  if (out->num_chips > chips[k].max_chips)
    return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': a %s slice has at most %lld chips", v, chips[k].chip,
                    (long long)chips[k].max_chips);
  if (out->num_devices > PJRT_MAX_DEVICES)
    return tsr_fail(TSR_ERR_INVALID, "TESSERA_TPU='%s': tessera simulates at most %d devices in one process", v,
                    PJRT_MAX_DEVICES);
  if (!out->num_chips) out->num_chips = (out->num_devices + dpc - 1) / dpc;
  if (!out->mesh_rank || out->mesh_rank < out->id.torus_dims) {
    int64_t given[3] = {out->mesh[0], out->mesh[1], out->mesh[2]};
    int given_rank = out->mesh_rank;
    if (!given_rank) {
      default_mesh(out->num_chips, out->id.torus_dims, out->mesh);
    } else {
      for (int d = 0; d < 3; d++) out->mesh[d] = d < given_rank ? given[d] : 1;
    }
    out->mesh_rank = out->id.torus_dims;
  }
  return TSR_OK;
}

void pjrt_spec_coords(const pjrt_spec *s, int d, int64_t coords[3], int *core_on_chip) {
  int dpc = s->id.devices_per_chip;
  int64_t chip = d / dpc;
  *core_on_chip = d % dpc;
  /* device ids run x fastest, as libtpu numbers them */
  for (int i = 0; i < 3; i++) {
    int64_t n = i < s->mesh_rank ? s->mesh[i] : 1;
    coords[i] = chip % n;
    chip /= n;
  }
}
