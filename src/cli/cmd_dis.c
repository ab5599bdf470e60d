/* tessera dis FILE: prints MLIR (bytecode or text) in the generic form. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "tessera/mlir.h"

static void usage(FILE *f) {
  fprintf(f, "usage: tessera dis [--locs] [--mosaic] [--bodies] FILE\n\n"
             "Prints an MLIR module (bytecode or text; FILE '-' is stdin) in MLIR's generic op\n"
             "form.\n"
             "  --locs    print op and block-argument locations\n"
             "  --mosaic  apply the Mosaic view (strip stable_mosaic., upgrade to version %d)\n"
             "  --bodies  print the kernel bodies of the module's tpu_custom_call ops, decoded\n"
             "            from their base64 backend_config (with the Mosaic view)\n"
             "Exit codes: 0 ok, 1 bad input, 2 bad usage.\n",
          TSR_MLIR_MOSAIC_MAX_VERSION);
}

typedef struct dis_opts { unsigned flags; } dis_opts;

static tsr_status print_body(tsr_mlir_module *body, const char *kernel, int index, void *user) {
  const dis_opts *o = user;
  tsr_status s = tsr_mlir_mosaic_view(body);
  if (s == TSR_OK) {
    printf("// tpu_custom_call #%d kernel_name=\"%s\" stable_mosaic.version=%d\n", index, kernel,
           tsr_mlir_mosaic_version(body));
    tsr_mlir_print(body, stdout, o->flags);
  }
  tsr_mlir_module_destroy(body);
  return s;
}

int cmd_dis(int argc, char **argv) {
  dis_opts o = {0};
  bool mosaic = false, bodies = false;
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return TSR_EXIT_OK; }
    if (!strcmp(argv[i], "--locs")) o.flags |= TSR_MLIR_PRINT_LOCS;
    else if (!strcmp(argv[i], "--mosaic")) mosaic = true;
    else if (!strcmp(argv[i], "--bodies")) bodies = true;
    else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "tessera dis: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return TSR_EXIT_USAGE;
    } else if (path) {
      fprintf(stderr, "tessera dis: more than one FILE\n");
      return TSR_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (!path) { usage(stderr); return TSR_EXIT_USAGE; }
  tsr_mlir_module *m;
  tsr_status s = tsr_mlir_read_file(path, &m);
  if (s == TSR_OK && mosaic) s = tsr_mlir_mosaic_view(m);
  if (s == TSR_OK) {
    if (bodies) s = tsr_mlir_for_each_tpu_body(m, print_body, &o);
    else tsr_mlir_print(m, stdout, o.flags);
  }
  tsr_mlir_module_destroy(m);
  if (s != TSR_OK) {
    fprintf(stderr, "tessera dis: %s: %s\n", tsr_status_name(s), tsr_last_error());
    return TSR_EXIT_FAIL;
  }
  return TSR_EXIT_OK;
}
