/* Shared by the CLI's subcommands. Exit codes: 0 success, 1 a failed run or check,
 * 2 bad usage. */
#ifndef TSR_CLI_H
#define TSR_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

#define TSR_CMD(name, fn, summary) int fn(int argc, char **argv);
#include "cli/commands.def"
#undef TSR_CMD

/* True when any argument is --help or -h. */
bool cli_wants_help(int argc, char **argv);
/* Whether s is a whole decimal integer in [lo, hi] (then in *out): the check of every numeric
 * option. */
bool cli_parse_int(const char *s, long lo, long hi, long *out);
/* Where human-readable lines go: stdout, or stderr once cli_set_json(true) says stdout is
 * for the JSON document alone (--json: whatever a command prints there parses as one
 * JSON value). */
FILE *cli_out(void);
void cli_set_json(bool on);
/* Whether standard input ('-') is named at most once among the n file arguments; says so on
 * stderr otherwise (a usage error: it can be read once). */
bool cli_stdin_once(const char *cmd, const char *const *files, int n);
/* Flushes standard output, keeping the reason of the first failure for cli_stdout_error (the
 * stream itself keeps only that one happened). */
void cli_flush(void);
/* errno of the first failed cli_flush, or 0. */
int cli_stdout_error(void);
/* A byte count: a whole number with an optional K, M, G or T (powers of 1024). */
bool cli_parse_bytes(const char *s, int64_t *out);

#endif
