/* tessera inspect MODULE: for each kernel, the grid, operands (memory space, block shape,
 * buffers, index map), the VMEM budget and the DMA plan of the first steps. Answers "where
 * are my DMAs" without running any body. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/inspect_devices.h"
#include "cli/run_setup.h"
#include "tessera/npy.h"

static void usage(FILE *f) {
  fprintf(f, "usage: tessera inspect MODULE [IN.npy ...] [--steps N] [--chip NAME|FILE.json]\n"
             "                      [--devices N | --mesh AxB]\n\n"
             "For each tpu_custom_call kernel of a StableHLO module (or a bare Mosaic kernel):\n"
             "grid and dimension semantics, each operand's memory space, block shape, buffer\n"
             "count and index map, the VMEM budget and its use, and the DMA plan of the first\n"
             "steps (which copies start, wait or are skipped). A bare kernel with a grid needs\n"
             "its inputs (.npy) for the array shapes.\n"
             "  --steps N   steps of the DMA plan to show (default 4)\n"
             "  --devices N, --mesh AxB  a bare kernel on N chips: it runs once (on the inputs,\n"
             "              global arrays as tessera run --devices takes them, or zeros) and\n"
             "              every device's copies (local, remote: to which device) and signals\n"
             "              to other devices are listed\n"
             "Exit codes: 0 ok, 1 bad input, 2 bad usage.\n");
}

int cli_cmd_inspect(int argc, char **argv) {
  cli_run_setup rs;
  cli_run_setup_init(&rs, "inspect");
  const char *module = NULL, *inputs[64];
  int n_in = 0, steps = 4;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return CLI_EXIT_OK; }
    if (!strcmp(a, "--chip") || !strcmp(a, "--devices") || !strcmp(a, "--mesh")) {
      int r = cli_run_setup_option(&rs, argc, argv, &i);
      if (r < 0) return CLI_EXIT_USAGE;
      continue;
    }
    if (!strcmp(a, "--steps") && i + 1 < argc) {
      long v;
      if (!cli_parse_int(argv[++i], 0, 100000, &v)) { fprintf(stderr, "tessera inspect: bad --steps '%s'\n", argv[i]); return CLI_EXIT_USAGE; }
      steps = (int)v;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "tessera inspect: unknown option or missing value '%s'\n", a);
      usage(stderr);
      return CLI_EXIT_USAGE;
    } else if (!module) module = a;
    else if (n_in < 64) inputs[n_in++] = a;
    else return CLI_EXIT_USAGE;
  }
  if (!module) { usage(stderr); return CLI_EXIT_USAGE; }
  const char *files[1 + 64] = {module};
  memcpy(files + 1, inputs, sizeof *inputs * (size_t)n_in);
  if (!cli_stdin_once("inspect", files, 1 + n_in)) return CLI_EXIT_USAGE;
  int rc = CLI_EXIT_FAIL;
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  tsr_array in[64] = {{0}};
  tsr_status s = tsr_mlir_read_file(module, &m);
  if (s == TSR_OK) s = tsr_hlo_compile(m, &p);
  if (s == TSR_OK && rs.devices > 1 && !tsr_hlo_is_bare_kernel(p)) {
    fprintf(stderr, "tessera inspect: %s: --devices and --mesh take bare Mosaic kernels\n", module);
    rc = CLI_EXIT_USAGE;
    goto done;
  }
  for (int i = 0; i < n_in && s == TSR_OK; i++) s = tsr_npy_read(inputs[i], &in[i]);
  if (s == TSR_OK) s = cli_run_setup_machine(&rs);
  /* with many devices the description is every device's (they run one program) on its shard */
  if (s == TSR_OK) s = tsr_hlo_describe(p, rs.machine, in, n_in, steps, stdout);
  if (s == TSR_OK && rs.devices > 1) s = cli_inspect_devices(p, rs.machine, in, n_in, stdout);
  if (s != TSR_OK) fprintf(stderr, "tessera inspect: %s: %s\n", module, tsr_last_error());
  else rc = CLI_EXIT_OK;
done:
  for (int i = 0; i < n_in; i++) tsr_array_free(&in[i]);
  cli_run_setup_destroy(&rs);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
  return rc;
}
