/* tessera's PJRT plugin driven through GetPjrtApi as jaxlib drives it: the function table
 * (every entry set, what is not implemented says so by name), the plugin's attributes, clients
 * for several TESSERA_TPU values and the refusals of bad ones, devices and their descriptions
 * as a TPU gives them, memories, buffers (host data with strides, dimension orders, booleans,
 * sizes, deletion, copies), events, and programs: two that the pinned jaxlib compiled through the
 * plugin (tests/pjrt/programs, tools/jax/pjrt_programs.py: a graph, and a Pallas kernel whose
 * argument is donated), one written as plain MLIR bytecode, a serialized executable loaded
 * again, and the errors of an op tessera does not run and of arguments that do not fit; the
 * timing report (TESSERA_PJRT_TIMING); asynchronous execution (runs queued on buffers not yet
 * made, in order, what is deleted, donated or fails meanwhile, cheap runs made in Execute, the
 * synchronous mode, no thread left at client destroy) and the asynchronous host-to-device
 * transfer manager with its refusals. Results are checked against loops of the test's own. */
#define _POSIX_C_SOURCE 200809L /* setenv, mkstemp */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "mlir/ir.h"
#include "pjrt/pjrt.h"
#include "tessera/mlir.h"
#include "xla/pjrt/c/pjrt_c_api.h"
#include "xla/pjrt/c/pjrt_c_api_shardings_extension.h"

const PJRT_Api *GetPjrtApi(void);
static const PJRT_Api *api;

#define ARGS(type, name) type##_Args name = {.struct_size = type##_Args_STRUCT_SIZE}

/* The error's message (a static copy) and code; destroys the error. NULL error: "". */
static char last_msg[4096];
static PJRT_Error_Code last_code;
static bool failed(PJRT_Error *e) {
  last_msg[0] = 0;
  last_code = PJRT_Error_Code_OK;
  if (!e) return false;
  ARGS(PJRT_Error_Message, m);
  m.error = e;
  api->PJRT_Error_Message(&m);
  snprintf(last_msg, sizeof last_msg, "%.*s", (int)m.message_size, m.message);
  ARGS(PJRT_Error_GetCode, g);
  g.error = e;
  PJRT_Error *ge = api->PJRT_Error_GetCode(&g);
  last_code = ge ? PJRT_Error_Code_UNKNOWN : g.code;
  ARGS(PJRT_Error_Destroy, d);
  d.error = e;
  api->PJRT_Error_Destroy(&d);
  return true;
}

#define CHECK_PJRT(expr)                                                         \
  do {                                                                           \
    bool f_ = failed(expr);                                                      \
    if (f_) fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, last_msg); \
    CHECK(!f_);                                                                  \
  } while (0)

#define CHECK_PJRT_FAILS(expr, code, needle)                                     \
  do {                                                                           \
    bool f_ = failed(expr);                                                      \
    bool ok_ = f_ && last_code == (code) && strstr(last_msg, (needle));          \
    if (!ok_) fprintf(stderr, "%s:%d: %s: expected code %d with \"%s\", got %d: %s\n", __FILE__, __LINE__, #expr, \
                      (int)(code), needle, (int)last_code, last_msg);            \
    CHECK(ok_);                                                                  \
  } while (0)

static void event_wait_destroy(PJRT_Event *e) {
  if (!e) return;
  ARGS(PJRT_Event_Await, a);
  a.event = e;
  CHECK_PJRT(api->PJRT_Event_Await(&a));
  ARGS(PJRT_Event_Destroy, d);
  d.event = e;
  CHECK_PJRT(api->PJRT_Event_Destroy(&d));
}

static PJRT_Client *client_for(const char *spec) {
  setenv("TESSERA_TPU", spec, 1);
  ARGS(PJRT_Client_Create, a);
  CHECK_PJRT(api->PJRT_Client_Create(&a));
  return a.client;
}

static void client_destroy(PJRT_Client *c) {
  ARGS(PJRT_Client_Destroy, a);
  a.client = c;
  CHECK_PJRT(api->PJRT_Client_Destroy(&a));
}

static void devices_of(PJRT_Client *c, PJRT_Device *const **devs, size_t *n) {
  ARGS(PJRT_Client_Devices, a);
  a.client = c;
  CHECK_PJRT(api->PJRT_Client_Devices(&a));
  *devs = a.devices;
  *n = a.num_devices;
}

static PJRT_DeviceDescription *desc_of(PJRT_Device *d) {
  ARGS(PJRT_Device_GetDescription, a);
  a.device = d;
  CHECK_PJRT(api->PJRT_Device_GetDescription(&a));
  return a.device_description;
}

static const PJRT_NamedValue *attr(PJRT_DeviceDescription *d, const char *name) {
  ARGS(PJRT_DeviceDescription_Attributes, a);
  a.device_description = d;
  CHECK_PJRT(api->PJRT_DeviceDescription_Attributes(&a));
  for (size_t i = 0; i < a.num_attributes; i++)
    if (a.attributes[i].name_size == strlen(name) && !memcmp(a.attributes[i].name, name, a.attributes[i].name_size))
      return &a.attributes[i];
  return NULL;
}

static bool kind_is(PJRT_DeviceDescription *d, const char *kind) {
  ARGS(PJRT_DeviceDescription_Kind, a);
  a.device_description = d;
  CHECK_PJRT(api->PJRT_DeviceDescription_Kind(&a));
  return a.device_kind_size == strlen(kind) && !memcmp(a.device_kind, kind, a.device_kind_size);
}

static PJRT_Buffer *from_host(PJRT_Client *c, PJRT_Device *d, PJRT_Buffer_Type t, const void *data, const int64_t *dims,
                              size_t rank, const int64_t *byte_strides) {
  ARGS(PJRT_Client_BufferFromHostBuffer, a);
  a.client = c;
  a.device = d;
  a.type = t;
  a.data = data;
  a.dims = dims;
  a.num_dims = rank;
  a.byte_strides = byte_strides;
  a.num_byte_strides = byte_strides ? rank : 0;
  a.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableOnlyDuringCall;
  CHECK_PJRT(api->PJRT_Client_BufferFromHostBuffer(&a));
  event_wait_destroy(a.done_with_host_buffer);
  return a.buffer;
}

static PJRT_Error *to_host(PJRT_Buffer *b, void *dst, size_t size, const int64_t *minor_to_major) {
  ARGS(PJRT_Buffer_ToHostBuffer, a);
  PJRT_Buffer_MemoryLayout layout = {.struct_size = PJRT_Buffer_MemoryLayout_STRUCT_SIZE,
                                     .type = PJRT_Buffer_MemoryLayout_Type_Tiled};
  ARGS(PJRT_Buffer_Dimensions, dims);
  dims.buffer = b;
  if (failed(api->PJRT_Buffer_Dimensions(&dims))) return NULL;
  if (minor_to_major) {
    layout.tiled.struct_size = PJRT_Buffer_MemoryLayout_Tiled_STRUCT_SIZE;
    layout.tiled.minor_to_major = minor_to_major;
    layout.tiled.minor_to_major_size = dims.num_dims;
    a.host_layout = &layout;
  }
  a.src = b;
  a.dst = dst;
  a.dst_size = size;
  PJRT_Error *e = api->PJRT_Buffer_ToHostBuffer(&a);
  if (e) return e;
  /* a copy of a buffer that failed (its program, its transfer) fails on the event */
  ARGS(PJRT_Event_Await, aw);
  aw.event = a.event;
  e = api->PJRT_Event_Await(&aw);
  ARGS(PJRT_Event_Destroy, d);
  d.event = a.event;
  CHECK_PJRT(api->PJRT_Event_Destroy(&d));
  return e;
}

static void buffer_destroy(PJRT_Buffer *b) {
  ARGS(PJRT_Buffer_Destroy, a);
  a.buffer = b;
  CHECK_PJRT(api->PJRT_Buffer_Destroy(&a));
}

static bool is_deleted(PJRT_Buffer *b) {
  ARGS(PJRT_Buffer_IsDeleted, a);
  a.buffer = b;
  CHECK_PJRT(api->PJRT_Buffer_IsDeleted(&a));
  return a.is_deleted;
}

static int64_t bytes_in_use(PJRT_Device *d) {
  ARGS(PJRT_Device_MemoryStats, a);
  a.device = d;
  CHECK_PJRT(api->PJRT_Device_MemoryStats(&a));
  return a.bytes_in_use;
}

/* ---- the table and the plugin --------------------------------------------------------- */

static void test_table(void) {
  CHECK(api->struct_size == PJRT_Api_STRUCT_SIZE);
  CHECK_EQ_INT(api->pjrt_api_version.major_version, PJRT_API_MAJOR);
  CHECK_EQ_INT(api->pjrt_api_version.minor_version, 112);
  /* every entry is set: an unset one would crash jaxlib where it calls it */
  size_t first = offsetof(PJRT_Api, PJRT_Error_Destroy), missing = 0;
  for (size_t off = first; off + sizeof(void *) <= api->struct_size; off += sizeof(void *)) {
    void *fn;
    memcpy(&fn, (const char *)api + off, sizeof fn);
    if (!fn) fprintf(stderr, "  PJRT_Api entry %zu is not set\n", (off - first) / sizeof(void *));
    missing += !fn;
  }
  CHECK_EQ_INT(missing, 0);
  ARGS(PJRT_Client_CreateViewOfDeviceBuffer, v);
  CHECK_PJRT_FAILS(api->PJRT_Client_CreateViewOfDeviceBuffer(&v), PJRT_Error_Code_UNIMPLEMENTED,
                   "PJRT_Client_CreateViewOfDeviceBuffer");
  ARGS(PJRT_Plugin_Initialize, init);
  CHECK_PJRT(api->PJRT_Plugin_Initialize(&init));
  ARGS(PJRT_Plugin_Attributes, pa);
  CHECK_PJRT(api->PJRT_Plugin_Attributes(&pa));
  bool version = false;
  for (size_t i = 0; i < pa.num_attributes; i++)
    if (!strncmp(pa.attributes[i].name, "stablehlo_current_version", pa.attributes[i].name_size)) {
      const int64_t *v = pa.attributes[i].int64_array_value;
      version = pa.attributes[i].value_size == 3 && v[0] == 1 && v[1] == 15 && v[2] == 0;
    }
  CHECK(version);
}

