/* Arrays on the simulated devices: each buffer is a tessera array (row-major, in host memory,
 * booleans as i32 as everywhere in tessera) tagged with its device and memory. A buffer from
 * the host is copied at the call; one an Execute, a copy or a transfer manager makes is
 * pending until that work is done (pjrt.h), and what reads it (a copy to the host, to another
 * device) is done when it is ready, by whichever thread sets it ready, and says so through the
 * event it returned. A host array given with byte strides (a numpy view) is gathered, and a
 * copy to the host may ask for another dimension order. */
#define _POSIX_C_SOURCE 200809L /* strndup */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "pjrt/pjrt.h"

static const struct {
  PJRT_Buffer_Type type;
  tsr_dtype dtype;
  const char *name;
} types[] = {
    {PJRT_Buffer_Type_PRED, TSR_BOOL, "bool"},       {PJRT_Buffer_Type_S8, TSR_I8, "s8"},
    {PJRT_Buffer_Type_S16, TSR_I16, "s16"},          {PJRT_Buffer_Type_S32, TSR_I32, "s32"},
    {PJRT_Buffer_Type_S64, TSR_I64, "s64"},          {PJRT_Buffer_Type_U8, TSR_U8, "u8"},
    {PJRT_Buffer_Type_U16, TSR_U16, "u16"},          {PJRT_Buffer_Type_U32, TSR_U32, "u32"},
    {PJRT_Buffer_Type_U64, TSR_U64, "u64"},          {PJRT_Buffer_Type_F16, TSR_F16, "f16"},
    {PJRT_Buffer_Type_F32, TSR_F32, "f32"},          {PJRT_Buffer_Type_F64, TSR_F64, "f64"},
    {PJRT_Buffer_Type_BF16, TSR_BF16, "bf16"},       {PJRT_Buffer_Type_C64, TSR_C64, "c64"},
    {PJRT_Buffer_Type_C128, TSR_C128, "c128"},       {PJRT_Buffer_Type_F8E5M2, TSR_F8E5M2, "f8e5m2"},
    {PJRT_Buffer_Type_F8E4M3FN, TSR_F8E4M3FN, "f8e4m3fn"},
    {PJRT_Buffer_Type_F8E4M3B11FNUZ, TSR_F8E4M3B11FNUZ, "f8e4m3b11fnuz"},
    {PJRT_Buffer_Type_F8E8M0FNU, TSR_F8E8M0FNU, "f8e8m0fnu"},
    {PJRT_Buffer_Type_S4, TSR_I4, "s4"},
    {PJRT_Buffer_Type_U4, TSR_U4, "u4"},
    {PJRT_Buffer_Type_F4E2M1FN, TSR_F4E2M1FN, "f4e2m1fn"},
};

bool pjrt_type_to_dtype(PJRT_Buffer_Type t, tsr_dtype *out) {
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (types[i].type == t) {
      *out = types[i].dtype;
      return true;
    }
  return false;
}

bool pjrt_dtype_to_type(tsr_dtype d, PJRT_Buffer_Type *out) {
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (types[i].dtype == d) {
      *out = types[i].type;
      return true;
    }
  return false;
}

const char *pjrt_type_name(PJRT_Buffer_Type t) {
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (types[i].type == t) return types[i].name;
  return "an element type tessera does not hold";
}

/* Bytes of one element as the host holds it: a boolean is one byte there. */
static size_t host_elem(const PJRT_Buffer *b) {
  return b->array.dtype == TSR_BOOL ? 1 : tsr_dtype_size(b->array.dtype);
}

static void shape_text(const PJRT_Buffer *b, char *out, size_t cap) {
  int n = snprintf(out, cap, "%s[", pjrt_type_name(b->type));
  for (int i = 0; i < b->array.rank && n > 0 && (size_t)n < cap; i++)
    n += snprintf(out + n, cap - (size_t)n, "%s%lld", i ? "," : "", (long long)b->dims[i]);
  if (n > 0 && (size_t)n < cap) snprintf(out + n, cap - (size_t)n, "]");
}

static void stats_alloc(PJRT_Device *d, int64_t bytes) {
  long long now = atomic_fetch_add(&d->bytes_in_use, bytes) + bytes;
  atomic_fetch_add(&d->num_allocs, 1);
  for (long long peak = atomic_load(&d->peak_bytes); now > peak;)
    if (atomic_compare_exchange_weak(&d->peak_bytes, &peak, now)) break;
  for (long long big = atomic_load(&d->largest_alloc); bytes > big;)
    if (atomic_compare_exchange_weak(&d->largest_alloc, &big, bytes)) break;
}

