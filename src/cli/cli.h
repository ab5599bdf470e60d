/* Shared by the CLI's subcommands. Exit codes: 0 success, 1 a failed run or check,
 * 2 bad usage. */
#ifndef TSR_CLI_H
#define TSR_CLI_H

#include <stdbool.h>

enum { TSR_EXIT_OK = 0, TSR_EXIT_FAIL = 1, TSR_EXIT_USAGE = 2 };

#define TSR_CMD(name, fn, summary) int fn(int argc, char **argv);
#include "cli/commands.def"
#undef TSR_CMD

/* True when any argument is --help or -h. */
bool cli_wants_help(int argc, char **argv);
/* Whether s is a whole decimal integer in [lo, hi] (then in *out): the check of every numeric
 * option. */
bool cli_parse_int(const char *s, long lo, long hi, long *out);

#endif
