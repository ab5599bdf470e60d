/* tessera as a PJRT plugin (libtessera_pjrt.so): JAX's TPU backend, whose devices are
 * simulated TPU chips. jaxlib loads the library as it loads libtpu (GetPjrtApi, PJRT C API
 * version of the vendored header), lowers every program for "tpu" as on a TPU and hands it
 * over as a StableHLO portable artifact; tessera reads it (src/mlir/vhlo.c), runs the graph
 * with its StableHLO interpreter and the tpu_custom_call kernels with the Mosaic executor, on
 * one machine built by tsr_sim_create. The plugin is a front door: it sits on the public C
 * API as the CLI does and grows no engine of its own. docs/pjrt.md tells the whole story.
 *
 * Files: api.c (the function table, errors, events, plugin attributes, what is not
 * implemented), spec.c (TESSERA_TPU and the chips' identities), client.c (client, devices,
 * their descriptions, memories, topology), buffer.c (arrays on devices and transfers),
 * options.c (the compile options protobuf), executable.c (compile and execute), stream.c (the
 * worker thread programs run on), transfer.c (asynchronous host-to-device transfers). */
#ifndef TSR_PJRT_H
#define TSR_PJRT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tessera/array.h"
#include "tessera/hlo.h"
#include "tessera/sim.h"
#include "xla/pjrt/c/pjrt_c_api.h"
#include "xla/pjrt/c/pjrt_c_api_shardings_extension.h"

/* ---- errors (api.c) -------------------------------------------------------------------- */

/* The header's PJRT_Error is the function table a caller of API 0.107+ may call through; an
 * error is that, then what tessera keeps. */
typedef struct pjrt_failure {
  PJRT_Error base;
  PJRT_Error_Code code;
  char *message;
  size_t size;
} pjrt_failure;
static inline const pjrt_failure *pjrt_err(const PJRT_Error *e) { return (const pjrt_failure *)e; }