static void buffer_init(PJRT_Buffer *b, PJRT_Device *device, PJRT_Memory *memory, PJRT_Buffer_Type type,
                        const tsr_array *a, PJRT_Event *ready) {
  b->client = device->client;
  b->device = device;
  b->memory = memory ? memory : device->memories[PJRT_MEM_DEVICE];
  b->type = type;
  b->array = *a;
  for (int i = 0; i < b->array.rank; i++) b->dims[i] = b->array.shape[i];
  b->host_bytes = (size_t)tsr_array_numel(&b->array) * host_elem(b);
  atomic_init(&b->deleted, false);
  atomic_init(&b->external_refs, 0);
  pthread_mutex_init(&b->mu, NULL);
  b->ready = ready;
  stats_alloc(b->device, (int64_t)tsr_array_bytes(&b->array));
}

PJRT_Error *pjrt_buffer_wrap(PJRT_Device *device, PJRT_Memory *memory, PJRT_Buffer_Type type, tsr_array *a,
                             PJRT_Buffer **out) {
  PJRT_Buffer *b = calloc(1, sizeof *b);
  PJRT_Event *ready = pjrt_event_done(PJRT_Error_Code_OK, NULL);
  if (!b || !ready) {
    free(b);
    pjrt_event_destroy(ready);
    tsr_array_free(a);
    return pjrt_error_nomem();
  }
  buffer_init(b, device, memory, type, a, ready);
  memset(a, 0, sizeof *a);
  *out = b;
  return NULL;
}

/* Gives up the memory once nothing holds it: deleted, no pending work, no external view.
 * With b->mu held. */
static void settle_locked(PJRT_Buffer *b) {
  if (b->freed || !atomic_load(&b->deleted) || b->uses > 0 || atomic_load(&b->external_refs) > 0) return;
  b->freed = true;
  atomic_fetch_sub(&b->device->bytes_in_use, (long long)tsr_array_bytes(&b->array));
  if (b->array.data) tsr_array_free(&b->array);
  b->array.data = NULL;
}

typedef struct pjrt_unseen {
  atomic_int left; /* outputs not yet destroyed, and note_failure's own hold */
  atomic_bool seen;
  char *text;
} pjrt_unseen;

static void unseen_drop(pjrt_unseen *u) {
  if (atomic_fetch_sub(&u->left, 1) != 1) return;
  if (!atomic_load(&u->seen)) fprintf(stderr, "%s\n", u->text);
  free(u->text);
  free(u);
}

void pjrt_buffer_note_failure(PJRT_Buffer *const *outs, int n, const char *what, const char *message) {
  if (n <= 0) return;
  pjrt_unseen *u = calloc(1, sizeof *u);
  size_t len = strlen(what) + strlen(message) + 64;
  if (!u || !(u->text = malloc(len))) {
    free(u);
    return;
  }
  snprintf(u->text, len, "tessera: %s failed after its results were dropped: %s", what, message);
  atomic_init(&u->left, n + 1); /* each output, and this call's own hold */
  atomic_init(&u->seen, false);
  for (int k = 0; k < n; k++) {
    PJRT_Buffer *b = outs[k];
    pthread_mutex_lock(&b->mu);
    bool gone = b->destroyed;
    if (b->looked) atomic_store(&u->seen, true);
    if (!gone) b->unseen = u;
    pthread_mutex_unlock(&b->mu);
    if (gone) unseen_drop(u);
  }
  unseen_drop(u);
}

void pjrt_buffer_seen(PJRT_Buffer *b) {
  pthread_mutex_lock(&b->mu);
  b->looked = true;
  if (b->unseen) atomic_store(&b->unseen->seen, true);
  pthread_mutex_unlock(&b->mu);
}

static void buffer_free(PJRT_Buffer *b) {
  pjrt_event_destroy(b->ready);
  pthread_mutex_destroy(&b->mu);
  free(b);
}

void pjrt_buffer_use(PJRT_Buffer *b) {
  pthread_mutex_lock(&b->mu);
  b->uses++;
  pthread_mutex_unlock(&b->mu);
}

void pjrt_buffer_unuse(PJRT_Buffer *b) {
  pthread_mutex_lock(&b->mu);
  b->uses--;
  settle_locked(b);
  bool last = b->destroyed && b->uses == 0;
  pthread_mutex_unlock(&b->mu);
  if (last) buffer_free(b);
}

void pjrt_buffer_release(PJRT_Buffer *b) {
  pthread_mutex_lock(&b->mu);
  atomic_store(&b->deleted, true);
  settle_locked(b);
  pthread_mutex_unlock(&b->mu);
}

