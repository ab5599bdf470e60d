/* Temp-and-rename output files (see atomic_file.h). */
#include "core/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/status.h"

/* The temporaries that exist now, for atomic_file_remove_all (a signal handler's): pointers
 * to their names, each set once its name is complete and cleared before the name changes. A
 * fixed table of lock-free pointers, as a handler may only read what no lock guards. */
#define LIVE_MAX 256
static const char *live[LIVE_MAX];

static int live_add(const char *name) {
  for (int i = 0; i < LIVE_MAX; i++) {
    const char *none = NULL;
    if (__atomic_compare_exchange_n(&live[i], &none, name, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return i;
  }
  return -1; /* more at once than the table holds: not removed on a signal */
}

static void live_drop(atomic_file *af) {
  if (af->live >= 0) __atomic_store_n(&live[af->live], NULL, __ATOMIC_SEQ_CST);
  af->live = -1;
}

void atomic_file_remove_all(void) {
  for (int i = 0; i < LIVE_MAX; i++) {
    const char *name = __atomic_load_n(&live[i], __ATOMIC_SEQ_CST);
    if (name) unlink(name);
  }
}

bool atomic_file_reader_gone(int fd, int err) {
  if (err == EPIPE) return true;
  struct stat st;
  if (fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return false;
  /* the write end of a pipe whose reader has closed polls as an error; a socket's as hung up */
  struct pollfd p = {.fd = fd, .events = 0};
  return poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP));
}

tsr_status atomic_file_open(atomic_file *af, const char *path) {
  memset(af, 0, sizeof *af);
  af->live = -1;
  if (!path || !*path) return tsr_fail(TSR_ERR_INVALID, "no output file name");
  if (!strcmp(path, "-")) {
    af->f = stdout;
    return TSR_OK;
  }
  int fd = -1;
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    /* A device, a FIFO or a socket (/dev/null, /dev/stdout, a named pipe): written in place,
     * as a rename would replace the node itself, and there is no half-written file to hide. */
    fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return tsr_fail(TSR_ERR_IO, "cannot write %s: %s", path, strerror(errno));
  } else {
    /* open(O_EXCL) with 0666 rather than mkstemp, whose 0600 the rename would keep: the umask
     * decides the mode, as for any new file. The name is unique per process and call, and is
     * registered before the file exists, so that a signal from then on removes it. */
    static unsigned long counter;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
      int n = snprintf(af->tmp, sizeof af->tmp, "%s.tmp.%ld.%lu", path, (long)getpid(),
                       __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED));
      if (n < 0 || (size_t)n >= sizeof af->tmp) return tsr_fail(TSR_ERR_IO, "output file name too long: %s", path);
      af->live = live_add(af->tmp);
      fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd >= 0) break;
      int err = errno;
      live_drop(af);
      if (err != EEXIST) {
        /* the folder's error, for the file the caller named */
        af->tmp[0] = 0;
        return tsr_fail(TSR_ERR_IO, "cannot write %s: %s", path, strerror(err));
      }
    }
    if (fd < 0) {
      af->tmp[0] = 0;
      return tsr_fail(TSR_ERR_IO, "cannot create a temporary file for %s", path);
    }
  }
  af->f = fdopen(fd, "w");
  if (!af->f) {
    int err = errno;
    close(fd);
    if (af->tmp[0]) unlink(af->tmp);
    live_drop(af);
    af->tmp[0] = 0;
    return tsr_fail(TSR_ERR_IO, "cannot write %s: %s", path, strerror(err));
  }
  af->path = path;
  return TSR_OK;
}

tsr_status atomic_file_finish(atomic_file *af) {
  if (!af->path) {
    errno = 0;
    int err = fflush(stdout) != 0 ? errno : 0;
    if (!ferror(stdout) || atomic_file_reader_gone(fileno(stdout), err)) return TSR_OK; /* a closed reader ends the output */
    clearerr(stdout); /* said here: a program's last check of stdout need not say it again */
    return tsr_fail(TSR_ERR_IO, "error writing to standard output: %s", err ? strerror(err) : "a write failed");
  }
  if (!af->f) return TSR_OK;
  /* The reason of a failed write: the last flush fails again as the first did (the stream
   * drops what it could not write), unless nothing was left to flush; then a byte written to
   * the temporary, which goes anyway, asks once more. */
  errno = 0;
  int err = fflush(af->f) != 0 ? errno : 0;
  bool bad = err || ferror(af->f);
  if (bad && !err && af->tmp[0] && write(fileno(af->f), "", 1) < 0) err = errno;
  errno = 0;
  if (fclose(af->f) != 0) {
    bad = true;
    if (!err) err = errno;
  }
  af->f = NULL;
  if (bad) {
    if (af->tmp[0]) unlink(af->tmp);
    live_drop(af);
    af->tmp[0] = 0;
    return tsr_fail(TSR_ERR_IO, "error writing %s: %s", af->path, err ? strerror(err) : "a write failed");
  }
  return TSR_OK;
}

tsr_status atomic_file_publish(atomic_file *af) {
  if (!af->path || !af->tmp[0]) return TSR_OK;
  tsr_status s = TSR_OK;
  if (rename(af->tmp, af->path) != 0) {
    s = tsr_fail(TSR_ERR_IO, "cannot rename %s to %s: %s", af->tmp, af->path, strerror(errno));
    unlink(af->tmp);
  }
  live_drop(af);
  af->tmp[0] = 0;
  return s;
}

tsr_status atomic_file_commit(atomic_file *af) {
  TSR_TRY(atomic_file_finish(af));
  return atomic_file_publish(af);
}

void atomic_file_abort(atomic_file *af) {
  if (!af->path) return;
  if (af->f) fclose(af->f);
  af->f = NULL;
  if (af->tmp[0]) unlink(af->tmp);
  live_drop(af);
  af->tmp[0] = 0;
}
