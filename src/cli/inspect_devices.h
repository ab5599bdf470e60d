/* tessera inspect --devices N: every device's copies and signals (inspect_devices.c). */
#ifndef TSR_CLI_INSPECT_DEVICES_H
#define TSR_CLI_INSPECT_DEVICES_H

#include <stdio.h>

#include "tessera/hlo.h"

/* Runs bare kernel `p` once on machine m (of several devices) on the global inputs given (or
 * zeros) and prints what each device copied and signalled. */
tsr_status cli_inspect_devices(tsr_hlo_program *p, tsr_machine *m, const tsr_array *given, int n_given, FILE *f);

#endif
