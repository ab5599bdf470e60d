/* tessera demo [NAME]: runs the embedded examples and checks each against a C reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/demo.h"
#include "tessera/sim.h"

static const struct {
  const char *name;
  int (*run)(const cli_demo_opts *o);
  const char *summary;
} demos[] = {
#define TSR_DEMO(name, fn, summary) {name, fn, summary},
#include "cli/demos.def"
#undef TSR_DEMO
    {NULL, NULL, NULL},
};

/* ---- the DMA plan printer: an observer of the event stream ---- */

static void print_event(void *user, const tsr_event *ev) {
  (void)user;
  char a[96];
  switch (ev->kind) {
  case TSR_EV_STEP_BEGIN:
    fprintf(cli_out(), "  core %d step %lld %s\n", ev->core, (long long)ev->step,
           tsr_format_dims(ev->index, ev->rank, a, sizeof a));
    break;
  case TSR_EV_DMA_START:
    fprintf(cli_out(), "    start %-5s block %-12s %s %lld bytes\n", ev->name ? ev->name : "dma",
           ev->index ? tsr_format_dims(ev->index, ev->rank, a, sizeof a) : "-",
           ev->dir == TSR_DMA_IN ? "HBM->VMEM" : ev->dir == TSR_DMA_OUT ? "VMEM->HBM" : "local    ",
           (long long)ev->bytes);
    break;
  case TSR_EV_DMA_WAIT_BEGIN:
    fprintf(cli_out(), "    wait  %-5s %lld bytes\n", ev->name ? ev->name : "dma", (long long)ev->bytes);
    break;
  case TSR_EV_DMA_SKIP:
    fprintf(cli_out(), "    skip  %-5s block %-12s unchanged\n", ev->name,
           tsr_format_dims(ev->index, ev->rank, a, sizeof a));
    break;
  case TSR_EV_BODY_BEGIN: fprintf(cli_out(), "    body\n"); break;
  default: break;
  }
}

/* The machine of the example that runs now, with its observers (one machine per example):
 * the timing model and the checkers are reported after the run, then it all goes. */
static tsr_sim *cli_demo_sim;
static const cli_demo_opts *cli_demo_current;
static bool cli_demo_several; /* more than one example runs: each writes its own trace */

tsr_machine *cli_demo_machine(const cli_demo_opts *o, const char *chip, int cores) {
  tsr_sim_options so = {
      .chip = o->chip ? o->chip : chip,
      .machine = {.num_cores = o->cores ? o->cores : cores, .zero_copy = o->zero_copy, .dma_mode = o->dma_mode,
                  .seed = o->seed, .num_devices = o->devices},
      .checks = o->check || o->poison ? TSR_CHECK_DEFAULT | (o->poison ? TSR_CHECK_POISON : 0) : 0,
      .timing = o->report || o->json || o->trace,
      .timing_options = {.trace = o->trace != NULL}};
  tsr_sim_destroy(cli_demo_sim);
  cli_demo_sim = NULL;
  if (tsr_sim_create(&so, &cli_demo_sim) != TSR_OK) {
    fprintf(stderr, "tessera demo: %s\n", tsr_last_error());
    return NULL;
  }
  tsr_machine *m = tsr_sim_machine(cli_demo_sim);
  if (o->plan) {
    tsr_observer obs = {.user = NULL, .on_event = print_event};
    tsr_machine_add_observer(m, &obs);
  }
  cli_demo_current = o;
  return m;
}

void cli_demo_machine_done(tsr_machine *m) {
  if (cli_demo_sim && m == tsr_sim_machine(cli_demo_sim)) {
    tsr_sim_destroy(cli_demo_sim);
    cli_demo_sim = NULL;
  }
}

/* Where an example's --trace goes: FILE for one example; for several, FILE with the example's
 * name before its extension (t.json: t.add.json, t.matmul.json), so that none overwrites
 * another. "-" is standard output for all. */
static const char *trace_path(const char *file, const char *name, char *buf, size_t cap) {
  if (!cli_demo_several || !strcmp(file, "-")) {
    snprintf(buf, cap, "%s", file);
    return buf;
  }
  const char *slash = strrchr(file, '/'), *dot = strrchr(file, '.');
  size_t stem = dot && dot > (slash ? slash : file) ? (size_t)(dot - file) : strlen(file);
  snprintf(buf, cap, "%.*s.%s%s", (int)stem, file, name, file + stem);
  return buf;
}

/* --json: one array on stdout, an object per example with the timing model's report. */
static int json_reports;

