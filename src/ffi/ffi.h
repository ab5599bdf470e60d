/* tessera inside JAX: what the Python package's native part does for it (libtessera_jax.so).
 * The XLA FFI handler (handler.c) runs each TPU pallas_call that jax.jit lowered for the CPU:
 * the call's tpu_custom_call payload is compiled once into a tsr_hlo_kernel (kernel_cache.c)
 * and run on XLA's buffers by a machine from a pool (runner.c), with the checkers the call's
 * options ask for, or by the machines of a timing session; under jax.shard_map the calls of
 * every device of one launch meet (rendezvous.c) and run on one machine of that many devices.
 * Everything here sits on the public C API, as the CLI does; Python reaches it through ctypes
 * (python/tessera/_native.py), which mirrors these declarations. docs/jax.md tells the whole
 * story. */
#ifndef TSR_FFI_H
#define TSR_FFI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tessera/hlo.h"
#include "tessera/timing.h"

/* How a kernel call runs: tessera.jax.enable()'s options, carried by each call. */
typedef struct tsr_ffi_options {
  char chip[256];          /* a built-in chip name or a chip JSON file (tsr_chip_load) */
  tsr_dma_mode dma_mode;
  uint64_t seed;           /* TSR_DMA_RANDOM */
  bool check;              /* the race and semaphore checkers (TSR_CHECK_DEFAULT) */
  bool poison;             /* the poison checker, and a scan of the outputs after the run */
  bool zero_copy;
  int host_helpers;        /* tsr_machine_options.host_helpers */
  int64_t max_ops;         /* tsr_machine_options.max_kernel_ops */
  /* Under jax.shard_map: the devices of the mesh (0: one), its shape, and how long a device's
   * call waits for the others' (rendezvous.c) */
  int devices;
  int mesh_rank;
  int64_t mesh_shape[TSR_MAX_MESH_RANK];
  int64_t timeout_ms;
} tsr_ffi_options;

/* One kernel call: the custom call's payload (tpu_custom_call's backend_config JSON), its
 * kernel_name and output_operand_aliases (operand, output pairs as the call counts them),
 * and its operand and result arrays. */
typedef struct tsr_ffi_call {
  const char *payload;
  size_t payload_len;
  const char *name;
  size_t name_len;
  const int64_t *aliases; /* 2 * num_aliases values */
  int num_aliases;
  tsr_ffi_options opts;
  const tsr_ref *operands;
  int num_operands;
  const tsr_ref *results;
  int num_results;
  /* Under shard_map (opts.devices > 1): this call is device `device` (its position in the
   * mesh) of XLA's logical execution `run_id`, whose devices' calls meet to run at once. */
  int device;
  int64_t run_id;
} tsr_ffi_call;

/* Runs the call: the kernel from the cache (compiled on first use), a machine from the pool
 * or the timing session's, the checkers the options ask for. Any finding is a failure whose
 * message (tsr_last_error) names the kernel. Thread-safe. */
tsr_status tsr_ffi_run(const tsr_ffi_call *call);

/* Compiles a payload into the cache without running it (the lowering's early check), for a
 * call with call_results results (0: as the body says), and gives the kernel's operand and
 * result counts as the custom call must have them. */
tsr_status tsr_ffi_check(const char *payload, size_t payload_len, const char *name, const int64_t *aliases,
                         int num_aliases, int call_results, int *num_operands, int *num_results);
/* Compilations so far (a payload met again is not compiled again). */
int64_t tsr_ffi_compilations(void);
/* Frees the kernels and machines nobody is using (at exit, and between tests). */
void tsr_ffi_release(void);
/* sizeof of a public struct the Python bindings mirror ("tsr_chip", ...; 0: not one of them). */
size_t tsr_ffi_struct_size(const char *name);
/* The TSR_CHECK_* bits (tsr_sim_options.checks) that the options' `check` and `poison` ask
 * for: the handler's machines and the Python package's tessera.run take them from here. */
unsigned tsr_ffi_checks(bool check, bool poison);

/* ---- timing sessions (tessera.jax.timing) ---- */

/* While a session is open, every kernel call of the process runs on the session's chip, one
 * at a time, observed by its timing model (so without the host split, as `tessera run --json`
 * runs). At most one session is open at once. */
typedef struct tsr_ffi_session tsr_ffi_session;
/* `timing_only`: the session's calls run without computing (tsr_machine_options.timing_only;
 * their results are left unwritten) and without checkers. */
tsr_status tsr_ffi_session_open(const char *chip, bool trace, tsr_timing_only timing_only, tsr_ffi_session **out);
/* Kernel calls of the session so far, and those of them that ran without computing. */
void tsr_ffi_session_calls(tsr_ffi_session *s, int64_t *calls, int64_t *timing_only_calls);
/* No later call is observed; waits for a call in progress. Figures stay readable. */
void tsr_ffi_session_close(tsr_ffi_session *s);
/* The session's timing model (borrowed; read it after close). */
tsr_timing *tsr_ffi_session_timing(tsr_ffi_session *s);
/* Closes the session if open and frees it. */
void tsr_ffi_session_destroy(tsr_ffi_session *s);

/* ---- internal: kernel_cache.c ---- */
typedef struct ffi_kernel ffi_kernel;
/* The compiled kernel of a call (a new reference; compiled on first use), or the failure of
 * its compilation, which is kept and given again. */
tsr_status ffi_kernel_get(const char *payload, size_t len, const char *name, size_t name_len, const int64_t *aliases,
                          int num_aliases, int num_results, ffi_kernel **out);
void ffi_kernel_put(ffi_kernel *k);
tsr_hlo_kernel *ffi_kernel_hlo(ffi_kernel *k);
void ffi_cache_release(void);

/* ---- internal: many devices (rendezvous.c, runner.c) ---- */
/* Waits until the calls of every device of c's launch have come (at most opts.timeout_ms), and
 * then all of them run at once on one machine of that many devices; every call gets the
 * run's status. Calls from one thread each. */
tsr_status ffi_rendezvous(ffi_kernel *e, const tsr_ffi_call *c);
/* Runs calls[d], device d's call, on one machine of n devices from the pool. */
tsr_status ffi_run_devices(tsr_hlo_kernel *k, const tsr_ffi_call *const *calls, int n);

#endif