/* The type and shape of an array of PJRT `type` and `dims`, checked (no data). */
static PJRT_Error *array_meta(PJRT_Buffer_Type type, const int64_t *dims, size_t rank, tsr_array *meta, const char *fn) {
  tsr_dtype dt;
  if (!pjrt_type_to_dtype(type, &dt))
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: element type %s (PJRT type %d) is not one tessera holds", fn,
                      pjrt_type_name(type), (int)type);
  if (rank > TSR_MAX_RANK)
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: rank %zu arrays (tessera holds up to %d dimensions)", fn,
                      rank, TSR_MAX_RANK);
  *meta = (tsr_array){.dtype = dt, .rank = (int)rank};
  for (size_t i = 0; i < rank; i++) {
    if (dims[i] < 0) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: dimension %zu is negative", fn, i);
    meta->shape[i] = dims[i];
  }
  return NULL;
}

PJRT_Error *pjrt_buffer_pending(PJRT_Device *device, PJRT_Memory *memory, PJRT_Buffer_Type type, const int64_t *dims,
                                size_t rank, PJRT_Buffer **out, const char *fn) {
  tsr_array meta;
  PJRT_Error *err = array_meta(type, dims, rank, &meta, fn);
  if (err) return err;
  PJRT_Buffer *b = calloc(1, sizeof *b);
  PJRT_Event *ready = pjrt_event_new();
  if (!b || !ready) {
    free(b);
    pjrt_event_destroy(ready);
    return pjrt_error_nomem();
  }
  buffer_init(b, device, memory, type, &meta, ready);
  b->uses = 1;
  *out = b;
  return NULL;
}

void pjrt_buffer_fill(PJRT_Buffer *b, tsr_array *a) {
  pthread_mutex_lock(&b->mu);
  b->array.data = a->data; /* the shape is the buffer's already */
  b->array.map_base = a->map_base;
  b->array.map_bytes = a->map_bytes;
  memset(a, 0, sizeof *a);
  pthread_mutex_unlock(&b->mu);
  pjrt_event_set(b->ready, PJRT_Error_Code_OK, NULL);
}

void pjrt_buffer_fail(PJRT_Buffer *b, PJRT_Error_Code code, const char *message) { pjrt_event_set(b->ready, code, message); }

/* Sets e as err says (NULL: success) and destroys err. */
static void set_from(PJRT_Event *e, PJRT_Error *err) {
  if (!err) {
    pjrt_event_set(e, PJRT_Error_Code_OK, NULL);
    return;
  }
  pjrt_event_set(e, pjrt_err(err)->code, pjrt_err(err)->message);
  pjrt_error_free(err);
}

/* Waits for a pending buffer (for what hands out its memory itself); its error if it failed. */
static PJRT_Error *await_ready(PJRT_Buffer *b) { return pjrt_event_wait(b->ready); }

static PJRT_Error *check_live(PJRT_Buffer *b, const char *fn) {
  if (!b) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no buffer", fn);
  if (atomic_load(&b->deleted))
    return pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION, "tessera: %s: the buffer was deleted or donated", fn);
  return NULL;
}

/* The device and memory a new buffer goes to: the memory's device when only it is given. */
static PJRT_Error *placement(PJRT_Client *c, PJRT_Device *device, PJRT_Memory *memory, PJRT_Device **dev,
                             PJRT_Memory **mem, const char *fn) {
  if (memory && pjrt_mem(memory)->client != c)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: a memory of another client", fn);
  if (device && device->client != c)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: a device of another client", fn);
  if (!device && !memory) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: neither a device nor a memory", fn);
  if (device && memory && pjrt_mem(memory)->device != device)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: memory %s is not device %d's", fn,
                      pjrt_mem(memory)->debug, device->index);
  *dev = device ? device : pjrt_mem(memory)->device;
  *mem = memory ? memory : (*dev)->memories[PJRT_MEM_DEVICE];
  return NULL;
}

/* A new array of `type` and `dims`, checked. */
static PJRT_Error *new_array(PJRT_Buffer_Type type, const int64_t *dims, size_t rank, tsr_array *a, const char *fn) {
  tsr_array meta;
  PJRT_Error *err = array_meta(type, dims, rank, &meta, fn);
  if (err) return err;
  tsr_status s = tsr_array_alloc(a, meta.dtype, meta.rank, meta.shape);
  if (s != TSR_OK) return pjrt_error_from_status(s, fn);
  return NULL;
}

