/* A pallas_call's semaphore operands (SEMAPHORE_MEM): their counts brought in from the arrays
 * at the kernel's start and handed back to them at its end, with the events observers get;
 * and the check that every semaphore of the kernel is back at zero when it ends. */
#include <stdint.h>
#include <string.h>

#include "core/strided.h"
#include "pipeline/call.h"

tsr_status call_check_sems_zero(call_plan *cp, machine_core *c, call_core_run *r) {
  if (c->barrier_sem.data && machine_core_sem_read(&c->barrier_sem) != 0)
    return tsr_fail(TSR_ERR_SEMAPHORE, "the barrier semaphore holds %lld at the end of the kernel on device %d core %d; "
                    "semaphores must be zero when a kernel ends", (long long)machine_core_sem_read(&c->barrier_sem),
                    cp->m->device, c->id);
  return call_check_scratch_sems_zero(cp, c, r);
}

tsr_status call_check_scratch_sems_zero(call_plan *cp, machine_core *c, call_core_run *r) {
  const tsr_call_desc *d = cp->d;
  for (int i = 0; i < d->num_scratch; i++) {
    const tsr_ref *s = &r->scratch[i];
    if (s->space != TSR_SEMAPHORE_MEM) continue;
    int64_t n = tsr_ref_numel(s);
    for (int64_t k = 0; k < n; k++) {
      int64_t v = ((const int64_t *)(const void *)s->data)[k];
      if (v != 0)
        return tsr_fail(TSR_ERR_SEMAPHORE, "scratch %d (%s, element %lld) holds %lld at the end of "
                        "the kernel on %score %d; semaphores must be zero when a kernel ends",
                        i, tsr_dtype_name(s->dtype), (long long)k, (long long)v, cp->m->num_devices > 1 ? "this device's " : "", c->id);
    }
  }
  return TSR_OK;
}

/* ---- semaphore operands ---- */

/* Semaphore k (row-major) of a semaphore array, as a single one. */
static tsr_ref sem_element(const tsr_ref *sems, int64_t k) {
  tsr_ref e = *sems;
  e.data += k * (int64_t)sizeof(int64_t); /* allocated dense */
  e.rank = 0;
  return e;
}

static void carry_event(machine_core *c, const tsr_ref *sem, int64_t amount, int operand) {
  if (!amount || !machine_core_observed(c)) return;
  tsr_event ev = {.kind = TSR_EV_SEM_CARRY, .step = -1, .sem = sem, .amount = amount, .operand = operand};
  machine_core_emit(c, &ev);
}

/* The semaphores a semaphore operand's body sees: an output aliased to a semaphore input
 * shares the input's (one semaphore in XLA's memory, as on a TPU); any other gets its own,
 * at zero, which an input then sets to its array's counts. */
tsr_status call_bind_semaphores(call_plan *cp, machine_core *c, call_core_run *r, int i) {
  const tsr_call_desc *d = cp->d;
  call_operand_plan *o = &cp->ops[i];
  pipe_bref *b = &r->p.brefs[i];
  int in = -1; /* the input an output is aliased to */
  for (int a = 0; o->is_output && a < d->num_aliases; a++)
    if (d->aliases[a].output == o->index) in = d->aliases[a].input - d->num_prefetch;
  if (in >= 0 && cp->ops[in].semaphores) {
    b->view = r->p.brefs[in].view;
    return TSR_OK;
  }
  char name[24];
  call_operand_name(o, name, sizeof name);
  TSR_TRY(call_alloc_ref(c, cp, TSR_SEMAPHORE_MEM, o->spec->semaphore, o->geo.rank, o->hbm.shape, name, &b->view));
  if (o->is_output && in < 0) return TSR_OK;
  int64_t idx[TSR_MAX_RANK] = {0}, n = tsr_ref_numel(&o->hbm);
  for (int64_t k = 0; k < n; k++, strided_next(idx, o->hbm.shape, o->geo.rank)) {
    const void *at = tsr_ref_ptr(&o->hbm, idx);
    int64_t v = o->hbm.dtype == TSR_U32 ? (int64_t) * (const uint32_t *)at : (int64_t) * (const int32_t *)at;
    if (v < 0) return tsr_fail(TSR_ERR_SEMAPHORE, "%s: semaphore %lld starts at %lld, a negative count", name, (long long)k, (long long)v);
    ((int64_t *)(void *)b->view.data)[k] = v;
  }
  return TSR_OK;
}

/* What the semaphore operands bring in, for observers (after the kernel's start). */
void call_carry_in(call_plan *cp, machine_core *c, call_core_run *r) {
  for (int i = 0; i < cp->d->num_inputs; i++) {
    if (!cp->ops[i].semaphores) continue;
    const tsr_ref *v = &r->p.brefs[i].view;
    for (int64_t k = 0; k < tsr_ref_numel(v); k++) {
      tsr_ref e = sem_element(v, k);
      carry_event(c, &e, machine_core_sem_read(&e), i);
    }
  }
}

/* At the kernel's end (body_over): the DMAs in flight on output semaphores land, and the
 * outputs' counts go to their arrays (before the kernel's end event: observers see the copies
 * in it, and the race checker takes them as no longer in flight). */
tsr_status call_carry_out(call_plan *cp, machine_core *c, call_core_run *r) {
  const tsr_call_desc *d = cp->d;
  if (r->carried_out) return TSR_OK;
  r->carried_out = true;
  for (int i = d->num_inputs; i < cp->n; i++) {
    call_operand_plan *o = &cp->ops[i];
    if (!o->semaphores) continue;
    const tsr_ref *v = &r->p.brefs[i].view;
    machine_core_settle_dmas(c, v);
    int64_t idx[TSR_MAX_RANK] = {0}, n = tsr_ref_numel(v);
    int64_t most = o->hbm.dtype == TSR_U32 ? (int64_t)UINT32_MAX : (int64_t)INT32_MAX;
    for (int64_t k = 0; k < n; k++, strided_next(idx, o->hbm.shape, o->geo.rank)) {
      tsr_ref e = sem_element(v, k);
      int64_t count = machine_core_sem_read(&e);
      if (count > most) {
        char name[24];
        call_operand_name(o, name, sizeof name);
        return tsr_fail(TSR_ERR_SEMAPHORE, "%s: semaphore %lld ends the kernel at %lld, more than its array's %s holds", name,
                        (long long)k, (long long)count, tsr_dtype_name(o->hbm.dtype));
      }
      void *at = tsr_ref_ptr(&o->hbm, idx);
      if (o->hbm.dtype == TSR_U32) *(uint32_t *)at = (uint32_t)count;
      else *(int32_t *)at = (int32_t)count;
      carry_event(c, &e, -count, i);
    }
  }
  return TSR_OK;
}
