/* tessera sim: a machine with the checkers and the timing model it is observed by, built from
 * options in one call. Every front door (the CLI's run, inspect and demo, the XLA FFI
 * handler's machines, the Python package, the PJRT plugin) builds its machines here, so that
 * what a chip name means, which checkers a run gets and how the observers are attached is
 * decided once (docs/architecture.md, "The machine constructor").
 *
 *   tsr_sim_options so = {.chip = "v5e", .checks = TSR_CHECK_DEFAULT, .timing = true};
 *   tsr_sim *s;
 *   if (tsr_sim_create(&so, &s) != TSR_OK) puts(tsr_last_error());
 *   tsr_pallas_call(tsr_sim_machine(s), &desc, NULL);
 *   if (tsr_sim_findings(s) != TSR_OK) puts(tsr_last_error());       // every finding
 *   tsr_timing_report(tsr_sim_timing(s), stdout);
 *   tsr_sim_destroy(s);
 */
#ifndef TESSERA_SIM_H
#define TESSERA_SIM_H

#include "tessera/check.h"
#include "tessera/machine.h"
#include "tessera/timing.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tsr_sim_options {
  /* A built-in chip name ("v5e", "7x", ...) or a chip JSON file (tsr_chip_load); NULL or "":
   * v5e. */
  const char *chip;
  /* Everything else about the machine; its .chip is ignored (the loaded chip is used). */
  tsr_machine_options machine;
  /* TSR_CHECK_* bits of the checkers to attach; 0: none. Ignored (no checker) for a
   * timing-only machine (machine.timing_only), which has no data to check. */
  unsigned checks;
  /* Attach a timing model of the sim's own on the chip (options below; .trace for traces). */
  bool timing;
  tsr_timing_options timing_options;
  /* Or: observe with this borrowed model instead (an FFI timing session shares one model
   * among its machines); it must outlive the sim. Only one of `timing` and `shared_timing`. */
  tsr_timing *shared_timing;
  /* Optional: how the checkers and the timing model (own or shared) are attached to the
   * machine, in place of tsr_checker_attach and tsr_timing_attach (NULL: those). Under
   * mpirun the CLI attaches observers that log each process's events for process 0 to replay
   * (tsr_mpi_checker_attach, tsr_mpi_timing_attach: docs/mpi.md). A hook that fails leaves
   * its message; the sim is then not created. */
  tsr_status (*attach_checker)(tsr_checker *ck, tsr_machine *m);
  tsr_status (*attach_timing)(tsr_timing *t, tsr_machine *m);
} tsr_sim_options;

typedef struct tsr_sim tsr_sim;

/* Loads the chip, creates the machine, creates and attaches the checkers and the timing
 * model. On failure nothing is left allocated and the message names what failed
 * ("chip 'v9': unknown chip ...", "machine: ...", "checkers: ...", "timing model: ..."). */
tsr_status tsr_sim_create(const tsr_sim_options *opts, tsr_sim **out);
/* The machine first (its observers see nothing more), then the checkers and the own timing
 * model; a shared model is left to its owner. NULL is fine. */
void tsr_sim_destroy(tsr_sim *s);

tsr_machine *tsr_sim_machine(tsr_sim *s);          /* borrowed */
const tsr_chip *tsr_sim_chip(const tsr_sim *s);    /* borrowed */
tsr_checker *tsr_sim_checker(tsr_sim *s);          /* borrowed; NULL without checks */
tsr_timing *tsr_sim_timing(tsr_sim *s);            /* borrowed; own or shared; NULL without */

/* After a run: TSR_OK when the checkers found nothing (or there are none), else the status of
 * the first finding with every finding in the message (tsr_checker_status_all). */
tsr_status tsr_sim_findings(const tsr_sim *s);
/* Forgets the checkers' findings and state before the next independent call (the timing
 * model keeps accumulating; reset it with tsr_timing_reset when wanted). */
void tsr_sim_reset_findings(tsr_sim *s);

#ifdef __cplusplus
}
#endif
#endif
