/* tessera bench run_memory: the peak memory of `tessera run` against what it has to hold: the
 * inputs, the outputs, the intermediates live at once (and the VMEM of kernels, none here), and a
 * small constant (the process itself). A generated StableHLO module chains elementwise ops over big
 * tensors; it runs as a child process whose peak resident size the OS reports. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

/* x, y: f32[n, 1024]; a chain of `ops` elementwise ops, each result used by the next one
 * only: at most two intermediates are live at once. */
static int write_chain(const char *path, int64_t n, int ops) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "func.func public @main(%%x: tensor<%lldx1024xf32>, %%y: tensor<%lldx1024xf32>) -> tensor<%lldx1024xf32> {\n",
          (long long)n, (long long)n, (long long)n);
  fprintf(f, "  %%v0 = stablehlo.add %%x, %%y : tensor<%lldx1024xf32>\n", (long long)n);
  for (int i = 1; i < ops; i++)
    fprintf(f, "  %%v%d = stablehlo.%s %%v%d, %%x : tensor<%lldx1024xf32>\n", i,
            i % 2 ? "multiply" : "subtract", i - 1, (long long)n);
  fprintf(f, "  return %%v%d : tensor<%lldx1024xf32>\n}\n", ops - 1, (long long)n);
  return fclose(f);
}

/* Runs `tessera run MODULE --dump report`, returns the child's peak RSS in bytes and the
 * report line's figures (peak bytes of tensors). */
static int run_child(const char *self, const char *module, long *rss, long long *peak_tensors) {
  int fds[2];
  if (pipe(fds)) return -1;
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    execl(self, self, "run", module, "--dump", "report", (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  char buf[8192];
  size_t n = 0;
  ssize_t got;
  while ((got = read(fds[0], buf + n, sizeof buf - 1 - n)) > 0) n += (size_t)got;
  buf[n] = 0;
  close(fds[0]);
  int status;
  struct rusage ru;
  /* the largest of the children waited for so far: the runs go from small to big */
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
      getrusage(RUSAGE_CHILDREN, &ru))
    return -1;
  *rss = ru.ru_maxrss * 1024L;
  const char *r = strstr(buf, "peak ");
  *peak_tensors = r ? atoll(r + 5) : -1;
  return r ? 0 : -1;
}

int bench_run_memory(const bench_opts *o) {
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0) return 1;
  self[len] = 0;
  char dir[] = "/tmp/tessera-run-memory-XXXXXX";
  if (!mkdtemp(dir)) return 1;
  char small[4200], big[4200];
  snprintf(small, sizeof small, "%s/small.mlir", dir);
  snprintf(big, sizeof big, "%s/big.mlir", dir);
  int64_t rows = o->quick ? 4096 : 32768; /* 16 or 128 MiB per tensor */
  int rc = 0;
  long rss0, rss1;
  long long peak0, peak1;
  if (write_chain(small, 8, 16) || write_chain(big, rows, 16) ||
      run_child(self, small, &rss0, &peak0) || run_child(self, big, &rss1, &peak1)) {
    fprintf(stderr, "bench run_memory: a run failed\n");
    rc = 1;
  } else {
    /* the small run's RSS is the process's constant; the bound adds what the big run must hold
     * (this graph has no kernel, so no VMEM) */
    double bound = (double)rss0 + (double)peak1;
    bench_figure(o, "run_memory: tensors held at peak", (double)peak1 / 1048576.0, "MiB", 0, true);
    bench_figure(o, "run_memory: process peak RSS (vs bound)", (double)rss1 / 1048576.0, "MiB",
                 bound / 1048576.0, false);
    bench_figure(o, "run_memory: process constant (tiny run)", (double)rss0 / 1048576.0, "MiB", 0, true);
  }
  unlink(small);
  unlink(big);
  rmdir(dir);
  return rc;
}
