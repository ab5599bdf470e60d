/* The client and what it shows JAX: its devices (the chips of TESSERA_TPU, with the
 * descriptions libtpu gives on that chip: kind, coords, core_on_chip, num_cores), each
 * device's memories ("device", its HBM, and "pinned_host"), their statistics, and the
 * topology. Also the machine the client's programs run on, built with tsr_sim_create on
 * first use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "pjrt/pjrt.h"

#define PLATFORM "tpu"

const char *const pjrt_memory_kinds[PJRT_MEM_KINDS] = {"device", "pinned_host"};

/* ---- memory user data (PJRT_Memory_FunctionTable, API 0.105) -------------------------- */

static void *memory_get_user_data(PJRT_Memory *mem, const void *key) {
  pjrt_memory *m = pjrt_mem(mem);
  void *data = NULL;
  pthread_mutex_lock(&m->mu);
  for (int i = 0; i < m->n_user; i++)
    if (m->user[i].key == key) data = m->user[i].data;
  pthread_mutex_unlock(&m->mu);
  return data;
}

static void memory_set_user_data(PJRT_Memory *mem, const void *key, void *data, void (*dtor)(void *)) {
  pjrt_memory *m = pjrt_mem(mem);
  pthread_mutex_lock(&m->mu);
  int i = 0;
  while (i < m->n_user && m->user[i].key != key) i++;
  if (i == m->n_user) {
    if (!GROW_ARRAY(m->user, m->n_user, m->cap_user, 4)) {
      pthread_mutex_unlock(&m->mu);
      return; /* the caller keeps working without it (it is a cache) */
    }
    m->n_user++;
  } else if (m->user[i].dtor) {
    m->user[i].dtor(m->user[i].data);
  }
  m->user[i] = (pjrt_user_data){key, data, dtor};
  pthread_mutex_unlock(&m->mu);
}

static const PJRT_Memory_FunctionTable memory_vtable = {
    .struct_size = PJRT_Memory_FunctionTable_STRUCT_SIZE,
    .extension_start = NULL,
    .instance_struct_size = sizeof(pjrt_memory),
    .get_user_data = memory_get_user_data,
    .set_user_data = memory_set_user_data,
};

/* ---- descriptions --------------------------------------------------------------------- */

static PJRT_NamedValue int_attr(const char *name, int64_t v) {
  return (PJRT_NamedValue){.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = name, .name_size = strlen(name),
                           .type = PJRT_NamedValue_kInt64, .int64_value = v, .value_size = 1};
}

void pjrt_device_describe(const pjrt_spec *spec, int d, PJRT_DeviceDescription *out) {
  memset(out, 0, sizeof *out);
  out->id = d;
  snprintf(out->kind, sizeof out->kind, "%s", spec->id.device_kind);
  int core = 0;
  pjrt_spec_coords(spec, d, out->coords, &core);
  out->core_on_chip = core;
  out->num_cores = spec->id.num_cores;
  out->slice_index = 0;
  /* as libtpu writes them */
  snprintf(out->text, sizeof out->text, "TpuDevice(id=%d, process_index=0, coords=(%lld,%lld,%lld), core_on_chip=%d)", d,
           (long long)out->coords[0], (long long)out->coords[1], (long long)out->coords[2], core);
  snprintf(out->debug, sizeof out->debug, "TPU_%d(process=0,(%lld,%lld,%lld,%d))", d, (long long)out->coords[0],
           (long long)out->coords[1], (long long)out->coords[2], core);
  out->attrs[0] = (PJRT_NamedValue){.struct_size = PJRT_NamedValue_STRUCT_SIZE, .name = "coords", .name_size = 6,
                                    .type = PJRT_NamedValue_kInt64List, .int64_array_value = out->coords, .value_size = 3};
  out->attrs[1] = int_attr("core_on_chip", out->core_on_chip);
  out->attrs[2] = int_attr("num_cores", out->num_cores);
  out->attrs[3] = int_attr("slice_index", out->slice_index);
  out->n_attrs = 4;
}

/* Descriptions move with their device: the coords attribute points into its own struct. */
static void fix_attrs(PJRT_DeviceDescription *d) { d->attrs[0].int64_array_value = d->coords; }

/* ---- client --------------------------------------------------------------------------- */

