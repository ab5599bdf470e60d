/* tessera dis FILE: prints MLIR (bytecode or text) in the generic form, or re-encodes it as
 * bytecode of a chosen version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/atomic_file.h"
#include "core/status.h"
#include "tessera/mlir.h"

static void usage(FILE *f) {
  fprintf(f, "usage: tessera dis [--locs] [--mosaic] [--bodies] FILE\n"
             "       tessera dis --emit-bytecode VERSION -o OUT FILE\n\n"
             "Prints an MLIR module (bytecode or text; FILE '-' is stdin) in MLIR's generic op\n"
             "form.\n"
             "  --locs    print op and block-argument locations\n"
             "  --mosaic  apply the Mosaic view (strip stable_mosaic., upgrade to version %d)\n"
             "  --bodies  print the kernel bodies of the module's tpu_custom_call ops, decoded\n"
             "            from their base64 backend_config (with the Mosaic view)\n"
             "  --emit-bytecode VERSION\n"
             "            write the module as MLIR bytecode of VERSION (0-6; JAX writes 0)\n"
             "            to OUT instead of printing it ('-' is stdout)\n"
             "Exit codes: 0 ok, 1 bad input, 2 bad usage.\n",
          TSR_MLIR_MOSAIC_MAX_VERSION);
}

typedef struct dis_opts { unsigned flags; } dis_opts;

/* Through a temporary file and a rename, so OUT is never left half-written. */
static tsr_status emit_bytecode(const tsr_mlir_module *m, int version, const char *out) {
  unsigned char *data = NULL;
  size_t size = 0;
  TSR_TRY(tsr_mlir_write_bytecode(m, version, &data, &size));
  atomic_file af;
  tsr_status s = atomic_file_open(&af, out);
  if (s == TSR_OK) {
    fwrite(data, 1, size, af.f);
    s = atomic_file_commit(&af);
  }
  free(data);
  return s;
}

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

int cli_cmd_dis(int argc, char **argv) {
  dis_opts o = {0};
  bool mosaic = false, bodies = false;
  const char *path = NULL, *out = NULL;
  int version = -1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return CLI_EXIT_OK; }
    if (!strcmp(argv[i], "--locs")) o.flags |= TSR_MLIR_PRINT_LOCS;
    else if (!strcmp(argv[i], "--mosaic")) mosaic = true;
    else if (!strcmp(argv[i], "--bodies")) bodies = true;
    else if (!strcmp(argv[i], "--emit-bytecode") || !strcmp(argv[i], "-o")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "tessera dis: %s needs a value\n", argv[i]);
        return CLI_EXIT_USAGE;
      }
      if (argv[i][1] == 'o') {
        out = argv[++i];
        continue;
      }
      long v;
      if (!cli_parse_int(argv[++i], 0, 6, &v)) {
        fprintf(stderr, "tessera dis: bytecode version '%s' is not one of 0 to 6\n", argv[i]);
        return CLI_EXIT_USAGE;
      }
      version = (int)v;
    }
    else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "tessera dis: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return CLI_EXIT_USAGE;
    } else if (path) {
      fprintf(stderr, "tessera dis: more than one FILE\n");
      return CLI_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (!path) { usage(stderr); return CLI_EXIT_USAGE; }
  if ((version >= 0) != (out != NULL) || (version >= 0 && bodies)) {
    fprintf(stderr, "tessera dis: --emit-bytecode and -o go together, without --bodies\n");
    return CLI_EXIT_USAGE;
  }
  tsr_mlir_module *m;
  tsr_status s = tsr_mlir_read_file(path, &m);
  if (s == TSR_OK && mosaic) s = tsr_mlir_mosaic_view(m);
  if (s == TSR_OK) {
    if (version >= 0) s = emit_bytecode(m, version, out);
    else if (bodies) s = tsr_mlir_for_each_tpu_body(m, print_body, &o);
    else tsr_mlir_print(m, stdout, o.flags);
  }
  tsr_mlir_module_destroy(m);
  if (s != TSR_OK) {
    fprintf(stderr, "tessera dis: %s: %s\n", tsr_status_name(s), tsr_last_error());
    return CLI_EXIT_FAIL;
  }
  return CLI_EXIT_OK;
}
