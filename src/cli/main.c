/* tessera: the command-line tool. One table of subcommands; each lives in its own file. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv) {
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
