/* ICI in the timing model: remote copies and signals between the devices of a mesh, timed on a
 * chip whose every other cost is zero, so that a kernel's simulated time is what the links
 * take. Expected times are worked out by hand from the model's rule (docs/timing.md, "ICI"):
 * a copy of B bytes over h hops takes h x latency + B / bandwidth; transfers on one link share
 * its bandwidth equally; routes go dimension by dimension, the shorter way round each ring.
 * With latency 1 us and B / bandwidth 1 us (32 KiB at 32.768 GB/s) the answers are whole
 * microseconds. */
#include <math.h>
#include <unistd.h>

#include "harness.h"
#include "tessera/pipeline.h"
#include "tessera/timing.h"

enum { ROWS = 64, COLS = 128, MAXC = 4 };
#define BYTES ((int64_t)ROWS * COLS * 4) /* 32 KiB: whole (8,128) f32 tiles */
#define US 1e-6

typedef struct copy { int from, to; } copy;
typedef struct plan {
  int ncopies;
  copy copies[MAXC];
  int signal_from, signal_to; /* -1: no signal */
} plan;

/* Every device starts the copies it sends, waits for them to leave, then waits for each copy it
 * receives; the signal's target waits for it. A copy lands in the receiver's slot for its
 * sender: devices that both send and receive, or two senders to one device, would otherwise
 * write host memory another thread reads or writes (a race ThreadSanitizer reports; the
 * model's times depend on the bytes only). */
static tsr_status body(tsr_ctx *c, void *u) {
  const plan *p = u;
  int me = tsr_ctx_device_id(c);
  const tsr_ref *buf = tsr_ctx_scratch(c, 0), *send = tsr_ctx_scratch(c, 1), *recv = tsr_ctx_scratch(c, 2);
  const tsr_ref *sig = tsr_ctx_scratch(c, 3);
  tsr_ref landing;
  tsr_status s = tsr_ref_slice(tsr_ctx_scratch(c, 4), 0, me, 1, &landing);
  if (s == TSR_OK) s = tsr_ref_squeeze(&landing, 0, &landing);
  for (int i = 0; s == TSR_OK && i < p->ncopies; i++)
    if (p->copies[i].from == me) s = tsr_remote_copy_start(c, buf, &landing, send, recv, p->copies[i].to, -1);
  if (s == TSR_OK && p->signal_from == me) s = tsr_sem_signal_device(c, sig, 1, p->signal_to, -1);
  for (int i = 0; s == TSR_OK && i < p->ncopies; i++)
    if (p->copies[i].from == me) s = tsr_dma_wait(c, send, buf);
  for (int i = 0; s == TSR_OK && i < p->ncopies; i++)
    if (p->copies[i].to == me) s = tsr_dma_wait(c, recv, buf);
  if (s == TSR_OK && p->signal_to == me) s = tsr_sem_wait(c, sig, 1);
  return s;
}

static tsr_chip ici_chip(void) {
  tsr_chip chip;
  memset(&chip, 0, sizeof chip);
  CHECK_OK(tsr_chip_parse("{\"base\": \"v5e\", \"step_overhead_s\": 0, \"dma_issue_s\": 0, \"dma_latency_s\": 0,"
                          " \"ici_latency_s\": 1e-6, \"ici_link_bytes_per_s\": 32768e6}", "ici chip", &chip));
  return chip;
}

/* Runs the plan on a mesh (rank 0: a ring of `devices`) and returns the model, attached. */
static tsr_timing *run_plan(int devices, int rank, const int64_t *shape, const plan *p, bool trace) {
  tsr_chip chip = ici_chip();
  tsr_machine_options o = {.num_devices = devices, .mesh_rank = rank, .chip = &chip, .quiet = true};
  if (rank) memcpy(o.mesh_shape, shape, sizeof(int64_t) * (size_t)rank);
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&o, &m));
  if (!m) return NULL;
  tsr_timing *t = NULL;
  tsr_timing_options to = {.trace = trace};
  CHECK_OK(tsr_timing_create(&chip, &to, &t));
  CHECK_OK(tsr_timing_attach(t, m));
  enum { MAXD = 8 };
  float out[MAXD] = {0};
  tsr_ref orf[MAXD];
  tsr_call_desc d[MAXD];
  int64_t one[1] = {1};
  tsr_block_spec any = {.space = TSR_ANY};
  tsr_scratch_spec scratch[5] = {{.space = TSR_VMEM, .dtype = TSR_F32, .rank = 2, .shape = {ROWS, COLS}},
                                 {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM},
                                 {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_DMA_SEM},
                                 {.space = TSR_SEMAPHORE_MEM, .dtype = TSR_SEM},
                                 {.space = TSR_VMEM, .dtype = TSR_F32, .rank = 3, .shape = {MAXD, ROWS, COLS}}};
  for (int i = 0; i < devices; i++) {
    orf[i] = tsr_ref_dense(&out[i], TSR_F32, TSR_HBM, 1, one);
    d[i] = (tsr_call_desc){.name = "ici", .num_outputs = 1, .outputs = &orf[i], .out_specs = &any,
                           .num_scratch = 5, .scratch = scratch, .body = body, .user = (void *)p};
  }
  CHECK_OK(tsr_pallas_call_devices(m, d, NULL));
  tsr_machine_destroy(m);
  return t;
}

