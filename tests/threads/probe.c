/* A pthread_create that stops the process that calls it, put first with LD_PRELOAD into the
 * ctest cases labelled single_thread (CMakeLists.txt; release builds only). The TSan stage
 * leaves those cases out because a race needs two threads: a case that starts one after all
 * fails here, saying which command did, instead of going unchecked. Only the build's own
 * programs (TSR_PROBE_DIR: the CLI, the test executables) are what TSan would run; the tools
 * the scripts use (Python's pools of threads that wait on subprocesses, sort) are let through. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static int built_here(void) {
  char exe[4096] = {0}, dir[4096];
  if (readlink("/proc/self/exe", exe, sizeof exe - 1) < 0) return 0;
  /* the kernel names the executable by its real path: the build folder's, links resolved */
  if (!realpath(TSR_PROBE_DIR, dir)) return 0;
  size_t n = strlen(dir);
  return strncmp(exe, dir, n) == 0 && exe[n] == '/';
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *), void *arg) {
  create_fn real = (create_fn)dlsym(RTLD_NEXT, "pthread_create");
  if (!real) return ENOSYS;
  if (built_here()) {
    char cmd[1024] = {0};
    int fd = open("/proc/self/cmdline", O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, cmd, sizeof cmd - 1) : 0;
    if (fd >= 0) close(fd);
    for (ssize_t i = 0; i + 1 < n; i++) /* the arguments end in NULs: spaces between them */
      if (cmd[i] == '\0') cmd[i] = ' ';
    fprintf(stderr, "thread probe: '%s' starts a thread, but its ctest case is labelled single_thread "
                    "(CMakeLists.txt), which the TSan stage leaves out: take it off that list\n", cmd);
    abort();
  }
  return real(thread, attr, fn, arg);
}
