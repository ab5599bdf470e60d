/* User chip descriptions: a JSON object whose keys are tsr_chip's field names, each figure
 * overriding the one of a built-in "base" chip. One table below lists every key with its type
 * and lower bound, so that a new tsr_chip field needs one line here. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "tessera/machine.h"

typedef enum { F_INT, F_INT64, F_DOUBLE, F_BOOL, F_NAME } field_type;

typedef struct chip_field {
  const char *key;
  field_type type;
  size_t offset;
  double min;        /* smallest legal value (numbers) */
  bool min_exclusive;
  double max;        /* largest legal value (0: none) */
} chip_field;

#define FIELD(k, t, lo, excl) {#k, t, offsetof(tsr_chip, k), lo, excl, 0}
#define FIELD_TO(k, t, lo, excl, hi) {#k, t, offsetof(tsr_chip, k), lo, excl, hi}
static const chip_field fields[] = {
    FIELD(name, F_NAME, 0, false),
    FIELD(generation, F_INT, 1, false),
    FIELD(tensor_cores, F_INT, 1, false),
    FIELD(megacore, F_BOOL, 0, false),
    FIELD(vmem_bytes, F_INT64, 0, true),
    FIELD(smem_bytes, F_INT64, 0, true),
    FIELD(hbm_bytes_per_s, F_DOUBLE, 0, true),
    FIELD_TO(hbm_efficiency, F_DOUBLE, 0, true, 1),
    FIELD(bf16_flops, F_DOUBLE, 0, true),
    FIELD(int8_ops, F_DOUBLE, 0, false), /* 0: same as bf16 */
    FIELD(f32_flops, F_DOUBLE, 0, true),
    FIELD(mxu_count, F_INT, 1, false),
    FIELD(mxu_dim, F_INT, 1, false),
    FIELD(mxu_fill_cycles, F_DOUBLE, 0, false),
    FIELD(vpu_sublanes, F_INT, 1, false),
    FIELD(vpu_lanes, F_INT, 1, false),
    FIELD(vpu_ops_per_s, F_DOUBLE, 0, true),
    FIELD(transcendental_per_s, F_DOUBLE, 0, true),
    FIELD(clock_hz, F_DOUBLE, 0, true),
    FIELD(dma_issue_s, F_DOUBLE, 0, false),
    FIELD(dma_latency_s, F_DOUBLE, 0, false),
    FIELD(step_overhead_s, F_DOUBLE, 0, false),
    FIELD(dma_engines, F_INT, 1, false),
    FIELD(vmem_bytes_per_s, F_DOUBLE, 0, true),
    FIELD_TO(ici_torus_dims, F_INT, 1, false, 3),
    FIELD(ici_link_bytes_per_s, F_DOUBLE, 0, true),
    FIELD(ici_latency_s, F_DOUBLE, 0, false),
    FIELD(sparse_cores, F_INT, 0, false), /* 0: no SparseCore */
    FIELD(sc_subcores, F_INT, 0, false),
    FIELD(sc_lanes, F_INT, 0, false),
    FIELD(sc_tilespmem_bytes, F_INT64, 0, false),
};
#undef FIELD
#undef FIELD_TO
#define NUM_FIELDS (sizeof fields / sizeof fields[0])

static const chip_field *find_field(const char *key) {
  for (size_t i = 0; i < NUM_FIELDS; i++)
    if (!strcmp(fields[i].key, key)) return &fields[i];
  return NULL;
}

static const char *type_name(field_type t) {
  switch (t) {
  case F_INT: case F_INT64: return "an integer";
  case F_DOUBLE: return "a number";
  case F_BOOL: return "true or false";
  case F_NAME: return "a string";
  }
  return "?";
}

static tsr_status set_field(tsr_chip *c, const chip_field *f, const cJSON *v, const char *what) {
  char *p = (char *)c + f->offset;
  if (f->type == F_NAME) {
    if (!cJSON_IsString(v))
      return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be %s", what, f->key, type_name(f->type));
    if (strlen(v->valuestring) >= sizeof c->name || !*v->valuestring)
      return tsr_fail(TSR_ERR_PARSE, "%s: key \"name\" must have 1 to %zu characters", what,
                      sizeof c->name - 1);
    snprintf(c->name, sizeof c->name, "%s", v->valuestring);
    return TSR_OK;
  }
  if (f->type == F_BOOL) {
    if (!cJSON_IsBool(v))
      return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be %s", what, f->key, type_name(f->type));
    *(bool *)p = cJSON_IsTrue(v);
    return TSR_OK;
  }
  if (!cJSON_IsNumber(v))
    return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be %s", what, f->key, type_name(f->type));
  double x = v->valuedouble;
  bool integral = f->type != F_DOUBLE;
  if (integral && (x != (double)(int64_t)x || (f->type == F_INT && (x > 1e9 || x < -1e9))))
    return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be %s, got %g", what, f->key,
                    type_name(f->type), x);
  if (!(x > f->min || (!f->min_exclusive && x == f->min)))
    return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be %s %g, got %g", what, f->key,
                    f->min_exclusive ? ">" : ">=", f->min, x);
  if (f->max > 0 && x > f->max)
    return tsr_fail(TSR_ERR_PARSE, "%s: key \"%s\" must be <= %g, got %g", what, f->key, f->max, x);
  switch (f->type) {
  case F_INT: *(int *)p = (int)x; break;
  case F_INT64: *(int64_t *)p = (int64_t)x; break;
  default: *(double *)p = x; break;
  }
  return TSR_OK;
}

