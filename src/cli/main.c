/* tessera: the command-line tool. One table of subcommands; each lives in its own file. */
#include "cli/cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} commands[] = {
#define TSR_CMD(name, fn, summary) {name, fn, summary},
#include "cli/commands.def"
#undef TSR_CMD
};

static void usage(FILE *f) {
  fprintf(f, "usage: tessera COMMAND [ARGS...]\n\n"
             "Runs Pallas-style TPU kernels on this CPU: the HBM<->VMEM DMA pipeline, the kernel\n"
             "body, and a TPU timing model.\n\ncommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(f, "\n`tessera COMMAND --help` describes one command.\n");
}

/* tessera runs one BLAS call per simulated core on that core's thread, so BLAS must not start
 * threads of its own: OpenBLAS creates them when the library loads, and they spin for a tenth
 * of a second or more, taking the host's cores from the run. The thread count is read from the
 * environment at load time, so the only way to set it is before the process starts: re-exec
 * once with it set (a benchmark that wants a threaded BLAS baseline raises it explicitly). */
static void single_threaded_blas(char **argv) {
  if (getenv("OPENBLAS_NUM_THREADS")) return;
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return;
  self[n] = 0;
  setenv("OPENBLAS_NUM_THREADS", "1", 1);
  execv(self, argv); /* returns only on failure: go on with the threads */
}

int main(int argc, char **argv) {
  single_threaded_blas(argv);
  if (argc < 2) { usage(stderr); return TSR_EXIT_USAGE; }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return TSR_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "tessera: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return TSR_EXIT_USAGE;
}