bool pjrt_layout_row_major(const PJRT_Buffer_MemoryLayout *l, size_t rank) {
  if (!l) return true;
  if (l->type != PJRT_Buffer_MemoryLayout_Type_Tiled || l->tiled.minor_to_major_size != rank || l->tiled.num_tiles != 0)
    return false;
  for (size_t i = 0; i < rank; i++)
    if (l->tiled.minor_to_major[i] != (int64_t)(rank - 1 - i)) return false;
  return true;
}

/* A layout other than the row-major one tessera holds is not supported on a device. */
static PJRT_Error *check_device_layout(const PJRT_Buffer_MemoryLayout *l, size_t rank, const char *fn) {
  if (pjrt_layout_row_major(l, rank)) return NULL;
  return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: device layouts other than the dense row-major one", fn);
}

/* Copies between the host's layout (element strides `hs`, in elements of host_elem bytes,
 * possibly negative) and the array's row-major one, converting booleans. */
static void copy_strided(tsr_array *a, char *host, const int64_t *hs_bytes, bool to_array) {
  int rank = a->rank;
  int64_t n = tsr_array_numel(a);
  size_t eb = tsr_dtype_size(a->dtype);
  bool is_bool = a->dtype == TSR_BOOL;
  int64_t idx[TSR_MAX_RANK] = {0};
  char *arr = a->data;
  int64_t off = 0;
  for (int64_t k = 0; k < n; k++) {
    char *h = host + off;
    char *e = arr + (size_t)k * eb;
    if (is_bool) {
      if (to_array) {
        int32_t v = *(unsigned char *)h != 0;
        memcpy(e, &v, 4);
      } else {
        int32_t v;
        memcpy(&v, e, 4);
        *(unsigned char *)h = v != 0;
      }
    } else if (to_array) {
      memcpy(e, h, eb);
    } else {
      memcpy(h, e, eb);
    }
    for (int d = rank - 1; d >= 0; d--) { /* next index, row-major */
      off += hs_bytes[d];
      if (++idx[d] < a->shape[d]) break;
      off -= hs_bytes[d] * a->shape[d];
      idx[d] = 0;
    }
  }
}

static void dense_strides(const tsr_array *a, size_t elem, int64_t *out) {
  int64_t s = (int64_t)elem;
  for (int d = a->rank - 1; d >= 0; d--) {
    out[d] = s;
    s *= a->shape[d];
  }
}

PJRT_Error *pjrt_Client_BufferFromHostBuffer(PJRT_Client_BufferFromHostBuffer_Args *args) {
  const char *fn = "PJRT_Client_BufferFromHostBuffer";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Client_BufferFromHostBuffer_Args, buffer), fn);
  if (err) return err;
  args->buffer = NULL;
  args->done_with_host_buffer = NULL;
  PJRT_Device *dev = NULL;
  PJRT_Memory *mem = NULL;
  if ((err = placement(args->client, args->device, args->memory, &dev, &mem, fn))) return err;
  if ((err = check_device_layout(args->device_layout, args->num_dims, fn))) return err;
  tsr_array a;
  if ((err = new_array(args->type, args->dims, args->num_dims, &a, fn))) return err;
  size_t elem = a.dtype == TSR_BOOL ? 1 : tsr_dtype_size(a.dtype);
  int64_t strides[TSR_MAX_RANK];
  dense_strides(&a, elem, strides);
  if (args->byte_strides && args->num_byte_strides) {
    if (args->num_byte_strides != args->num_dims) {
      tsr_array_free(&a);
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: %zu byte strides for %zu dimensions", fn,
                        args->num_byte_strides, args->num_dims);
    }
    memcpy(strides, args->byte_strides, sizeof(int64_t) * args->num_dims);
  }
  if (tsr_array_numel(&a) && !args->data) {
    tsr_array_free(&a);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no host data", fn);
  }
  if (tsr_array_numel(&a)) copy_strided(&a, (char *)args->data, strides, true);
  PJRT_Buffer *b;
  if ((err = pjrt_buffer_wrap(dev, mem, args->type, &a, &b))) return err;
  /* the host data was copied: whatever the semantics asked, it is free now */
  if (!(args->done_with_host_buffer = pjrt_event_done(PJRT_Error_Code_OK, NULL))) {
    PJRT_Buffer_Destroy_Args da = {.struct_size = PJRT_Buffer_Destroy_Args_STRUCT_SIZE, .buffer = b};
    pjrt_Buffer_Destroy(&da);
    return pjrt_error_nomem();
  }
  args->buffer = b;
  return NULL;
}