static bool near(double got, double want) {
  bool ok = fabs(got - want) <= 1e-9 * fabs(want) + 1e-18;
  if (!ok) fprintf(stderr, "  got %.12g, want %.12g\n", got, want);
  return ok;
}

static double seconds_of(int devices, int rank, const int64_t *shape, plan p) {
  tsr_timing *t = run_plan(devices, rank, shape, &p, false);
  if (!t) return -1;
  double s = tsr_timing_seconds(t);
  tsr_timing_destroy(t);
  return s;
}

#define NO_SIGNAL .signal_from = -1, .signal_to = -1

static void test_hops(void) {
  /* a ring of 4: one hop to the right, two to the opposite device, one to the left (the
   * shorter way round) */
  CHECK(near(seconds_of(4, 0, NULL, (plan){1, {{0, 1}}, NO_SIGNAL}), 1 * US + 1 * US));
  CHECK(near(seconds_of(4, 0, NULL, (plan){1, {{0, 2}}, NO_SIGNAL}), 2 * US + 1 * US));
  CHECK(near(seconds_of(4, 0, NULL, (plan){1, {{0, 3}}, NO_SIGNAL}), 1 * US + 1 * US));
  /* a ring of 8: device 0 to 5 is 3 hops the short way (down) */
  CHECK(near(seconds_of(8, 0, NULL, (plan){1, {{0, 5}}, NO_SIGNAL}), 3 * US + 1 * US));
  /* a 2x4 torus: (0,0) -> (1,3) is 1 hop in each dimension, (0,0) -> (1,2) 1 + 2 */
  int64_t shape[2] = {2, 4};
  CHECK(near(seconds_of(8, 2, shape, (plan){1, {{0, 7}}, NO_SIGNAL}), 2 * US + 1 * US));
  CHECK(near(seconds_of(8, 2, shape, (plan){1, {{0, 6}}, NO_SIGNAL}), 3 * US + 1 * US));
  /* a signal: the hops' latency, no bytes (device 0 to 3 on a ring of 4: 1 hop down) */
  CHECK(near(seconds_of(4, 0, NULL, (plan){0, {{0, 0}}, .signal_from = 0, .signal_to = 3}), 1 * US));
}

static void test_sharing(void) {
  /* two copies from device 0 to 1 share the one link: each at half the bandwidth */
  CHECK(near(seconds_of(4, 0, NULL, (plan){2, {{0, 1}, {0, 1}}, NO_SIGNAL}), 1 * US + 2 * US));
  /* 0 -> 1 and 2 -> 3 use different links: no sharing */
  CHECK(near(seconds_of(4, 0, NULL, (plan){2, {{0, 1}, {2, 3}}, NO_SIGNAL}), 1 * US + 1 * US));
  /* opposite directions of one cable are two links */
  CHECK(near(seconds_of(4, 0, NULL, (plan){2, {{0, 1}, {1, 0}}, NO_SIGNAL}), 1 * US + 1 * US));
}