static void client_free(PJRT_Client *c) {
  if (!c) return;
  pjrt_stream_stop(c); /* what is queued runs first: its buffers are JAX's */
  for (int i = 0; i < c->n_memories; i++) {
    pjrt_memory *m = &c->memories[i];
    for (int k = 0; k < m->n_user; k++)
      if (m->user[k].dtor) m->user[k].dtor(m->user[k].data);
    free(m->user);
    pthread_mutex_destroy(&m->mu);
  }
  pjrt_timing_free(c);
  free(c->timing_path);
  pjrt_executable_cache_clear(c);
  pthread_mutex_destroy(&c->cache_mu);
  tsr_sim_destroy(c->sim);
  pthread_mutex_destroy(&c->run_mu);
  if (c->topology) {
    free(c->topology->descs);
    free(c->topology);
  }
  free(c->memories);
  free(c->memory_list);
  free(c->devices);
  free(c->device_list);
  free(c);
}

PJRT_Error *pjrt_Client_Create(PJRT_Client_Create_Args *args) {
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0, offsetof(PJRT_Client_Create_Args, client) + sizeof(PJRT_Client *), "PJRT_Client_Create");
  if (err) return err;
  args->client = NULL;
  PJRT_Client *c = calloc(1, sizeof *c);
  if (!c) return pjrt_error_nomem();
  pthread_mutex_init(&c->run_mu, NULL);
  pthread_mutex_init(&c->cache_mu, NULL);
  pjrt_stream_init(c);
  const char *sync = getenv("TESSERA_PJRT_SYNC");
  c->sync = sync && *sync && strcmp(sync, "0") != 0;
  /* TESSERA_PJRT_INLINE_US: microseconds under which a program runs in Execute when it can
   * (0: never); 50 by default */
  const char *inl = getenv("TESSERA_PJRT_INLINE_US");
  char *end = NULL;
  long long us = inl && *inl ? strtoll(inl, &end, 10) : 50;
  if (inl && *inl && (*end || us < 0 || us > 60000000)) {
    pjrt_stream_stop(c);
    pthread_mutex_destroy(&c->run_mu);
    pthread_mutex_destroy(&c->cache_mu);
    free(c);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT,
                      "tessera: TESSERA_PJRT_INLINE_US='%s': a whole number of microseconds from 0 to 60000000 expected", inl);
  }
  c->inline_ns = us * 1000;
  if (pjrt_spec_parse(getenv("TESSERA_TPU"), &c->spec) != TSR_OK) {
    pjrt_stream_stop(c);
    pthread_mutex_destroy(&c->run_mu);
    pthread_mutex_destroy(&c->cache_mu);
    free(c);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s", tsr_last_error());
  }
  const char *timing = getenv("TESSERA_PJRT_TIMING");
  if (timing && *timing) {
    if (strlen(timing) > 4000) {
      client_free(c);
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: TESSERA_PJRT_TIMING: a path of more than 4000 bytes");
    }
    if (!(c->timing_path = strdup(timing))) {
      client_free(c);
      return pjrt_error_nomem();
    }
  }
  int n = c->spec.num_devices;
  c->devices = calloc((size_t)n, sizeof *c->devices);
  c->device_list = calloc((size_t)n, sizeof *c->device_list);
  c->n_memories = n * PJRT_MEM_KINDS;
  c->memories = calloc((size_t)c->n_memories, sizeof *c->memories);
  c->memory_list = calloc((size_t)c->n_memories, sizeof *c->memory_list);
  c->topology = calloc(1, sizeof *c->topology);
  PJRT_DeviceDescription **descs = calloc((size_t)n, sizeof *descs);
  if (!c->devices || !c->device_list || !c->memories || !c->memory_list || !c->topology || !descs) {
    free(descs);
    c->n_memories = 0;
    client_free(c);
    return pjrt_error_nomem();
  }
  for (int i = 0; i < c->n_memories; i++) pthread_mutex_init(&c->memories[i].mu, NULL);
  for (int d = 0; d < n; d++) {
    PJRT_Device *dev = &c->devices[d];
    pjrt_device_describe(&c->spec, d, &dev->desc);
    fix_attrs(&dev->desc);
    dev->client = c;
    dev->index = d;
    c->device_list[d] = dev;
    descs[d] = &dev->desc;
    for (int k = 0; k < PJRT_MEM_KINDS; k++) {
      pjrt_memory *m = &c->memories[d * PJRT_MEM_KINDS + k];
      m->base.vtable = &memory_vtable;
      m->client = c;
      m->device = dev;
      m->id = d * PJRT_MEM_KINDS + k;
      m->kind = k;
      snprintf(m->debug, sizeof m->debug, "TPU_%d(%s)", d, pjrt_memory_kinds[k]);
      snprintf(m->text, sizeof m->text, "TPU_%d(%s)", d, pjrt_memory_kinds[k]);
      dev->memories[k] = &m->base;
      c->memory_list[m->id] = &m->base;
    }
  }
  c->topology->client = c;
  c->topology->spec = c->spec;
  c->topology->descs = descs;
  snprintf(c->platform_version, sizeof c->platform_version,
           "tessera 0.1.0: %d simulated %s (chip %s), PJRT C API %d.%d", n, c->spec.id.device_kind, c->spec.chip.name,
           PJRT_API_MAJOR, PJRT_API_MINOR);
  args->client = c;
  return NULL;
}