PJRT_Error *pjrt_Client_CreateUninitializedBuffer(PJRT_Client_CreateUninitializedBuffer_Args *args) {
  const char *fn = "PJRT_Client_CreateUninitializedBuffer";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Client_CreateUninitializedBuffer_Args, buffer), fn);
  if (err) return err;
  PJRT_Device *dev = NULL;
  PJRT_Memory *mem = NULL;
  if ((err = placement(args->client, args->device, args->memory, &dev, &mem, fn))) return err;
  if ((err = check_device_layout(args->shape_layout, args->shape_num_dims, fn))) return err;
  tsr_array a;
  if ((err = new_array(args->shape_element_type, args->shape_dims, args->shape_num_dims, &a, fn))) return err;
  return pjrt_buffer_wrap(dev, mem, args->shape_element_type, &a, &args->buffer);
}

PJRT_Error *pjrt_Buffer_Destroy(PJRT_Buffer_Destroy_Args *args) {
  if (!args || !args->buffer) return NULL;
  PJRT_Buffer *b = args->buffer;
  pthread_mutex_lock(&b->mu);
  atomic_store(&b->external_refs, 0);
  atomic_store(&b->deleted, true);
  b->destroyed = true;
  settle_locked(b);
  bool last = b->uses == 0; /* else the last pending work frees it */
  pjrt_unseen *u = b->unseen;
  b->unseen = NULL;
  pthread_mutex_unlock(&b->mu);
  if (u) unseen_drop(u);
  if (last) buffer_free(b);
  return NULL;
}

PJRT_Error *pjrt_Buffer_ElementType(PJRT_Buffer_ElementType_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_ElementType: no buffer");
  args->type = args->buffer->type;
  return NULL;
}

PJRT_Error *pjrt_Buffer_Dimensions(PJRT_Buffer_Dimensions_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_Dimensions: no buffer");
  args->dims = args->buffer->dims;
  args->num_dims = (size_t)args->buffer->array.rank;
  return NULL;
}

PJRT_Error *pjrt_Buffer_UnpaddedDimensions(PJRT_Buffer_UnpaddedDimensions_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_UnpaddedDimensions: no buffer");
  args->unpadded_dims = args->buffer->dims;
  args->num_dims = (size_t)args->buffer->array.rank;
  return NULL;
}

PJRT_Error *pjrt_Buffer_DynamicDimensionIndices(PJRT_Buffer_DynamicDimensionIndices_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_DynamicDimensionIndices: no arguments");
  args->dynamic_dim_indices = NULL;
  args->num_dynamic_dims = 0;
  return NULL;
}

/* Row-major: minor_to_major is rank-1, ..., 0, the same for every buffer of one rank. */
static const int64_t minor_to_major[TSR_MAX_RANK + 1][TSR_MAX_RANK] = {
    {0}, {0}, {1, 0}, {2, 1, 0}, {3, 2, 1, 0}, {4, 3, 2, 1, 0}, {5, 4, 3, 2, 1, 0}, {6, 5, 4, 3, 2, 1, 0},
    {7, 6, 5, 4, 3, 2, 1, 0}};

PJRT_Error *pjrt_Buffer_GetMemoryLayout(PJRT_Buffer_GetMemoryLayout_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_GetMemoryLayout: no buffer");
  int rank = args->buffer->array.rank;
  memset(&args->layout, 0, sizeof args->layout);
  args->layout.struct_size = PJRT_Buffer_MemoryLayout_STRUCT_SIZE;
  args->layout.type = PJRT_Buffer_MemoryLayout_Type_Tiled;
  args->layout.tiled.struct_size = PJRT_Buffer_MemoryLayout_Tiled_STRUCT_SIZE;
  args->layout.tiled.minor_to_major = minor_to_major[rank];
  args->layout.tiled.minor_to_major_size = (size_t)rank;
  args->layout.tiled.num_tiles = 0;
  return NULL;
}

PJRT_Error *pjrt_Buffer_OnDeviceSizeInBytes(PJRT_Buffer_OnDeviceSizeInBytes_Args *args) {
  PJRT_Error *err = check_live(args ? args->buffer : NULL, "PJRT_Buffer_OnDeviceSizeInBytes");
  if (err) return err;
  args->on_device_size_in_bytes = args->buffer->host_bytes;
  return NULL;
}

PJRT_Error *pjrt_Buffer_Device(PJRT_Buffer_Device_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_Device: no buffer");
  args->device = args->buffer->device;
  return NULL;
}

PJRT_Error *pjrt_Buffer_Memory(PJRT_Buffer_Memory_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_Memory: no buffer");
  args->memory = args->buffer->memory;
  return NULL;
}

