/* Writing output files so that a reader never sees half of one: write to a temporary name in
 * the same folder, then rename over the target. Several files that belong together (a run's
 * outputs) are all written first and renamed only when every one is complete, so a failure
 * leaves none of them behind. New files get the mode the umask gives (0666 less the umask),
 * as any file a program creates. A target that is not a regular file or a folder (a device such
 * as /dev/null, a FIFO) is written in place: a rename would replace the node. */
#ifndef TSR_CORE_ATOMIC_FILE_H
#define TSR_CORE_ATOMIC_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "tessera/core.h"

typedef struct atomic_file {
  FILE *f;
  char tmp[4096];
  const char *path; /* NULL: stdout */
  int live;         /* the temporary's entry for atomic_file_remove_all, or -1 */
} atomic_file;

/* Opens `path` for writing ("-": stdout). */
tsr_status atomic_file_open(atomic_file *af, const char *path);
/* Closes the temporary (complete, not yet in place); on a write error removes it and fails. */
tsr_status atomic_file_finish(atomic_file *af);
/* Renames a finished temporary into place (on failure removes it). */
tsr_status atomic_file_publish(atomic_file *af);
/* Finishes and publishes. */
tsr_status atomic_file_commit(atomic_file *af);
/* Gives up: removes the temporary (open or finished). */
void atomic_file_abort(atomic_file *af);
/* Removes every temporary that exists now: async-signal-safe (unlink only), for a handler of
 * the signals that end a program, so that none is left behind. */
void atomic_file_remove_all(void);
/* Whether a write to fd that failed with err failed because the reader of a pipe or socket
 * has gone (EPIPE, or a pipe that polls as closed): the end of the output, not an error. */
bool atomic_file_reader_gone(int fd, int err);

#endif
