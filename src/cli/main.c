/* tessera: the command-line tool. One table of subcommands; each lives in its own file. */
#include "cli/cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/atomic_file.h"

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

/* SIGINT, SIGTERM, SIGHUP: the temporaries of the files being written go, then the signal
 * ends the program as it would have (the shell sees 128 + its number). */
static void on_fatal_signal(int sig) {
  atomic_file_remove_all();
  raise(sig); /* delivered on return, with the default action (SA_RESETHAND) */
}

static void handle_signals(void) {
  /* a reader that closes standard output (`| head`) makes writes fail with EPIPE instead of
   * killing the program: the end of the output (cli_finish_stdout) */
  signal(SIGPIPE, SIG_IGN);
  const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction old, sa;
    /* one the program started with ignored stays so (nohup, a background job's SIGINT) */
    if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN) continue;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
}

/* Standard output at the end: what is still buffered goes out. A reader that has gone ends the
 * output (the exit code is the command's); any other failure is an output that cannot be
 * written (exit 1, with the reason). */
static int cli_finish_stdout(int rc) {
  cli_flush();
  int err = cli_stdout_error();
  if (!ferror(stdout) || atomic_file_reader_gone(fileno(stdout), err)) return rc;
  fprintf(stderr, "tessera: cannot write standard output: %s\n", err ? strerror(err) : "a write failed");
  return rc == CLI_EXIT_OK ? CLI_EXIT_FAIL : rc;
}

static int run_command(int argc, char **argv) {
  if (argc < 2) { usage(stderr); return CLI_EXIT_USAGE; }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return CLI_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "tessera: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return CLI_EXIT_USAGE;
}

int main(int argc, char **argv) {
  handle_signals();
  return cli_finish_stdout(run_command(argc, argv));
}