PJRT_Error *pjrt_Buffer_Delete(PJRT_Buffer_Delete_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_Delete: no buffer");
  pjrt_buffer_release(args->buffer);
  return NULL;
}

PJRT_Error *pjrt_Buffer_IsDeleted(PJRT_Buffer_IsDeleted_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_IsDeleted: no buffer");
  args->is_deleted = atomic_load(&args->buffer->deleted);
  return NULL;
}

typedef struct copy_job {
  PJRT_Buffer *src, *dst;
} copy_job;

/* When the source is ready: the destination gets a copy of it, or its error. */
static void copy_ready(PJRT_Error *err, void *arg) {
  copy_job *j = arg;
  if (err) {
    pjrt_buffer_fail(j->dst, pjrt_err(err)->code, pjrt_err(err)->message);
    pjrt_error_free(err);
  } else {
    tsr_array a;
    PJRT_Error *e = new_array(j->src->type, j->src->dims, (size_t)j->src->array.rank, &a, "PJRT_Buffer_CopyToDevice");
    if (e) {
      pjrt_buffer_fail(j->dst, pjrt_err(e)->code, pjrt_err(e)->message);
      pjrt_error_free(e);
    } else {
      pthread_mutex_lock(&j->src->mu);
      if (tsr_array_bytes(&a) && j->src->array.data) memcpy(a.data, j->src->array.data, tsr_array_bytes(&a));
      pthread_mutex_unlock(&j->src->mu);
      pjrt_buffer_fill(j->dst, &a);
    }
  }
  pjrt_buffer_unuse(j->src);
  pjrt_buffer_unuse(j->dst);
  free(j);
}

/* A copy of src on another device or memory: made now if src is ready, else when it is. */
static PJRT_Error *copy_to(PJRT_Buffer *src, PJRT_Device *dev, PJRT_Memory *mem, PJRT_Buffer **out, const char *fn) {
  PJRT_Error *err = check_live(src, fn);
  if (err) return err;
  copy_job *j = malloc(sizeof *j);
  if (!j) return pjrt_error_nomem();
  if ((err = pjrt_buffer_pending(dev, mem, src->type, src->dims, (size_t)src->array.rank, &j->dst, fn))) {
    free(j);
    return err;
  }
  j->src = src;
  *out = j->dst;
  pjrt_buffer_seen(src); /* its failure, if any, is the copy's */
  pjrt_buffer_use(src);
  /* out of memory for the callback: the copy fails with that */
  if ((err = pjrt_event_on_ready(src->ready, copy_ready, j))) copy_ready(err, j);
  return NULL;
}

PJRT_Error *pjrt_Buffer_CopyToDevice(PJRT_Buffer_CopyToDevice_Args *args) {
  const char *fn = "PJRT_Buffer_CopyToDevice";
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no buffer", fn);
  PJRT_Device *dev = NULL;
  PJRT_Memory *mem = NULL;
  PJRT_Error *err = placement(args->buffer->client, args->dst_device, NULL, &dev, &mem, fn);
  return err ? err : copy_to(args->buffer, dev, mem, &args->dst_buffer, fn);
}

PJRT_Error *pjrt_Buffer_CopyToMemory(PJRT_Buffer_CopyToMemory_Args *args) {
  const char *fn = "PJRT_Buffer_CopyToMemory";
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no buffer", fn);
  PJRT_Device *dev = NULL;
  PJRT_Memory *mem = NULL;
  PJRT_Error *err = placement(args->buffer->client, NULL, args->dst_memory, &dev, &mem, fn);
  return err ? err : copy_to(args->buffer, dev, mem, &args->dst_buffer, fn);
}

/* A copy to the host: the whole buffer in a dimension order (size -1), or raw bytes from
 * offset. Made when the buffer is ready, on the thread that sets it so; `done` says when. */
typedef struct to_host_job {
  PJRT_Buffer *b;
  void *dst;
  int64_t strides[TSR_MAX_RANK];
  int64_t offset, size;
  PJRT_Event *done;
} to_host_job;

static void to_host_job_free(to_host_job *j) {
  pjrt_event_destroy(j->done);
  free(j);
}

