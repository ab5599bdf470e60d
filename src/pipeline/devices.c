/* pallas_call on every device of a machine of many chips: one description per device, run
 * at once (machine_run_devices), each through the same pallas_call as one device. */
#include "machine/machine_internal.h"
#include "pipeline/seam.h"

typedef struct devices_job {
  const tsr_call_desc *descs;
  tsr_call_stats *stats;
} devices_job;

static tsr_status run_one(tsr_machine *dm, int device, void *arg) {
  devices_job *j = arg;
  return tsr_pallas_call(dm, &j->descs[device], j->stats ? &j->stats[device] : NULL);
}

tsr_status tsr_pallas_call_devices(tsr_machine *m, const tsr_call_desc *descs, tsr_call_stats *stats) {
  if (!m || !descs) return tsr_fail(TSR_ERR_INVALID, "no machine or descriptions");
  devices_job j = {descs, stats};
  return machine_run_devices(m, run_one, &j);
}

tsr_status seam_run_devices(tsr_machine *m, tsr_status (*fn)(tsr_machine *device_machine, int device, void *arg), void *arg) {
  return machine_run_devices(m, fn, arg);
}
