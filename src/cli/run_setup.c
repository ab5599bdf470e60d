/* Shared machine setup of `tessera run` and `tessera inspect` (run_setup.h). */
#include "cli/run_setup.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_mpi.h"

void cli_run_setup_init(cli_run_setup *rs, const char *cmd) {
  memset(rs, 0, sizeof *rs);
  rs->cmd = cmd;
}

int cli_run_setup_option(cli_run_setup *rs, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  bool next = *i + 1 < argc;
  if (!strcmp(a, "--chip") || !strcmp(a, "--trace")) {
    if (!next) { fprintf(stderr, "tessera %s: %s needs a value\n", rs->cmd, a); return -1; }
    if (!strcmp(a, "--trace")) {
      rs->trace_path = argv[++*i];
      return 1;
    }
    /* resolved now: a value that names no chip, or a file that is missing or not a chip
     * description, is a bad option (exit 2), before anything runs */
    rs->chip_name = argv[++*i];
    tsr_chip probe;
    if (tsr_chip_load(rs->chip_name, &probe) != TSR_OK) {
      fprintf(stderr, "tessera %s: --chip: %s\n", rs->cmd, tsr_last_error());
      return -1;
    }
    return 1;
  }
  if (!strcmp(a, "--dma-order")) {
    const char *v = next ? argv[++*i] : "";
    if (!strcmp(v, "eager")) rs->dma_mode = TSR_DMA_EAGER;
    else if (!strcmp(v, "on-wait")) rs->dma_mode = TSR_DMA_ON_WAIT;
    else if (!strcmp(v, "random")) rs->dma_mode = TSR_DMA_RANDOM;
    else { fprintf(stderr, "tessera %s: --dma-order is eager, on-wait or random\n", rs->cmd); return -1; }
    return 1;
  }
  if (!strncmp(a, "--out-of-bounds-reads", 21) && (a[21] == 0 || a[21] == '=')) {
    const char *v = a[21] == '=' ? a + 22 : next ? argv[++*i] : "";
    if (!strcmp(v, "raise")) rs->oob_reads = TSR_OOB_READS_RAISE;
    else if (!strcmp(v, "uninitialized")) rs->oob_reads = TSR_OOB_READS_UNINITIALIZED;
    else { fprintf(stderr, "tessera %s: --out-of-bounds-reads is raise or uninitialized\n", rs->cmd); return -1; }
    return 1;
  }
  if (!strcmp(a, "--host-helpers")) {
    long v;
    if (!next || !cli_parse_int(argv[*i + 1], -1, 64, &v)) {
      fprintf(stderr, "tessera %s: --host-helpers takes -1 (none), 0 (the idle host CPUs) or 1..64\n", rs->cmd);
      return -1;
    }
    rs->host_helpers = (int)v;
    ++*i;
    return 1;
  }
  if (!strcmp(a, "--max-ops")) {
    long v;
    if (!next || !cli_parse_int(argv[*i + 1], 0, (long)1 << 62, &v)) {
      fprintf(stderr, "tessera %s: --max-ops takes a count of ops, 0 for no limit\n", rs->cmd);
      return -1;
    }
    rs->max_ops = v ? (int64_t)v : -1;
    ++*i;
    return 1;
  }
  if (!strcmp(a, "--devices")) {
    long v;
    if (!next || !cli_parse_int(argv[*i + 1], 1, TSR_MAX_DEVICES, &v)) {
      fprintf(stderr, "tessera %s: --devices takes 1..%d\n", rs->cmd, TSR_MAX_DEVICES);
      return -1;
    }
    if (rs->mesh_rank && rs->devices != v) {
      fprintf(stderr, "tessera %s: --devices %ld and a --mesh of %d devices\n", rs->cmd, v, rs->devices);
      return -1;
    }
    rs->devices = (int)v;
    ++*i;
    return 1;
  }
  if (!strcmp(a, "--mesh")) { /* AxBx...: the mesh's shape, device ids row-major */
    const char *v = next ? argv[++*i] : "";
    int rank = 0;
    long size = 1;
    bool ok = *v != 0;
    for (const char *at = v; ok && *at;) { /* digits, then 'x' and more digits */
      char num[16];
      size_t len = strcspn(at, "x");
      long d;
      ok = len > 0 && len < sizeof num && rank < TSR_MAX_MESH_RANK;
      if (ok) {
        memcpy(num, at, len);
        num[len] = 0;
        ok = cli_parse_int(num, 1, TSR_MAX_DEVICES, &d);
      }
      if (ok) rs->mesh[rank++] = d, size *= d;
      at += len;
      if (*at == 'x' && !*++at) ok = false; /* a trailing 'x' */
    }
    if (!ok || size > TSR_MAX_DEVICES || (rs->devices && rs->devices != size)) {
      fprintf(stderr, "tessera %s: --mesh takes AxB... (up to %d dimensions, %d devices in all, agreeing with "
              "--devices)\n", rs->cmd, TSR_MAX_MESH_RANK, TSR_MAX_DEVICES);
      return -1;
    }
    rs->mesh_rank = rank;
    rs->devices = (int)size;
    return 1;
  }
  if (!strcmp(a, "--report")) rs->report = true;
  else if (!strcmp(a, "--json")) rs->json = true;
  else if (!strcmp(a, "--check")) rs->check = true;
  else if (!strcmp(a, "--poison")) rs->poison = true;
  else if (!strcmp(a, "--no-check")) rs->no_check = true;
  else if (!strcmp(a, "--zero-copy")) rs->zero_copy = true;
  else if (!strcmp(a, "--no-chunk")) rs->no_chunk = true;
  else return 0;
  return 1;
}

