/* Small helpers shared by the subcommands. */
#include "cli/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool cli_wants_help(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
  return false;
}

bool cli_parse_int(const char *s, long lo, long hi, long *out) {
  if (!s || !*s) return false;
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (*end || errno || v < lo || v > hi) return false;
  *out = v;
  return true;
}