static void to_host_ready(PJRT_Error *err, void *arg) {
  to_host_job *j = arg;
  PJRT_Buffer *b = j->b;
  if (!err) {
    pthread_mutex_lock(&b->mu);
    if (b->freed) { /* cannot happen while the job's use holds it: a guard, not a path */
      err = pjrt_error(PJRT_Error_Code_INTERNAL, "tessera: a copy to the host of a buffer whose memory is gone");
    } else if (j->size < 0) {
      if (tsr_array_numel(&b->array)) copy_strided(&b->array, j->dst, j->strides, false);
    } else if (b->array.dtype == TSR_BOOL) { /* one byte per element on the host, i32 in tessera */
      const int32_t *v = b->array.data;
      for (int64_t i = 0; i < j->size; i++) ((unsigned char *)j->dst)[i] = v[j->offset + i] != 0;
    } else if (j->size) {
      memcpy(j->dst, (char *)b->array.data + j->offset, (size_t)j->size);
    }
    pthread_mutex_unlock(&b->mu);
  }
  set_from(j->done, err);
  pjrt_buffer_unuse(b);
  to_host_job_free(j);
}

/* Hands out the job's event, and copies now or when the buffer is ready. */
static PJRT_Error *to_host_start(to_host_job *j, PJRT_Event **event) {
  pjrt_buffer_seen(j->b);
  *event = pjrt_event_ref(j->done);
  pjrt_buffer_use(j->b);
  PJRT_Error *err;
  if ((err = pjrt_event_on_ready(j->b->ready, to_host_ready, j))) to_host_ready(err, j);
  return NULL;
}

/* Checks a raw copy's bytes and makes its job. */
static PJRT_Error *raw_job(PJRT_Buffer *b, int64_t offset, int64_t size, to_host_job **out, const char *fn) {
  PJRT_Error *err = check_live(b, fn);
  if (err) return err;
  if (offset < 0 || size < 0 || (uint64_t)offset > b->host_bytes || (uint64_t)size > b->host_bytes - (uint64_t)offset)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: bytes %lld to %lld of a buffer of %zu bytes", fn,
                      (long long)offset, (long long)offset + (long long)size, b->host_bytes);
  to_host_job *j = calloc(1, sizeof *j);
  if (!j || !(j->done = pjrt_event_new())) {
    free(j);
    return pjrt_error_nomem();
  }
  j->b = b;
  j->offset = offset;
  j->size = size;
  *out = j;
  return NULL;
}

PJRT_Error *pjrt_Buffer_ToHostBuffer(PJRT_Buffer_ToHostBuffer_Args *args) {
  const char *fn = "PJRT_Buffer_ToHostBuffer";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Buffer_ToHostBuffer_Args, event), fn);
  if (err) return err;
  args->event = NULL;
  PJRT_Buffer *b = args->src;
  if ((err = check_live(b, fn))) return err;
  /* the host layout: row-major unless the caller names a dimension order */
  int rank = b->array.rank;
  const int64_t *order = minor_to_major[rank];
  if (args->host_layout) {
    const PJRT_Buffer_MemoryLayout *l = args->host_layout;
    bool ok = l->type == PJRT_Buffer_MemoryLayout_Type_Tiled && l->tiled.num_tiles == 0 &&
              l->tiled.minor_to_major_size == (size_t)rank;
    unsigned seen = 0;
    for (int i = 0; ok && i < rank; i++) {
      int64_t d = l->tiled.minor_to_major[i];
      ok = d >= 0 && d < rank && !(seen >> d & 1u);
      seen |= 1u << (d < 0 || d >= rank ? 0 : d);
    }
    if (!ok)
      return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: host layouts other than a dense dimension order", fn);
    order = l->tiled.minor_to_major;
  }
  if (!args->dst) { /* the caller asks how much room the copy needs */
    args->dst_size = b->host_bytes;
    return NULL;
  }
  if (args->dst_size < b->host_bytes) {
    char shape[128];
    shape_text(b, shape, sizeof shape);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: a host buffer of %zu bytes for %s, which needs %zu", fn,
                      args->dst_size, shape, b->host_bytes);
  }
  to_host_job *j = calloc(1, sizeof *j);
  if (!j || !(j->done = pjrt_event_new())) {
    free(j);
    return pjrt_error_nomem();
  }
  int64_t s = (int64_t)host_elem(b);
  for (int i = 0; i < rank; i++) { /* minor_to_major[0] is the fastest */
    j->strides[order[i]] = s;
    s *= b->dims[order[i]];
  }
  j->b = b;
  j->dst = args->dst;
  j->size = -1;
  return to_host_start(j, &args->event);
}

PJRT_Error *pjrt_Buffer_CopyRawToHost(PJRT_Buffer_CopyRawToHost_Args *args) {
  const char *fn = "PJRT_Buffer_CopyRawToHost";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Buffer_CopyRawToHost_Args, event), fn);
  if (err) return err;
  args->event = NULL;
  to_host_job *j;
  if ((err = raw_job(args->buffer, args->offset, args->transfer_size, &j, fn))) return err;
  if (args->transfer_size && !args->dst) {
    to_host_job_free(j);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no destination", fn);
  }
  j->dst = args->dst;
  return to_host_start(j, &args->event);
}

