/* tessera bench jax: the speed comparison with JAX's TPU interpret mode. The measurement lives
 * in bench/jax/compare.py (it needs JAX to export the kernels and to run its interpreters); this
 * runs it with the pinned JAX venv (tools/jax/setup.sh installs it on first use) and with this
 * tessera binary. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

int bench_jax(const bench_opts *o) {
  const char *src = TSR_SOURCE_DIR;
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "bench jax: cannot find this tessera binary\n");
    return 1;
  }
  self[n] = 0;
  char cmd[4 * PATH_MAX];
  /* setup.sh prints the venv's python on its last line */
  snprintf(cmd, sizeof cmd,
           "py=$('%s/tools/jax/setup.sh' | tail -n 1) && "
           "env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE \"$py\" '%s/bench/jax/compare.py' "
           "--tessera '%s'%s%s",
           src, src, self, o->quick ? " --quick" : "", o->json ? " --json" : "");
  fflush(stdout);
  /* the shell and its pipeline get SIGPIPE's default back (tessera ignores it, main.c) */
  void (*sigpipe)(int) = signal(SIGPIPE, SIG_DFL);
  int status = system(cmd);
  signal(SIGPIPE, sigpipe);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "bench jax: the comparison failed (needs PyPI once for the pinned JAX: "
                    "tools/jax/setup.sh)\n");
    return 1;
  }
  return 0;
}
