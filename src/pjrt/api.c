/* The PJRT_Api table jaxlib reads through GetPjrtApi, the errors and events every other file
 * returns, the plugin's attributes, and an entry for each function tessera does not
 * implement: every pointer of the table is set, and those answer with an UNIMPLEMENTED error
 * that names the function (jaxlib turns it into a JaxRuntimeError). */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt.h"

/* ---- errors --------------------------------------------------------------------------- */

static void error_destroy(PJRT_Error *e);
static void error_message(const PJRT_Error *e, const char **message, size_t *size);
static PJRT_Error_Code error_code(const PJRT_Error *e);
static void error_for_each_payload(const PJRT_Error *e, PJRT_Error_PayloadVisitor visitor, void *user_arg);

static const PJRT_Error_FunctionTable error_vtable = {
    .struct_size = PJRT_Error_FunctionTable_STRUCT_SIZE,
    .instance_size = sizeof(pjrt_failure),
    .extension_start = NULL,
    .destroy = error_destroy,
    .message = error_message,
    .get_code = error_code,
    .for_each_payload = error_for_each_payload,
};

/* Out of memory: one static error that destroy leaves alone. */
static pjrt_failure nomem_error = {{&error_vtable}, PJRT_Error_Code_RESOURCE_EXHAUSTED, (char *)"tessera: out of host memory",
                                 sizeof "tessera: out of host memory" - 1};

PJRT_Error *pjrt_error_nomem(void) { return &nomem_error.base; }

PJRT_Error *pjrt_error(PJRT_Error_Code code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  pjrt_failure *e = malloc(sizeof *e);
  char *msg = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!e || !msg) {
    free(e);
    free(msg);
    return &nomem_error.base;
  }
  va_start(ap, fmt);
  vsnprintf(msg, (size_t)n + 1, fmt, ap);
  va_end(ap);
  *e = (pjrt_failure){{&error_vtable}, code, msg, (size_t)n};
  return &e->base;
}

PJRT_Error *pjrt_error_from_status(tsr_status s, const char *what) {
  PJRT_Error_Code code;
  switch (s) {
  case TSR_ERR_INVALID: case TSR_ERR_PARSE: code = PJRT_Error_Code_INVALID_ARGUMENT; break;
  case TSR_ERR_UNSUPPORTED: code = PJRT_Error_Code_UNIMPLEMENTED; break;
  case TSR_ERR_NOMEM: case TSR_ERR_VMEM: code = PJRT_Error_Code_RESOURCE_EXHAUSTED; break;
  case TSR_ERR_IO: code = PJRT_Error_Code_NOT_FOUND; break;
  case TSR_ERR_INTERNAL: code = PJRT_Error_Code_INTERNAL; break;
  default: code = PJRT_Error_Code_FAILED_PRECONDITION; break; /* what a kernel did wrong */
  }
  /* the FFI handler's form (src/ffi/handler.c), which tessera.KernelError reads */
  return pjrt_error(code, "tessera: %s%s%s [%s]", what ? what : "", what ? ": " : "", tsr_last_error(),
                    tsr_status_name(s));
}

void pjrt_error_free(PJRT_Error *e) { error_destroy(e); }

static void error_destroy(PJRT_Error *e) {
  if (!e || e == &nomem_error.base) return;
  free(((pjrt_failure *)e)->message);
  free(e);
}

static void error_message(const PJRT_Error *e, const char **message, size_t *size) {
  *message = pjrt_err(e)->message;
  *size = pjrt_err(e)->size;
}

static PJRT_Error_Code error_code(const PJRT_Error *e) { return pjrt_err(e)->code; }

static void error_for_each_payload(const PJRT_Error *e, PJRT_Error_PayloadVisitor visitor, void *user_arg) {
  (void)e; /* tessera's errors carry no payloads */
  (void)visitor;
  (void)user_arg;
}

PJRT_Error *pjrt_check_args(const void *args, size_t struct_size, size_t min_size, const char *fn) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no arguments", fn);
  if (struct_size < min_size)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT,
                      "tessera: %s: argument struct of %zu bytes, at least %zu expected (a framework older than "
                      "tessera's PJRT plugin supports)",
                      fn, struct_size, min_size);
  return NULL;
}

static void Error_Destroy(PJRT_Error_Destroy_Args *args) {
  if (args) error_destroy(args->error);
}

