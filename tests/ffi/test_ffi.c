/* The XLA FFI handler of the Python package, driven by hand-made call frames in place of
 * XLA's (a stand-in for XLA_FFI_Api that records the errors the handler makes): the metadata
 * request, an API version it was not built for, a kernel run on the frame's buffers in place
 * (aliased) against a C loop, attributes and buffers that are wrong in every way checked,
 * buffers that disagree with the kernel, a race, an unsupported op and poison named in the
 * error, each payload compiled once, two threads calling at once, and a timing session whose
 * figures equal a timing model watching tsr_hlo_kernel_run itself. Under ASan nothing is read
 * past a buffer; under TSan the cache and the pool are race-free. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ffi/ffi.h"
#include "harness.h"
#include "payload.h"
#include "xla/ffi/api/c_api.h"

XLA_FFI_Error *tsr_ffi_handler(XLA_FFI_CallFrame *cf);

/* ---- a stand-in for XLA's side of the API ---- */

struct XLA_FFI_Error {
  XLA_FFI_Error_Code code;
  char message[4200];
};

static XLA_FFI_Error *error_create(XLA_FFI_Error_Create_Args *a) {
  XLA_FFI_Error *e = calloc(1, sizeof *e);
  if (!e) abort();
  e->code = a->errc;
  snprintf(e->message, sizeof e->message, "%s", a->message);
  return e;
}

static XLA_FFI_Api api = {
    .struct_size = XLA_FFI_Api_STRUCT_SIZE,
    .api_version = {.struct_size = XLA_FFI_Api_Version_STRUCT_SIZE, .major_version = XLA_FFI_API_MAJOR,
                    .minor_version = XLA_FFI_API_MINOR},
    .XLA_FFI_Error_Create = error_create,
};

/* A call's attributes, built in name order as XLA passes them. */
typedef struct attrs {
  int n;
  XLA_FFI_AttrType types[16];
  XLA_FFI_ByteSpan names[16], *name_ptrs[16];
  void *values[16];
  XLA_FFI_ByteSpan strings[16];
  XLA_FFI_Scalar scalars[16];
  int64_t ints[16];
  XLA_FFI_Array array;
} attrs;

static void add(attrs *a, const char *name, XLA_FFI_AttrType t) {
  int i = a->n++;
  a->names[i] = (XLA_FFI_ByteSpan){name, strlen(name)};
  a->name_ptrs[i] = &a->names[i];
  a->types[i] = t;
}
static void add_string(attrs *a, const char *name, const char *v) {
  int i = a->n;
  add(a, name, XLA_FFI_AttrType_STRING);
  a->strings[i] = (XLA_FFI_ByteSpan){v, strlen(v)};
  a->values[i] = &a->strings[i];
}
static void add_int(attrs *a, const char *name, int64_t v) {
  int i = a->n;
  add(a, name, XLA_FFI_AttrType_SCALAR);
  a->ints[i] = v;
  a->scalars[i] = (XLA_FFI_Scalar){XLA_FFI_DataType_S64, &a->ints[i]};
  a->values[i] = &a->scalars[i];
}
static void add_aliases(attrs *a, int64_t *pairs, size_t n) {
  int i = a->n;
  add(a, "aliases", XLA_FFI_AttrType_ARRAY);
  a->array = (XLA_FFI_Array){XLA_FFI_DataType_S64, 2 * n, pairs};
  a->values[i] = &a->array;
}

/* The options tessera.jax.enable() sets by default, and a payload. */
static void defaults(attrs *a, const char *payload, const char *name) {
  add_int(a, "check", 1);
  add_string(a, "chip", "v5e");
  add_string(a, "dma_order", "eager");
  add_int(a, "host_helpers", 0);
  add_string(a, "kernel_name", name);
  add_int(a, "max_ops", 0);
  add_string(a, "payload", payload);
  add_int(a, "poison", 0);
  add_int(a, "seed", 0);
  add_int(a, "zero_copy", 0);
}

typedef struct frame {
  XLA_FFI_CallFrame cf;
  XLA_FFI_Buffer bufs[8];
  void *args[4], *rets[4];
  XLA_FFI_ArgType arg_types[4];
  XLA_FFI_RetType ret_types[4];
  int64_t dims[8][2];
} frame;

