/* tessera run MODULE [IN.npy ...]: runs a JAX-exported StableHLO module (or a bare Mosaic
 * kernel) on this CPU, writes the outputs as .npy, and optionally compares them, models
 * their TPU timing and checks the kernels. Stages: read, verify (compile), plan, run, report;
 * --dump STAGE prints a stage's state. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "core/dtype.h"
#include "cli/run_setup.h"
#include "cli/cli_mpi.h"
#include "tessera/npy.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: tessera run MODULE [IN.npy ...] [-o DIR] [--expect E.npy ...] [--rtol R] [--atol A]\n"
          "                   [--chip NAME|FILE.json] [--report] [--json] [--trace FILE.json]\n"
          "                   [--check] [--poison] [--no-check] [--dma-order eager|on-wait|random]\n"
          "                   [--seed N] [--host-helpers N] [--zero-copy] [--no-chunk] [--repeat N]\n"
          "                   [--max-ops N] [--max-memory B] [--devices N | --mesh AxB]\n"
          "                   [--out-of-bounds-reads raise|uninitialized]\n"
          "                   [--timing-only[=strict]] [--dump STAGE]\n\n"
          "Runs @main (or the only function) of a StableHLO module (text or bytecode; '-' is\n"
          "stdin) whose tpu_custom_call kernels run on tessera's Mosaic executor, or a bare Mosaic kernel\n"
          "(its operands are the .npy inputs). Without inputs, seeded random inputs are used\n"
          "(a bare kernel's arrays: as far as its blocks reach over the grid).\n"
          "  -o DIR            write DIR/out_0.npy, out_1.npy, ... (bf16 outputs as f32)\n"
          "  --expect E.npy... compare output i with the i-th expected file (all files up to the\n"
          "                    next option): |got-exp| <= atol +\n"
          "                    rtol*|exp|; NaN matches only NaN, an infinity only itself;\n"
          "                    exits 1 on a mismatch, printing the worst element\n"
          "  --rtol R --atol A tolerances (default 1e-5 and 1e-6)\n"
          "  --chip C          TPU generation for the timing model (v4 v5e v5p v6e 7x or JSON)\n"
          "  --report          print the timing model's report\n"
          "  --json            print the report as JSON (with simulated_seconds)\n"
          "  --trace F.json    write a Perfetto / Chrome trace of the kernels\n"
          "  --check           all checkers: races, semaphores, poison (exit 1 on findings); the\n"
          "                    race and semaphore checkers are on by default, --no-check turns\n"
          "                    them off (for timing)\n"
          "  --dma-order O     when DMAs move their data: eager (at start), on-wait (last in,\n"
          "                    first out, when waited for) or random (--seed): surfaces missing waits\n"
          "  --poison          check that no output holds poison (uninitialised VMEM, padding)\n"
          "  --seed N          seed of the random inputs (default 0)\n"
          "  --host-helpers N  host threads that share a core's big matmuls and run parts of\n"
          "                    the cores' grids (the host split): 0 (default) every host CPU\n"
          "                    no simulated core uses, -1 none (and no split); results,\n"
          "                    counts and timing reports are the same\n"
          "  --zero-copy       blocks inside their array are views of HBM, not VMEM copies\n"
          "                    (faster; same DMAs and events; see docs/architecture.md)\n"
          "  --no-chunk        run kernel bodies op by op, without chunked execution of\n"
          "                    elementwise runs (the same bits; for comparing, docs/mosaic.md)\n"
          "  --repeat N        run the graph N times in this process (same inputs; the outputs\n"
          "                    of the last run are written and checked); --dump report then\n"
          "                    gives the median of the runs after the first (warm, as JAX\n"
          "                    times a jitted call) and prints the first and fastest too.\n"
          "                    Not with --report, --json or --trace, which model one run\n"
          "  --max-ops N       a kernel call fails after N interpreted ops and grid steps per\n"
          "                    core, the graph after N ops outside kernels (an op of a loop\n"
          "                    body counts each time it runs); default 1e9 and 1e8: an endless\n"
          "                    loop stops; 0: no limit\n"
          "  --out-of-bounds-reads M  what a kernel's load out of its memref's bounds gives:\n"
          "                    raise (default): exit 1, as Mosaic's bounds checks stop a\n"
          "                    TPU; uninitialized: poison, with a warning naming the read\n"
          "  --max-memory B    the most bytes of tensors the run holds at once, inputs and\n"
          "                    outputs included (K, M, G, T suffixes; default three quarters of\n"
          "                    this host's memory; 0: no limit)\n"
          "  --devices N       run a bare kernel on N TPU chips at once (remote copies, signals\n"
          "                    and the barrier semaphore reach between them): every input and\n"
          "                    output is a global array split along its first dimension, one\n"
          "                    equal shard per device, as shard_map with P(axis) gives them.\n"
          "                    A module exported from shard_map (sdy.mesh, mhlo.num_partitions)\n"
          "                    says its devices itself: its inputs and outputs are the global\n"
          "                    arrays, each manual computation runs on every device's shards\n"
          "  --mesh AxB        the same on a mesh of A*B devices (ids row-major)\n"
          "  --timing-only[=strict]  time without computing: no vector or MXU work, DMAs move no\n"
          "                    data, outputs are not computed and not written; implies --report\n"
          "                    and --no-check. A kernel whose control flow or DMAs depend on\n"
          "                    vector data runs in full (strict: exit 1)\n"
          "  --dump STAGE      read: the parsed module; plan: each kernel's DMA plan;\n"
          "                    run: one line per executed op; report: the run's figures\n"
          "Exit codes: 0 ok, 1 failed run or check, 2 bad usage.\n");
}

/* Random inputs of a timing-only run from this size up stay zero pages: a timing-only kernel
 * reads data from SMEM only (scalar prefetch and SMEM blocks), which is smaller. */