PJRT_Error *pjrt_error(PJRT_Error_Code code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The failure tessera left for this thread (tsr_last_error), as "tessera: <what>: <message>
 * [TSR_ERR_...]", with a code from its status. */
PJRT_Error *pjrt_error_from_status(tsr_status s, const char *what);
/* An out-of-memory error that needs no allocation. */
PJRT_Error *pjrt_error_nomem(void);
void pjrt_error_free(PJRT_Error *e); /* NULL is fine */

/* Arguments from jaxlib come with the struct size of the header it was built with: an older
 * caller's struct ends earlier. True when field `f` of args lies within what it passed. */
#define PJRT_HAS(args, type, f) ((args)->struct_size >= offsetof(type, f) + sizeof((args)->f))
/* Rejects NULL args and a struct smaller than the first version of it tessera knows. */
PJRT_Error *pjrt_check_args(const void *args, size_t struct_size, size_t min_size, const char *fn);

/* ---- events (api.c) ------------------------------------------------------------------- */

typedef struct pjrt_callback {
  PJRT_Event_OnReadyCallback fn;
  void *arg;
  struct pjrt_callback *next;
} pjrt_callback;

struct PJRT_Event {
  atomic_int refs; /* each handle given out, and each piece of work that will set it */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool ready;
  PJRT_Error_Code code; /* 0 (OK) or the failure */
  char *message;
  pjrt_callback *callbacks;
};

/* Events are shared: a buffer's ready event is handed to every caller of ReadyEvent and
 * kept by the work that will set it, so each holder has a reference and PJRT_Event_Destroy
 * drops one. */
PJRT_Event *pjrt_event_new(void);
/* An event already set (code 0: success); NULL when out of memory. */
PJRT_Event *pjrt_event_done(PJRT_Error_Code code, const char *message);
PJRT_Event *pjrt_event_ref(PJRT_Event *e);
/* Sets the event and runs its callbacks (each with an error of its own), on this thread. */
void pjrt_event_set(PJRT_Event *e, PJRT_Error_Code code, const char *message);
/* Drops a reference; the last one frees it, telling callbacks still waiting that it went
 * away. NULL is fine. */
void pjrt_event_destroy(PJRT_Event *e);
/* Waits until the event is set; NULL when it succeeded, else an error of its code and
 * message. */
PJRT_Error *pjrt_event_wait(PJRT_Event *e);
/* Calls fn(error or NULL, arg) once the event is set: now, on this thread, if it is. */
PJRT_Error *pjrt_event_on_ready(PJRT_Event *e, PJRT_Event_OnReadyCallback fn, void *arg);

/* ---- the chips and TESSERA_TPU (spec.c) ----------------------------------------------- */

/* How a chip presents itself to JAX, as libtpu reports it on that chip. */
typedef struct pjrt_chip_id {
  char device_kind[32];    /* "TPU v5 lite" */
  int devices_per_chip;    /* 2 on TPU7x, whose TensorCores are JAX devices of their own */
  int num_cores;           /* TensorCores per JAX device: 2 on megacore chips (v4, v5p) */
  int torus_dims;          /* 2 or 3: the coords a device reports */
  int64_t hbm_bytes;       /* per JAX device */
} pjrt_chip_id;

#define PJRT_MAX_DEVICES 256

typedef struct pjrt_spec {
  char chip_name[256];     /* a built-in name or a chip JSON file */
  tsr_chip chip;           /* loaded */
  pjrt_chip_id id;
  int num_devices;         /* JAX devices */
  int num_chips;
  int mesh_rank;           /* the chips' mesh, x first */
  int64_t mesh[3];
} pjrt_spec;

/* Parses TESSERA_TPU's value ("v5e", "v5e:4", "v5p:2x2x1", "chip.json:8"); NULL or "" is
 * "v5e:1". The message names the value and what is wrong with it. */
tsr_status pjrt_spec_parse(const char *value, pjrt_spec *out);
/* Device d's chip coordinates (torus_dims of them) and its core on that chip. */
void pjrt_spec_coords(const pjrt_spec *s, int d, int64_t coords[3], int *core_on_chip);

/* ---- client, devices, memories (client.c) --------------------------------------------- */

typedef struct pjrt_user_data {
  const void *key;
  void *data;
  void (*dtor)(void *);
} pjrt_user_data;

enum { PJRT_MEM_DEVICE, PJRT_MEM_PINNED_HOST, PJRT_MEM_KINDS };
enum { PJRT_EXE_CACHE = 64 };
/* Their names, as JAX's memory kinds (client.c). */
extern const char *const pjrt_memory_kinds[PJRT_MEM_KINDS];

/* Likewise a memory: the header's PJRT_Memory (a table a caller of API 0.105+ keeps its data
 * through), then tessera's. */
typedef struct pjrt_memory {
  PJRT_Memory base;
  PJRT_Client *client;
  PJRT_Device *device;
  int id;
  int kind; /* PJRT_MEM_* */
  char debug[64], text[64];
  pthread_mutex_t mu;
  pjrt_user_data *user; /* set_user_data's entries */
  int n_user, cap_user;
} pjrt_memory;
static inline pjrt_memory *pjrt_mem(PJRT_Memory *m) { return (pjrt_memory *)m; }

struct PJRT_DeviceDescription {
  int id;
  char kind[32];
  char debug[96], text[160];
  int64_t coords[3];
  int64_t core_on_chip, num_cores, slice_index;
  PJRT_NamedValue attrs[4];
  int n_attrs;
};

struct PJRT_Device {
  PJRT_DeviceDescription desc; /* first: a device is its description's owner */
  PJRT_Client *client;
  int index;
  PJRT_Memory *memories[PJRT_MEM_KINDS];
  /* memory_stats(): what live buffers on the device hold */
  atomic_llong bytes_in_use, peak_bytes, num_allocs, largest_alloc;
};

struct PJRT_Client {
  pjrt_spec spec;
  PJRT_Device *devices;
  PJRT_Device **device_list;
  pjrt_memory *memories;       /* PJRT_MEM_KINDS per device */
  PJRT_Memory **memory_list;
  int n_memories;
  char platform_version[160];
  PJRT_TopologyDescription *topology;
  /* The machine that runs programs, built on first use (tsr_sim_create), one program at a
   * time. */
  pthread_mutex_t run_mu;
  tsr_sim *sim;
  int sim_devices;
  /* Executables compiled from the same program and options are one (executable.c): JAX
   * compiles a program again for each new jit object, each test case, each cache miss of
   * its own. Most recent last; each holds a reference. */
  pthread_mutex_t cache_mu;
  struct PJRT_Executable *cache[PJRT_EXE_CACHE];
  int n_cache;
  /* TESSERA_PJRT_TIMING (timing.c): the report's path (NULL: no timing) and what each program
   * that ran did; under run_mu. */
  char *timing_path;
  struct pjrt_timed *timed;
  int n_timed, cap_timed;
  bool timing_warned;
  /* The stream (stream.c): work queued for the worker thread, in order. */
  bool sync; /* TESSERA_PJRT_SYNC=1: Execute runs the program itself */
  long long inline_ns; /* a program whose fastest run took less may run in Execute (executable.c) */
  pthread_mutex_t stream_mu;
  pthread_cond_t stream_cv;
  struct pjrt_work *queue_head, *queue_tail;
  bool stream_started, stream_stopping;
  bool stream_busy; /* a job is running, on the worker or in an Execute (pjrt_stream_try_inline) */
  pthread_t stream_thread;
};

struct PJRT_TopologyDescription {
  PJRT_Client *client; /* NULL for one made by PJRT_TopologyDescription_Create */
  pjrt_spec spec;
  PJRT_Device *devices;  /* its own descriptions when it has no client */
  PJRT_DeviceDescription **descs;
  PJRT_NamedValue attrs[2];
};

/* Fills device d of a client or topology of `spec`. */
void pjrt_device_describe(const pjrt_spec *spec, int d, PJRT_DeviceDescription *out);
/* The client's machine for `devices` devices (rebuilt when another count is asked for);
 * call with run_mu held. */
tsr_status pjrt_client_sim(PJRT_Client *c, int devices, tsr_sim **out);

/* ---- the stream (stream.c) ------------------------------------------------------------- */

void pjrt_stream_init(PJRT_Client *c);
/* Queues run(arg) for the client's worker thread (started with the first work), which runs
 * the work in the order it was queued. */
PJRT_Error *pjrt_stream_push(PJRT_Client *c, void (*run)(void *), void *arg);
/* Lets the work still queued run, then stops the worker and waits for it. */
void pjrt_stream_stop(PJRT_Client *c);
/* True when nothing is queued or running: the caller then runs its job itself, in order;
 * false: it queues the job. */
bool pjrt_stream_try_inline(PJRT_Client *c);
/* A job, on the worker or inline, says its run is over (before it sets what it made ready, so
 * that whoever sees that finds the stream idle); the next one may start. */
void pjrt_stream_ran(PJRT_Client *c);

/* ---- the timing report (timing.c) ------------------------------------------------------ */

typedef struct pjrt_timed pjrt_timed;
/* The entry of a program in the client's report (made, holding a reference, on its first
 * run); NULL when out of memory. */
pjrt_timed *pjrt_timing_entry(PJRT_Client *c, struct PJRT_Executable *e);
tsr_hlo_profile *pjrt_timing_profile(pjrt_timed *t);
/* The timing model's simulated seconds so far, and its kernel runs (*kernels); 0 without. */
double pjrt_timing_now(tsr_sim *sim, int *kernels);
/* Counts a run of the entry's program that began at (seconds0, kernels0) of the model. */
void pjrt_timing_ran(pjrt_timed *t, tsr_sim *sim, double seconds0, int kernels0);
/* Writes the report, whole (a failure is said once on stderr and does not fail the run). */
void pjrt_timing_write(PJRT_Client *c);
void pjrt_timing_free(PJRT_Client *c);
/* Seconds one op's runs take on `ch` by its peak rates, and what bounds them (*bound). */
double pjrt_op_estimate(const tsr_hlo_op_profile *o, const tsr_chip *ch, const char **bound);

/* ---- buffers (buffer.c) --------------------------------------------------------------- */

/* A buffer may be pending: made by an Execute (or a copy, or a transfer manager) whose work
 * has not run yet. Its element type and dimensions are known at once; array.data is set, and
 * then `ready` set, when the work is done, or `ready` set with the work's error. Work that will
 * read or fill it holds a use: its memory and the object itself stay until the last use ends,
 * whatever JAX deletes, donates or destroys meanwhile. */
struct PJRT_Buffer {
  PJRT_Client *client;
  PJRT_Device *device;
  PJRT_Memory *memory;
  PJRT_Buffer_Type type;
  tsr_array array; /* tessera's layout: row-major, bool as i32 (data NULL while pending, once freed) */
  int64_t dims[TSR_MAX_RANK];
  size_t host_bytes; /* the size of its host representation */
  atomic_bool deleted;
  atomic_int external_refs;
  pthread_mutex_t mu; /* guards array.data, uses, destroyed, freed */
  int uses;           /* pending work that reads or fills it */
  bool destroyed;     /* PJRT_Buffer_Destroy was called: the object goes with the last use */
  bool freed;         /* its memory was given up (device memory stats count it once) */
  bool looked;       /* someone asked for its state or contents (pjrt_buffer_seen) */
  struct pjrt_unseen *unseen; /* the failure of the run that made it, until it is destroyed */
  PJRT_Event *ready;
};

/* PJRT element type <-> tessera dtype; false for types tessera does not hold. */
bool pjrt_type_to_dtype(PJRT_Buffer_Type t, tsr_dtype *out);
bool pjrt_dtype_to_type(tsr_dtype d, PJRT_Buffer_Type *out);
const char *pjrt_type_name(PJRT_Buffer_Type t);
/* True for no layout or the dense row-major one, the only one tessera holds on a device. */
bool pjrt_layout_row_major(const PJRT_Buffer_MemoryLayout *l, size_t rank);
/* Wraps an array (whose memory the buffer takes over) as a ready buffer on `device`'s memory. */
PJRT_Error *pjrt_buffer_wrap(PJRT_Device *device, PJRT_Memory *memory, PJRT_Buffer_Type type, tsr_array *a,
                             PJRT_Buffer **out);
/* A pending buffer of `type` and dims (`dims`, `rank`), with one use held by the caller, who
 * fills or fails it and then ends that use. */
PJRT_Error *pjrt_buffer_pending(PJRT_Device *device, PJRT_Memory *memory, PJRT_Buffer_Type type, const int64_t *dims,
                                size_t rank, PJRT_Buffer **out, const char *fn);
/* Gives a pending buffer its contents (taking over a's memory) and sets it ready. */
void pjrt_buffer_fill(PJRT_Buffer *b, tsr_array *a);
/* Sets a pending buffer's ready event to an error (a buffer already set is left as it is). */
void pjrt_buffer_fail(PJRT_Buffer *b, PJRT_Error_Code code, const char *message);
/* A run's own failure, shared by its outputs still alive: written on stderr when the last of
 * them is destroyed with no one having looked at any (JAX dropped the call's value). */
void pjrt_buffer_note_failure(PJRT_Buffer *const *outs, int n, const char *what, const char *message);
/* Someone asked for the buffer's state or contents: its failure, if any, was seen. */
void pjrt_buffer_seen(PJRT_Buffer *b);
void pjrt_buffer_use(PJRT_Buffer *b);
void pjrt_buffer_unuse(PJRT_Buffer *b);
/* Frees a buffer's memory (delete, donation) once no work uses it; the object stays. */
void pjrt_buffer_release(PJRT_Buffer *b);

/* ---- compile options (options.c) ------------------------------------------------------ */

typedef struct pjrt_compile_options {
  int64_t num_replicas, num_partitions;
  bool use_spmd_partitioning, use_shardy_partitioner;
  /* device_assignment: replicas x partitions device ids (row-major by replica), if given */
  int n_assigned;
  int64_t assignment[PJRT_MAX_DEVICES];
} pjrt_compile_options;

/* Reads the serialized xla.CompileOptionsProto jaxlib sends, as far as tessera needs it. */
tsr_status pjrt_compile_options_parse(const void *data, size_t size, pjrt_compile_options *out);

/* ---- executables (executable.c) ------------------------------------------------------- */

struct PJRT_Executable {
  atomic_int refs; /* the loaded executable's and each PJRT_Executable handed out */
  atomic_llong fastest_run_ns; /* its fastest run so far (LLONG_MAX before the first) */
  char name[128];
  tsr_mlir_module *module;
  tsr_hlo_program *program;
  pjrt_compile_options options;
  int num_inputs, num_outputs;
  tsr_array *out_types;     /* dtype and shape of each output (data NULL) */
  PJRT_Buffer_Type *out_elem_types;
  int64_t *out_dims;        /* every output's dims, one after another */
  size_t *out_ranks;
  const char **out_kinds;   /* each output's memory kind, and its PJRT_MEM_* */
  size_t *out_kind_sizes;
  int *out_memory;
  const char **in_kinds;    /* each input's memory kind */
  size_t *in_kind_sizes;
  int *donate;              /* per input: the output it may be donated to (-1: none) */
  char fingerprint[40];
  uint64_t hash;            /* of the code and options, the fingerprint's */
  PJRT_NamedValue cost[3];  /* cost_analysis(): the kernels' cost estimates, when they have them */
  int n_cost;
  char *code;               /* the program as received, for Serialize */
  size_t code_size;
  char *options_bytes;
  size_t options_size;
  /* each input's and output's sharding as a serialized xla.OpSharding (shardings extension) */
  char **in_shardings, **out_shardings;
  size_t *in_sharding_sizes, *out_sharding_sizes;
};

struct PJRT_LoadedExecutable {
  PJRT_Client *client;
  PJRT_Executable *exe;
  PJRT_Device **devices; /* addressable devices, one per replica and partition */
  PJRT_LogicalDeviceIds *logical_ids;
  int n_devices;
  atomic_bool deleted;
};

void pjrt_executable_unref(PJRT_Executable *e);
/* Drops the client's cached executables (client destroy). */
void pjrt_executable_cache_clear(PJRT_Client *c);
/* The shardings extension's entries (executable.c), which api.c chains into the table. */
PJRT_Error *pjrt_parameter_shardings(PJRT_Shardings_PJRT_Executable_ParameterShardings_Args *args);
PJRT_Error *pjrt_output_shardings(PJRT_Shardings_PJRT_Executable_OutputShardings_Args *args);

/* ---- the function table's entries, by file ------------------------------------------- */

#define PJRT_DECLARE(name) PJRT_Error *pjrt_##name(PJRT_##name##_Args *args);
/* client.c */
#define PJRT_CLIENT_FUNCTIONS(X)                                                                  \
  X(Client_Create) X(Client_Destroy) X(Client_PlatformName) X(Client_ProcessIndex)                \
  X(Client_PlatformVersion) X(Client_Devices) X(Client_AddressableDevices) X(Client_LookupDevice) \
  X(Client_LookupAddressableDevice) X(Client_AddressableMemories) X(Client_DefaultDeviceAssignment) \
  X(Client_TopologyDescription) X(DeviceDescription_Id) X(DeviceDescription_ProcessIndex)         \
  X(DeviceDescription_Attributes) X(DeviceDescription_Kind) X(DeviceDescription_DebugString)      \
  X(DeviceDescription_ToString) X(Device_GetDescription) X(Device_IsAddressable)                 \
  X(Device_LocalHardwareId) X(Device_AddressableMemories) X(Device_DefaultMemory)                \
  X(Device_MemoryStats) X(Device_ClearMemoryStats) X(Device_GetAttributes) X(Memory_Id)          \
  X(Memory_Kind) X(Memory_Kind_Id) X(Memory_DebugString) X(Memory_ToString)                      \
  X(Memory_AddressableByDevices) X(TopologyDescription_Create) X(TopologyDescription_Destroy)    \
  X(TopologyDescription_PlatformName) X(TopologyDescription_PlatformVersion)                     \
  X(TopologyDescription_GetDeviceDescriptions) X(TopologyDescription_Attributes)
/* buffer.c */
#define PJRT_BUFFER_FUNCTIONS(X)                                                                  \
  X(Client_BufferFromHostBuffer) X(Client_CreateUninitializedBuffer) X(Buffer_Destroy)            \
  X(Buffer_ElementType) X(Buffer_Dimensions) X(Buffer_UnpaddedDimensions)                         \
  X(Buffer_DynamicDimensionIndices) X(Buffer_GetMemoryLayout) X(Buffer_OnDeviceSizeInBytes)       \
  X(Buffer_Device) X(Buffer_Memory) X(Buffer_Delete) X(Buffer_IsDeleted) X(Buffer_CopyToDevice)   \
  X(Buffer_CopyToMemory) X(Buffer_ToHostBuffer) X(Buffer_IsOnCpu) X(Buffer_ReadyEvent)           \
  X(Buffer_UnsafePointer) X(Buffer_IncreaseExternalReferenceCount)                                \
  X(Buffer_DecreaseExternalReferenceCount) X(Buffer_OpaqueDeviceMemoryDataPointer)               \
  X(Buffer_CopyRawToHost) X(Buffer_CopyRawToHostFuture)
/* transfer.c */
#define PJRT_TRANSFER_FUNCTIONS(X)                                                                \
  X(Client_CreateBuffersForAsyncHostToDevice) X(AsyncHostToDeviceTransferManager_Destroy)         \
  X(AsyncHostToDeviceTransferManager_TransferData) X(AsyncHostToDeviceTransferManager_TransferLiteral) \
  X(AsyncHostToDeviceTransferManager_RetrieveBuffer) X(AsyncHostToDeviceTransferManager_Device)   \
  X(AsyncHostToDeviceTransferManager_BufferCount) X(AsyncHostToDeviceTransferManager_BufferSize)  \
  X(AsyncHostToDeviceTransferManager_SetBufferError) X(AsyncHostToDeviceTransferManager_AddMetadata)
/* executable.c */
#define PJRT_EXECUTABLE_FUNCTIONS(X)                                                              \
  X(Client_Compile) X(Executable_Destroy) X(Executable_Name) X(Executable_NumReplicas)           \
  X(Executable_NumPartitions) X(Executable_NumOutputs) X(Executable_SizeOfGeneratedCodeInBytes)  \
  X(Executable_GetCostAnalysis) X(Executable_OutputMemoryKinds) X(Executable_OptimizedProgram)   \
  X(Executable_Serialize) X(Executable_DeserializeAndLoad) X(Executable_OutputElementTypes)      \
  X(Executable_OutputDimensions) X(Executable_Fingerprint) X(Executable_GetCompiledMemoryStats)  \
  X(Executable_GetCompileOptions) X(Executable_ParameterMemoryKinds) X(LoadedExecutable_Destroy) \
  X(LoadedExecutable_GetExecutable) X(LoadedExecutable_AddressableDevices)                       \
  X(LoadedExecutable_Delete) X(LoadedExecutable_IsDeleted) X(LoadedExecutable_Execute)          \
  X(LoadedExecutable_Fingerprint) X(LoadedExecutable_AddressableDeviceLogicalIds)                \
  X(LoadedExecutable_GetDeviceAssignment)

PJRT_CLIENT_FUNCTIONS(PJRT_DECLARE)
PJRT_BUFFER_FUNCTIONS(PJRT_DECLARE)
PJRT_TRANSFER_FUNCTIONS(PJRT_DECLARE)
PJRT_EXECUTABLE_FUNCTIONS(PJRT_DECLARE)

#endif