PJRT_Error *pjrt_Client_Destroy(PJRT_Client_Destroy_Args *args) {
  if (args) client_free(args->client);
  return NULL;
}

#define NEED(args, type, fn)                                                                   \
  do {                                                                                         \
    PJRT_Error *e_ = pjrt_check_args(args, (args) ? (args)->struct_size : 0, sizeof(size_t), fn); \
    if (e_) return e_;                                                                         \
  } while (0)

PJRT_Error *pjrt_Client_PlatformName(PJRT_Client_PlatformName_Args *args) {
  NEED(args, PJRT_Client_PlatformName_Args, "PJRT_Client_PlatformName");
  args->platform_name = PLATFORM;
  args->platform_name_size = strlen(PLATFORM);
  return NULL;
}

PJRT_Error *pjrt_Client_ProcessIndex(PJRT_Client_ProcessIndex_Args *args) {
  NEED(args, PJRT_Client_ProcessIndex_Args, "PJRT_Client_ProcessIndex");
  args->process_index = 0;
  return NULL;
}

PJRT_Error *pjrt_Client_PlatformVersion(PJRT_Client_PlatformVersion_Args *args) {
  NEED(args, PJRT_Client_PlatformVersion_Args, "PJRT_Client_PlatformVersion");
  args->platform_version = args->client->platform_version;
  args->platform_version_size = strlen(args->client->platform_version);
  return NULL;
}

PJRT_Error *pjrt_Client_Devices(PJRT_Client_Devices_Args *args) {
  NEED(args, PJRT_Client_Devices_Args, "PJRT_Client_Devices");
  args->devices = args->client->device_list;
  args->num_devices = (size_t)args->client->spec.num_devices;
  return NULL;
}

PJRT_Error *pjrt_Client_AddressableDevices(PJRT_Client_AddressableDevices_Args *args) {
  NEED(args, PJRT_Client_AddressableDevices_Args, "PJRT_Client_AddressableDevices");
  args->addressable_devices = args->client->device_list;
  args->num_addressable_devices = (size_t)args->client->spec.num_devices;
  return NULL;
}

static PJRT_Error *lookup(PJRT_Client *c, int id, PJRT_Device **out, const char *what) {
  if (id < 0 || id >= c->spec.num_devices)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: no device with %s %d (there are %d devices)", what, id,
                      c->spec.num_devices);
  *out = &c->devices[id];
  return NULL;
}

PJRT_Error *pjrt_Client_LookupDevice(PJRT_Client_LookupDevice_Args *args) {
  NEED(args, PJRT_Client_LookupDevice_Args, "PJRT_Client_LookupDevice");
  return lookup(args->client, args->id, &args->device, "id");
}

PJRT_Error *pjrt_Client_LookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args *args) {
  NEED(args, PJRT_Client_LookupAddressableDevice_Args, "PJRT_Client_LookupAddressableDevice");
  return lookup(args->client, args->local_hardware_id, &args->addressable_device, "local hardware id");
}

PJRT_Error *pjrt_Client_AddressableMemories(PJRT_Client_AddressableMemories_Args *args) {
  NEED(args, PJRT_Client_AddressableMemories_Args, "PJRT_Client_AddressableMemories");
  args->addressable_memories = args->client->memory_list;
  args->num_addressable_memories = (size_t)args->client->n_memories;
  return NULL;
}