/* After an example: the timing model's outputs and the checkers' findings. */
static bool cli_demo_observers_report(const char *name) {
  bool ok = true;
  const cli_demo_opts *o = cli_demo_current;
  tsr_timing *cli_demo_timing = cli_demo_sim ? tsr_sim_timing(cli_demo_sim) : NULL;
  tsr_checker *cli_demo_checker = cli_demo_sim ? tsr_sim_checker(cli_demo_sim) : NULL;
  if (cli_demo_timing) {
    if (o->report) tsr_timing_report(cli_demo_timing, cli_out());
    if (o->json) {
      printf("%s{\"demo\": \"%s\", \"report\": ", json_reports++ ? ",\n" : "[\n", name);
      cli_flush();
      if (tsr_timing_write_json(cli_demo_timing, "-") != TSR_OK) ok = false;
      printf("}");
    }
    if (o->trace) {
      char path[4096];
      if (tsr_timing_write_trace(cli_demo_timing, trace_path(o->trace, name, path, sizeof path)) != TSR_OK) {
        fprintf(stderr, "tessera demo: %s\n", tsr_last_error());
        ok = false;
      } else if (strcmp(path, "-")) {
        fprintf(cli_out(), "trace: %s (open in ui.perfetto.dev)\n", path);
      }
    }
  }
  if (cli_demo_checker) {
    tsr_checker_report(cli_demo_checker, cli_out());
    if (tsr_checker_count(cli_demo_checker) > 0) ok = false;
  }
  return ok;
}

int cli_demo_report(const char *name, bool ok, double worst, const tsr_call_stats *st) {
  fprintf(cli_out(), "%-11s %s  worst error %.3g  steps %lld  DMAs in %lld (skipped %lld)  out %lld (skipped %lld)"
         "  bytes in %lld out %lld  cores %d\n",
         name, ok ? "PASS" : "FAIL", worst, (long long)st->steps, (long long)st->dma.in,
         (long long)st->dma.skip_in, (long long)st->dma.out, (long long)st->dma.skip_out,
         (long long)st->dma.bytes_in, (long long)st->dma.bytes_out, st->cores);
  if (!cli_demo_observers_report(name)) ok = false;
  return ok ? 0 : 1;
}

double cli_demo_worst(const float *a, const float *b, long n) {
  double w = 0;
  for (long i = 0; i < n; i++) {
    double d = fabs((double)a[i] - (double)b[i]);
    if (d != d) return INFINITY;
    if (d > w) w = d;
  }
  return w;
}

void cli_demo_fill(float *x, long n, unsigned seed) {
  unsigned s = seed * 2654435761u + 12345u;
  for (long i = 0; i < n; i++) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    x[i] = (float)((s >> 8) * (1.0 / 8388608.0)) - 1.0f;
  }
}

static void usage(FILE *f) {
  fprintf(f, "usage: tessera demo [--plan] [--cores N] [--devices N] [--chip NAME|FILE.json] [--zero-copy]\n"
             "                   [--report] [--json] [--trace FILE.json] [--check] [--poison]\n"
             "                   [--dma-order eager|on-wait|random] [--seed N] [NAME...]\n"
             "       tessera demo --list\n\n"
             "Runs the embedded examples (or those NAMEd) through the pipeline engine with random\n"
             "inputs and checks each against a plain C reference, printing a line of the pipeline's\n"
             "figures per example. --plan prints each example's DMA plan step by step (every step,\n"
             "DMA start, wait and skip). --trace with several examples writes one file each, the\n"
             "example's name before the extension (t.json: t.add.json, ...), and says where.\n"
             "--zero-copy hands whole blocks to kernels as views of HBM (faster; see\n"
             "docs/architecture.md). --report, --json and --trace show how the run would behave\n"
             "on the chip (timing model); --check and --poison attach the checkers; --dma-order\n"
             "makes DMAs move their data when they start (default), when waited for (last in,\n"
             "first out), or in a seeded random order, to surface missing waits. --devices N\n"
             "runs the many-chip examples (ring) on N devices (2..32).\n\nexamples:\n");
  for (int i = 0; demos[i].name; i++) fprintf(f, "  %-10s %s\n", demos[i].name, demos[i].summary);
}

