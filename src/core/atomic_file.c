/* Temp-and-rename output files (see atomic_file.h). */
#include "core/atomic_file.h"

#include <errno.h>
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
  int n = snprintf(af->tmp, sizeof af->tmp, "%s.tmp.XXXXXX", path);
  if (n < 0 || (size_t)n >= sizeof af->tmp)
    return tsr_fail(TSR_ERR_IO, "output file name too long: %s", path);
  int fd = mkstemp(af->tmp);
  if (fd < 0) return tsr_fail(TSR_ERR_IO, "cannot create %s: %s", af->tmp, strerror(errno));
  af->f = fdopen(fd, "w");
  if (!af->f) {
    close(fd);
    unlink(af->tmp);
    return tsr_fail(TSR_ERR_IO, "cannot write %s: %s", path, strerror(errno));
  }
  af->path = path;
  return TSR_OK;
}

tsr_status atomic_file_commit(atomic_file *af) {
  if (!af->path) {
    fflush(stdout);
    return ferror(stdout) ? tsr_fail(TSR_ERR_IO, "error writing to standard output") : TSR_OK;
  }
  bool bad = ferror(af->f) != 0;
  if (fclose(af->f) != 0) bad = true;
  af->f = NULL;
  if (bad) {
    unlink(af->tmp);
    return tsr_fail(TSR_ERR_IO, "error writing %s", af->path);
  }
  if (rename(af->tmp, af->path) != 0) {
    int e = errno;
    unlink(af->tmp);
    return tsr_fail(TSR_ERR_IO, "cannot rename %s to %s: %s", af->tmp, af->path, strerror(e));
  }
  return TSR_OK;
}

void atomic_file_abort(atomic_file *af) {
  if (!af->path) return;
  if (af->f) fclose(af->f);
  af->f = NULL;
  unlink(af->tmp);
}
