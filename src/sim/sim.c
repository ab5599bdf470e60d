/* The one constructor of a machine with its observers (tessera/sim.h): the chip, the machine,
 * the checkers and the timing model, in that order, each failure undoing what came before. */
#include "tessera/sim.h"

#include <stdlib.h>

#include "core/status.h"

struct tsr_sim {
  tsr_machine *m;
  tsr_checker *ck;      /* NULL: no checks */
  tsr_timing *t;        /* own or shared; NULL: none */
  bool own_timing;
};

void tsr_sim_destroy(tsr_sim *s) {
  if (!s) return;
  /* the machine calls its observers until it is gone */
  tsr_machine_destroy(s->m);
  tsr_checker_destroy(s->ck);
  if (s->own_timing) tsr_timing_destroy(s->t);
  free(s);
}

static tsr_status attach(tsr_sim *s, const tsr_sim_options *o) {
  tsr_status st;
  unsigned checks = o->machine.timing_only != TSR_COMPUTE ? 0 : o->checks; /* nothing computed: nothing to check */
  if (checks) {
    if ((st = tsr_checker_create(checks, &s->ck)) != TSR_OK) return tsr_fail_context(st, "checkers");
    st = o->attach_checker ? o->attach_checker(s->ck, s->m) : tsr_checker_attach(s->ck, s->m);
    if (st != TSR_OK) return tsr_fail_context(st, "checkers");
  }
  if (o->timing) {
    s->own_timing = true;
    TSR_TRY(tsr_timing_create(tsr_machine_chip(s->m), &o->timing_options, &s->t));
  } else {
    s->t = o->shared_timing;
  }
  if (s->t) TSR_TRY(o->attach_timing ? o->attach_timing(s->t, s->m) : tsr_timing_attach(s->t, s->m));
  return TSR_OK;
}

tsr_status tsr_sim_create(const tsr_sim_options *opts, tsr_sim **out) {
  *out = NULL;
  tsr_sim_options o = opts ? *opts : (tsr_sim_options){0};
  if (o.timing && o.shared_timing)
    return tsr_fail(TSR_ERR_INVALID, "sim: a timing model of its own and a shared one (one of timing, shared_timing)");
  const char *name = o.chip && *o.chip ? o.chip : "v5e";
  tsr_chip chip;
  tsr_status st = tsr_chip_load(name, &chip);
  if (st != TSR_OK) return tsr_fail_context(st, "chip '%s'", name);
  tsr_sim *s = calloc(1, sizeof *s);
  if (!s) return tsr_fail(TSR_ERR_NOMEM, "out of host memory");
  o.machine.chip = &chip; /* the machine keeps a copy */
  if ((st = tsr_machine_create(&o.machine, &s->m)) != TSR_OK) st = tsr_fail_context(st, "machine");
  else st = attach(s, &o);
  if (st != TSR_OK) {
    tsr_sim_destroy(s);
    return st;
  }
  *out = s;
  return TSR_OK;
}

tsr_machine *tsr_sim_machine(tsr_sim *s) { return s->m; }
const tsr_chip *tsr_sim_chip(const tsr_sim *s) { return tsr_machine_chip(s->m); }
tsr_checker *tsr_sim_checker(tsr_sim *s) { return s->ck; }
tsr_timing *tsr_sim_timing(tsr_sim *s) { return s->t; }

tsr_status tsr_sim_findings(const tsr_sim *s) {
  return s->ck ? tsr_checker_status_all(s->ck) : TSR_OK;
}

void tsr_sim_reset_findings(tsr_sim *s) {
  if (s->ck) tsr_checker_reset(s->ck);
}