/* Routes of different lengths sharing their last link. */
static void test_shared_route(void) {
  /* 0 -> 2 twice and 1 -> 2 twice: by the rule, device 1's pair arrives at 1 us and has link
   * 1->2 alone (each copy at half) until device 0's pair arrives at 2 us, by when each of them
   * has moved 16 KiB. Then four copies share link 1->2, each at a quarter: device 1's land
   * when their other 16 KiB are through, 2 us later (4 us); device 0's have moved 16 KiB by
   * then and take the link at half for the rest, 1 us more (5 us). */
  plan p = {4, {{0, 2}, {0, 2}, {1, 2}, {1, 2}}, NO_SIGNAL};
  tsr_timing *t = run_plan(4, 0, NULL, &p, true);
  if (!t) return;
  CHECK(near(tsr_timing_seconds(t), 5 * US));
  tsr_timing_summary s;
  tsr_timing_summarize(t, &s);
  CHECK_EQ_INT(s.devices, 4);
  CHECK_EQ_INT(s.ici_copies, 4);
  CHECK_EQ_INT(s.ici_bytes, 4 * BYTES);
  CHECK(!strcmp(s.verdict, "ICI-bound"));
  tsr_timing_device d0, d1, d2, d3;
  CHECK_OK(tsr_timing_device_at(t, 0, &d0));
  CHECK_OK(tsr_timing_device_at(t, 1, &d1));
  CHECK_OK(tsr_timing_device_at(t, 2, &d2));
  CHECK_OK(tsr_timing_device_at(t, 3, &d3));
  CHECK_FAILS(tsr_timing_device_at(t, 4, &d3), TSR_ERR_INVALID, "device 4 of 4");
  CHECK_EQ_INT(d0.copies_sent, 2);
  CHECK_EQ_INT(d0.bytes_sent, 2 * BYTES);
  CHECK_EQ_INT(d2.bytes_received, 4 * BYTES);
  CHECK_EQ_INT(d3.bytes_received, 0);
  /* device 0 waits for its sends until 5 us, device 1 until 4 us, device 2 for its receives
   * until 5 us: all of it for ICI */
  CHECK(near(d0.seconds, 5 * US) && near(d1.seconds, 4 * US) && near(d2.seconds, 5 * US));
  CHECK(near(d1.ici_stall_seconds, 4 * US) && near(d2.ici_stall_seconds, 5 * US));
  /* link 1 -> 2 carried data from 1 us to 5 us; link 0 -> 1 from 2 us to 5 us */
  CHECK(near(d1.busiest_link_seconds, 4 * US));
  CHECK(near(d0.busiest_link_seconds, 3 * US));
  CHECK_EQ_INT(d1.busiest_link_bytes, 4 * BYTES);
  /* the trace: a process per device and one for the links, a track per link used */
  char path[] = "/tmp/tsr_ici_traceXXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd >= 0) close(fd);
  CHECK_OK(tsr_timing_write_trace(t, path));
  FILE *f = fopen(path, "rb");
  char *text = calloc(1, 1 << 20);
  size_t n = f && text ? fread(text, 1, (1 << 20) - 1, f) : 0;
  if (f) fclose(f);
  CHECK(n > 0);
  if (text) {
    CHECK(strstr(text, "\"tessera custom-v5e device 3 (simulated)\"") != NULL);
    CHECK(strstr(text, "\"ICI links\"") != NULL);
    CHECK(strstr(text, "\"ICI device 1 -> 2 (dim 0 +)\"") != NULL);
    CHECK(strstr(text, "\"ICI device 3 -> 2 (dim 0 -)\"") != NULL);
    CHECK(strstr(text, "\"name\":\"dma remote\"") != NULL);
  }
  free(text);
  if (getenv("KEEP")) fprintf(stderr, "%s\n", path); else remove(path);
  tsr_timing_destroy(t);
}

static void test_bad_mesh(void) {
  /* v5e's ICI is a 2D torus: a mesh of three dimensions does not fit on it */
  tsr_chip chip = ici_chip();
  tsr_machine_options o = {.mesh_rank = 3, .mesh_shape = {2, 2, 2}, .chip = &chip, .quiet = true};
  tsr_machine *m = NULL;
  CHECK_OK(tsr_machine_create(&o, &m));
  tsr_timing *t = NULL;
  CHECK_OK(tsr_timing_create(&chip, NULL, &t));
  if (m && t) CHECK_FAILS(tsr_timing_attach(t, m), TSR_ERR_UNSUPPORTED, "2D torus");
  tsr_timing_destroy(t);
  tsr_machine_destroy(m);
  /* chip descriptions: a torus of 1 to 3 dimensions, a positive bandwidth */
  tsr_chip c;
  CHECK_FAILS(tsr_chip_parse("{\"ici_torus_dims\": 4}", "chip", &c), TSR_ERR_PARSE, "ici_torus_dims");
  CHECK_FAILS(tsr_chip_parse("{\"ici_link_bytes_per_s\": 0}", "chip", &c), TSR_ERR_PARSE, "ici_link_bytes_per_s");
  CHECK_FAILS(tsr_chip_parse("{\"ici_latency_s\": -1}", "chip", &c), TSR_ERR_PARSE, "ici_latency_s");
}

static void test_generations(void) {
  /* the built-in chips' ICI (docs/timing.md, [SB] and [CLOUD]): 3D tori for v4, v5p, 7x and 2D for
   * v5e, v6e; one-way bandwidth per link 4.5e10 (v4, v5e) or 9e10 B/s */
  struct { const char *name; int dims; double bw; } want[] = {
      {"v4", 3, 4.5e10}, {"v5e", 2, 4.5e10}, {"v5p", 3, 9e10}, {"v6e", 2, 9e10}, {"7x", 3, 9e10}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const tsr_chip *c = tsr_chip_get(want[i].name);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_EQ_INT(c->ici_torus_dims, want[i].dims);
    CHECK(c->ici_link_bytes_per_s == want[i].bw);
    CHECK(c->ici_latency_s > 0);
  }
}

int main(void) {
  test_generations();
  test_hops();
  test_sharing();
  test_shared_route();
  test_bad_mesh();
  return tsr_test_finish("test_ici");
}