#define TIMING_ONLY_ZERO_INPUT (1 << 20)

static void fill_random(tsr_array *a, unsigned seed) {
  uint64_t st = 0x9e3779b97f4a7c15ull * (seed + 1);
  int64_t n = tsr_array_numel(a);
  for (int64_t i = 0; i < n; i++) {
    st ^= st << 13; st ^= st >> 7; st ^= st << 17;
    double u = (double)(st >> 11) / 9007199254740992.0; /* [0, 1) */
    if (a->dtype == TSR_BOOL) ((int32_t *)a->data)[i] = u < 0.5;
    else if (tsr_dtype_is_float(a->dtype)) {
      float f = (float)(2 * u - 1);
      if (a->dtype == TSR_F32) ((float *)a->data)[i] = f;
      else if (a->dtype == TSR_F64) ((double *)a->data)[i] = f;
      else if (a->dtype == TSR_BF16) ((uint16_t *)a->data)[i] = tsr_f32_to_bf16(f);
      else if (a->dtype == TSR_F16) ((uint16_t *)a->data)[i] = tsr_f32_to_f16(f);
      else if (a->dtype == TSR_F8E4M3FN) ((uint8_t *)a->data)[i] = tsr_f32_to_f8e4m3fn(f);
      else if (a->dtype == TSR_F8E5M2) ((uint8_t *)a->data)[i] = tsr_f32_to_f8e5m2(f);
      else if (a->dtype == TSR_F8E8M0FNU) /* powers of two only: 2^-4 .. 2^3 */
        ((uint8_t *)a->data)[i] = tsr_f32_to_f8e8m0fnu(ldexpf(1.0f, (int)(u * 8) - 4));
      else ((uint8_t *)a->data)[i] = tsr_f32_to_f8e4m3b11fnuz(f);
    } else {
      int64_t v = (int64_t)(u * 17) - 8;
      if (!tsr_dtype_is_signed(a->dtype) && v < 0) v = -v;
      switch (tsr_dtype_size(a->dtype)) {
      case 1: ((int8_t *)a->data)[i] = (int8_t)v; break;
      case 2: ((int16_t *)a->data)[i] = (int16_t)v; break;
      case 4: ((int32_t *)a->data)[i] = (int32_t)v; break;
      default: ((int64_t *)a->data)[i] = v; break;
      }
    }
  }
}

static double elem(const tsr_array *a, int64_t i) { return dtype_load_f64(a->dtype, a->data, i); }

