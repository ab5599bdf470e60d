/* Small helpers shared by the subcommands. */
#include "cli/cli.h"

#include <string.h>

bool cli_wants_help(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
  return false;
}
