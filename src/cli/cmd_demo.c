#include "cli/cli.h"
#include <stdio.h>
int cmd_demo(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "demo: under construction\n"); return TSR_EXIT_FAIL; }