static XLA_FFI_Buffer buffer(void *data, XLA_FFI_DataType t, int64_t rows, int64_t cols, int64_t *dims) {
  dims[0] = rows;
  dims[1] = cols;
  return (XLA_FFI_Buffer){.struct_size = XLA_FFI_Buffer_STRUCT_SIZE, .dtype = t, .data = data, .rank = 2, .dims = dims};
}

/* A frame of f32 (rows, cols) buffers: `nargs` operands then `nrets` results. */
static void make_frame(frame *f, attrs *a, int nargs, int nrets, float **data, int64_t rows, int64_t cols) {
  memset(&f->cf, 0, sizeof f->cf);
  f->cf.struct_size = XLA_FFI_CallFrame_STRUCT_SIZE;
  f->cf.api = &api;
  f->cf.stage = XLA_FFI_ExecutionStage_EXECUTE;
  for (int i = 0; i < nargs + nrets; i++) f->bufs[i] = buffer(data[i], XLA_FFI_DataType_F32, rows, cols, f->dims[i]);
  for (int i = 0; i < nargs; i++) {
    f->args[i] = &f->bufs[i];
    f->arg_types[i] = XLA_FFI_ArgType_BUFFER;
  }
  for (int i = 0; i < nrets; i++) {
    f->rets[i] = &f->bufs[nargs + i];
    f->ret_types[i] = XLA_FFI_RetType_BUFFER;
  }
  f->cf.args = (XLA_FFI_Args){.struct_size = XLA_FFI_Args_STRUCT_SIZE, .size = nargs, .types = f->arg_types, .args = f->args};
  f->cf.rets = (XLA_FFI_Rets){.struct_size = XLA_FFI_Rets_STRUCT_SIZE, .size = nrets, .types = f->ret_types, .rets = f->rets};
  f->cf.attrs = (XLA_FFI_Attrs){.struct_size = XLA_FFI_Attrs_STRUCT_SIZE, .size = a->n, .types = a->types,
                                .names = a->name_ptrs, .attrs = a->values};
}

/* Calls the handler: true when it succeeded; otherwise the error's message must hold `needle`. */
static bool call(frame *f, const char *needle) {
  XLA_FFI_Error *e = tsr_ffi_handler(&f->cf);
  if (!e) {
    if (needle) fprintf(stderr, "expected an error with \"%s\", the call succeeded\n", needle);
    return needle == NULL;
  }
  bool ok = needle && strstr(e->message, needle) && !strncmp(e->message, "tessera: ", 9);
  if (!ok) fprintf(stderr, "error: %s (wanted \"%s\")\n", e->message, needle ? needle : "no error");
  free(e);
  return ok;
}

static char *io_alias, *racy, *unsupported, *partial;

/* ---- the cases ---- */

static void test_metadata_and_version(void) {
  XLA_FFI_Metadata md = {.struct_size = XLA_FFI_Metadata_STRUCT_SIZE};
  XLA_FFI_Metadata_Extension ext = {.extension_base = {.struct_size = XLA_FFI_Metadata_Extension_STRUCT_SIZE,
                                                       .type = XLA_FFI_Extension_Metadata},
                                    .metadata = &md};
  XLA_FFI_CallFrame cf = {.struct_size = XLA_FFI_CallFrame_STRUCT_SIZE, .api = &api, .extension_start = &ext.extension_base};
  CHECK(tsr_ffi_handler(&cf) == NULL);
  CHECK_EQ_INT(md.api_version.major_version, XLA_FFI_API_MAJOR);
  CHECK_EQ_INT(md.api_version.minor_version, XLA_FFI_API_MINOR);
  /* an API of another major version is refused with an error, not used */
  attrs a = {0};
  defaults(&a, io_alias, "io_alias");
  float x[8 * 128];
  float *d[2] = {x, x};
  frame f;
  make_frame(&f, &a, 1, 1, d, 8, 128);
  api.api_version.major_version = XLA_FFI_API_MAJOR + 1;
  CHECK(call(&f, "does not match the one tessera was built for"));
  api.api_version.major_version = XLA_FFI_API_MAJOR;
  f.cf.struct_size = XLA_FFI_CallFrame_STRUCT_SIZE - 8;
  CHECK(call(&f, "does not match"));
  f.cf.struct_size = XLA_FFI_CallFrame_STRUCT_SIZE;
  f.cf.stage = XLA_FFI_ExecutionStage_PREPARE;
  CHECK(call(&f, "stage other than execute"));
}