PJRT_Error *pjrt_Client_DefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args *args) {
  NEED(args, PJRT_Client_DefaultDeviceAssignment_Args, "PJRT_Client_DefaultDeviceAssignment");
  int64_t n = (int64_t)args->num_replicas * args->num_partitions;
  if (args->num_replicas < 1 || args->num_partitions < 1 || n > args->client->spec.num_devices)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT,
                      "tessera: %d replicas x %d partitions need more devices than the %d of TESSERA_TPU='%s'",
                      args->num_replicas, args->num_partitions, args->client->spec.num_devices,
                      args->client->spec.chip_name);
  if ((int64_t)args->default_assignment_size < n)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: a default device assignment of %lld entries does not fit %zu",
                      (long long)n, args->default_assignment_size);
  for (int64_t i = 0; i < n; i++) args->default_assignment[i] = (int)i;
  return NULL;
}

PJRT_Error *pjrt_Client_TopologyDescription(PJRT_Client_TopologyDescription_Args *args) {
  NEED(args, PJRT_Client_TopologyDescription_Args, "PJRT_Client_TopologyDescription");
  args->topology = args->client->topology;
  return NULL;
}

/* ---- device descriptions and devices -------------------------------------------------- */

PJRT_Error *pjrt_DeviceDescription_Id(PJRT_DeviceDescription_Id_Args *args) {
  NEED(args, PJRT_DeviceDescription_Id_Args, "PJRT_DeviceDescription_Id");
  args->id = args->device_description->id;
  return NULL;
}

PJRT_Error *pjrt_DeviceDescription_ProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args *args) {
  NEED(args, PJRT_DeviceDescription_ProcessIndex_Args, "PJRT_DeviceDescription_ProcessIndex");
  args->process_index = 0;
  return NULL;
}

PJRT_Error *pjrt_DeviceDescription_Attributes(PJRT_DeviceDescription_Attributes_Args *args) {
  NEED(args, PJRT_DeviceDescription_Attributes_Args, "PJRT_DeviceDescription_Attributes");
  args->attributes = args->device_description->attrs;
  args->num_attributes = (size_t)args->device_description->n_attrs;
  return NULL;
}

PJRT_Error *pjrt_DeviceDescription_Kind(PJRT_DeviceDescription_Kind_Args *args) {
  NEED(args, PJRT_DeviceDescription_Kind_Args, "PJRT_DeviceDescription_Kind");
  args->device_kind = args->device_description->kind;
  args->device_kind_size = strlen(args->device_description->kind);
  return NULL;
}

PJRT_Error *pjrt_DeviceDescription_DebugString(PJRT_DeviceDescription_DebugString_Args *args) {
  NEED(args, PJRT_DeviceDescription_DebugString_Args, "PJRT_DeviceDescription_DebugString");
  args->debug_string = args->device_description->debug;
  args->debug_string_size = strlen(args->device_description->debug);
  return NULL;
}

PJRT_Error *pjrt_DeviceDescription_ToString(PJRT_DeviceDescription_ToString_Args *args) {
  NEED(args, PJRT_DeviceDescription_ToString_Args, "PJRT_DeviceDescription_ToString");
  args->to_string = args->device_description->text;
  args->to_string_size = strlen(args->device_description->text);
  return NULL;
}

PJRT_Error *pjrt_Device_GetDescription(PJRT_Device_GetDescription_Args *args) {
  NEED(args, PJRT_Device_GetDescription_Args, "PJRT_Device_GetDescription");
  args->device_description = &args->device->desc;
  return NULL;
}

PJRT_Error *pjrt_Device_IsAddressable(PJRT_Device_IsAddressable_Args *args) {
  NEED(args, PJRT_Device_IsAddressable_Args, "PJRT_Device_IsAddressable");
  args->is_addressable = true;
  return NULL;
}

PJRT_Error *pjrt_Device_LocalHardwareId(PJRT_Device_LocalHardwareId_Args *args) {
  NEED(args, PJRT_Device_LocalHardwareId_Args, "PJRT_Device_LocalHardwareId");
  args->local_hardware_id = args->device->index;
  return NULL;
}

PJRT_Error *pjrt_Device_AddressableMemories(PJRT_Device_AddressableMemories_Args *args) {
  NEED(args, PJRT_Device_AddressableMemories_Args, "PJRT_Device_AddressableMemories");
  args->memories = args->device->memories;
  args->num_memories = PJRT_MEM_KINDS;
  return NULL;
}

PJRT_Error *pjrt_Device_DefaultMemory(PJRT_Device_DefaultMemory_Args *args) {
  NEED(args, PJRT_Device_DefaultMemory_Args, "PJRT_Device_DefaultMemory");
  args->memory = args->device->memories[PJRT_MEM_DEVICE];
  return NULL;
}