/* numpy.allclose's test: within atol + rtol*|e| of the expected value; NaN matches NaN and an
 * infinity matches only itself. */
static inline bool close_enough(double g, double e, double rtol, double atol) {
  return g == e || (g != g && e != e) || (fabs(g - e) <= atol + rtol * fabs(e) && fabs(e) != INFINITY);
}

/* The common case, f32 against f32, in a loop the compiler vectorises: element by element
 * through elem(), a large output can take longer to check than the kernel took to compute. */
static bool all_close_f32(const float *got, const float *exp, int64_t n, double rtol, double atol) {
  int64_t bad = 0;
  for (int64_t i = 0; i < n; i++) bad += !close_enough(got[i], exp[i], rtol, atol);
  return bad == 0;
}

/* Returns true when `got` matches `exp`; prints the worst element otherwise. */
static bool compare(int k, const tsr_array *got, const tsr_array *exp, const char *exp_path, double rtol, double atol) {
  bool same = got->rank == exp->rank;
  for (int d = 0; same && d < got->rank; d++) same = got->shape[d] == exp->shape[d];
  if (!same) {
    char a[96], b[96];
    tsr_ref g = tsr_array_ref(got, TSR_HOST), e = tsr_array_ref(exp, TSR_HOST);
    fprintf(cli_out(), "output %d: shape %s, %s has %s\n", k, tsr_ref_describe(&g, a, sizeof a), exp_path, tsr_ref_describe(&e, b, sizeof b));
    return false;
  }
  int64_t n = tsr_array_numel(got), worst = -1, bad = 0;
  double worst_excess = 0;
  /* Equal bytes of one dtype are equal values (NaN matches NaN): the exact outputs of integer
   * kernels are compared at once, not element by element. */
  bool fast = n == 0 || (got->dtype == exp->dtype && !memcmp(got->data, exp->data, tsr_array_bytes(got)));
  fast = fast || (got->dtype == TSR_F32 && exp->dtype == TSR_F32 && all_close_f32(got->data, exp->data, n, rtol, atol));
  for (int64_t i = 0; i < n && !fast; i++) {
    double g = elem(got, i), e = elem(exp, i);
    if (close_enough(g, e, rtol, atol)) continue;
    double excess = fabs(g - e) - (atol + rtol * fabs(e));
    if (!(excess > 0)) excess = INFINITY; /* a NaN or an infinity on one side only */
    bad++;
    if (worst < 0 || excess > worst_excess) { worst = i; worst_excess = excess; }
  }
  if (!bad) {
    fprintf(cli_out(), "output %d: matches %s (%lld elements, rtol %g, atol %g)\n", k, exp_path, (long long)n, rtol, atol);
    return true;
  }
  int64_t idx[TSR_MAX_RANK], rem = worst;
  for (int d = got->rank - 1; d >= 0; d--) { idx[d] = got->shape[d] ? rem % got->shape[d] : 0; rem /= got->shape[d] ? got->shape[d] : 1; }
  char ib[128];
  fprintf(cli_out(), "output %d: MISMATCH with %s: %lld of %lld elements outside rtol %g atol %g; worst at %s: got %.9g, expected %.9g\n",
         k, exp_path, (long long)bad, (long long)n, rtol, atol, tsr_format_dims(idx, got->rank, ib, sizeof ib),
         elem(got, worst), elem(exp, worst));
  return false;
}

static bool parse_double(const char *s, double *out) {
  char *end;
  errno = 0;
  *out = strtod(s, &end);
  return *s && !*end && !errno && *out >= 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of v[0..n) (sorts v). */
static double median(double *v, long n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* FNV-1a of a file's bytes; false when it cannot be read. */
static bool hash_file(const char *path, uint64_t *h) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  unsigned char buf[1 << 16];
  size_t got;
  *h = 0xcbf29ce484222325ull;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0)
    for (size_t i = 0; i < got; i++) *h = (*h ^ buf[i]) * 0x100000001b3ull;
  bool ok = !ferror(f);
  fclose(f);
  return ok;
}

