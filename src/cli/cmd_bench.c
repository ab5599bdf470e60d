/* tessera bench NAME: runs one benchmark (bench/), which prints its figures and ratios. */
#include "bench.h"
#include "cli/cli.h"
#include "core/blas.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  int (*run)(const bench_opts *o);
  const char *summary;
} benches[] = {
#define TSR_BENCH(name, fn, summary) {name, fn, summary},
#include "benches.def"
#undef TSR_BENCH
    {NULL, NULL, NULL},
};

static void usage(FILE *f) {
  fprintf(f, "usage: tessera bench [--json] [--quick] [--cores N] NAME\n"
             "       tessera bench --list\n\n"
             "Runs a benchmark and prints one line per figure with its ratio to a baseline\n"
             "measured in the same run (ratio > 1: tessera is faster). --json prints a JSON\n"
             "array on stdout, an object per figure with the keys name, value, unit, baseline,\n"
             "ratio (anything else goes to stderr).\n\nbenchmarks:\n");
  for (size_t i = 0; benches[i].name; i++)
    fprintf(f, "  %-14s %s\n", benches[i].name, benches[i].summary);
}

int cli_cmd_bench(int argc, char **argv) {
  bench_opts o = {0};
  const char *name = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(stdout); return CLI_EXIT_OK; }
    if (!strcmp(argv[i], "--list")) {
      for (size_t b = 0; benches[b].name; b++) printf("%s\n", benches[b].name);
      return CLI_EXIT_OK;
    }
    if (!strcmp(argv[i], "--json")) { o.json = true; cli_set_json(true); continue; }
    if (!strcmp(argv[i], "--quick")) { o.quick = true; continue; }
    if (!strcmp(argv[i], "--cores")) {
      long c;
      if (i + 1 >= argc || !cli_parse_int(argv[i + 1], 1, INT_MAX, &c)) {
        fprintf(stderr, "tessera bench: --cores takes a positive integer\n");
        return CLI_EXIT_USAGE;
      }
      o.cores = (int)c;
      i++;
      continue;
    }
    if (argv[i][0] == '-') {
      fprintf(stderr, "tessera bench: unknown option '%s'\n", argv[i]);
      return CLI_EXIT_USAGE;
    }
    if (name) { fprintf(stderr, "tessera bench: one benchmark at a time\n"); return CLI_EXIT_USAGE; }
    name = argv[i];
  }
  if (!name) { usage(stderr); return CLI_EXIT_USAGE; }
  for (size_t b = 0; benches[b].name; b++) {
    if (strcmp(name, benches[b].name)) continue;
    /* loaded up front, so that no benchmark times the load */
    if (blas_load() != TSR_OK) {
      fprintf(stderr, "tessera bench: %s\n", tsr_last_error());
      return CLI_EXIT_FAIL;
    }
    int failed = benches[b].run(&o);
    if (o.json) bench_json_end();
    return failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
  }
  fprintf(stderr, "tessera bench: unknown benchmark '%s' (tessera bench --list)\n", name);
  return CLI_EXIT_USAGE;
}