PJRT_Error *pjrt_Device_MemoryStats(PJRT_Device_MemoryStats_Args *args) {
  NEED(args, PJRT_Device_MemoryStats_Args, "PJRT_Device_MemoryStats");
  PJRT_Device *d = args->device;
  /* fields are filled as far as the caller's struct reaches */
  args->bytes_in_use = atomic_load(&d->bytes_in_use);
#define SET(field, value)                                                \
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, field##_is_set)) {    \
    args->field = (value);                                               \
    args->field##_is_set = true;                                         \
  }
  SET(peak_bytes_in_use, atomic_load(&d->peak_bytes));
  SET(num_allocs, atomic_load(&d->num_allocs));
  SET(largest_alloc_size, atomic_load(&d->largest_alloc));
  SET(bytes_limit, d->client->spec.id.hbm_bytes);
#undef SET
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, bytes_reserved_is_set)) args->bytes_reserved_is_set = false;
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, peak_bytes_reserved_is_set)) args->peak_bytes_reserved_is_set = false;
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, bytes_reservable_limit_is_set))
    args->bytes_reservable_limit_is_set = false;
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, largest_free_block_bytes_is_set))
    args->largest_free_block_bytes_is_set = false;
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, pool_bytes_is_set)) args->pool_bytes_is_set = false;
  if (PJRT_HAS(args, PJRT_Device_MemoryStats_Args, peak_pool_bytes_is_set)) args->peak_pool_bytes_is_set = false;
  return NULL;
}

PJRT_Error *pjrt_Device_ClearMemoryStats(PJRT_Device_ClearMemoryStats_Args *args) {
  NEED(args, PJRT_Device_ClearMemoryStats_Args, "PJRT_Device_ClearMemoryStats");
  atomic_store(&args->device->peak_bytes, atomic_load(&args->device->bytes_in_use));
  return NULL;
}

static void no_delete(PJRT_Device_Attributes *a) { (void)a; }

PJRT_Error *pjrt_Device_GetAttributes(PJRT_Device_GetAttributes_Args *args) {
  NEED(args, PJRT_Device_GetAttributes_Args, "PJRT_Device_GetAttributes");
  args->attributes = args->device->desc.attrs;
  args->num_attributes = (size_t)args->device->desc.n_attrs;
  args->device_attributes = NULL;
  args->attributes_deleter = no_delete;
  return NULL;
}

/* ---- memories ------------------------------------------------------------------------- */

PJRT_Error *pjrt_Memory_Id(PJRT_Memory_Id_Args *args) {
  NEED(args, PJRT_Memory_Id_Args, "PJRT_Memory_Id");
  args->id = pjrt_mem(args->memory)->id;
  return NULL;
}

PJRT_Error *pjrt_Memory_Kind(PJRT_Memory_Kind_Args *args) {
  NEED(args, PJRT_Memory_Kind_Args, "PJRT_Memory_Kind");
  args->kind = pjrt_memory_kinds[pjrt_mem(args->memory)->kind];
  args->kind_size = strlen(args->kind);
  return NULL;
}

PJRT_Error *pjrt_Memory_Kind_Id(PJRT_Memory_Kind_Id_Args *args) {
  NEED(args, PJRT_Memory_Kind_Id_Args, "PJRT_Memory_Kind_Id");
  args->kind_id = pjrt_mem(args->memory)->kind;
  return NULL;
}

PJRT_Error *pjrt_Memory_DebugString(PJRT_Memory_DebugString_Args *args) {
  NEED(args, PJRT_Memory_DebugString_Args, "PJRT_Memory_DebugString");
  args->debug_string = pjrt_mem(args->memory)->debug;
  args->debug_string_size = strlen(pjrt_mem(args->memory)->debug);
  return NULL;
}

PJRT_Error *pjrt_Memory_ToString(PJRT_Memory_ToString_Args *args) {
  NEED(args, PJRT_Memory_ToString_Args, "PJRT_Memory_ToString");
  args->to_string = pjrt_mem(args->memory)->text;
  args->to_string_size = strlen(pjrt_mem(args->memory)->text);
  return NULL;
}

PJRT_Error *pjrt_Memory_AddressableByDevices(PJRT_Memory_AddressableByDevices_Args *args) {
  NEED(args, PJRT_Memory_AddressableByDevices_Args, "PJRT_Memory_AddressableByDevices");
  args->devices = &pjrt_mem(args->memory)->client->device_list[pjrt_mem(args->memory)->device->index];
  args->num_devices = 1;
  return NULL;
}

