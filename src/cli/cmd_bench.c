#include "cli/cli.h"
#include <stdio.h>
int cmd_bench(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "bench: under construction\n"); return TSR_EXIT_FAIL; }
