/* The sizes of the public structs that the Python bindings (python/tessera/_native.py) mirror
 * with ctypes, so that they can refuse to run against a library whose structs changed. */
#include <string.h>

#include "ffi/ffi.h"
#include "tessera/array.h"
#include "tessera/machine.h"
#include "tessera/sim.h"

size_t tsr_ffi_struct_size(const char *name) {
  static const struct {
    const char *name;
    size_t size;
  } sizes[] = {
      {"tsr_chip", sizeof(tsr_chip)},
      {"tsr_array", sizeof(tsr_array)},
      {"tsr_ref", sizeof(tsr_ref)},
      {"tsr_machine_options", sizeof(tsr_machine_options)},
      {"tsr_hlo_run_opts", sizeof(tsr_hlo_run_opts)},
      {"tsr_hlo_stats", sizeof(tsr_hlo_stats)},
      {"tsr_timing_summary", sizeof(tsr_timing_summary)},
      {"tsr_timing_kernel", sizeof(tsr_timing_kernel)},
      {"tsr_timing_device", sizeof(tsr_timing_device)},
      {"tsr_timing_options", sizeof(tsr_timing_options)},
      {"tsr_sim_options", sizeof(tsr_sim_options)},
  };
  for (size_t i = 0; name && i < sizeof sizes / sizeof sizes[0]; i++)
    if (!strcmp(sizes[i].name, name)) return sizes[i].size;
  return 0;
}