static void test_events(void) {
  ARGS(PJRT_Event_Create, c);
  CHECK_PJRT(api->PJRT_Event_Create(&c));
  ARGS(PJRT_Event_IsReady, r);
  r.event = c.event;
  CHECK_PJRT(api->PJRT_Event_IsReady(&r));
  CHECK(!r.is_ready);
  ARGS(PJRT_Event_Set, s);
  s.event = c.event;
  s.error_code = PJRT_Error_Code_ABORTED;
  s.error_message = "stopped";
  s.error_message_size = 7;
  CHECK_PJRT(api->PJRT_Event_Set(&s));
  CHECK_PJRT(api->PJRT_Event_IsReady(&r));
  CHECK(r.is_ready);
  ARGS(PJRT_Event_Await, a);
  a.event = c.event;
  CHECK_PJRT_FAILS(api->PJRT_Event_Await(&a), PJRT_Error_Code_ABORTED, "stopped");
  ARGS(PJRT_Event_Destroy, d);
  d.event = c.event;
  CHECK_PJRT(api->PJRT_Event_Destroy(&d));
}

/* ---- clients, devices, memories ------------------------------------------------------- */

static void test_bad_specs(void) {
  static const struct { const char *spec, *needle; } bad[] = {
      {"v9:4", "unknown chip"},
      {"v5e:2x2x2", "2D torus"},
      {"v5e:512", "at most 256 chips"},
      {"7x:3", "multiple of 2"},
      {"v5e:0", "positive"},
      {"v5p:2x2x", "ends with 'x'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    setenv("TESSERA_TPU", bad[i].spec, 1);
    ARGS(PJRT_Client_Create, a);
    CHECK_PJRT_FAILS(api->PJRT_Client_Create(&a), PJRT_Error_Code_INVALID_ARGUMENT, bad[i].needle);
    CHECK(a.client == NULL);
  }
}

static void test_devices(void) {
  PJRT_Client *c = client_for("v5p:2x2x1");
  if (!c) return;
  ARGS(PJRT_Client_PlatformName, pn);
  pn.client = c;
  CHECK_PJRT(api->PJRT_Client_PlatformName(&pn));
  CHECK(pn.platform_name_size == 3 && !memcmp(pn.platform_name, "tpu", 3));
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  CHECK_EQ_INT(n, 4);
  static const int64_t coords[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  for (size_t i = 0; i < n && i < 4; i++) {
    PJRT_DeviceDescription *d = desc_of(devs[i]);
    CHECK(kind_is(d, "TPU v5"));
    ARGS(PJRT_DeviceDescription_Id, id);
    id.device_description = d;
    CHECK_PJRT(api->PJRT_DeviceDescription_Id(&id));
    CHECK_EQ_INT(id.id, i);
    const PJRT_NamedValue *co = attr(d, "coords"), *cores = attr(d, "num_cores"), *core = attr(d, "core_on_chip");
    CHECK(co && co->value_size == 3 && !memcmp(co->int64_array_value, coords[i], sizeof coords[i]));
    CHECK(cores && cores->int64_value == 2); /* megacore */
    CHECK(core && core->int64_value == 0);
    ARGS(PJRT_Device_AddressableMemories, am);
    am.device = devs[i];
    CHECK_PJRT(api->PJRT_Device_AddressableMemories(&am));
    CHECK_EQ_INT(am.num_memories, 2);
    for (size_t k = 0; k < am.num_memories; k++) {
      ARGS(PJRT_Memory_Kind, mk);
      mk.memory = am.memories[k];
      CHECK_PJRT(api->PJRT_Memory_Kind(&mk));
      CHECK(!strncmp(mk.kind, k ? "pinned_host" : "device", mk.kind_size));
      ARGS(PJRT_Memory_AddressableByDevices, by);
      by.memory = am.memories[k];
      CHECK_PJRT(api->PJRT_Memory_AddressableByDevices(&by));
      CHECK(by.num_devices == 1 && by.devices[0] == devs[i]);
    }
  }
  ARGS(PJRT_Device_MemoryStats, ms);
  ms.device = devs[0];
  CHECK_PJRT(api->PJRT_Device_MemoryStats(&ms));
  CHECK(ms.bytes_limit_is_set && ms.bytes_limit == 95ll << 30);
  ARGS(PJRT_Client_DefaultDeviceAssignment, da);
  int assignment[8];
  da.client = c;
  da.num_replicas = 1;
  da.num_partitions = 8;
  da.default_assignment = assignment;
  da.default_assignment_size = 8;
  CHECK_PJRT_FAILS(api->PJRT_Client_DefaultDeviceAssignment(&da), PJRT_Error_Code_INVALID_ARGUMENT, "more devices");
  client_destroy(c);

  /* TPU7x: two devices per chip, one TensorCore each */
  c = client_for("7x:4");
  if (!c) return;
  devices_of(c, &devs, &n);
  CHECK_EQ_INT(n, 4);
  for (size_t i = 0; i < n; i++) {
    PJRT_DeviceDescription *d = desc_of(devs[i]);
    CHECK(kind_is(d, "TPU7x"));
    const PJRT_NamedValue *core = attr(d, "core_on_chip"), *cores = attr(d, "num_cores"), *co = attr(d, "coords");
    CHECK(core && core->int64_value == (int64_t)(i % 2));
    CHECK(cores && cores->int64_value == 1);
    CHECK(co && co->int64_array_value[0] == (int64_t)(i / 2));
  }
  client_destroy(c);
}

/* ---- buffers -------------------------------------------------------------------------- */

static void test_buffers(void) {
  PJRT_Client *c = client_for("v5e:2");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  /* a transposed view: the host holds 3x2 row-major, the buffer is its 2x3 transpose */
  float host[3][2] = {{1, 2}, {3, 4}, {5, 6}};
  int64_t dims[2] = {2, 3}, strides[2] = {sizeof(float), 2 * sizeof(float)};
  int64_t before = bytes_in_use(devs[0]);
  PJRT_Buffer *b = from_host(c, devs[0], PJRT_Buffer_Type_F32, host, dims, 2, strides);
  CHECK_EQ_INT(bytes_in_use(devs[0]) - before, 24);
  float out[6] = {0};
  CHECK_PJRT(to_host(b, out, sizeof out, NULL));
  const float want[6] = {1, 3, 5, 2, 4, 6};
  CHECK(!memcmp(out, want, sizeof want));
  /* dimension 0 fastest on the host: back to the original order */
  static const int64_t col_major[2] = {0, 1};
  CHECK_PJRT(to_host(b, out, sizeof out, col_major));
  const float back[6] = {1, 2, 3, 4, 5, 6};
  CHECK(!memcmp(out, back, sizeof back));
  ARGS(PJRT_Buffer_ToHostBuffer, q); /* how much room, asked with no destination */
  q.src = b;
  CHECK_PJRT(api->PJRT_Buffer_ToHostBuffer(&q));
  CHECK_EQ_INT(q.dst_size, 24);
  CHECK_PJRT_FAILS(to_host(b, out, 20, NULL), PJRT_Error_Code_INVALID_ARGUMENT, "20 bytes for f32[2,3], which needs 24");
  ARGS(PJRT_Buffer_CopyRawToHost, raw);
  float slice[2];
  raw.buffer = b;
  raw.dst = slice;
  raw.offset = 8;
  raw.transfer_size = 8;
  CHECK_PJRT(api->PJRT_Buffer_CopyRawToHost(&raw));
  event_wait_destroy(raw.event);
  CHECK(slice[0] == 5 && slice[1] == 2);
  raw.offset = 20;
  CHECK_PJRT_FAILS(api->PJRT_Buffer_CopyRawToHost(&raw), PJRT_Error_Code_INVALID_ARGUMENT, "of a buffer of 24");

  ARGS(PJRT_Buffer_CopyToDevice, cp);
  cp.buffer = b;
  cp.dst_device = devs[1];
  CHECK_PJRT(api->PJRT_Buffer_CopyToDevice(&cp));
  ARGS(PJRT_Buffer_Device, bd);
  bd.buffer = cp.dst_buffer;
  CHECK_PJRT(api->PJRT_Buffer_Device(&bd));
  CHECK(bd.device == devs[1]);
  memset(out, 0, sizeof out);
  CHECK_PJRT(to_host(cp.dst_buffer, out, sizeof out, NULL));
  CHECK(!memcmp(out, want, sizeof want));
  buffer_destroy(cp.dst_buffer);

  ARGS(PJRT_Buffer_Delete, del);
  del.buffer = b;
  CHECK_PJRT(api->PJRT_Buffer_Delete(&del));
  CHECK(is_deleted(b));
  CHECK_EQ_INT(bytes_in_use(devs[0]), before);
  CHECK_PJRT_FAILS(to_host(b, out, sizeof out, NULL), PJRT_Error_Code_FAILED_PRECONDITION, "deleted");
  buffer_destroy(b);

  /* booleans are a byte each on the host */
  unsigned char flags[5] = {1, 0, 0, 1, 1}, got[5] = {9, 9, 9, 9, 9};
  int64_t fd = 5;
  PJRT_Buffer *fb = from_host(c, devs[0], PJRT_Buffer_Type_PRED, flags, &fd, 1, NULL);
  CHECK_PJRT(to_host(fb, got, sizeof got, NULL));
  CHECK(!memcmp(flags, got, sizeof got));
  buffer_destroy(fb);

  /* a type tessera does not hold */
  ARGS(PJRT_Client_BufferFromHostBuffer, u);
  u.client = c;
  u.device = devs[0];
  u.type = PJRT_Buffer_Type_F8E5M2FNUZ;
  u.dims = &fd;
  u.num_dims = 1;
  u.data = flags;
  CHECK_PJRT_FAILS(api->PJRT_Client_BufferFromHostBuffer(&u), PJRT_Error_Code_UNIMPLEMENTED, "is not one tessera holds");
  client_destroy(c);
}

/* ---- programs ------------------------------------------------------------------------- */

static PJRT_LoadedExecutable *compile_bytes(PJRT_Client *c, const char *code, size_t size, const char *options,
                                            size_t options_size, PJRT_Error **err) {
  PJRT_Program p = {.struct_size = PJRT_Program_STRUCT_SIZE, .code = (char *)code, .code_size = size,
                    .format = "mlir", .format_size = 4};
  ARGS(PJRT_Client_Compile, a);
  a.client = c;
  a.program = &p;
  a.compile_options = options;
  a.compile_options_size = options_size;
  *err = api->PJRT_Client_Compile(&a);
  return a.executable;
}

static PJRT_LoadedExecutable *compile_fixture(PJRT_Client *c, const char *name) {
  char path[256], opath[256];
  snprintf(path, sizeof path, "tests/pjrt/programs/%s.mlirbc", name);
  snprintf(opath, sizeof opath, "tests/pjrt/programs/%s.options.pb", name);
  size_t n = 0, on = 0;
  char *code = tsr_test_slurp(path, &n), *opts = tsr_test_slurp(opath, &on);
  CHECK(code && opts);
  PJRT_Error *err = NULL;
  PJRT_LoadedExecutable *e = code && opts ? compile_bytes(c, code, n, opts, on, &err) : NULL;
  CHECK_PJRT(err);
  free(code);
  free(opts);
  return e;
}

static void loaded_destroy(PJRT_LoadedExecutable *e) {
  if (!e) return;
  ARGS(PJRT_LoadedExecutable_Destroy, a);
  a.executable = e;
  CHECK_PJRT(api->PJRT_LoadedExecutable_Destroy(&a));
}

static PJRT_Error *execute(PJRT_LoadedExecutable *e, PJRT_Buffer **args, size_t n_args, PJRT_Buffer **outs) {
  PJRT_ExecuteOptions opts = {.struct_size = PJRT_ExecuteOptions_STRUCT_SIZE};
  PJRT_Buffer *const *lists[1] = {args};
  PJRT_Buffer **out_lists[1] = {outs};
  PJRT_Event *done[1] = {NULL};
  ARGS(PJRT_LoadedExecutable_Execute, a);
  a.executable = e;
  a.options = &opts;
  a.argument_lists = lists;
  a.num_devices = 1;
  a.num_args = n_args;
  a.output_lists = out_lists;
  a.device_complete_events = done;
  PJRT_Error *err = api->PJRT_LoadedExecutable_Execute(&a);
  if (!err) event_wait_destroy(done[0]);
  return err;
}

static PJRT_Executable *exe_of(PJRT_LoadedExecutable *le) {
  ARGS(PJRT_LoadedExecutable_GetExecutable, ge);
  ge.loaded_executable = le;
  CHECK_PJRT(api->PJRT_LoadedExecutable_GetExecutable(&ge));
  return ge.executable;
}

static void executable_destroy(PJRT_Executable *x) {
  ARGS(PJRT_Executable_Destroy, xd);
  xd.executable = x;
  CHECK_PJRT(api->PJRT_Executable_Destroy(&xd));
}

static void test_graph(PJRT_Client *c, PJRT_Device *dev) {
  PJRT_LoadedExecutable *e = compile_fixture(c, "graph");
  if (!e) return;
  float x[4][8], y[8][3];
  for (int i = 0; i < 32; i++) x[i / 8][i % 8] = (float)i - 10;
  for (int i = 0; i < 24; i++) y[i / 3][i % 3] = (float)(i % 5) - 2;
  int64_t xd[2] = {4, 8}, yd[2] = {8, 3};
  PJRT_Buffer *args[2] = {from_host(c, dev, PJRT_Buffer_Type_F32, x, xd, 2, NULL),
                          from_host(c, dev, PJRT_Buffer_Type_F32, y, yd, 2, NULL)};
  PJRT_Buffer *outs[2] = {NULL, NULL};
  CHECK_PJRT(execute(e, args, 2, outs));
  float got[4][3], want[4][3];
  int32_t positives = -1, want_pos = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 3; j++) {
      want[i][j] = 1;
      for (int k = 0; k < 8; k++) want[i][j] += (x[i][k] > 0 ? x[i][k] : 0) * y[k][j];
    }
  for (int i = 0; i < 32; i++) want_pos += x[i / 8][i % 8] > 0;
  if (outs[0] && outs[1]) {
    CHECK_PJRT(to_host(outs[0], got, sizeof got, NULL));
    CHECK_PJRT(to_host(outs[1], &positives, sizeof positives, NULL));
    CHECK(!memcmp(got, want, sizeof want));
    CHECK_EQ_INT(positives, want_pos);
  }
  /* no kernel, no cost estimate: an empty cost analysis */
  PJRT_Executable *x_exe = exe_of(e);
  ARGS(PJRT_Executable_GetCostAnalysis, ca);
  ca.executable = x_exe;
  CHECK_PJRT(api->PJRT_Executable_GetCostAnalysis(&ca));
  CHECK_EQ_INT(ca.num_properties, 0);
  executable_destroy(x_exe);
  /* arguments that do not fit: one too few, then one of the wrong shape */
  CHECK_PJRT_FAILS(execute(e, args, 1, outs), PJRT_Error_Code_INVALID_ARGUMENT, "takes 2 arguments, got 1");
  PJRT_Buffer *swapped[2] = {args[1], args[0]};
  CHECK_PJRT_FAILS(execute(e, swapped, 2, outs), PJRT_Error_Code_INVALID_ARGUMENT,
                   "argument 0 is f32[8,3], the program takes f32[4,8]");
  for (int i = 0; i < 2; i++) {
    buffer_destroy(args[i]);
    if (outs[i]) buffer_destroy(outs[i]);
  }
  loaded_destroy(e);
}

static void test_pallas(PJRT_Client *c, PJRT_Device *dev) {
  PJRT_LoadedExecutable *e = compile_fixture(c, "pallas_add");
  if (!e) return;
  ARGS(PJRT_LoadedExecutable_GetExecutable, ge);
  ge.loaded_executable = e;
  CHECK_PJRT(api->PJRT_LoadedExecutable_GetExecutable(&ge));
  ARGS(PJRT_Executable_NumOutputs, no);
  no.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_NumOutputs(&no));
  CHECK_EQ_INT(no.num_outputs, 1);
  ARGS(PJRT_Executable_OutputDimensions, od);
  od.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_OutputDimensions(&od));
  CHECK(od.num_outputs == 1 && od.dim_sizes[0] == 2 && od.dims[0] == 32 && od.dims[1] == 128);
  ARGS(PJRT_Executable_OutputElementTypes, ot);
  ot.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_OutputElementTypes(&ot));
  CHECK(ot.num_output_types == 1 && ot.output_types[0] == PJRT_Buffer_Type_F32);
  /* cost_analysis(): the kernel's pl.CostEstimate, as XLA reports a tpu_custom_call's */
  ARGS(PJRT_Executable_GetCostAnalysis, ca);
  ca.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_GetCostAnalysis(&ca));
  CHECK_EQ_INT(ca.num_properties, 3);
  static const char *const cost_names[3] = {"flops", "transcendentals", "bytes accessed"};
  static const float cost_values[3] = {8192, 3, 49152};
  for (size_t i = 0; i < ca.num_properties && i < 3; i++)
    CHECK(ca.properties[i].name_size == strlen(cost_names[i]) && !memcmp(ca.properties[i].name, cost_names[i], strlen(cost_names[i])) &&
          ca.properties[i].type == PJRT_NamedValue_kFloat && ca.properties[i].float_value == cost_values[i]);

  static float x[32][128], y[32][128], got[32][128];
  for (int i = 0; i < 32 * 128; i++) {
    x[i / 128][i % 128] = (float)(i % 17) * 0.25f;
    y[i / 128][i % 128] = (float)(i % 13) - 6;
  }
  int64_t d[2] = {32, 128};
  for (int round = 0; round < 2; round++) {
    PJRT_Buffer *args[2] = {from_host(c, dev, PJRT_Buffer_Type_F32, x, d, 2, NULL),
                            from_host(c, dev, PJRT_Buffer_Type_F32, y, d, 2, NULL)};
    PJRT_Buffer *out = NULL;
    CHECK_PJRT(execute(e, args, 2, &out));
    if (out) {
      CHECK_PJRT(to_host(out, got, sizeof got, NULL));
      bool same = true;
      for (int i = 0; i < 32 * 128; i++) same = same && got[i / 128][i % 128] == x[i / 128][i % 128] + y[i / 128][i % 128] * 2;
      CHECK(same);
      buffer_destroy(out);
    }
    /* x was donated to the result (tf.aliasing_output), y was not */
    CHECK(is_deleted(args[0]));
    CHECK(!is_deleted(args[1]));
    CHECK_PJRT_FAILS(execute(e, args, 2, &out), PJRT_Error_Code_INVALID_ARGUMENT, "argument 0 was deleted or donated");
    buffer_destroy(args[0]);
    buffer_destroy(args[1]);
    if (round) break;
    /* the second round runs a copy serialized and loaded again */
    ARGS(PJRT_Executable_Serialize, ser);
    ser.executable = ge.executable;
    CHECK_PJRT(api->PJRT_Executable_Serialize(&ser));
    ARGS(PJRT_Executable_DeserializeAndLoad, load);
    load.client = c;
    load.serialized_executable = ser.serialized_bytes;
    load.serialized_executable_size = ser.serialized_bytes_size;
    CHECK_PJRT(api->PJRT_Executable_DeserializeAndLoad(&load));
    ser.serialized_executable_deleter(ser.serialized_executable);
    loaded_destroy(e);
    e = load.loaded_executable;
    if (!e) break;
  }
  ARGS(PJRT_Executable_Destroy, ed);
  ed.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_Destroy(&ed));
  loaded_destroy(e);
  ARGS(PJRT_Executable_DeserializeAndLoad, bad);
  bad.client = c;
  bad.serialized_executable = "junk";
  bad.serialized_executable_size = 4;
  CHECK_PJRT_FAILS(api->PJRT_Executable_DeserializeAndLoad(&bad), PJRT_Error_Code_INVALID_ARGUMENT,
                   "not an executable tessera serialized");
}

