/* tessera checkers: observers that find kernel bugs the run itself does not show.
 *
 *   races       a kernel access (TSR_EV_ACCESS) or a DMA touching a region that a DMA in
 *               flight (started, not yet waited for) writes, or writing a region an in-flight
 *               DMA reads; two in-flight DMAs writing overlapping regions. Per core.
 *   semaphores  signals and waits that do not balance by the end of a kernel; DMA semaphores
 *               whose started bytes and waited bytes differ.
 *   poison      output DMAs (VMEM -> HBM) that carry the poison of uninitialised VMEM or of
 *               edge-block padding (scans every output byte: behind a flag).
 * Deadlocks are reported by the machine itself, with the state of every semaphore and DMA.
 * The checks and their messages: docs/checkers.md.
 *
 *   tsr_checker *ck;
 *   tsr_checker_create(TSR_CHECK_DEFAULT, &ck);
 *   tsr_checker_attach(ck, m);
 *   ... runs ...
 *   if (tsr_checker_status(ck) != TSR_OK) puts(tsr_last_error());   // the first finding
 *   tsr_checker_report(ck, stderr);                                  // all of them
 */
#ifndef TESSERA_CHECK_H
#define TESSERA_CHECK_H

#include <stdio.h>

#include "tessera/machine.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  TSR_CHECK_RACES = 1u << 0,
  TSR_CHECK_SEMAPHORES = 1u << 1,
  TSR_CHECK_POISON = 1u << 2,
  TSR_CHECK_DEFAULT = TSR_CHECK_RACES | TSR_CHECK_SEMAPHORES, /* cheap: ~log(DMAs in flight) per event */
  TSR_CHECK_ALL = TSR_CHECK_RACES | TSR_CHECK_SEMAPHORES | TSR_CHECK_POISON,
};

typedef struct tsr_checker tsr_checker;

tsr_status tsr_checker_create(unsigned checks, tsr_checker **out);
void tsr_checker_destroy(tsr_checker *ck);
tsr_observer tsr_checker_observer(tsr_checker *ck);
tsr_status tsr_checker_attach(tsr_checker *ck, tsr_machine *m);
/* Findings so far (each kind of finding at one place is counted once). */
int tsr_checker_count(const tsr_checker *ck);
/* TSR_OK, or the status of the first finding (TSR_ERR_RACE, TSR_ERR_SEMAPHORE, TSR_ERR_CHECK)
 * with its message as tsr_last_error(). */
tsr_status tsr_checker_status(const tsr_checker *ck);
/* The same status, with every finding kept in the message, one a line ("N findings:", then
 * "  1. ...", "  2. ..."), as far as the message holds them (2 KiB), then how many were left
 * out: for callers that show no report (the FFI handler, the Python package). */
tsr_status tsr_checker_status_all(const tsr_checker *ck);
/* The i-th finding's message (NULL past the end). */
const char *tsr_checker_finding(const tsr_checker *ck, int i);
/* All findings, one per line (the first 100, then a count). */
void tsr_checker_report(const tsr_checker *ck, FILE *f);
/* Forgets findings and state (between runs). */
void tsr_checker_reset(tsr_checker *ck);

/* After a run: TSR_ERR_CHECK when `out` holds poison (uninitialised VMEM or edge-block
 * padding that reached an output), naming `name` and the first such element's index. */
tsr_status tsr_check_poison(const tsr_ref *out, const char *name);

#ifdef __cplusplus
}
#endif
#endif