tsr_status tsr_chip_parse(const char *json, const char *what, tsr_chip *out) {
  cJSON *root = cJSON_Parse(json);
  if (!root) {
    const char *at = cJSON_GetErrorPtr();
    return tsr_fail(TSR_ERR_PARSE, "%s: not valid JSON%s%.20s%s", what, at ? " near \"" : "",
                    at ? at : "", at ? "\"" : "");
  }
  tsr_status s = TSR_OK;
  if (!cJSON_IsObject(root)) {
    s = tsr_fail(TSR_ERR_PARSE, "%s: a chip description is a JSON object", what);
    goto done;
  }
  const char *base = "v5e";
  const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "base");
  if (b) {
    if (!cJSON_IsString(b)) {
      s = tsr_fail(TSR_ERR_PARSE, "%s: key \"base\" must be a string (a built-in chip)", what);
      goto done;
    }
    base = b->valuestring;
  }
  const tsr_chip *bc = tsr_chip_get(base);
  if (!bc) {
    s = tsr_fail(TSR_ERR_PARSE, "%s: key \"base\": unknown chip \"%s\"", what, base);
    goto done;
  }
  tsr_chip c = *bc;
  for (const cJSON *it = root->child; it; it = it->next) {
    if (!strcmp(it->string, "base")) continue;
    const chip_field *f = find_field(it->string);
    if (!f) {
      s = tsr_fail(TSR_ERR_PARSE, "%s: unknown key \"%s\" (the keys are tsr_chip's fields, "
                   "see docs/timing.md)", what, it->string);
      goto done;
    }
    if ((s = set_field(&c, f, it, what)) != TSR_OK) goto done;
  }
  if (!cJSON_GetObjectItemCaseSensitive(root, "name"))
    snprintf(c.name, sizeof c.name, "custom-%.24s", bc->name);
  *out = c;
done:
  cJSON_Delete(root);
  return s;
}

static bool looks_like_path(const char *s) {
  size_t n = strlen(s);
  return strchr(s, '/') || (n > 5 && !strcmp(s + n - 5, ".json"));
}

tsr_status tsr_chip_load(const char *name_or_path, tsr_chip *out) {
  if (!name_or_path || !*name_or_path) return tsr_fail(TSR_ERR_INVALID, "no chip name");
  if (!looks_like_path(name_or_path)) {
    const tsr_chip *c = tsr_chip_get(name_or_path);
    if (!c) {
      char names[256] = "";
      size_t n = 0;
      for (int i = 0; i < tsr_chip_count() && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              tsr_chip_at(i)->name);
      return tsr_fail(TSR_ERR_INVALID, "unknown chip \"%s\" (built in: %s; or a .json file)",
                      name_or_path, names);
    }
    *out = *c;
    return TSR_OK;
  }
  FILE *f = fopen(name_or_path, "rb");
  if (!f) return tsr_fail(TSR_ERR_IO, "cannot open chip file %s: %s", name_or_path, strerror(errno));
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 8192;
      if (cap > (1u << 24)) { free(text); fclose(f); return tsr_fail(TSR_ERR_PARSE, "%s: too large for a chip description", name_or_path); }
      char *nt = realloc(text, cap);
      if (!nt) { free(text); fclose(f); return tsr_fail(TSR_ERR_NOMEM, "out of host memory"); }
      text = nt;
    }
    errno = 0;
    size_t got = fread(text + len, 1, cap - len - 1, f);
    len += got;
    if (got == 0) break;
  }
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (err) { free(text); return tsr_fail(TSR_ERR_IO, "error reading %s: %s", name_or_path, strerror(err)); }
  text[len] = 0;
  tsr_status s = tsr_chip_parse(text, name_or_path, out);
  free(text);
  return s;
}
