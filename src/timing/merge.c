/* The timing model held (tm_hold): under MPI the devices of a machine are spread over
 * processes, and the model of each records its own cores' events on a tape (machine/tape.h)
 * instead of replaying them; the tapes go to process 0 (src/mpi/events.c), whose model
 * replays them all once released, as it would have in one process. */
#include <stdlib.h>

#include "core/status.h"
#include "machine/tape.h"
#include "timing/timing_internal.h"

/* Every event on the tape to the cores' queues, slot by slot (the replay orders them by
 * simulated time whatever order they come in), and the tape emptied. */
static void take_tape(tsr_timing *t) {
  machine_tape *T = t->tape;
  for (int s = 0; s < MACHINE_TAPE_MAX_SLOTS; s++)
    for (size_t i = 0; i < T->slots[s].n; i++) {
      tsr_event ev;
      machine_tape_event_refs refs;
      machine_tape_event(T, s, i, &ev, &refs);
      tm_log_rec r;
      int core;
      if (tm_rec_of(t, &ev, &r, &core)) tm_take(t, core, &ev, &r);
    }
  if (T->nomem) t->nomem = true;
  machine_tape_clear(T);
}

tsr_status tm_hold(tsr_timing *t, bool held) {
  tsr_status s = TSR_OK;
  pthread_mutex_lock(&t->lock);
  if (held && !t->tape) {
    t->tape = malloc(sizeof *t->tape);
    if (t->tape) machine_tape_init(t->tape, ~0u, t->cores_per_device);
    else s = tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  } else if (!held && t->tape) {
    take_tape(t);
    machine_tape_free(t->tape);
    free(t->tape);
    t->tape = NULL;
  }
  pthread_mutex_unlock(&t->lock);
  return s;
}

struct machine_tape *tm_tape(tsr_timing *t) { return t->tape; }
