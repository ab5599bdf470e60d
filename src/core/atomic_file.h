/* Writing output files so that a reader never sees half of one: write to a temporary name in
 * the same folder, then rename over the target. */
#ifndef TSR_CORE_ATOMIC_FILE_H
#define TSR_CORE_ATOMIC_FILE_H

#include <stdio.h>

#include "tessera/core.h"

typedef struct atomic_file {
  FILE *f;
  char tmp[4096];
  const char *path; /* NULL: stdout */
} atomic_file;

/* Opens `path` for writing ("-": stdout). */
tsr_status atomic_file_open(atomic_file *af, const char *path);
/* Closes and renames into place; on a write error removes the temporary and fails. */
tsr_status atomic_file_commit(atomic_file *af);
/* Gives up: removes the temporary. */
void atomic_file_abort(atomic_file *af);

#endif
