/* What a layer above the pipeline may ask of a machine's mesh without reaching its insides
 * (machine_internal.h): the StableHLO interpreter, which runs a kernel on every device of a
 * mesh and then reads every device's results. */
#ifndef TSR_MACHINE_MESH_H
#define TSR_MACHINE_MESH_H

#include "tessera/machine.h"

/* After a kernel call on every device of m's mesh (results[d]: device d's results), run by a
 * graph that runs whole in every process: makes every device's results whole here, from the
 * process hosting that device (see machine_mesh_share in machine_internal.h). No-op outside MPI. */
tsr_status machine_mesh_share_results(tsr_machine *m, const tsr_ref *const *results, int n);

#endif