enum { ROWS = 32, COLS = 256, N = ROWS * COLS };

/* io_alias: o = x + 3y, output 0 aliased to operand 0, run in place as XLA aliases them */
static void test_run_in_place(void) {
  static float x[N], y[N], x0[N];
  tsr_test_fill(x, N, 1);
  tsr_test_fill(y, N, 2);
  memcpy(x0, x, sizeof x);
  attrs a = {0};
  int64_t pair[2] = {0, 0};
  add_aliases(&a, pair, 1);
  defaults(&a, io_alias, "io_alias");
  float *d[3] = {x, y, x};
  frame f;
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  int64_t before = tsr_ffi_compilations();
  CHECK(call(&f, NULL));
  int bad = 0;
  for (int i = 0; i < N; i++) bad += x[i] != x0[i] + 3.0f * y[i];
  CHECK_EQ_INT(bad, 0);
  CHECK(call(&f, NULL)); /* again: x += 3y */
  bad = 0;
  for (int i = 0; i < N; i++) bad += x[i] != (x0[i] + 3.0f * y[i]) + 3.0f * y[i];
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(tsr_ffi_compilations() - before, 1);
  /* the lowering's check finds the same kernel in the cache */
  int nops = 0, nres = 0;
  CHECK_OK(tsr_ffi_check(io_alias, strlen(io_alias), "io_alias", pair, 1, 1, &nops, &nres));
  CHECK_EQ_INT(nops, 2);
  CHECK_EQ_INT(nres, 1);
  CHECK_EQ_INT(tsr_ffi_compilations() - before, 1);
}

/* Every way a frame can be wrong is an error naming it; none runs the kernel. */
static void test_bad_frames(void) {
  static float x[N], y[N], o[N], small[8 * COLS];
  float *d[3] = {x, y, o};
  frame f;
  attrs a = {0};
  defaults(&a, io_alias, "io_alias");
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, NULL)); /* without aliases: a result of its own */

  attrs none = {0};
  add_int(&none, "check", 1);
  make_frame(&f, &none, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "no payload attribute"));
  attrs odd = {0};
  defaults(&odd, io_alias, "io_alias");
  add_int(&odd, "zzz_unknown", 1);
  make_frame(&f, &odd, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "unknown attribute 'zzz_unknown'"));
  attrs typed = {0};
  add_int(&typed, "payload", 3);
  make_frame(&f, &typed, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "attribute payload is not a string"));
  attrs order = {0};
  defaults(&order, io_alias, "io_alias");
  order.strings[2] = (XLA_FFI_ByteSpan){"sideways", 8};
  make_frame(&f, &order, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "dma_order is 'sideways'"));
  attrs chip = {0};
  defaults(&chip, io_alias, "io_alias");
  chip.strings[1] = (XLA_FFI_ByteSpan){"v99", 3};
  make_frame(&f, &chip, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "v99"));
  attrs helpers = {0};
  defaults(&helpers, io_alias, "io_alias");
  helpers.ints[3] = 1000;
  make_frame(&f, &helpers, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "host_helpers is 1000"));
  attrs bad_alias = {0};
  int64_t three[3] = {0, 0, 1};
  add_aliases(&bad_alias, three, 1);
  bad_alias.array.size = 3;
  defaults(&bad_alias, io_alias, "io_alias");
  make_frame(&f, &bad_alias, 2, 1, d, ROWS, COLS);
  CHECK(call(&f, "pairs"));

  make_frame(&f, &a, 1, 1, d, ROWS, COLS);
  CHECK(call(&f, "the call has 1 operands"));
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.bufs[1].dtype = XLA_FFI_DataType_PRED;
  CHECK(call(&f, "operand 1: XLA element type 1"));
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.bufs[2].rank = 9;
  CHECK(call(&f, "result 0: rank 9"));
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.arg_types[0] = (XLA_FFI_ArgType)7;
  CHECK(call(&f, "operand 0 is not a buffer"));
  /* a buffer shorter than the kernel's blocks reach: refused, not read past (ASan) */
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.bufs[1] = buffer(small, XLA_FFI_DataType_F32, 8, COLS, f.dims[1]);
  CHECK(call(&f, "io_alias"));
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.bufs[2] = buffer(small, XLA_FFI_DataType_F32, 8, COLS, f.dims[2]);
  CHECK(call(&f, "io_alias"));
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  f.bufs[0].dtype = XLA_FFI_DataType_S8;
  CHECK(call(&f, "does not match the kernel's memref"));
}

