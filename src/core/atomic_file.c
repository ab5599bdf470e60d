/* Temp-and-rename output files (see atomic_file.h). */
#include "core/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"

tsr_status atomic_file_open(atomic_file *af, const char *path) {
  memset(af, 0, sizeof *af);
  if (!path || !*path) return tsr_fail(TSR_ERR_INVALID, "no output file name");
  if (!strcmp(path, "-")) {
    af->f = stdout;
    return TSR_OK;
  }
  /* open(O_EXCL) with 0666 rather than mkstemp, whose 0600 the rename would keep: the umask
   * decides the mode, as for any new file. The name is unique per process and call. */
  static unsigned long counter;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
    int n = snprintf(af->tmp, sizeof af->tmp, "%s.tmp.%ld.%lu", path, (long)getpid(),
                     __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED));
    if (n < 0 || (size_t)n >= sizeof af->tmp) return tsr_fail(TSR_ERR_IO, "output file name too long: %s", path);
    fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return tsr_fail(TSR_ERR_IO, "cannot create %s: %s", af->tmp, strerror(errno));
  }
  if (fd < 0) return tsr_fail(TSR_ERR_IO, "cannot create a temporary file for %s", path);
  af->f = fdopen(fd, "w");
  if (!af->f) {
    close(fd);
    unlink(af->tmp);
    return tsr_fail(TSR_ERR_IO, "cannot write %s: %s", path, strerror(errno));
  }
  af->path = path;
  return TSR_OK;
}

tsr_status atomic_file_finish(atomic_file *af) {
  if (!af->path) {
    fflush(stdout);
    return ferror(stdout) ? tsr_fail(TSR_ERR_IO, "error writing to standard output") : TSR_OK;
  }
  if (!af->f) return TSR_OK;
  bool bad = ferror(af->f) != 0;
  if (fclose(af->f) != 0) bad = true;
  af->f = NULL;
  if (bad) {
    unlink(af->tmp);
    af->tmp[0] = 0;
    return tsr_fail(TSR_ERR_IO, "error writing %s", af->path);
  }
  return TSR_OK;
}

tsr_status atomic_file_publish(atomic_file *af) {
  if (!af->path || !af->tmp[0]) return TSR_OK;
  if (rename(af->tmp, af->path) != 0) {
    tsr_status s = tsr_fail(TSR_ERR_IO, "cannot rename %s to %s: %s", af->tmp, af->path, strerror(errno));
    unlink(af->tmp);
    af->tmp[0] = 0;
    return s;
  }
  af->tmp[0] = 0;
  return TSR_OK;
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
  af->tmp[0] = 0;
}