/* A program as plain MLIR bytecode (tessera's writer), with no compile options at all. */
static const char square_text[] =
    "module {\n"
    "  func.func public @main(%a: tensor<5xi32>) -> tensor<5xi32> {\n"
    "    %0 = stablehlo.multiply %a, %a : tensor<5xi32>\n"
    "    return %0 : tensor<5xi32>\n"
    "  }\n"
    "}\n";

static void test_plain_bytecode(PJRT_Client *c, PJRT_Device *dev) {
  tsr_mlir_module *m = NULL;
  CHECK_OK(tsr_mlir_parse_text(square_text, strlen(square_text), "square", &m));
  unsigned char *bc = NULL;
  size_t size = 0;
  if (m) CHECK_OK(tsr_mlir_write_bytecode(m, 1, &bc, &size));
  PJRT_Error *err = NULL;
  PJRT_LoadedExecutable *e = bc ? compile_bytes(c, (char *)bc, size, NULL, 0, &err) : NULL;
  CHECK_PJRT(err);
  if (e) {
    int32_t v[5] = {-3, 0, 2, 7, 46340}, got[5];
    int64_t d = 5;
    PJRT_Buffer *a = from_host(c, dev, PJRT_Buffer_Type_S32, v, &d, 1, NULL), *out = NULL;
    CHECK_PJRT(execute(e, &a, 1, &out));
    if (out) {
      CHECK_PJRT(to_host(out, got, sizeof got, NULL));
      for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], v[i] * v[i]);
      buffer_destroy(out);
    }
    buffer_destroy(a);
    loaded_destroy(e);
  }
  /* the same with an op tessera does not run: the compile names it and where it is */
  mlir_ir_op *fn = m && m->top ? mlir_ir_module_lookup(m, "main") : NULL;
  mlir_ir_op *mul = fn ? fn->regions[0].blocks[0]->first : NULL;
  free(bc);
  bc = NULL;
  if (mul) {
    mlir_ir_op_rename(m->ctx, mul, "stablehlo.batch_norm_inference");
    CHECK_OK(tsr_mlir_write_bytecode(m, 1, &bc, &size));
    e = bc ? compile_bytes(c, (char *)bc, size, NULL, 0, &err) : NULL;
    CHECK(e == NULL);
    CHECK(failed(err) && strstr(last_msg, "stablehlo.batch_norm_inference") && strstr(last_msg, "square:3:"));
    CHECK(strstr(last_msg, "[TSR_ERR_UNSUPPORTED]") != NULL);
  }
  free(bc);
  tsr_mlir_module_destroy(m);
  /* compile options that are not a protobuf message */
  e = compile_bytes(c, square_text, strlen(square_text), "\x0a\xff", 2, &err);
  CHECK(e == NULL && failed(err) && last_code == PJRT_Error_Code_INVALID_ARGUMENT && strstr(last_msg, "compile options"));
  /* a program that is not MLIR at all */
  e = compile_bytes(c, "\x01\x02garbage", 9, NULL, 0, &err);
  CHECK(e == NULL && failed(err) && last_code == PJRT_Error_Code_INVALID_ARGUMENT);
}