/* Findings and failures of the kernel itself, each in the message; the next call works. */
static void test_findings(void) {
  static float x[8 * 128], o[8 * 128], io[3][N];
  float *d[2] = {x, o};
  tsr_test_fill(x, 8 * 128, 5);
  frame f;
  attrs a = {0};
  defaults(&a, racy, "racy_read");
  make_frame(&f, &a, 1, 1, d, 8, 128);
  CHECK(call(&f, "race on core 0"));
  attrs u = {0};
  defaults(&u, unsupported, "bogus");
  make_frame(&f, &u, 1, 1, d, 8, 128);
  int64_t before = tsr_ffi_compilations();
  CHECK(call(&f, "unsupported op tpu.bogus_op"));
  CHECK(call(&f, "kernel 'bogus': Mosaic kernel: unsupported op tpu.bogus_op")); /* the kept failure */
  CHECK_EQ_INT(tsr_ffi_compilations() - before, 1);
  /* the racy kernel without the checkers: its data is right under eager DMAs */
  a.ints[0] = 0;
  make_frame(&f, &a, 1, 1, d, 8, 128);
  CHECK(call(&f, NULL));
  int bad = 0;
  for (int i = 0; i < 8 * 128; i++) bad += o[i] != x[i] + x[i];
  CHECK_EQ_INT(bad, 0);
  /* an output block left half written carries poison */
  static float px[32 * 128], po[32 * 128];
  float *pd[2] = {px, po};
  attrs p = {0};
  defaults(&p, partial, "split_partial_out");
  p.ints[7] = 1; /* poison */
  make_frame(&f, &p, 1, 1, pd, 32, 128);
  CHECK(call(&f, "poison"));
  p.ints[7] = 0;
  make_frame(&f, &p, 1, 1, pd, 32, 128);
  CHECK(call(&f, NULL));
  /* and the next call of a good kernel works */
  float *iod[3] = {io[0], io[1], io[2]};
  attrs g = {0};
  defaults(&g, io_alias, "io_alias");
  make_frame(&f, &g, 2, 1, iod, ROWS, COLS);
  CHECK(call(&f, NULL));
}

typedef struct worker {
  float x[N], y[N], o[N];
  int ok;
} worker;

static void *work(void *arg) {
  worker *w = arg;
  attrs a = {0};
  defaults(&a, io_alias, "io_alias");
  float *d[3] = {w->x, w->y, w->o};
  frame f;
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  for (int r = 0; r < 10; r++) {
    memset(w->o, 0, sizeof w->o);
    if (!call(&f, NULL)) continue;
    int bad = 0;
    for (int i = 0; i < N; i++) bad += w->o[i] != w->x[i] + 3.0f * w->y[i];
    w->ok += bad == 0;
  }
  return NULL;
}

static void test_threads(void) {
  static worker w[2];
  pthread_t t[2];
  tsr_ffi_release(); /* the first calls compile too, from both threads */
  for (int i = 0; i < 2; i++) {
    tsr_test_fill(w[i].x, N, 10 + (unsigned)i);
    tsr_test_fill(w[i].y, N, 20 + (unsigned)i);
    CHECK(pthread_create(&t[i], NULL, work, &w[i]) == 0);
  }
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  CHECK_EQ_INT(w[0].ok, 10);
  CHECK_EQ_INT(w[1].ok, 10);
}

/* A session's model sees the calls as a model attached to a machine running the kernel sees
 * it: the same seconds and counts. */