/* ---- topology ------------------------------------------------------------------------- */

PJRT_Error *pjrt_TopologyDescription_Create(PJRT_TopologyDescription_Create_Args *args) {
  NEED(args, PJRT_TopologyDescription_Create_Args, "PJRT_TopologyDescription_Create");
  char name[256] = "";
  if (args->topology_name && args->topology_name_size) {
    if (args->topology_name_size >= sizeof name)
      return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: topology name too long");
    memcpy(name, args->topology_name, args->topology_name_size);
  }
  PJRT_TopologyDescription *t = calloc(1, sizeof *t);
  if (!t) return pjrt_error_nomem();
  /* a named topology is written as TESSERA_TPU is ("v5e:2x2"); unnamed, TESSERA_TPU's */
  if (pjrt_spec_parse(name[0] ? name : getenv("TESSERA_TPU"), &t->spec) != TSR_OK) {
    free(t);
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s", tsr_last_error());
  }
  int n = t->spec.num_devices;
  t->devices = calloc((size_t)n, sizeof *t->devices);
  t->descs = calloc((size_t)n, sizeof *t->descs);
  if (!t->devices || !t->descs) {
    free(t->devices);
    free(t->descs);
    free(t);
    return pjrt_error_nomem();
  }
  for (int d = 0; d < n; d++) {
    pjrt_device_describe(&t->spec, d, &t->devices[d].desc);
    fix_attrs(&t->devices[d].desc);
    t->descs[d] = &t->devices[d].desc;
  }
  args->topology = t;
  return NULL;
}

PJRT_Error *pjrt_TopologyDescription_Destroy(PJRT_TopologyDescription_Destroy_Args *args) {
  if (!args || !args->topology || args->topology->client) return NULL; /* a client's goes with it */
  free(args->topology->devices);
  free(args->topology->descs);
  free(args->topology);
  return NULL;
}

PJRT_Error *pjrt_TopologyDescription_PlatformName(PJRT_TopologyDescription_PlatformName_Args *args) {
  NEED(args, PJRT_TopologyDescription_PlatformName_Args, "PJRT_TopologyDescription_PlatformName");
  args->platform_name = PLATFORM;
  args->platform_name_size = strlen(PLATFORM);
  return NULL;
}

PJRT_Error *pjrt_TopologyDescription_PlatformVersion(PJRT_TopologyDescription_PlatformVersion_Args *args) {
  NEED(args, PJRT_TopologyDescription_PlatformVersion_Args, "PJRT_TopologyDescription_PlatformVersion");
  args->platform_version = "tessera 0.1.0";
  args->platform_version_size = strlen(args->platform_version);
  return NULL;
}

PJRT_Error *pjrt_TopologyDescription_GetDeviceDescriptions(PJRT_TopologyDescription_GetDeviceDescriptions_Args *args) {
  NEED(args, PJRT_TopologyDescription_GetDeviceDescriptions_Args, "PJRT_TopologyDescription_GetDeviceDescriptions");
  args->descriptions = args->topology->descs;
  args->num_descriptions = (size_t)args->topology->spec.num_devices;
  return NULL;
}

PJRT_Error *pjrt_TopologyDescription_Attributes(PJRT_TopologyDescription_Attributes_Args *args) {
  NEED(args, PJRT_TopologyDescription_Attributes_Args, "PJRT_TopologyDescription_Attributes");
  args->attributes = NULL;
  args->num_attributes = 0;
  return NULL;
}

/* ---- the machine ---------------------------------------------------------------------- */

tsr_status pjrt_client_sim(PJRT_Client *c, int devices, tsr_sim **out) {
  if (c->sim && c->sim_devices == devices) {
    *out = c->sim;
    return TSR_OK;
  }
  tsr_sim_destroy(c->sim);
  c->sim = NULL;
  /* the race and semaphore checkers, as the FFI handler runs kernels by default */
  tsr_sim_options so = {.chip = c->spec.chip_name, .checks = TSR_CHECK_DEFAULT, .timing = c->timing_path != NULL};
  so.machine.num_devices = devices;
  /* a TPU7x device is one of its chip's two TensorCores */
  if (c->spec.id.devices_per_chip > 1) so.machine.num_cores = 1;
  TSR_TRY(tsr_sim_create(&so, &c->sim));
  c->sim_devices = devices;
  *out = c->sim;
  return TSR_OK;
}