/* JAX's memory kinds (mhlo.memory_kind on main's arguments and results): what the executable
 * reports, and the memory its outputs are placed in. */
static const char placed_text[] =
    "module {\n"
    "  func.func public @main(%a: tensor<4xf32> {mhlo.memory_kind = \"pinned_host\"}, %b: tensor<4xf32> "
    "{tf.aliasing_output = 0 : i32})\n"
    "      -> (tensor<4xf32> {mhlo.memory_kind = \"device\"}, tensor<4xf32> {mhlo.memory_kind = \"pinned_host\"}) {\n"
    "    %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
    "    return %0, %a : tensor<4xf32>, tensor<4xf32>\n"
    "  }\n"
    "}\n";

static PJRT_LoadedExecutable *compile_text(PJRT_Client *c, const char *text, PJRT_Error **err) {
  tsr_mlir_module *m = NULL;
  unsigned char *bc = NULL;
  size_t size = 0;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "text", &m));
  if (m) CHECK_OK(tsr_mlir_write_bytecode(m, 1, &bc, &size));
  PJRT_LoadedExecutable *e = bc ? compile_bytes(c, (char *)bc, size, NULL, 0, err) : NULL;
  free(bc);
  tsr_mlir_module_destroy(m);
  return e;
}

static void test_memory_kinds(PJRT_Client *c, PJRT_Device *dev) {
  PJRT_Error *err = NULL;
  PJRT_LoadedExecutable *e = compile_text(c, placed_text, &err);
  CHECK_PJRT(err);
  if (!e) return;
  PJRT_Executable *x = exe_of(e);
  ARGS(PJRT_Executable_OutputMemoryKinds, ok);
  ok.executable = x;
  CHECK_PJRT(api->PJRT_Executable_OutputMemoryKinds(&ok));
  CHECK(ok.num_outputs == 2 && ok.memory_kind_sizes[0] == 6 && !memcmp(ok.memory_kinds[0], "device", 6) &&
        ok.memory_kind_sizes[1] == 11 && !memcmp(ok.memory_kinds[1], "pinned_host", 11));
  ARGS(PJRT_Executable_ParameterMemoryKinds, pk);
  pk.executable = x;
  CHECK_PJRT(api->PJRT_Executable_ParameterMemoryKinds(&pk));
  CHECK(pk.num_parameters == 2 && pk.memory_kind_sizes[0] == 11 && !memcmp(pk.memory_kinds[0], "pinned_host", 11) &&
        pk.memory_kind_sizes[1] == 6 && !memcmp(pk.memory_kinds[1], "device", 6));
  /* one device's memory: b is donated to output 0 (its alias), a and output 1 on the host */
  ARGS(PJRT_Executable_GetCompiledMemoryStats, ms);
  ms.executable = x;
  CHECK_PJRT(api->PJRT_Executable_GetCompiledMemoryStats(&ms));
  CHECK(ms.argument_size_in_bytes == 16 && ms.output_size_in_bytes == 16 && ms.alias_size_in_bytes == 16);
  CHECK(ms.host_argument_size_in_bytes == 16 && ms.host_output_size_in_bytes == 16 && ms.host_alias_size_in_bytes == 0);
  executable_destroy(x);
  float va[4] = {1, 2, 3, 4}, vb[4] = {10, 20, 30, 40}, got[4];
  int64_t d = 4;
  PJRT_Buffer *args[2] = {from_host(c, dev, PJRT_Buffer_Type_F32, va, &d, 1, NULL),
                          from_host(c, dev, PJRT_Buffer_Type_F32, vb, &d, 1, NULL)};
  PJRT_Buffer *outs[2] = {NULL, NULL};
  CHECK_PJRT(execute(e, args, 2, outs));
  for (int j = 0; j < 2 && outs[j]; j++) {
    ARGS(PJRT_Buffer_Memory, bm);
    bm.buffer = outs[j];
    CHECK_PJRT(api->PJRT_Buffer_Memory(&bm));
    ARGS(PJRT_Memory_Kind, mk);
    mk.memory = bm.memory;
    CHECK_PJRT(api->PJRT_Memory_Kind(&mk));
    CHECK(!strncmp(mk.kind, j ? "pinned_host" : "device", mk.kind_size));
    CHECK_PJRT(to_host(outs[j], got, sizeof got, NULL));
    for (int i = 0; i < 4; i++) CHECK(got[i] == (j ? va[i] : va[i] + vb[i]));
    buffer_destroy(outs[j]);
  }
  buffer_destroy(args[0]);
  buffer_destroy(args[1]);
  loaded_destroy(e);
  /* a memory kind tessera's devices do not have */
  char bad[sizeof placed_text];
  memcpy(bad, placed_text, sizeof bad);
  memcpy(strstr(bad, "\"device\""), "\"tapes!\"", 8);
  e = compile_text(c, bad, &err);
  CHECK(e == NULL && failed(err) && last_code == PJRT_Error_Code_UNIMPLEMENTED && strstr(last_msg, "'tapes!'"));
}

/* The same program and options compiled again is the same executable (the client's cache),
 * which outlives the loaded executable it was first compiled for; the cache keeps the most
 * recently used 64. */
static void test_executable_cache(PJRT_Client *c, PJRT_Device *dev) {
  PJRT_Error *err = NULL;
  PJRT_LoadedExecutable *e1 = compile_text(c, square_text, &err), *e2 = compile_text(c, square_text, &err);
  CHECK_PJRT(err);
  if (!e1 || !e2) return;
  PJRT_Executable *x1 = exe_of(e1), *x2 = exe_of(e2);
  CHECK(x1 != NULL && x1 == x2);
  executable_destroy(x1);
  executable_destroy(x2);
  loaded_destroy(e1);
  int32_t v[5] = {1, 2, 3, 4, 5}, got[5];
  int64_t d = 5;
  PJRT_Buffer *a = from_host(c, dev, PJRT_Buffer_Type_S32, v, &d, 1, NULL), *out = NULL;
  CHECK_PJRT(execute(e2, &a, 1, &out));
  if (out) {
    CHECK_PJRT(to_host(out, got, sizeof got, NULL));
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], v[i] * v[i]);
    buffer_destroy(out);
  }
  buffer_destroy(a);
  /* 64 other programs push it out: compiled again, it is a new executable */
  for (int k = 0; k < 64; k++) {
    char text[512];
    snprintf(text, sizeof text,
             "module {\n  func.func public @main(%%a: tensor<5xi32>) -> tensor<5xi32> {\n"
             "    %%c = stablehlo.constant dense<%d> : tensor<5xi32>\n"
             "    %%0 = stablehlo.add %%a, %%c : tensor<5xi32>\n    return %%0 : tensor<5xi32>\n  }\n}\n", k);
    PJRT_LoadedExecutable *ek = compile_text(c, text, &err);
    CHECK_PJRT(err);
    if (ek) loaded_destroy(ek);
  }
  PJRT_LoadedExecutable *e3 = compile_text(c, square_text, &err);
  CHECK_PJRT(err);
  if (e3) {
    PJRT_Executable *x2b = exe_of(e2), *x3 = exe_of(e3);
    CHECK(x3 != NULL && x3 != x2b);
    executable_destroy(x2b);
    executable_destroy(x3);
    loaded_destroy(e3);
  }
  loaded_destroy(e2);
}

/* ---- programs of several devices ------------------------------------------------------ */

static PJRT_Error *execute_n(PJRT_LoadedExecutable *e, int n_dev, PJRT_Buffer ***args, size_t n_args, PJRT_Buffer ***outs) {
  PJRT_ExecuteOptions opts = {.struct_size = PJRT_ExecuteOptions_STRUCT_SIZE};
  PJRT_Event *done[8] = {NULL};
  ARGS(PJRT_LoadedExecutable_Execute, a);
  a.executable = e;
  a.options = &opts;
  a.argument_lists = (PJRT_Buffer *const *const *)args;
  a.num_devices = (size_t)n_dev;
  a.num_args = n_args;
  a.output_lists = outs;
  a.device_complete_events = done;
  PJRT_Error *err = api->PJRT_LoadedExecutable_Execute(&a);
  for (int d = 0; !err && d < n_dev; d++) event_wait_destroy(done[d]);
  return err;
}