static void test_session(void) {
  static float x[N], y[N], o[N];
  tsr_test_fill(x, N, 7);
  tsr_test_fill(y, N, 8);
  attrs a = {0};
  defaults(&a, io_alias, "io_alias");
  float *d[3] = {x, y, o};
  frame f;
  make_frame(&f, &a, 2, 1, d, ROWS, COLS);
  tsr_ffi_session *s = NULL, *s2 = NULL;
  CHECK_OK(tsr_ffi_session_open("v5p", true, TSR_COMPUTE, &s));
  CHECK_FAILS(tsr_ffi_session_open("v5e", false, TSR_COMPUTE, &s2), TSR_ERR_INVALID, "open already");
  CHECK(call(&f, NULL));
  CHECK(call(&f, NULL));
  tsr_ffi_session_close(s);
  CHECK(call(&f, NULL)); /* not observed */
  tsr_timing_summary sum;
  tsr_timing_summarize(tsr_ffi_session_timing(s), &sum);
  CHECK_EQ_INT(sum.kernels, 2);

  /* the reference: the kernel run twice by hand on a v5p machine a timing model watches */
  tsr_hlo_kernel *k = NULL;
  tsr_hlo_kernel_desc kd = {.backend_config = io_alias, .backend_config_len = strlen(io_alias)};
  CHECK_OK(tsr_hlo_kernel_create(&kd, &k));
  tsr_machine *m = NULL;
  tsr_timing *t = NULL;
  tsr_chip chip;
  CHECK_OK(tsr_chip_load("v5p", &chip));
  CHECK_OK(tsr_machine_create(&(tsr_machine_options){.chip = &chip, .quiet = true}, &m));
  CHECK_OK(tsr_timing_create(&chip, NULL, &t));
  CHECK_OK(tsr_timing_attach(t, m));
  int64_t sh[2] = {ROWS, COLS};
  tsr_ref ops[2] = {tsr_ref_dense(x, TSR_F32, TSR_HBM, 2, sh), tsr_ref_dense(y, TSR_F32, TSR_HBM, 2, sh)};
  tsr_ref res = tsr_ref_dense(o, TSR_F32, TSR_HBM, 2, sh);
  for (int r = 0; r < 2 && k; r++) CHECK_OK(tsr_hlo_kernel_run(k, m, ops, 2, &res, 1, NULL));
  tsr_timing_summary ref;
  tsr_timing_summarize(t, &ref);
  CHECK(sum.seconds > 0 && sum.seconds == ref.seconds);
  CHECK_EQ_INT(sum.steps, ref.steps);
  CHECK_EQ_INT(sum.dmas, ref.dmas);
  CHECK_EQ_INT(sum.bytes_moved, ref.bytes_moved);
  tsr_timing_kernel k0;
  CHECK_OK(tsr_timing_kernel_at(tsr_ffi_session_timing(s), 1, &k0));
  CHECK(k && !strcmp(k0.name, tsr_hlo_kernel_name(k))); /* the kernel func's name, as tessera run reports it */
  tsr_machine_destroy(m);
  tsr_timing_destroy(t);
  tsr_hlo_kernel_destroy(k);
  tsr_ffi_session_destroy(s);
  CHECK_OK(tsr_ffi_session_open("v5e", false, TSR_COMPUTE, &s2)); /* the next one may open */
  tsr_ffi_session_destroy(s2);
}

int main(void) {
  io_alias = tsr_test_payload("tests/jax_suite/io_alias/v_new/body.mlirbc", 1);
  racy = tsr_test_payload("tests/mosaic/racy_read.mlir", -1);
  partial = tsr_test_payload("tests/mosaic/split_partial_out.mlir", -1);
  /* the racy kernel with an op no executor knows in place of its add */
  size_t n = 0;
  char *text = tsr_test_slurp("tests/mosaic/racy_read.mlir", &n), *at = text ? strstr(text, "%d = arith.addf %v, %v : vector<8x128xf32>") : NULL;
  if (at) {
    char *bogus = malloc(n + 256);
    sprintf(bogus, "%.*s%%d = \"tpu.bogus_op\"(%%v, %%v) : (vector<8x128xf32>, vector<8x128xf32>) -> vector<8x128xf32>%s",
            (int)(at - text), text, at + strlen("%d = arith.addf %v, %v : vector<8x128xf32>"));
    char *b64 = tsr_test_base64((const unsigned char *)bogus, strlen(bogus));
    unsupported = malloc(strlen(b64) + 64);
    sprintf(unsupported, "{\"custom_call_config\": {\"body\": \"%s\"}}", b64);
    free(b64);
    free(bogus);
  }
  free(text);
  CHECK(io_alias && racy && partial && unsupported);
  if (io_alias && racy && partial && unsupported) {
    test_metadata_and_version();
    test_run_in_place();
    test_bad_frames();
    test_findings();
    test_threads();
    test_session();
  }
  tsr_ffi_release();
  free(io_alias);
  free(racy);
  free(partial);
  free(unsupported);
  return tsr_test_finish("test_ffi");
}
