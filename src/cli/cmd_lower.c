/* tessera lower MODULE: the DMA pipeline tessera plans around each kernel written out as a
 * Mosaic kernel of its own (include/tessera/lower.h, docs/lowering.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/atomic_file.h"
#include "core/status.h"
#include "tessera/lower.h"
#include "tessera/timing.h"

static void usage(FILE *f) {
  fprintf(f, "usage: tessera lower MODULE [-o OUT] [--body-only] [--chip NAME|FILE.json] [--buffering N]\n\n"
             "Rewrites every tpu_custom_call kernel of a StableHLO module (text or bytecode; '-' is\n"
             "stdin), or a bare Mosaic kernel, into a Mosaic kernel whose operands all stay in HBM:\n"
             "the grid as loops, the blocks as VMEM scratch, each DMA of tessera's pipeline as\n"
             "tpu.enqueue_dma / tpu.wait_dma2 on semaphores in scratch, the body inlined. Writes the\n"
             "whole module (generic form; the kernels as base64 bytecode in backend_config).\n"
             "  -o OUT           write to OUT (all or nothing) instead of stdout\n"
             "  --body-only      print the lowered kernels' Mosaic text instead of the module\n"
             "  --chip C         the chip whose TensorCores split parallel grid dimensions and whose\n"
             "                   generation gives the tiling (default v5e)\n"
             "  --buffering N    1 or 2 buffers for every pipelined operand (default: each\n"
             "                   operand's own, Buffered(n) or 2)\n"
             "Exit codes: 0 ok, 1 bad input or a kernel that cannot be lowered, 2 bad usage.\n");
}

static tsr_status write_out(const char *out, const tsr_mlir_module *m, const char *texts) {
  atomic_file af;
  TSR_TRY(atomic_file_open(&af, out ? out : "-"));
  if (texts) fputs(texts, af.f);
  else tsr_mlir_print(m, af.f, TSR_MLIR_PRINT_LOCS);
  return atomic_file_commit(&af);
}

int cli_cmd_lower(int argc, char **argv) {
  const char *path = NULL, *out = NULL;
  bool body_only = false;
  tsr_chip chip = *tsr_chip_get("v5e");
  tsr_lower_opts o = {.chip = &chip};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return CLI_EXIT_OK; }
    if (!strcmp(a, "--body-only")) { body_only = true; continue; }
    if (!strcmp(a, "-o") || !strcmp(a, "--chip") || !strcmp(a, "--buffering")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "tessera lower: %s needs a value\n", a);
        return CLI_EXIT_USAGE;
      }
      const char *v = argv[++i];
      if (!strcmp(a, "-o")) {
        out = v;
      } else if (!strcmp(a, "--chip")) {
        if (tsr_chip_load(v, &chip) != TSR_OK) {
          fprintf(stderr, "tessera lower: --chip: %s\n", tsr_last_error());
          return CLI_EXIT_USAGE;
        }
      } else {
        long n;
        if (!cli_parse_int(v, 1, 2, &n)) {
          fprintf(stderr, "tessera lower: --buffering '%s' is not 1 or 2\n", v);
          return CLI_EXIT_USAGE;
        }
        o.buffer_count = (int)n;
      }
      continue;
    }
    if (a[0] == '-' && a[1]) {
      fprintf(stderr, "tessera lower: unknown option '%s'\n", a);
      usage(stderr);
      return CLI_EXIT_USAGE;
    }
    if (path) {
      fprintf(stderr, "tessera lower: more than one MODULE\n");
      return CLI_EXIT_USAGE;
    }
    path = a;
  }
  if (!path) { usage(stderr); return CLI_EXIT_USAGE; }
  tsr_mlir_module *m = NULL;
  char *texts = NULL;
  tsr_status s = tsr_mlir_read_file(path, &m);
  if (s == TSR_OK) s = tsr_lower_module(&m, &o, &texts, NULL);
  if (s == TSR_OK) s = write_out(out, m, body_only ? texts : NULL);
  free(texts);
  tsr_mlir_module_destroy(m);
  if (s != TSR_OK) {
    fprintf(stderr, "tessera lower: %s: %s\n", path, tsr_last_error());
    return CLI_EXIT_FAIL;
  }
  return CLI_EXIT_OK;
}