/* The serialized xla.OpSharding of output (or parameter) i, through the shardings extension. */
static void sharding_of(PJRT_LoadedExecutable *le, bool output, size_t i, const char **bytes, size_t *size) {
  const PJRT_Shardings_Extension *ext = NULL;
  for (const PJRT_Extension_Base *b = api->extension_start; b; b = b->next)
    if (b->type == PJRT_Extension_Type_Shardings) ext = (const PJRT_Shardings_Extension *)b;
  CHECK(ext != NULL);
  *bytes = NULL;
  *size = 0;
  if (!ext) return;
  ARGS(PJRT_LoadedExecutable_GetExecutable, ge);
  ge.loaded_executable = le;
  CHECK_PJRT(api->PJRT_LoadedExecutable_GetExecutable(&ge));
  if (output) {
    ARGS(PJRT_Shardings_PJRT_Executable_OutputShardings, a);
    a.executable = ge.executable;
    CHECK_PJRT(ext->PJRT_Shardings_PJRT_Executable_OutputShardings(&a));
    CHECK(i < a.num_outputs);
    *bytes = a.shardings[i];
    *size = a.sharding_sizes[i];
  } else {
    ARGS(PJRT_Shardings_PJRT_Executable_ParameterShardings, a);
    a.executable = ge.executable;
    CHECK_PJRT(ext->PJRT_Shardings_PJRT_Executable_ParameterShardings(&a));
    CHECK(i < a.num_parameters);
    *bytes = a.shardings[i];
    *size = a.sharding_sizes[i];
  }
  ARGS(PJRT_Executable_Destroy, ed); /* the strings live with the loaded executable's */
  ed.executable = ge.executable;
  CHECK_PJRT(api->PJRT_Executable_Destroy(&ed));
}

/* The devices a loaded executable runs on, in the order of its argument lists. */
static PJRT_Device *const *devices_of_exe(PJRT_LoadedExecutable *e, size_t *n) {
  ARGS(PJRT_LoadedExecutable_AddressableDevices, a);
  a.executable = e;
  CHECK_PJRT(api->PJRT_LoadedExecutable_AddressableDevices(&a));
  *n = a.num_addressable_devices;
  return a.addressable_devices;
}

static void test_sharded(void) {
  PJRT_Client *c = client_for("v5e:4");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  /* shard_map with a psum: device d holds row d of f32[4,4]; every device gets the sum of the
   * doubled rows */
  PJRT_LoadedExecutable *e = compile_fixture(c, "shard_map_psum");
  if (e) {
    devs = devices_of_exe(e, &n);
    CHECK_EQ_INT(n, 4);
    float rows[4][4];
    for (int i = 0; i < 16; i++) rows[i / 4][i % 4] = (float)(i * i % 7) - 3;
    int64_t d1[2] = {1, 4};
    PJRT_Buffer *in[4][1], *out[4][1] = {{NULL}};
    PJRT_Buffer **args[4], **outs[4];
    for (int d = 0; d < 4; d++) {
      in[d][0] = from_host(c, devs[d], PJRT_Buffer_Type_F32, rows[d], d1, 2, NULL);
      args[d] = in[d];
      outs[d] = out[d];
    }
    CHECK_PJRT(execute_n(e, 4, args, 1, outs));
    for (int d = 0; d < 4; d++) {
      float got[4] = {0};
      if (out[d][0]) {
        ARGS(PJRT_Buffer_Device, bd);
        bd.buffer = out[d][0];
        CHECK_PJRT(api->PJRT_Buffer_Device(&bd));
        CHECK(bd.device == devs[d]);
        CHECK_PJRT(to_host(out[d][0], got, sizeof got, NULL));
        for (int j = 0; j < 4; j++) CHECK(got[j] == 2 * (rows[0][j] + rows[1][j] + rows[2][j] + rows[3][j]));
        buffer_destroy(out[d][0]);
      }
    }
    /* three devices' arguments for a program of four; arguments on the wrong devices */
    CHECK_PJRT_FAILS(execute_n(e, 3, args, 1, outs), PJRT_Error_Code_INVALID_ARGUMENT, "compiled for 4 devices, run on 3");
    PJRT_Buffer **swapped[4] = {args[1], args[0], args[2], args[3]};
    CHECK_PJRT_FAILS(execute_n(e, 4, swapped, 1, outs), PJRT_Error_Code_INVALID_ARGUMENT, "argument 0 on device 0 is on device");
    for (int d = 0; d < 4; d++) buffer_destroy(in[d][0]);
    loaded_destroy(e);
  }
  /* jit over a 2x2 mesh: f32[4,6] split by rows over x and columns over y; the first output
   * keeps that split, the second (left to the compiler) is whole on every device */
  e = compile_fixture(c, "jit_2x2");
  if (e) {
    devs = devices_of_exe(e, &n);
    CHECK_EQ_INT(n, 4);
    float x[4][6];
    for (int i = 0; i < 24; i++) x[i / 6][i % 6] = (float)i * 0.5f - 3;
    int64_t sd[2] = {2, 3};
    PJRT_Buffer *in[4][1], *out[4][2] = {{NULL}};
    PJRT_Buffer **args[4], **outs[4];
    for (int d = 0; d < 4; d++) {
      float shard[2][3];
      int r0 = (d / 2) * 2, c0 = (d % 2) * 3; /* device d = (x, y) row-major */
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) shard[i][j] = x[r0 + i][c0 + j];
      in[d][0] = from_host(c, devs[d], PJRT_Buffer_Type_F32, shard, sd, 2, NULL);
      args[d] = in[d];
      outs[d] = out[d];
    }
    CHECK_PJRT(execute_n(e, 4, args, 1, outs));
    for (int d = 0; d < 4 && out[d][0] && out[d][1]; d++) {
      float y[2][3], sums[4];
      int r0 = (d / 2) * 2, c0 = (d % 2) * 3;
      CHECK_PJRT(to_host(out[d][0], y, sizeof y, NULL));
      CHECK_PJRT(to_host(out[d][1], sums, sizeof sums, NULL));
      bool ok = true;
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) ok = ok && y[i][j] == x[r0 + i][c0 + j] * 2 + 1;
      for (int i = 0; i < 4; i++) {
        float want = 0;
        for (int j = 0; j < 6; j++) want += x[i][j];
        ok = ok && sums[i] == want;
      }
      CHECK(ok);
    }
    for (int d = 0; d < 4; d++) {
      buffer_destroy(in[d][0]);
      for (int j = 0; j < 2; j++)
        if (out[d][j]) buffer_destroy(out[d][j]);
    }
    /* the shardings JAX reads: OpSharding{type OTHER, tiles [2, 2], devices [0, 1, 2, 3]} and
     * REPLICATED (all defaults: no bytes) */
    static const char tiled[] = {0x08, 0x03, 0x1a, 0x02, 0x02, 0x02, 0x22, 0x04, 0x00, 0x01, 0x02, 0x03};
    const char *b;
    size_t size;
    sharding_of(e, true, 0, &b, &size);
    CHECK(size == sizeof tiled && b && !memcmp(b, tiled, size));
    sharding_of(e, true, 1, &b, &size);
    CHECK_EQ_INT(size, 0);
    sharding_of(e, false, 0, &b, &size);
    CHECK(size == sizeof tiled && b && !memcmp(b, tiled, size));
    loaded_destroy(e);
  }
  client_destroy(c);
}

/* The number after `key` in `text` (from `from` on), or -1. */
static double json_number_after(const char *text, const char *from, const char *key) {
  const char *at = strstr(from ? from : text, key);
  return at ? strtod(at + strlen(key), NULL) : -1;
}

/* One run of the graph fixture (f32[4,8], f32[8,3] of zeros), its buffers destroyed. */
static void run_graph_once(PJRT_Client *c, PJRT_Device *dev, PJRT_LoadedExecutable *ge) {
  static const float zeros[32];
  int64_t xd[2] = {4, 8}, yd[2] = {8, 3};
  PJRT_Buffer *args[2] = {from_host(c, dev, PJRT_Buffer_Type_F32, zeros, xd, 2, NULL),
                          from_host(c, dev, PJRT_Buffer_Type_F32, zeros, yd, 2, NULL)}, *outs[2] = {NULL, NULL};
  CHECK_PJRT(execute(ge, args, 2, outs));
  for (int i = 0; i < 2; i++) {
    buffer_destroy(args[i]);
    if (outs[i]) buffer_destroy(outs[i]);
  }
}

/* TESSERA_PJRT_TIMING: op estimates from the chip's rates (a megacore device has both cores'),
 * and the report a run writes: the kernel's simulated time per call, the graph's ops. */