tsr_status cli_run_setup_machine(cli_run_setup *rs) {
  /* The cheap checkers (races, semaphores) are on unless --no-check; --check adds the
   * thorough ones, --poison the poison scan of output DMAs. */
  unsigned checks = rs->no_check ? 0 : TSR_CHECK_DEFAULT;
  if (rs->check) checks = TSR_CHECK_ALL;
  if (rs->poison) checks |= TSR_CHECK_POISON;
  tsr_sim_options so = {
      .chip = rs->chip_name,
      .machine = {.dma_mode = rs->dma_mode, .seed = rs->seed, .host_helpers = rs->host_helpers,
                  .zero_copy = rs->zero_copy, .max_kernel_ops = rs->max_ops, .num_devices = rs->devices,
                  .mesh_rank = rs->mesh_rank, .timing_only = rs->timing_only, .unchunked = rs->no_chunk,
                  .out_of_bounds_reads = rs->oob_reads},
      .checks = checks,
      .timing = rs->report || rs->json || rs->trace_path,
      .timing_options = {.trace = rs->trace_path != NULL}};
  memcpy(so.machine.mesh_shape, rs->mesh, sizeof so.machine.mesh_shape);
#ifdef TSR_MPI
  if (cli_mpi_size() > 1) { /* each process logs its devices' events, replayed by process 0 later */
    so.attach_checker = cli_mpi_checker_attach;
    so.attach_timing = cli_mpi_timing_attach;
  }
#endif
  tsr_status s = tsr_sim_create(&so, &rs->sim);
  if (s != TSR_OK) {
    fprintf(stderr, "tessera %s: %s\n", rs->cmd, tsr_last_error());
    return s;
  }
  rs->machine = tsr_sim_machine(rs->sim);
  rs->timing = tsr_sim_timing(rs->sim);
  rs->checker = tsr_sim_checker(rs->sim);
  return TSR_OK;
}

bool cli_run_setup_finish(cli_run_setup *rs) {
  bool ok = true;
  if (rs->timing) {
    bool reported = !rs->report || tsr_timing_report(rs->timing, cli_out()) == TSR_OK;
    if (!reported) fprintf(stderr, "tessera %s: %s\n", rs->cmd, tsr_last_error());
    bool json = !rs->json || tsr_timing_write_json(rs->timing, "-") == TSR_OK;
    if (!json) fprintf(stderr, "tessera %s: %s\n", rs->cmd, tsr_last_error());
    ok = reported && json;
    if (rs->trace_path) {
      if (tsr_timing_write_trace(rs->timing, rs->trace_path) != TSR_OK) {
        fprintf(stderr, "tessera %s: %s\n", rs->cmd, tsr_last_error());
        ok = false;
      } else {
        fprintf(cli_out(), "trace: %s (open in ui.perfetto.dev)\n", rs->trace_path);
      }
    }
  }
  if (rs->checker) {
    bool found = tsr_checker_count(rs->checker) > 0;
    /* asked for: a clean run says so, since silence would not tell "checked" from "not run" */
    if (found || rs->check || rs->poison) tsr_checker_report(rs->checker, cli_out());
    if (found) ok = false;
  }
  return ok;
}

void cli_run_setup_destroy(cli_run_setup *rs) {
  tsr_sim_destroy(rs->sim);
  rs->sim = NULL;
  rs->checker = NULL;
  rs->timing = NULL;
  rs->machine = NULL;
}