/* "8,128" (sep ',') or "2x4" (sep 'x'). */
static char *join_dims(const int64_t *d, int rank, char sep, char *buf, size_t cap) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < rank && n + 1 < cap; i++) {
    if (i) buf[n++] = sep;
    n += (size_t)snprintf(buf + n, cap - n, "%lld", (long long)d[i]);
  }
  return buf;
}

/* Under mpirun, what every process must have been started with alike (cli_mpi_begin): what
 * changes the steps the processes take together or the results (not -o, --expect, --rtol,
 * --atol, which process 0 alone acts on, nor --host-helpers, --zero-copy, --no-chunk, --dump,
 * which change how this process works, not what it computes). */
static void run_args(cli_mpi_args *a, const cli_run_setup *rs, const char *module, const char *const *inputs, int n_in,
                     unsigned long seed, long repeat, int64_t max_memory) {
  char v[160], shown[4096 + 64];
  uint64_t h;
  if (strcmp(module, "-") && hash_file(module, &h)) {
    snprintf(v, sizeof v, "%016llx", (unsigned long long)h);
    snprintf(shown, sizeof shown, "%s (FNV-1a %s)", module, v);
    cli_mpi_args_add(a, 'v', "the module", v, shown);
  } else {
    cli_mpi_args_add(a, 'v', "the module", module, NULL);
  }
  snprintf(v, sizeof v, "%d", n_in);
  cli_mpi_args_add(a, 'v', "the inputs", n_in ? v : "none (random)", NULL);
  for (int i = 0; i < n_in; i++) { /* the header only: process 0 reads the data */
    tsr_array t;
    char name[32], dims[96];
    snprintf(name, sizeof name, "input %d", i);
    if (tsr_npy_read_header(inputs[i], &t) != TSR_OK) {
      cli_mpi_args_add(a, 'i', name, "?", NULL); /* not here (another node's file): any matches */
      continue;
    }
    snprintf(v, sizeof v, "%s[%s]", tsr_dtype_name(t.dtype), join_dims(t.shape, t.rank, ',', dims, sizeof dims));
    snprintf(shown, sizeof shown, "%s (%s)", v, inputs[i]);
    cli_mpi_args_add(a, 'i', name, v, shown);
  }
  snprintf(v, sizeof v, "%d", rs->devices);
  cli_mpi_args_add(a, 'v', "--devices", rs->devices && !rs->mesh_rank ? v : "none", NULL);
  cli_mpi_args_add(a, 'v', "--mesh", rs->mesh_rank ? join_dims(rs->mesh, rs->mesh_rank, 'x', v, sizeof v) : "none", NULL);
  cli_mpi_args_add(a, 'v', "--chip", rs->chip_name ? rs->chip_name : "v5e", NULL);
  const char *flags[][2] = {{"--report", rs->report ? "1" : "0"}, {"--json", rs->json ? "1" : "0"},
                            {"--trace", rs->trace_path ? "1" : "0"}, {"--check", rs->check ? "1" : "0"},
                            {"--poison", rs->poison ? "1" : "0"}, {"--no-check", rs->no_check ? "1" : "0"}};
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) cli_mpi_args_add(a, 'f', flags[i][0], flags[i][1], NULL);
  const char *orders[] = {"eager", "on-wait", "random"};
  cli_mpi_args_add(a, 'v', "--dma-order", rs->dma_mode <= TSR_DMA_RANDOM ? orders[rs->dma_mode] : "?", NULL);
  snprintf(v, sizeof v, "%lu", seed);
  cli_mpi_args_add(a, 'v', "--seed", v, NULL);
  cli_mpi_args_add(a, 'v', "--timing-only", !rs->timing_only ? "none" : rs->timing_only == TSR_TIMING_ONLY_STRICT ? "strict" : "on", NULL);
  snprintf(v, sizeof v, "%ld", repeat);
  cli_mpi_args_add(a, 'v', "--repeat", v, NULL);
  snprintf(v, sizeof v, "%lld", (long long)(rs->max_ops < 0 ? 0 : rs->max_ops));
  cli_mpi_args_add(a, 'v', "--max-ops", rs->max_ops ? v : "the default", NULL);
  snprintf(v, sizeof v, "%lld", (long long)(max_memory < 0 ? 0 : max_memory));
  cli_mpi_args_add(a, 'v', "--max-memory", max_memory ? v : "the default", NULL);
}