static void test_timing(void) {
  const tsr_chip *v5e = tsr_chip_get("v5e"), *v5p = tsr_chip_get("v5p");
  const char *bound = NULL;
  tsr_hlo_op_profile mxu = {.unit = TSR_HLO_UNIT_MXU, .runs = 1, .work = 2e12, .bytes = 1e6, .mxu_dtype = TSR_BF16};
  CHECK(fabs(pjrt_op_estimate(&mxu, v5e, &bound) - 2e12 / v5e->bf16_flops) < 1e-12 && !strcmp(bound, "mxu"));
  CHECK(fabs(pjrt_op_estimate(&mxu, v5p, &bound) - 2e12 / (2 * v5p->bf16_flops)) < 1e-12);
  mxu.mxu_dtype = TSR_F32; /* full f32: six bf16 passes' rate */
  CHECK(fabs(pjrt_op_estimate(&mxu, v5e, &bound) - 2e12 / v5e->f32_flops) < 1e-12);
  tsr_hlo_op_profile copy = {.unit = TSR_HLO_UNIT_MEMORY, .runs = 3, .bytes = 3e9};
  CHECK(fabs(pjrt_op_estimate(&copy, v5e, &bound) - 3e9 / (v5e->hbm_bytes_per_s * v5e->hbm_efficiency)) < 1e-12 &&
        !strcmp(bound, "hbm"));
  tsr_hlo_op_profile vpu = {.unit = TSR_HLO_UNIT_VPU, .runs = 1, .work = 1e12, .bytes = 8};
  CHECK(fabs(pjrt_op_estimate(&vpu, v5e, &bound) - 1e12 / v5e->vpu_ops_per_s) < 1e-12 && !strcmp(bound, "vpu"));
  tsr_hlo_op_profile ici = {.unit = TSR_HLO_UNIT_ICI, .runs = 2, .work = 1e9};
  CHECK(fabs(pjrt_op_estimate(&ici, v5e, &bound) - (1e9 / v5e->ici_link_bytes_per_s + 2 * v5e->ici_latency_s)) < 1e-12 &&
        !strcmp(bound, "ici"));

  char path[] = "/tmp/tsr_pjrt_timing_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return;
  close(fd);
  setenv("TESSERA_PJRT_TIMING", path, 1);
  PJRT_Client *c = client_for("v5e");
  unsetenv("TESSERA_PJRT_TIMING");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  PJRT_LoadedExecutable *pe = compile_fixture(c, "pallas_add"), *ge = compile_fixture(c, "graph");
  static float x[32][128], y[32][128];
  int64_t d[2] = {32, 128};
  for (int round = 0; pe && round < 2; round++) {
    PJRT_Buffer *args[2] = {from_host(c, devs[0], PJRT_Buffer_Type_F32, x, d, 2, NULL),
                            from_host(c, devs[0], PJRT_Buffer_Type_F32, y, d, 2, NULL)}, *out = NULL;
    CHECK_PJRT(execute(pe, args, 2, &out));
    for (int i = 0; i < 2; i++) buffer_destroy(args[i]);
    if (out) buffer_destroy(out);
  }
  if (ge) run_graph_once(c, devs[0], ge);
  size_t size = 0;
  char *report = tsr_test_slurp(path, &size);
  CHECK(report != NULL);
  if (report) {
    /* the kernel: two calls, simulated time of its own; the graph program: its dot, estimated */
    const char *k = strstr(report, "{\"name\": \"kernel\"");
    CHECK(k && json_number_after(report, k, "\"calls\": ") == 2 && json_number_after(report, k, "\"seconds\": ") > 0);
    CHECK(json_number_after(report, NULL, "\"kernel_seconds\": ") > 0);
    const char *dot = strstr(report, "\"op\": \"stablehlo.dot_general\"");
    CHECK(dot && strstr(dot, "\"unit\": \"mxu\", \"runs\": 1, \"work\": 192,") != NULL); /* 2 x 4x3 x 8 */
    CHECK(strstr(report, "an estimate") != NULL);
  }
  free(report);
  remove(path);
  if (pe) loaded_destroy(pe);
  if (ge) loaded_destroy(ge);
  client_destroy(c);
  /* a report that cannot be written is said on stderr; the program still runs */
  setenv("TESSERA_PJRT_TIMING", "/nonexistent-dir/report.json", 1);
  c = client_for("v5e");
  unsetenv("TESSERA_PJRT_TIMING");
  if (!c) return;
  devices_of(c, &devs, &n);
  ge = compile_fixture(c, "graph");
  if (ge) {
    run_graph_once(c, devs[0], ge);
    loaded_destroy(ge);
  }
  client_destroy(c);
}

/* ---- asynchronous execution and transfers --------------------------------------------- */

static PJRT_LoadedExecutable *compile_square(PJRT_Client *c) {
  tsr_mlir_module *m = NULL;
  CHECK_OK(tsr_mlir_parse_text(square_text, strlen(square_text), "square", &m));
  unsigned char *bc = NULL;
  size_t size = 0;
  if (m) CHECK_OK(tsr_mlir_write_bytecode(m, 1, &bc, &size));
  PJRT_Error *err = NULL;
  PJRT_LoadedExecutable *e = bc ? compile_bytes(c, (char *)bc, size, NULL, 0, &err) : NULL;
  CHECK_PJRT(err);
  free(bc);
  tsr_mlir_module_destroy(m);
  return e;
}

/* Execute without waiting: the outputs, and device 0's complete event. */
static PJRT_Error *execute_async(PJRT_LoadedExecutable *e, PJRT_Buffer **args, size_t n_args, PJRT_Buffer **outs,
                                 PJRT_Event **done) {
  PJRT_ExecuteOptions opts = {.struct_size = PJRT_ExecuteOptions_STRUCT_SIZE};
  PJRT_Buffer *const *lists[1] = {args};
  PJRT_Buffer **out_lists[1] = {outs};
  ARGS(PJRT_LoadedExecutable_Execute, a);
  a.executable = e;
  a.options = &opts;
  a.argument_lists = lists;
  a.num_devices = 1;
  a.num_args = n_args;
  a.output_lists = out_lists;
  a.device_complete_events = done;
  return api->PJRT_LoadedExecutable_Execute(&a);
}

static bool event_ready(PJRT_Event *e) {
  ARGS(PJRT_Event_IsReady, r);
  r.event = e;
  CHECK_PJRT(api->PJRT_Event_IsReady(&r));
  return r.is_ready;
}

static PJRT_Event *ready_event(PJRT_Buffer *b) {
  ARGS(PJRT_Buffer_ReadyEvent, r);
  r.buffer = b;
  CHECK_PJRT(api->PJRT_Buffer_ReadyEvent(&r));
  return r.event;
}

static void event_destroy(PJRT_Event *e) {
  ARGS(PJRT_Event_Destroy, d);
  d.event = e;
  CHECK_PJRT(api->PJRT_Event_Destroy(&d));
}

/* The error an event was set with (destroying the event). */
static PJRT_Error *event_await_destroy(PJRT_Event *e) {
  ARGS(PJRT_Event_Await, a);
  a.event = e;
  PJRT_Error *err = api->PJRT_Event_Await(&a);
  event_destroy(e);
  return err;
}

static PJRT_AsyncHostToDeviceTransferManager *manager_for(PJRT_Client *c, PJRT_Device *dev, PJRT_ShapeSpec *specs, size_t n) {
  ARGS(PJRT_Device_DefaultMemory, dm);
  dm.device = dev;
  CHECK_PJRT(api->PJRT_Device_DefaultMemory(&dm));
  ARGS(PJRT_Client_CreateBuffersForAsyncHostToDevice, a);
  a.client = c;
  a.shape_specs = specs;
  a.num_shape_specs = n;
  a.memory = dm.memory;
  CHECK_PJRT(api->PJRT_Client_CreateBuffersForAsyncHostToDevice(&a));
  return a.transfer_manager;
}

static PJRT_Buffer *retrieve(PJRT_AsyncHostToDeviceTransferManager *m, int i) {
  ARGS(PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer, r);
  r.transfer_manager = m;
  r.buffer_index = i;
  CHECK_PJRT(api->PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer(&r));
  return r.buffer_out;
}

static PJRT_Error *transfer(PJRT_AsyncHostToDeviceTransferManager *m, int i, const void *data, int64_t offset, int64_t size,
                            bool last) {
  ARGS(PJRT_AsyncHostToDeviceTransferManager_TransferData, t);
  t.transfer_manager = m;
  t.buffer_index = i;
  t.data = data;
  t.offset = offset;
  t.transfer_size = size;
  t.is_last_transfer = last;
  PJRT_Error *err = api->PJRT_AsyncHostToDeviceTransferManager_TransferData(&t);
  if (!err) event_wait_destroy(t.done_with_h2d_transfer);
  return err;
}

static void manager_destroy(PJRT_AsyncHostToDeviceTransferManager *m) {
  ARGS(PJRT_AsyncHostToDeviceTransferManager_Destroy, d);
  d.transfer_manager = m;
  CHECK_PJRT(api->PJRT_AsyncHostToDeviceTransferManager_Destroy(&d));
}

static PJRT_Error *set_buffer_error(PJRT_AsyncHostToDeviceTransferManager *m, int i, const char *msg) {
  ARGS(PJRT_AsyncHostToDeviceTransferManager_SetBufferError, e);
  e.transfer_manager = m;
  e.buffer_index = i;
  e.error_code = PJRT_Error_Code_DATA_LOSS;
  e.error_message = msg;
  e.error_message_size = strlen(msg);
  return api->PJRT_AsyncHostToDeviceTransferManager_SetBufferError(&e);
}

static int on_ready_calls;
static PJRT_Error_Code on_ready_code = PJRT_Error_Code_UNKNOWN;
static void count_ready(PJRT_Error *err, void *arg) {
  (void)arg;
  on_ready_calls++;
  on_ready_code = err ? PJRT_Error_Code_UNKNOWN : PJRT_Error_Code_OK;
  if (err) failed(err);
}