static void Error_Message(PJRT_Error_Message_Args *args) {
  if (!args || !args->error) return;
  error_message(args->error, &args->message, &args->message_size);
}

static PJRT_Error *Error_GetCode(PJRT_Error_GetCode_Args *args) {
  if (!args || !args->error) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Error_GetCode: no error");
  args->code = pjrt_err(args->error)->code;
  return NULL;
}

static PJRT_Error *Error_ForEachPayload(PJRT_Error_ForEachPayload_Args *args) {
  if (!args || !args->error) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Error_ForEachPayload: no error");
  return NULL;
}

/* ---- events: set by the client's worker when a program or a transfer it waits on is done, or
 * born set for what is done at the call ------------------------------------------------ */

PJRT_Event *pjrt_event_new(void) {
  PJRT_Event *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  atomic_init(&e->refs, 1);
  pthread_mutex_init(&e->mu, NULL);
  pthread_cond_init(&e->cv, NULL);
  return e;
}

PJRT_Event *pjrt_event_done(PJRT_Error_Code code, const char *message) {
  PJRT_Event *e = pjrt_event_new();
  if (e) pjrt_event_set(e, code, message);
  return e;
}

PJRT_Event *pjrt_event_ref(PJRT_Event *e) {
  atomic_fetch_add(&e->refs, 1);
  return e;
}

/* Called once the event is set: its code and message no longer change. */
static PJRT_Error *event_error(const PJRT_Event *e) {
  if (e->code == PJRT_Error_Code_OK) return NULL;
  return pjrt_error(e->code, "%s", e->message ? e->message : "tessera: failed");
}

void pjrt_event_set(PJRT_Event *e, PJRT_Error_Code code, const char *message) {
  char *copy = message ? strdup(message) : NULL;
  pthread_mutex_lock(&e->mu);
  if (e->ready) {
    pthread_mutex_unlock(&e->mu);
    free(copy);
    return;
  }
  e->ready = true;
  e->code = code;
  e->message = copy;
  pjrt_callback *cbs = e->callbacks;
  e->callbacks = NULL;
  pthread_cond_broadcast(&e->cv);
  pthread_mutex_unlock(&e->mu);
  /* in the order they were registered (the list holds the newest first) */
  pjrt_callback *in_order = NULL;
  while (cbs) {
    pjrt_callback *next = cbs->next;
    cbs->next = in_order;
    in_order = cbs;
    cbs = next;
  }
  while (in_order) {
    pjrt_callback *next = in_order->next;
    in_order->fn(event_error(e), in_order->arg);
    free(in_order);
    in_order = next;
  }
}

void pjrt_event_destroy(PJRT_Event *e) {
  if (!e || atomic_fetch_sub(&e->refs, 1) != 1) return;
  /* callbacks still waiting are told the event went away */
  pjrt_event_set(e, PJRT_Error_Code_CANCELLED, "tessera: event destroyed before it was set");
  pthread_mutex_destroy(&e->mu);
  pthread_cond_destroy(&e->cv);
  free(e->message);
  free(e);
}

PJRT_Error *pjrt_event_wait(PJRT_Event *e) {
  pthread_mutex_lock(&e->mu);
  while (!e->ready) pthread_cond_wait(&e->cv, &e->mu);
  pthread_mutex_unlock(&e->mu);
  return event_error(e);
}

PJRT_Error *pjrt_event_on_ready(PJRT_Event *e, PJRT_Event_OnReadyCallback fn, void *arg) {
  pthread_mutex_lock(&e->mu);
  if (!e->ready) {
    pjrt_callback *cb = malloc(sizeof *cb);
    if (!cb) {
      pthread_mutex_unlock(&e->mu);
      return pjrt_error_nomem();
    }
    *cb = (pjrt_callback){fn, arg, e->callbacks};
    e->callbacks = cb;
    pthread_mutex_unlock(&e->mu);
    return NULL;
  }
  pthread_mutex_unlock(&e->mu);
  fn(event_error(e), arg);
  return NULL;
}

static PJRT_Error *Event_Destroy(PJRT_Event_Destroy_Args *args) {
  if (args) pjrt_event_destroy(args->event);
  return NULL;
}

static PJRT_Error *Event_IsReady(PJRT_Event_IsReady_Args *args) {
  if (!args || !args->event) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_IsReady: no event");
  pthread_mutex_lock(&args->event->mu);
  args->is_ready = args->event->ready;
  pthread_mutex_unlock(&args->event->mu);
  return NULL;
}

