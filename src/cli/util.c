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

bool cli_parse_bytes(const char *s, int64_t *out) {
  if (!s || *s < '0' || *s > '9') return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  int shift = 0;
  if (*end) {
    const char *units = "KMGT", *u = strchr(units, *end);
    if (!u || end[1]) return false;
    shift = 10 * (int)(u - units + 1);
  }
  if (errno || v > (UINT64_C(1) << 62) >> shift) return false;
  *out = (int64_t)(v << shift);
  return true;
}

static int stdout_err;

void cli_flush(void) {
  errno = 0;
  if (fflush(stdout) != 0 && !stdout_err) stdout_err = errno;
}

int cli_stdout_error(void) { return stdout_err; }

static FILE *human; /* NULL: stdout */
FILE *cli_out(void) { return human ? human : stdout; }
void cli_set_json(bool on) { human = on ? stderr : NULL; }

bool cli_stdin_once(const char *cmd, const char *const *files, int n) {
  int named = 0;
  for (int i = 0; i < n; i++) named += files[i] && !strcmp(files[i], "-");
  if (named > 1) fprintf(stderr, "tessera %s: standard input ('-') can be read once: name files for the others\n", cmd);
  return named <= 1;
}