/* The transfer manager's entries and their refusals, without a program. */
static void test_transfer_manager(PJRT_Client *c, PJRT_Device *dev) {
  int64_t fd[2] = {2, 3}, bd[1] = {4};
  PJRT_ShapeSpec specs[2] = {{.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = fd, .num_dims = 2, .element_type = PJRT_Buffer_Type_F32},
                             {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = bd, .num_dims = 1, .element_type = PJRT_Buffer_Type_PRED}};
  PJRT_AsyncHostToDeviceTransferManager *m = manager_for(c, dev, specs, 2);
  if (!m) return;
  ARGS(PJRT_AsyncHostToDeviceTransferManager_BufferCount, bc);
  bc.transfer_manager = m;
  CHECK_PJRT(api->PJRT_AsyncHostToDeviceTransferManager_BufferCount(&bc));
  CHECK_EQ_INT(bc.buffer_count, 2);
  ARGS(PJRT_AsyncHostToDeviceTransferManager_BufferSize, bs);
  bs.transfer_manager = m;
  bs.buffer_index = 1;
  CHECK_PJRT(api->PJRT_AsyncHostToDeviceTransferManager_BufferSize(&bs));
  CHECK_EQ_INT(bs.buffer_size, 4); /* a boolean is one byte on the host */
  bs.buffer_index = 2;
  CHECK_PJRT_FAILS(api->PJRT_AsyncHostToDeviceTransferManager_BufferSize(&bs), PJRT_Error_Code_INVALID_ARGUMENT,
                   "buffer 2 of a transfer manager of 2 buffers");
  ARGS(PJRT_AsyncHostToDeviceTransferManager_Device, md);
  md.transfer_manager = m;
  CHECK_PJRT(api->PJRT_AsyncHostToDeviceTransferManager_Device(&md));
  CHECK(md.device_out == dev);
  PJRT_Buffer *f = retrieve(m, 0), *b = retrieve(m, 1);
  ARGS(PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer, again);
  again.transfer_manager = m;
  CHECK_PJRT_FAILS(api->PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer(&again), PJRT_Error_Code_FAILED_PRECONDITION,
                   "buffer 0 was retrieved before");
  /* not ready until its last piece; a copy to the host asked before then waits for it */
  PJRT_Event *fr = ready_event(f);
  CHECK(!event_ready(fr));
  float got[6] = {0};
  ARGS(PJRT_Buffer_ToHostBuffer, th);
  th.src = f;
  th.dst = got;
  th.dst_size = sizeof got;
  CHECK_PJRT(api->PJRT_Buffer_ToHostBuffer(&th));
  CHECK(!event_ready(th.event));
  ARGS(PJRT_Event_OnReady, onr);
  onr.event = fr;
  onr.callback = count_ready;
  on_ready_calls = 0;
  CHECK_PJRT(api->PJRT_Event_OnReady(&onr));
  CHECK_EQ_INT(on_ready_calls, 0);
  const float v[6] = {1.5f, -2, 3, 4, 5, 6.25f};
  CHECK_PJRT(transfer(m, 0, v, 0, 8, false));
  CHECK(!event_ready(fr));
  /* pieces that do not fit */
  CHECK_PJRT_FAILS(transfer(m, 0, v, 20, 8, false), PJRT_Error_Code_INVALID_ARGUMENT, "bytes 20 to 28 of buffer 0, which has 24");
  CHECK_PJRT_FAILS(transfer(m, 0, v, -4, 4, false), PJRT_Error_Code_INVALID_ARGUMENT, "bytes -4 to 0 of buffer 0");
  CHECK_PJRT_FAILS(transfer(m, 0, v, 8, 4, true), PJRT_Error_Code_INVALID_ARGUMENT,
                   "the last transfer to buffer 0 brings it 12 of its 24 bytes");
  CHECK_PJRT_FAILS(transfer(m, 7, v, 0, 4, true), PJRT_Error_Code_INVALID_ARGUMENT, "buffer 7 of a transfer manager of 2");
  CHECK_PJRT(transfer(m, 0, (const char *)v + 8, 8, 16, true));
  CHECK(event_ready(fr) && on_ready_calls == 1 && on_ready_code == PJRT_Error_Code_OK);
  CHECK_PJRT(event_await_destroy(th.event));
  CHECK(!memcmp(got, v, sizeof v));
  CHECK_PJRT(event_await_destroy(fr));
  CHECK_PJRT_FAILS(transfer(m, 0, v, 0, 4, false), PJRT_Error_Code_FAILED_PRECONDITION, "buffer 0 already received its last transfer");
  CHECK_PJRT_FAILS(set_buffer_error(m, 0, "late"), PJRT_Error_Code_FAILED_PRECONDITION, "already received its last transfer");
  /* booleans: one byte each on the host, any non-zero byte true */
  const unsigned char bools[4] = {0, 1, 7, 0};
  unsigned char bgot[4] = {9, 9, 9, 9};
  CHECK_PJRT(transfer(m, 1, bools, 0, 4, true));
  CHECK_PJRT(to_host(b, bgot, sizeof bgot, NULL));
  CHECK(bgot[0] == 0 && bgot[1] == 1 && bgot[2] == 1 && bgot[3] == 0);
  /* a raw copy to a destination given later (CopyRawToHostFuture) */
  ARGS(PJRT_Buffer_CopyRawToHostFuture, fut);
  fut.buffer = f;
  fut.offset = 4;
  fut.transfer_size = 8;
  CHECK_PJRT(api->PJRT_Buffer_CopyRawToHostFuture(&fut));
  CHECK(!event_ready(fut.event));
  float two[2] = {0, 0};
  PJRT_Buffer_CopyRawToHostFuture_Callback_Args cb = {.struct_size = PJRT_Buffer_CopyRawToHostFuture_Callback_Args_STRUCT_SIZE,
                                                      .callback_data = fut.callback_data, .dst = two};
  fut.future_ready_callback(&cb);
  CHECK_PJRT(event_await_destroy(fut.event));
  CHECK(two[0] == -2 && two[1] == 3);
  CHECK_PJRT(api->PJRT_Buffer_CopyRawToHostFuture(&fut));
  cb = (PJRT_Buffer_CopyRawToHostFuture_Callback_Args){.struct_size = PJRT_Buffer_CopyRawToHostFuture_Callback_Args_STRUCT_SIZE,
                                                       .callback_data = fut.callback_data, .error_code = PJRT_Error_Code_ABORTED,
                                                       .error_message = "no room", .error_message_size = 7};
  fut.future_ready_callback(&cb);
  CHECK_PJRT_FAILS(event_await_destroy(fut.event), PJRT_Error_Code_ABORTED, "no room");
  fut.offset = 20;
  CHECK_PJRT_FAILS(api->PJRT_Buffer_CopyRawToHostFuture(&fut), PJRT_Error_Code_INVALID_ARGUMENT,
                   "bytes 20 to 28 of a buffer of 24 bytes");
  manager_destroy(m);
  buffer_destroy(f);
  buffer_destroy(b);
  /* refusals at creation */
  int64_t neg[1] = {-1};
  PJRT_ShapeSpec bad = {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = neg, .num_dims = 1, .element_type = PJRT_Buffer_Type_F32};
  ARGS(PJRT_Client_CreateBuffersForAsyncHostToDevice, cb2);
  cb2.client = c;
  cb2.shape_specs = &bad;
  cb2.num_shape_specs = 1;
  CHECK_PJRT_FAILS(api->PJRT_Client_CreateBuffersForAsyncHostToDevice(&cb2), PJRT_Error_Code_INVALID_ARGUMENT, "no memory");
  ARGS(PJRT_Device_DefaultMemory, dm);
  dm.device = dev;
  CHECK_PJRT(api->PJRT_Device_DefaultMemory(&dm));
  cb2.memory = dm.memory;
  CHECK_PJRT_FAILS(api->PJRT_Client_CreateBuffersForAsyncHostToDevice(&cb2), PJRT_Error_Code_INVALID_ARGUMENT, "dimension 0 is negative");
  /* a manager destroyed before a buffer's last piece fails that buffer */
  m = manager_for(c, dev, specs, 1);
  if (!m) return;
  f = retrieve(m, 0);
  manager_destroy(m);
  CHECK_PJRT_FAILS(to_host(f, got, sizeof got, NULL), PJRT_Error_Code_CANCELLED,
                   "destroyed before buffer 0 received its last transfer");
  buffer_destroy(f);
}

/* Programs on buffers whose data has not come yet: Execute returns at once, the outputs are
 * ready when the run is done, runs queued on one another keep their order, and what JAX
 * deletes or donates meanwhile stays until the run is over. */
static void test_async_execute(PJRT_Client *c, PJRT_Device *dev) {
  PJRT_LoadedExecutable *sq = compile_square(c), *add = compile_fixture(c, "pallas_add");
  if (!sq || !add) {
    loaded_destroy(sq);
    loaded_destroy(add);
    return;
  }
  int64_t d5 = 5;
  PJRT_ShapeSpec s5 = {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = &d5, .num_dims = 1, .element_type = PJRT_Buffer_Type_S32};
  PJRT_AsyncHostToDeviceTransferManager *m = manager_for(c, dev, &s5, 1);
  if (!m) return;
  PJRT_Buffer *in = retrieve(m, 0);
  /* x -> x^2 -> x^4 -> x^8, each run queued on the last one's output before any has run */
  PJRT_Buffer *chain[4] = {in, NULL, NULL, NULL};
  PJRT_Event *done[3] = {NULL, NULL, NULL};
  for (int k = 0; k < 3; k++) CHECK_PJRT(execute_async(sq, &chain[k], 1, &chain[k + 1], &done[k]));
  if (!chain[3]) return;
  CHECK(!event_ready(done[0]) && !event_ready(done[2]));
  PJRT_Event *last = ready_event(chain[3]);
  CHECK(!event_ready(last));
  /* the input and the middle results are dropped while the runs that read them wait */
  buffer_destroy(chain[1]);
  ARGS(PJRT_Buffer_Delete, del);
  del.buffer = chain[2];
  CHECK_PJRT(api->PJRT_Buffer_Delete(&del));
  buffer_destroy(chain[2]);
  const int32_t x[5] = {-2, 0, 1, 2, 3};
  CHECK_PJRT(transfer(m, 0, x, 0, sizeof x, true));
  for (int k = 0; k < 3; k++) CHECK_PJRT(event_await_destroy(done[k]));
  CHECK_PJRT(event_await_destroy(last));
  int32_t got[5];
  CHECK_PJRT(to_host(chain[3], got, sizeof got, NULL));
  for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i]);
  buffer_destroy(chain[3]);
  manager_destroy(m);
  buffer_destroy(in);

  /* a transfer that fails: the runs on it fail with its error, on their outputs and events */
  m = manager_for(c, dev, &s5, 1);
  in = retrieve(m, 0);
  PJRT_Buffer *out = NULL, *out2 = NULL;
  PJRT_Event *ev = NULL, *ev2 = NULL;
  CHECK_PJRT(execute_async(sq, &in, 1, &out, &ev));
  CHECK_PJRT(execute_async(sq, &out, 1, &out2, &ev2));
  /* a copy to another memory of an output not made yet: made when it is (here, failed) */
  ARGS(PJRT_Buffer_CopyToMemory, cm);
  cm.buffer = out;
  ARGS(PJRT_Device_AddressableMemories, am);
  am.device = dev;
  CHECK_PJRT(api->PJRT_Device_AddressableMemories(&am));
  cm.dst_memory = am.memories[1];
  CHECK_PJRT(api->PJRT_Buffer_CopyToMemory(&cm));
  CHECK_PJRT(set_buffer_error(m, 0, "the sender went away"));
  CHECK_PJRT_FAILS(event_await_destroy(ev), PJRT_Error_Code_DATA_LOSS, "the sender went away");
  CHECK_PJRT_FAILS(event_await_destroy(ev2), PJRT_Error_Code_DATA_LOSS, "the sender went away");
  CHECK_PJRT_FAILS(to_host(out2, got, sizeof got, NULL), PJRT_Error_Code_DATA_LOSS, "the sender went away");
  CHECK_PJRT_FAILS(to_host(cm.dst_buffer, got, sizeof got, NULL), PJRT_Error_Code_DATA_LOSS, "the sender went away");
  CHECK_PJRT_FAILS(set_buffer_error(m, 0, "twice"), PJRT_Error_Code_FAILED_PRECONDITION, "already received its last transfer");
  buffer_destroy(cm.dst_buffer);
  buffer_destroy(out);
  buffer_destroy(out2);
  manager_destroy(m);
  buffer_destroy(in);

  /* donation at the call: the donated argument is deleted at once, and read when its data comes */
  int64_t d2[2] = {32, 128};
  PJRT_ShapeSpec s2 = {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = d2, .num_dims = 2, .element_type = PJRT_Buffer_Type_F32};
  PJRT_ShapeSpec two[2] = {s2, s2};
  m = manager_for(c, dev, two, 2);
  PJRT_Buffer *args[2] = {retrieve(m, 0), retrieve(m, 1)};
  out = NULL;
  CHECK_PJRT(execute_async(add, args, 2, &out, NULL));
  CHECK(is_deleted(args[0]) && !is_deleted(args[1]));
  CHECK_PJRT_FAILS(execute_async(add, args, 2, &out2, NULL), PJRT_Error_Code_INVALID_ARGUMENT, "argument 0 was deleted or donated");
  buffer_destroy(args[0]);
  static float xs[32][128], ys[32][128], sum[32][128];
  for (int i = 0; i < 32 * 128; i++) {
    xs[i / 128][i % 128] = (float)(i % 11) - 5;
    ys[i / 128][i % 128] = (float)(i % 7) * 0.5f;
  }
  CHECK_PJRT(transfer(m, 0, xs, 0, sizeof xs, true));
  CHECK_PJRT(transfer(m, 1, ys, 0, sizeof ys, true));
  CHECK_PJRT(to_host(out, sum, sizeof sum, NULL));
  bool same = true;
  for (int i = 0; i < 32 * 128; i++) same = same && sum[i / 128][i % 128] == xs[i / 128][i % 128] + ys[i / 128][i % 128] * 2;
  CHECK(same);
  buffer_destroy(out);
  buffer_destroy(args[1]);
  manager_destroy(m);

  /* the worker runs while this thread queues more, reads results back and drops them: a chain
   * of x -> x*x mod 2^32 from a ready input, every other result copied to the host as soon as
   * it is asked for (TSan checks the hand-offs) */
  const int32_t x0[5] = {3, -1, 5, 7, 2};
  int64_t d5b = 5;
  PJRT_Buffer *cur = from_host(c, dev, PJRT_Buffer_Type_S32, x0, &d5b, 1, NULL);
  uint32_t want[5];
  for (int i = 0; i < 5; i++) want[i] = (uint32_t)x0[i];
  int32_t seen[5];
  bool all_right = true;
  for (int k = 0; k < 40 && cur; k++) {
    PJRT_Buffer *next = NULL;
    CHECK_PJRT(execute_async(sq, &cur, 1, &next, NULL));
    for (int i = 0; i < 5; i++) want[i] *= want[i];
    if (k % 2) {
      CHECK_PJRT(to_host(next, seen, sizeof seen, NULL));
      for (int i = 0; i < 5; i++) all_right = all_right && (uint32_t)seen[i] == want[i];
    }
    buffer_destroy(cur);
    cur = next;
  }
  CHECK(all_right);
  if (cur) buffer_destroy(cur);

  /* work still queued when the client goes runs first; the worker thread ends with it */
  m = manager_for(c, dev, &s5, 1);
  in = retrieve(m, 0);
  out = NULL;
  CHECK_PJRT(execute_async(sq, &in, 1, &out, NULL));
  manager_destroy(m); /* fails the input: the run fails rather than wait for ever */
  buffer_destroy(in);
  buffer_destroy(out); /* before the run: the run keeps it */
  loaded_destroy(sq);
  loaded_destroy(add);
}