static PJRT_Error *Event_Await(PJRT_Event_Await_Args *args) {
  if (!args || !args->event) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_Await: no event");
  return pjrt_event_wait(args->event);
}

static PJRT_Error *Event_Error(PJRT_Event_Error_Args *args) {
  if (!args || !args->event) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_Error: no event");
  return pjrt_event_wait(args->event);
}

static PJRT_Error *Event_OnReady(PJRT_Event_OnReady_Args *args) {
  if (!args || !args->event || !args->callback)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_OnReady: no event or callback");
  return pjrt_event_on_ready(args->event, args->callback, args->user_arg);
}

static PJRT_Error *Event_Create(PJRT_Event_Create_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_Create: no arguments");
  return (args->event = pjrt_event_new()) ? NULL : pjrt_error_nomem();
}

static PJRT_Error *Event_Set(PJRT_Event_Set_Args *args) {
  if (!args || !args->event) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Event_Set: no event");
  char *msg = NULL;
  if (args->error_code != PJRT_Error_Code_OK && args->error_message) {
    msg = malloc(args->error_message_size + 1);
    if (!msg) return pjrt_error_nomem();
    memcpy(msg, args->error_message, args->error_message_size);
    msg[args->error_message_size] = 0;
  }
  pjrt_event_set(args->event, args->error_code, msg);
  free(msg);
  return NULL;
}

/* ---- contexts and tracking events: nothing tessera needs to keep, but jaxlib may ask ---- */

struct PJRT_ExecuteContext {
  int unused;
};
struct PJRT_AsyncTrackingEvent {
  int unused;
};

static PJRT_Error *ExecuteContext_Create(PJRT_ExecuteContext_Create_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_ExecuteContext_Create: no arguments");
  return (args->context = calloc(1, sizeof *args->context)) ? NULL : pjrt_error_nomem();
}

static PJRT_Error *ExecuteContext_Destroy(PJRT_ExecuteContext_Destroy_Args *args) {
  if (args) free(args->context);
  return NULL;
}

static PJRT_Error *Device_CreateAsyncTrackingEvent(PJRT_Device_CreateAsyncTrackingEvent_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Device_CreateAsyncTrackingEvent: no arguments");
  return (args->event = calloc(1, sizeof *args->event)) ? NULL : pjrt_error_nomem();
}

static PJRT_Error *AsyncTrackingEvent_Destroy(PJRT_AsyncTrackingEvent_Destroy_Args *args) {
  if (args) free(args->event);
  return NULL;
}

/* ---- the plugin ----------------------------------------------------------------------- */

static PJRT_Error *Plugin_Initialize(PJRT_Plugin_Initialize_Args *args) {
  (void)args;
  return NULL;
}

/* The StableHLO version jaxlib is asked to serialize programs to (its own if older): the
 * newest whose VHLO tessera reads (src/mlir/vhlo.h). The minimum is the same: tessera reads
 * the ops of that version, not older forms of them. */
static const int64_t stablehlo_version[3] = {TSR_VHLO_MAJOR, TSR_VHLO_MINOR, TSR_VHLO_PATCH};
static const PJRT_NamedValue plugin_attrs[] = {
    {.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = "xla_version", .name_size = 11,
     .type = PJRT_NamedValue_kInt64, .int64_value = 2, .value_size = 1},
    {.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = "stablehlo_current_version", .name_size = 25,
     .type = PJRT_NamedValue_kInt64List, .int64_array_value = stablehlo_version, .value_size = 3},
    {.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = "stablehlo_minimum_version", .name_size = 25,
     .type = PJRT_NamedValue_kInt64List, .int64_array_value = stablehlo_version, .value_size = 3},
};

static PJRT_Error *Plugin_Attributes(PJRT_Plugin_Attributes_Args *args) {
  if (!args) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: PJRT_Plugin_Attributes: no arguments");
  args->attributes = plugin_attrs;
  args->num_attributes = sizeof plugin_attrs / sizeof plugin_attrs[0];
  return NULL;
}

/* ---- what tessera does not implement -------------------------------------------------- */