int cli_cmd_demo(int argc, char **argv) {
  cli_demo_opts o = {0};
  const char *names[64];
  int n = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return CLI_EXIT_OK; }
    if (!strcmp(a, "--list")) {
      for (int k = 0; demos[k].name; k++) printf("%s\n", demos[k].name);
      return CLI_EXIT_OK;
    }
    if (!strcmp(a, "--plan")) { o.plan = true; continue; }
    if (!strcmp(a, "--zero-copy")) { o.zero_copy = true; continue; }
    if (!strcmp(a, "--report")) { o.report = true; continue; }
    if (!strcmp(a, "--json")) { o.json = true; cli_set_json(true); continue; }
    if (!strcmp(a, "--check")) { o.check = true; continue; }
    if (!strcmp(a, "--poison")) { o.poison = true; continue; }
    if (!strcmp(a, "--dma-order") || !strcmp(a, "--seed")) {
      if (i + 1 >= argc) { fprintf(stderr, "tessera demo: %s needs a value\n", a); return CLI_EXIT_USAGE; }
      const char *v = argv[++i];
      if (!strcmp(a, "--seed")) {
        char *end;
        o.seed = strtoull(v, &end, 10);
        if (*end || !*v) { fprintf(stderr, "tessera demo: --seed takes a number\n"); return CLI_EXIT_USAGE; }
      } else if (!strcmp(v, "eager")) o.dma_mode = TSR_DMA_EAGER;
      else if (!strcmp(v, "on-wait")) o.dma_mode = TSR_DMA_ON_WAIT;
      else if (!strcmp(v, "random")) o.dma_mode = TSR_DMA_RANDOM;
      else { fprintf(stderr, "tessera demo: --dma-order is eager, on-wait or random\n"); return CLI_EXIT_USAGE; }
      continue;
    }
    if (!strcmp(a, "--trace")) {
      if (i + 1 >= argc) { fprintf(stderr, "tessera demo: --trace needs a file\n"); return CLI_EXIT_USAGE; }
      o.trace = argv[++i];
      continue;
    }
    if (!strcmp(a, "--devices")) {
      long d;
      if (i + 1 >= argc || !cli_parse_int(argv[++i], 2, TSR_MAX_DEVICES, &d)) {
        fprintf(stderr, "tessera demo: --devices takes 2..%d\n", TSR_MAX_DEVICES);
        return CLI_EXIT_USAGE;
      }
      o.devices = (int)d;
      continue;
    }
    if (!strcmp(a, "--cores") || !strcmp(a, "--chip")) {
      if (i + 1 >= argc) { fprintf(stderr, "tessera demo: %s needs a value\n", a); return CLI_EXIT_USAGE; }
      if (!strcmp(a, "--chip")) {
        o.chip = argv[++i];
        tsr_chip probe;
        if (tsr_chip_load(o.chip, &probe) != TSR_OK) {
          fprintf(stderr, "tessera demo: %s\n", tsr_last_error());
          return CLI_EXIT_USAGE;
        }
      } else {
        long c;
        if (!cli_parse_int(argv[++i], 1, 64, &c)) { fprintf(stderr, "tessera demo: --cores takes 1..64\n"); return CLI_EXIT_USAGE; }
        o.cores = (int)c;
      }
      continue;
    }
    if (a[0] == '-') { fprintf(stderr, "tessera demo: unknown option '%s'\n", a); return CLI_EXIT_USAGE; }
    int k = 0;
    while (demos[k].name && strcmp(demos[k].name, a)) k++;
    if (!demos[k].name) {
      fprintf(stderr, "tessera demo: unknown example '%s' (tessera demo --list)\n", a);
      return CLI_EXIT_USAGE;
    }
    if (n < 64) names[n++] = a;
  }
  int failed = 0, ran = 0;
  cli_demo_several = n != 1;
  if (n == 0) {
    int all = 0;
    while (demos[all].name) all++;
    fprintf(cli_out(), "%d examples, each run through the pipeline engine on random inputs and checked against a plain C "
                       "reference:\n", all);
  }
  for (int k = 0; demos[k].name; k++) {
    bool chosen = n == 0;
    for (int j = 0; j < n; j++) chosen |= !strcmp(names[j], demos[k].name);
    if (!chosen) continue;
    ran++;
    failed += demos[k].run(&o) != 0;
    tsr_sim_destroy(cli_demo_sim); /* an example that failed before cli_demo_machine_done */
    cli_demo_sim = NULL;
  }
  if (json_reports) printf("\n]\n");
  fprintf(cli_out(), "%d passed, %d failed%s\n", ran - failed, failed,
          o.plan || o.report || o.json || o.trace ? ""
                                                  : " (--plan: each DMA plan step by step; --report: the timing model)");
  return failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