/* CopyRawToHostFuture: the destination comes later, through the callback handed back. */
static void raw_future_ready(PJRT_Buffer_CopyRawToHostFuture_Callback_Args *args) {
  if (!args || !args->callback_data) return;
  to_host_job *j = args->callback_data;
  if (args->error_code != PJRT_Error_Code_OK) { /* the caller's destination failed: so does the copy */
    char *msg = args->error_message ? strndup(args->error_message, args->error_message_size) : NULL;
    pjrt_event_set(j->done, args->error_code, msg ? msg : "tessera: PJRT_Buffer_CopyRawToHostFuture: the destination failed");
    free(msg);
    pjrt_buffer_unuse(j->b);
    to_host_job_free(j);
    return;
  }
  j->dst = args->dst;
  PJRT_Error *err;
  if ((err = pjrt_event_on_ready(j->b->ready, to_host_ready, j))) to_host_ready(err, j);
}

PJRT_Error *pjrt_Buffer_CopyRawToHostFuture(PJRT_Buffer_CopyRawToHostFuture_Args *args) {
  const char *fn = "PJRT_Buffer_CopyRawToHostFuture";
  PJRT_Error *err =
      pjrt_check_args(args, args ? args->struct_size : 0, PJRT_STRUCT_SIZE(PJRT_Buffer_CopyRawToHostFuture_Args, future_ready_callback), fn);
  if (err) return err;
  to_host_job *j;
  if ((err = raw_job(args->buffer, args->offset, args->transfer_size, &j, fn))) return err;
  pjrt_buffer_seen(j->b);
  pjrt_buffer_use(j->b);
  args->event = pjrt_event_ref(j->done);
  args->callback_data = j;
  args->future_ready_callback = raw_future_ready;
  return NULL;
}

PJRT_Error *pjrt_Buffer_IsOnCpu(PJRT_Buffer_IsOnCpu_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_IsOnCpu: no arguments");
  args->is_on_cpu = false; /* a TPU's HBM, as far as JAX is concerned */
  return NULL;
}

PJRT_Error *pjrt_Buffer_ReadyEvent(PJRT_Buffer_ReadyEvent_Args *args) {
  if (!args || !args->buffer) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_ReadyEvent: no buffer");
  pjrt_buffer_seen(args->buffer);
  args->event = pjrt_event_ref(args->buffer->ready);
  return NULL;
}

PJRT_Error *pjrt_Buffer_UnsafePointer(PJRT_Buffer_UnsafePointer_Args *args) {
  PJRT_Error *err = check_live(args ? args->buffer : NULL, "PJRT_Buffer_UnsafePointer");
  if (err || (err = await_ready(args->buffer))) return err;
  args->buffer_pointer = (uintptr_t)args->buffer->array.data;
  return NULL;
}

PJRT_Error *pjrt_Buffer_OpaqueDeviceMemoryDataPointer(PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args *args) {
  PJRT_Error *err = check_live(args ? args->buffer : NULL, "PJRT_Buffer_OpaqueDeviceMemoryDataPointer");
  if (err || (err = await_ready(args->buffer))) return err;
  args->device_memory_ptr = args->buffer->array.data;
  return NULL;
}

PJRT_Error *pjrt_Buffer_IncreaseExternalReferenceCount(PJRT_Buffer_IncreaseExternalReferenceCount_Args *args) {
  PJRT_Error *err = check_live(args ? args->buffer : NULL, "PJRT_Buffer_IncreaseExternalReferenceCount");
  if (err || (err = await_ready(args->buffer))) return err;
  atomic_fetch_add(&args->buffer->external_refs, 1);
  return NULL;
}

PJRT_Error *pjrt_Buffer_DecreaseExternalReferenceCount(PJRT_Buffer_DecreaseExternalReferenceCount_Args *args) {
  if (!args || !args->buffer)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Buffer_DecreaseExternalReferenceCount: no buffer");
  PJRT_Buffer *b = args->buffer;
  if (atomic_load(&b->external_refs) <= 0)
    return pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION,
                      "tessera: PJRT_Buffer_DecreaseExternalReferenceCount: no external reference is held");
  if (atomic_fetch_sub(&b->external_refs, 1) == 1 && atomic_load(&b->deleted)) pjrt_buffer_release(b);
  return NULL;
}