#define PJRT_UNIMPLEMENTED(X)                                                                     \
  X(Client_CreateViewOfDeviceBuffer)                                                              \
  X(CopyToDeviceStream_Destroy) X(CopyToDeviceStream_AddChunk) X(CopyToDeviceStream_TotalBytes)    \
  X(CopyToDeviceStream_GranuleSize) X(CopyToDeviceStream_CurrentBytes) X(Compile)                  \
  X(Client_DmaMap) X(Client_DmaUnmap)                                                             \
  X(Client_UpdateGlobalProcessInfo) X(TopologyDescription_Deserialize) X(Client_CreateAliasBuffer) \
  X(Client_FulfillAliasBuffer) X(Client_CreateErrorBuffer)                                        \
  X(Device_PoisonExecution)                                                                       \
  X(Buffer_DonateWithControlDependency) X(Client_Load) X(Buffer_Bitcast)                           \
  X(TopologyDescription_Serialize) X(TopologyDescription_Fingerprint)                              \
  X(TopologyDescription_MakeCanonicalShapeForMemorySpace) X(TopologyDescription_GetMemorySpaceKindIds)

#define UNIMPLEMENTED_FN(name)                                                                       \
  static PJRT_Error *unimplemented_##name(PJRT_##name##_Args *args) {                                \
    (void)args;                                                                                      \
    return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera's PJRT plugin does not implement PJRT_" #name); \
  }
PJRT_UNIMPLEMENTED(UNIMPLEMENTED_FN)

static PJRT_Api api;
static pthread_once_t api_once = PTHREAD_ONCE_INIT;

/* The shardings extension (API 0.91+): how each input and output of a program of several
 * devices is laid out, which JAX reads when it left a sharding to the compiler. */
static PJRT_Shardings_Extension shardings = {
    .base = {.struct_size = PJRT_Shardings_Extension_STRUCT_SIZE, .type = PJRT_Extension_Type_Shardings, .next = NULL},
    .PJRT_Shardings_PJRT_Executable_ParameterShardings = pjrt_parameter_shardings,
    .PJRT_Shardings_PJRT_Executable_OutputShardings = pjrt_output_shardings,
};

static void api_init(void) {
  api.struct_size = PJRT_Api_STRUCT_SIZE;
  api.extension_start = &shardings.base;
  api.pjrt_api_version = (PJRT_Api_Version){.struct_size = PJRT_Api_Version_STRUCT_SIZE,
                                            .major_version = PJRT_API_MAJOR,
                                            .minor_version = PJRT_API_MINOR};
  api.PJRT_Error_Destroy = Error_Destroy;
  api.PJRT_Error_Message = Error_Message;
  api.PJRT_Error_GetCode = Error_GetCode;
  api.PJRT_Error_ForEachPayload = Error_ForEachPayload;
  api.PJRT_Plugin_Initialize = Plugin_Initialize;
  api.PJRT_Plugin_Attributes = Plugin_Attributes;
  api.PJRT_Event_Destroy = Event_Destroy;
  api.PJRT_Event_IsReady = Event_IsReady;
  api.PJRT_Event_Error = Event_Error;
  api.PJRT_Event_Await = Event_Await;
  api.PJRT_Event_OnReady = Event_OnReady;
  api.PJRT_Event_Create = Event_Create;
  api.PJRT_Event_Set = Event_Set;
  api.PJRT_ExecuteContext_Create = ExecuteContext_Create;
  api.PJRT_ExecuteContext_Destroy = ExecuteContext_Destroy;
  api.PJRT_Device_CreateAsyncTrackingEvent = Device_CreateAsyncTrackingEvent;
  api.PJRT_AsyncTrackingEvent_Destroy = AsyncTrackingEvent_Destroy;
#define SET(name) api.PJRT_##name = pjrt_##name;
  PJRT_CLIENT_FUNCTIONS(SET)
  PJRT_BUFFER_FUNCTIONS(SET)
  PJRT_TRANSFER_FUNCTIONS(SET)
  PJRT_EXECUTABLE_FUNCTIONS(SET)
#undef SET
#define SET_UNIMPLEMENTED(name) api.PJRT_##name = unimplemented_##name;
  PJRT_UNIMPLEMENTED(SET_UNIMPLEMENTED)
#undef SET_UNIMPLEMENTED
}

/* The plugin's one exported symbol, which jaxlib looks up by this name. */
__attribute__((visibility("default"))) const PJRT_Api *GetPjrtApi(void);
const PJRT_Api *GetPjrtApi(void) {
  pthread_once(&api_once, api_init);
  return &api;
}