/* TESSERA_PJRT_SYNC=1: Execute runs the program itself and returns its failure. */
static void test_sync_execute(void) {
  setenv("TESSERA_PJRT_SYNC", "1", 1);
  PJRT_Client *c = client_for("v5e");
  unsetenv("TESSERA_PJRT_SYNC");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  PJRT_LoadedExecutable *sq = compile_square(c);
  int64_t d5 = 5;
  PJRT_ShapeSpec s5 = {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = &d5, .num_dims = 1, .element_type = PJRT_Buffer_Type_S32};
  PJRT_AsyncHostToDeviceTransferManager *m = sq ? manager_for(c, devs[0], &s5, 1) : NULL;
  if (m) {
    PJRT_Buffer *in = retrieve(m, 0), *out = NULL;
    PJRT_Event *ev = NULL;
    CHECK_PJRT(set_buffer_error(m, 0, "lost"));
    CHECK_PJRT_FAILS(execute_async(sq, &in, 1, &out, &ev), PJRT_Error_Code_DATA_LOSS, "lost");
    CHECK(out == NULL && ev == NULL);
    manager_destroy(m);
    buffer_destroy(in);
    const int32_t x[5] = {1, 2, 3, 4, 5};
    in = from_host(c, devs[0], PJRT_Buffer_Type_S32, x, &d5, 1, NULL);
    CHECK_PJRT(execute_async(sq, &in, 1, &out, &ev));
    CHECK(ev && event_ready(ev)); /* done when Execute returns */
    CHECK_PJRT(event_await_destroy(ev));
    int32_t got[5];
    CHECK_PJRT(to_host(out, got, sizeof got, NULL));
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], x[i] * x[i]);
    buffer_destroy(in);
    buffer_destroy(out);
  }
  loaded_destroy(sq);
  client_destroy(c);
}

static void *nothing(void *arg) { return arg; }

/* The threads of this process (/proc/self/task); -1 where there is no /proc. A thread made and
 * joined first lets a sanitizer start the thread of its own it starts with the first one. */
static int thread_count(void) {
  static bool warmed;
  pthread_t t;
  if (!warmed && pthread_create(&t, NULL, nothing, NULL) == 0) pthread_join(t, NULL);
  warmed = true;
  DIR *d = opendir("/proc/self/task");
  if (!d) return -1;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
  closedir(d);
  return n;
}

/* TESSERA_PJRT_INLINE_US: a cheap program runs in Execute when nothing is queued or running
 * and its arguments are ready, and is queued behind work that is; a bad value is refused. */
static void test_inline_execute(void) {
  setenv("TESSERA_PJRT_INLINE_US", "soon", 1);
  ARGS(PJRT_Client_Create, bad);
  CHECK_PJRT_FAILS(api->PJRT_Client_Create(&bad), PJRT_Error_Code_INVALID_ARGUMENT, "TESSERA_PJRT_INLINE_US='soon'");
  setenv("TESSERA_PJRT_INLINE_US", "10000000", 1); /* everything counts as cheap */
  PJRT_Client *c = client_for("v5e");
  unsetenv("TESSERA_PJRT_INLINE_US");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  PJRT_LoadedExecutable *sq = compile_square(c);
  int64_t d5 = 5;
  const int32_t x[5] = {1, 2, 3, -4, 5};
  PJRT_Buffer *in = sq ? from_host(c, devs[0], PJRT_Buffer_Type_S32, x, &d5, 1, NULL) : NULL, *out = NULL;
  PJRT_Event *ev = NULL;
  if (in) {
    CHECK_PJRT(execute_async(sq, &in, 1, &out, &ev)); /* the first run: on the worker, timed */
    CHECK_PJRT(event_await_destroy(ev));
    buffer_destroy(out);
    CHECK_PJRT(execute_async(sq, &in, 1, &out, &ev)); /* cheap now: done when Execute returns */
    CHECK(event_ready(ev));
    CHECK_PJRT(event_await_destroy(ev));
    int32_t got[5];
    CHECK_PJRT(to_host(out, got, sizeof got, NULL));
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], x[i] * x[i]);
    buffer_destroy(out);
    /* behind a run that waits for a transfer, it waits its turn */
    PJRT_ShapeSpec s5 = {.struct_size = PJRT_ShapeSpec_STRUCT_SIZE, .dims = &d5, .num_dims = 1, .element_type = PJRT_Buffer_Type_S32};
    PJRT_AsyncHostToDeviceTransferManager *m = manager_for(c, devs[0], &s5, 1);
    PJRT_Buffer *late = m ? retrieve(m, 0) : NULL, *first = NULL;
    PJRT_Event *ev1 = NULL;
    if (late) {
      CHECK_PJRT(execute_async(sq, &late, 1, &first, &ev1));
      CHECK_PJRT(execute_async(sq, &in, 1, &out, &ev));
      CHECK(!event_ready(ev) && !event_ready(ev1));
      CHECK_PJRT(transfer(m, 0, x, 0, sizeof x, true));
      CHECK_PJRT(event_await_destroy(ev1));
      CHECK_PJRT(event_await_destroy(ev));
      CHECK_PJRT(to_host(out, got, sizeof got, NULL));
      for (int i = 0; i < 5; i++) CHECK_EQ_INT(got[i], x[i] * x[i]);
      buffer_destroy(first);
      buffer_destroy(out);
      manager_destroy(m);
      buffer_destroy(late);
    }
    /* one whose argument failed fails here, on its events: Execute itself succeeds */
    m = manager_for(c, devs[0], &s5, 1);
    late = m ? retrieve(m, 0) : NULL;
    if (late) {
      CHECK_PJRT(set_buffer_error(m, 0, "gone"));
      CHECK_PJRT(execute_async(sq, &late, 1, &out, &ev));
      CHECK(event_ready(ev));
      CHECK_PJRT_FAILS(event_await_destroy(ev), PJRT_Error_Code_DATA_LOSS, "gone");
      CHECK_PJRT_FAILS(to_host(out, got, sizeof got, NULL), PJRT_Error_Code_DATA_LOSS, "gone");
      buffer_destroy(out);
      manager_destroy(m);
      buffer_destroy(late);
    }
    buffer_destroy(in);
  }
  loaded_destroy(sq);
  client_destroy(c);
}

static void test_programs(void) {
  int threads = thread_count();
  setenv("TESSERA_PJRT_INLINE_US", "0", 1); /* every run on the worker: what the tests below wait for */
  PJRT_Client *c = client_for("v5e");
  unsetenv("TESSERA_PJRT_INLINE_US");
  if (!c) return;
  PJRT_Device *const *devs;
  size_t n;
  devices_of(c, &devs, &n);
  test_graph(c, devs[0]);
  test_pallas(c, devs[0]);
  test_plain_bytecode(c, devs[0]);
  test_memory_kinds(c, devs[0]);
  test_executable_cache(c, devs[0]);
  test_transfer_manager(c, devs[0]);
  test_async_execute(c, devs[0]);
  CHECK(thread_count() > threads); /* the worker */
  client_destroy(c);
  /* the worker is joined by then, but a joined thread can stay listed in /proc/self/task for
   * a moment until the kernel reaps it: look again for up to a second */
  for (int i = 0; i < 100 && thread_count() != threads; i++) nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
  CHECK_EQ_INT(thread_count(), threads); /* no thread of the client's is left */
  test_sync_execute();
  test_inline_execute();
}

int main(void) {
  api = GetPjrtApi();
  CHECK(api != NULL);
  if (!api) return tsr_test_finish("pjrt");
  test_table();
  test_events();
  test_bad_specs();
  test_devices();
  test_buffers();
  test_programs();
  test_sharded();
  test_timing();
  return tsr_test_finish("pjrt");
}