int cli_cmd_run(int argc, char **argv) {
  cli_run_setup rs;
  cli_run_setup_init(&rs, "run");
  const char *module = NULL, *outdir = NULL;
  const char *inputs[64], *expects[64];
  int n_in = 0, n_exp = 0;
  double rtol = 1e-5, atol = 1e-6;
  unsigned long seed = 0;
  long repeat = 1;
  int64_t max_memory = 0; /* tsr_hlo_run_opts.max_bytes: 0 the default, -1 none */
  bool dump_read = false, dump_plan = false, dump_run = false, dump_report = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool has_next = i + 1 < argc;
    int r = cli_run_setup_option(&rs, argc, argv, &i);
    if (r == 1) continue;
    if (r < 0) return CLI_EXIT_USAGE; /* cli_run_setup_option has printed why */
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return CLI_EXIT_OK; }
    else if (!strcmp(a, "-o") && has_next) outdir = argv[++i];
    else if (!strcmp(a, "--expect") && has_next) {
      /* --expect E0.npy E1.npy ...: every following argument up to the next option */
      while (i + 1 < argc && argv[i + 1][0] != '-') {
        if (n_exp == 64) { fprintf(stderr, "tessera run: more than 64 --expect files\n"); return CLI_EXIT_USAGE; }
        expects[n_exp++] = argv[++i];
      }
    }
    else if (!strcmp(a, "--rtol") && has_next) { if (!parse_double(argv[++i], &rtol)) { fprintf(stderr, "tessera run: bad --rtol '%s'\n", argv[i]); return CLI_EXIT_USAGE; } }
    else if (!strcmp(a, "--atol") && has_next) { if (!parse_double(argv[++i], &atol)) { fprintf(stderr, "tessera run: bad --atol '%s'\n", argv[i]); return CLI_EXIT_USAGE; } }
    else if (!strcmp(a, "--seed") && has_next) {
      char *end;
      seed = strtoul(argv[++i], &end, 10);
      if (!*argv[i] || *end) { fprintf(stderr, "tessera run: bad --seed '%s'\n", argv[i]); return CLI_EXIT_USAGE; }
    } else if (!strcmp(a, "--repeat") && has_next) {
      if (!cli_parse_int(argv[++i], 1, 100000, &repeat)) { fprintf(stderr, "tessera run: bad --repeat '%s' (1..100000)\n", argv[i]); return CLI_EXIT_USAGE; }
    } else if (!strcmp(a, "--max-memory") && has_next) {
      if (!cli_parse_bytes(argv[++i], &max_memory)) { fprintf(stderr, "tessera run: bad --max-memory '%s' (bytes, with K, M, G or T)\n", argv[i]); return CLI_EXIT_USAGE; }
      if (max_memory == 0) max_memory = -1;
    } else if (!strcmp(a, "--timing-only") || !strcmp(a, "--timing-only=strict")) {
      rs.timing_only = a[13] ? TSR_TIMING_ONLY_STRICT : TSR_TIMING_ONLY;
    } else if (!strcmp(a, "--dump") && has_next) {
      const char *st = argv[++i];
      if (!strcmp(st, "read")) dump_read = true;
      else if (!strcmp(st, "plan")) dump_plan = true;
      else if (!strcmp(st, "run")) dump_run = true;
      else if (!strcmp(st, "report")) dump_report = true;
      else { fprintf(stderr, "tessera run: unknown stage '%s' (read, plan, run, report)\n", st); return CLI_EXIT_USAGE; }
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "tessera run: unknown option or missing value '%s'\n", a);
      usage(stderr);
      return CLI_EXIT_USAGE;
    } else if (!module) module = a;
    else if (n_in < 64) inputs[n_in++] = a;
    else { fprintf(stderr, "tessera run: more than 64 inputs\n"); return CLI_EXIT_USAGE; }
  }
  if (!module) { usage(stderr); return CLI_EXIT_USAGE; }
  cli_set_json(rs.json);
  if (rs.json && rs.trace_path && !strcmp(rs.trace_path, "-")) {
    fprintf(stderr, "tessera run: --json and --trace - would both write to standard output\n");
    return CLI_EXIT_USAGE;
  }
  const char *files[1 + 64 + 64] = {module};
  memcpy(files + 1, inputs, sizeof *inputs * (size_t)n_in);
  memcpy(files + 1 + n_in, expects, sizeof *expects * (size_t)n_exp);
  if (!cli_stdin_once("run", files, 1 + n_in + n_exp)) return CLI_EXIT_USAGE;
  if (repeat > 1 && (rs.report || rs.json || rs.trace_path || dump_run)) {
    fprintf(stderr, "tessera run: --repeat times the run; --report, --json, --trace and --dump run model or print one run\n");
    return CLI_EXIT_USAGE;
  }
  if (rs.timing_only) {
    /* nothing is computed: no outputs to write or compare, no data for the checkers */
    const char *clash = outdir ? "-o" : n_exp ? "--expect" : rs.check ? "--check" : rs.poison ? "--poison"
                      : repeat > 1 ? "--repeat" : NULL;
    if (clash) {
      fprintf(stderr, "tessera run: --timing-only computes no outputs and runs no checkers; %s needs them\n", clash);
      return CLI_EXIT_USAGE;
    }
    rs.no_check = true;
    if (!rs.json && !rs.trace_path) rs.report = true;
  }
  static cli_mpi_args agree; /* 16 KiB */
  agree.len = 0;
  if (cli_mpi_launched()) run_args(&agree, &rs, module, inputs, n_in, seed, repeat, max_memory);
  int rc = cli_mpi_begin(&rs, "run", &agree); /* under mpirun: the devices spread over the processes */
  if (rc) return rc;
  rc = CLI_EXIT_FAIL;
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  double *warm_s = NULL, *warm_kernel_s = NULL; /* the runs after the first (--repeat) */
  tsr_array in[64] = {{0}}, out[64] = {{0}};
  int n_out = 0;
  tsr_status s = tsr_mlir_read_file(module, &m); /* read */
  if (s == TSR_OK && dump_read) tsr_mlir_print(m, cli_out(), 0);
  if (s == TSR_OK) s = tsr_hlo_compile(m, &p); /* verify */
  if (s != TSR_OK) { fprintf(stderr, "tessera run: %s: %s\n", module, tsr_last_error()); goto done; }
  bool bare = tsr_hlo_is_bare_kernel(p);
  if (bare && cli_mpi_size() > 1 && rs.devices < 2) { /* every process reads the same module: all end here */
    if (cli_mpi_is_root())
      fprintf(stderr, "tessera run: %d MPI processes share the devices of --devices N or --mesh AxB; none given\n",
              cli_mpi_size());
    cli_mpi_all_here();
    rc = CLI_EXIT_USAGE;
    goto done;
  }
  if (!bare) { /* a module says how many devices it runs on (mhlo.num_partitions, sdy.mesh) */
    int nd = tsr_hlo_num_devices(p);
    if (rs.devices && rs.devices != nd) {
      fprintf(stderr, "tessera run: %s runs on %d device%s (mhlo.num_partitions, sdy.mesh); --devices or --mesh says %d\n",
              module, nd, nd == 1 ? "" : "s", rs.devices);
      rc = CLI_EXIT_USAGE;
      goto done;
    }
    if (!rs.mesh_rank && nd > 1) {
      rs.mesh_rank = tsr_hlo_mesh_shape(p, rs.mesh);
      if (!rs.mesh_rank) rs.mesh_rank = 1, rs.mesh[0] = nd;
    }
    rs.devices = nd > 1 ? nd : 0;
  }
  int want = tsr_hlo_num_inputs(p);
  n_out = tsr_hlo_num_outputs(p);
  if (n_out > 64) { fprintf(stderr, "tessera run: more than 64 outputs\n"); goto done; }
  if (n_in && n_in != want) {
    fprintf(stderr, "tessera run: %s takes %d inputs, %d given\n", module, want, n_in);
    rc = CLI_EXIT_USAGE;
    goto done;
  }
  if (n_exp > n_out) { fprintf(stderr, "tessera run: %d --expect files for %d outputs\n", n_exp, n_out); rc = CLI_EXIT_USAGE; goto done; }
  for (int i = 0; i < n_in && cli_mpi_is_root(); i++) { /* the others get them from process 0 */
    if (tsr_npy_read(inputs[i], &in[i]) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
  }
  int n_zero = 0;
  if (!n_in && want) {
    int64_t limit = max_memory > 0 ? max_memory : max_memory < 0 ? 0 : tsr_hlo_default_max_bytes(), total = 0;
    for (int i = 0; i < want; i++) {
      tsr_array t;
      if (!tsr_hlo_input_type(p, i, &t)) continue; /* said below */
      if (bare && rs.devices > 1 && t.rank) t.shape[0] *= rs.devices; /* the global array */
      tsr_ref r = tsr_array_ref(&t, TSR_HOST);
      total += (int64_t)tsr_ref_bytes(&r);
    }
    if (limit && total > limit) {
      fprintf(stderr, "tessera run: %s: its random inputs would take %lld bytes, over the limit of %lld bytes "
                      "(--max-memory)\n", module, (long long)total, (long long)limit);
      goto done;
    }
    for (int i = 0; i < want; i++) {
      tsr_array t;
      if (!tsr_hlo_input_type(p, i, &t)) {
        fprintf(stderr, "tessera run: %s: input %d's shape cannot be worked out from the kernel (dynamic grid bounds, or an "
                        "index map that fails): give the inputs as .npy files\n", module, i);
        goto done;
      }
      if (bare && rs.devices > 1 && t.rank) t.shape[0] *= rs.devices;
      if (tsr_array_alloc(&in[i], t.dtype, t.rank, t.shape) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
      tsr_ref r = tsr_array_ref(&in[i], TSR_HOST);
      if (rs.timing_only && tsr_ref_bytes(&r) >= TIMING_ONLY_ZERO_INPUT) n_zero++; /* zero pages, never touched */
      else if (cli_mpi_is_root()) fill_random(&in[i], (unsigned)seed * 1000u + (unsigned)i);
    }
    n_in = want;
    fprintf(cli_out(), "inputs: %d random arrays (seed %lu)", want - n_zero, seed);
    if (n_zero) fprintf(cli_out(), ", %d of 1 MiB or more left zero (timing-only: their data is not read)", n_zero);
    fprintf(cli_out(), "\n");
  }
  if (cli_mpi_share_inputs(in, n_in, !bare) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
  rs.seed = seed;
  if (cli_run_setup_machine(&rs) != TSR_OK) goto done;
  if (cli_mpi_attach(rs.machine, !bare) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
  if (dump_plan && tsr_hlo_describe(p, rs.machine, in, n_in, 4, cli_out()) != TSR_OK) {
    fprintf(stderr, "tessera run: plan: %s\n", tsr_last_error());
    goto done;
  }
  tsr_hlo_run_opts ro = {.machine = rs.machine, .trace = dump_run ? cli_out() : NULL, .max_bytes = max_memory,
                         .max_ops = rs.max_ops};
  tsr_hlo_stats st;
  double first = 0, fastest = 0;
  if (repeat > 1 && (!(warm_s = malloc(sizeof *warm_s * (size_t)repeat)) ||
                     !(warm_kernel_s = malloc(sizeof *warm_kernel_s * (size_t)repeat)))) {
    fprintf(stderr, "tessera run: out of host memory\n");
    goto done;
  }
  for (long r = 0; r < repeat; r++) { /* run */
    if (r > 0) /* as a served model would: the last run's outputs are done with */
      for (int i = 0; i < n_out; i++) tsr_hlo_recycle(p, &out[i]);
    s = tsr_hlo_run(p, &ro, in, n_in, out, &st);
    if (s != TSR_OK) { fprintf(stderr, "tessera run: %s: %s: %s\n", module, tsr_status_name(s), tsr_last_error()); n_out = 0; goto done; }
    if (r == 0) first = st.seconds;
    if (r == 0 || st.seconds < fastest) fastest = st.seconds;
    if (r > 0) {
      warm_s[r - 1] = st.seconds;
      warm_kernel_s[r - 1] = st.kernel_seconds;
    }
  }
  bool gathered = cli_mpi_gather_outputs(out, n_out, !bare, &st) == TSR_OK;
  if (gathered) { /* both collective: every process takes both */
    bool timed = cli_mpi_gather_timing(&rs) == TSR_OK;
    gathered = cli_mpi_gather_checker(&rs) == TSR_OK && timed;
  }
  if (!gathered) {
    fprintf(stderr, "tessera run: %s\n", tsr_last_error());
    goto done;
  }
  if (!cli_mpi_is_root()) outdir = NULL, n_exp = 0; /* process 0 has the outputs */
  bool ok = true;
  if (outdir) {
    if (mkdir(outdir, 0777) != 0 && errno != EEXIST) { fprintf(stderr, "tessera run: cannot create %s: %s\n", outdir, strerror(errno)); goto done; }
    /* all of the run's outputs, or none of them */
    static char paths[64][4096];
    const char *names[64];
    for (int i = 0; i < n_out; i++) {
      snprintf(paths[i], sizeof paths[i], "%s/out_%d.npy", outdir, i);
      names[i] = paths[i];
    }
    if (tsr_npy_write_all(names, out, n_out) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
  }
  for (int i = 0; i < n_out; i++) {
    char b[96];
    tsr_ref r = tsr_array_ref(&out[i], TSR_HOST);
    fprintf(cli_out(), "output %d: %s%s%s\n", i, tsr_ref_describe(&r, b, sizeof b), outdir ? " -> " : "",
            outdir ? outdir : st.timing_only_calls ? " not computed (timing-only run)" : "");
  }
  if (rs.timing_only)
    fprintf(cli_out(), "timing-only: %lld of %lld kernel calls ran without computing; checkers off\n",
            (long long)st.timing_only_calls, (long long)st.kernel_calls);
  for (int i = 0; i < n_exp; i++) {
    tsr_array e;
    if (tsr_npy_read(expects[i], &e) != TSR_OK) { fprintf(stderr, "tessera run: %s\n", tsr_last_error()); goto done; }
    ok &= compare(i, &out[i], &e, expects[i], rtol, atol);
    tsr_array_free(&e);
  }
  if (rs.poison)
    for (int i = 0; i < n_out; i++) {
      char name[32];
      snprintf(name, sizeof name, "output %d", i);
      tsr_ref r = tsr_array_ref(&out[i], TSR_HOST);
      if (tsr_check_poison(&r, name) != TSR_OK) { fprintf(cli_out(), "poison: %s\n", tsr_last_error()); ok = false; }
    }
  if (dump_report && repeat > 1) {
    st.seconds = median(warm_s, repeat - 1);
    st.kernel_seconds = median(warm_kernel_s, repeat - 1);
    fprintf(cli_out(), "repeat: %ld runs: first %.3f ms, median of the %ld after it %.3f ms, fastest %.3f ms\n", repeat,
           first * 1e3, repeat - 1, st.seconds * 1e3, fastest * 1e3);
  }
  char split[48] = "";
  if (st.kernel.parts > 1) snprintf(split, sizeof split, "; split into %d parts", st.kernel.parts);
  if (dump_report)
    fprintf(cli_out(), "report: %lld ops, %lld kernel calls (%lld steps, %lld DMAs in, %lld out%s), %.3f ms (kernels %.3f ms), "
           "peak %lld bytes (inputs %lld, outputs %lld, peak besides inputs %lld)\n",
           (long long)st.ops, (long long)st.kernel_calls, (long long)st.kernel.steps, (long long)st.kernel.dma.in,
           (long long)st.kernel.dma.out, split, st.seconds * 1e3, st.kernel_seconds * 1e3, (long long)st.peak_bytes,
           (long long)st.input_bytes, (long long)st.output_bytes, (long long)st.peak_intermediate_bytes);
  if (!cli_run_setup_finish(&rs)) ok = false;
  rc = ok ? CLI_EXIT_OK : CLI_EXIT_FAIL;
done:
  free(warm_s);
  free(warm_kernel_s);
  for (int i = 0; i < 64; i++) { tsr_array_free(&in[i]); tsr_array_free(&out[i]); }
  cli_run_setup_destroy(&rs);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
  return cli_mpi_end(rc);
}
