/* Asynchronous host-to-device transfers (PJRT_Client_CreateBuffersForAsyncHostToDevice): the
 * manager makes pending buffers of the shapes asked for, at once, which JAX may hand to programs
 * before their data has come; the data then comes in pieces (TransferData: bytes at an offset,
 * the last one marked) or whole (TransferLiteral), and each buffer is ready with its last piece.
 * A program queued on a buffer waits for it (executable.c). jaxlib reaches this through
 * jax.experimental.transfer (a pull receives into such buffers). The bytes are the buffer's host
 * representation (PJRT_Buffer_CopyRawToHost's, BufferSize's size): booleans one byte each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt.h"

typedef struct pending_transfer {
  PJRT_Buffer *buffer; /* the manager's use keeps it until the manager goes */
  tsr_array array;     /* its data, filled as the pieces come */
  uint64_t received;   /* bytes received so far */
  bool retrieved;      /* RetrieveBuffer handed it out: its owner destroys it */
  bool done;           /* its last piece came, or it was failed */
} pending_transfer;

struct PJRT_AsyncHostToDeviceTransferManager {
  PJRT_Client *client;
  PJRT_Device *device;
  pthread_mutex_t mu;
  int n;
  pending_transfer *t;
};

#define MANAGER "PJRT_AsyncHostToDeviceTransferManager"

static void manager_free(PJRT_AsyncHostToDeviceTransferManager *m) {
  for (int i = 0; i < m->n; i++) {
    pending_transfer *t = &m->t[i];
    if (!t->buffer) continue;
    /* a buffer whose data never came fails, so that nothing waits for it for ever */
    if (!t->done) {
      char msg[128];
      snprintf(msg, sizeof msg, "tessera: the transfer manager was destroyed before buffer %d received its last transfer", i);
      pjrt_buffer_fail(t->buffer, PJRT_Error_Code_CANCELLED, msg);
    }
    tsr_array_free(&t->array);
    PJRT_Buffer *b = t->buffer;
    pjrt_buffer_unuse(b);
    if (!t->retrieved) {
      PJRT_Buffer_Destroy_Args da = {.struct_size = PJRT_Buffer_Destroy_Args_STRUCT_SIZE, .buffer = b};
      pjrt_Buffer_Destroy(&da);
    }
  }
  pthread_mutex_destroy(&m->mu);
  free(m->t);
  free(m);
}

static PJRT_Error *dense_layout(const PJRT_Buffer_MemoryLayout *l, size_t rank, int i, const char *fn) {
  if (pjrt_layout_row_major(l, rank)) return NULL;
  return pjrt_error(PJRT_Error_Code_UNIMPLEMENTED, "tessera: %s: buffer %d: device layouts other than the dense row-major one",
                    fn, i);
}

PJRT_Error *pjrt_Client_CreateBuffersForAsyncHostToDevice(PJRT_Client_CreateBuffersForAsyncHostToDevice_Args *args) {
  const char *fn = "PJRT_Client_CreateBuffersForAsyncHostToDevice";
  PJRT_Error *err = pjrt_check_args(args, args ? args->struct_size : 0,
                                    PJRT_STRUCT_SIZE(PJRT_Client_CreateBuffersForAsyncHostToDevice_Args, transfer_manager), fn);
  if (err) return err;
  args->transfer_manager = NULL;
  PJRT_Client *c = args->client;
  if (!c) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no client", fn);
  if (!args->memory) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no memory", fn);
  if (pjrt_mem(args->memory)->client != c)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: a memory of another client", fn);
  if (args->num_shape_specs > 0 && !args->shape_specs)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: %zu shapes and no list of them", fn, args->num_shape_specs);
  if (args->num_shape_specs > (size_t)1 << 20)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: %zu buffers in one transfer", fn, args->num_shape_specs);
  if (args->device_layouts && args->num_device_layouts != args->num_shape_specs)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: %zu device layouts for %zu buffers", fn,
                      args->num_device_layouts, args->num_shape_specs);
  int n = (int)args->num_shape_specs;
  PJRT_AsyncHostToDeviceTransferManager *m = calloc(1, sizeof *m);
  if (!m || !(m->t = calloc((size_t)n + 1, sizeof *m->t))) {
    free(m);
    return pjrt_error_nomem();
  }
  m->client = c;
  m->device = pjrt_mem(args->memory)->device;
  pthread_mutex_init(&m->mu, NULL);
  for (int i = 0; i < n && !err; i++) {
    const PJRT_ShapeSpec *sp = &args->shape_specs[i];
    if (sp->num_dims && !sp->dims) {
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: buffer %d has %zu dimensions and no sizes", fn, i, sp->num_dims);
      break;
    }
    if (args->device_layouts && (err = dense_layout(args->device_layouts[i], sp->num_dims, i, fn))) break;
    if ((err = pjrt_buffer_pending(m->device, args->memory, sp->element_type, sp->dims, sp->num_dims, &m->t[i].buffer, fn))) break;
    m->n = i + 1;
    PJRT_Buffer *b = m->t[i].buffer;
    tsr_status s = tsr_array_alloc(&m->t[i].array, b->array.dtype, b->array.rank, b->dims);
    if (s != TSR_OK) err = pjrt_error_from_status(s, fn);
  }
  if (err) {
    for (int i = 0; i < m->n; i++) m->t[i].done = true; /* no one saw them: no error to tell */
    manager_free(m);
    return err;
  }
  /* a buffer of no bytes has nothing to wait for */
  for (int i = 0; i < n; i++)
    if (m->t[i].buffer->host_bytes == 0) {
      m->t[i].done = true;
      pjrt_buffer_fill(m->t[i].buffer, &m->t[i].array);
    }
  args->transfer_manager = m;
  return NULL;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_Destroy(PJRT_AsyncHostToDeviceTransferManager_Destroy_Args *args) {
  if (args && args->transfer_manager) manager_free(args->transfer_manager);
  return NULL;
}

static PJRT_Error *check_manager(const void *args, size_t struct_size, size_t min, PJRT_AsyncHostToDeviceTransferManager *m,
                                 const char *fn) {
  PJRT_Error *err = pjrt_check_args(args, struct_size, min, fn);
  if (err) return err;
  return m ? NULL : pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no transfer manager", fn);
}

static PJRT_Error *check_index(PJRT_AsyncHostToDeviceTransferManager *m, int i, const char *fn) {
  if (i < 0 || i >= m->n)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: buffer %d of a transfer manager of %d buffers", fn, i, m->n);
  return NULL;
}

/* Copies bytes [offset, offset + size) of buffer i's host representation in. With m->mu held;
 * after the last piece, *ready is the buffer and *full its data, which the caller gives it
 * once the lock is released (setting it ready runs what waits for it). */
static PJRT_Error *receive(PJRT_AsyncHostToDeviceTransferManager *m, int i, const void *data, int64_t offset, int64_t size,
                           bool last, PJRT_Buffer **ready, tsr_array *full, const char *fn) {
  PJRT_Error *err = check_index(m, i, fn);
  if (err) return err;
  pending_transfer *t = &m->t[i];
  PJRT_Buffer *b = t->buffer;
  if (t->done)
    return pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION, "tessera: %s: buffer %d already received its last transfer (or was failed)",
                      fn, i);
  if (offset < 0 || size < 0 || (uint64_t)offset > b->host_bytes || (uint64_t)size > b->host_bytes - (uint64_t)offset)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: bytes %lld to %lld of buffer %d, which has %zu", fn,
                      (long long)offset, (long long)offset + (long long)size, i, b->host_bytes);
  if (size && !data) return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: no data for buffer %d", fn, i);
  if (last && t->received + (uint64_t)size < b->host_bytes)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT,
                      "tessera: %s: the last transfer to buffer %d brings it %llu of its %zu bytes", fn, i,
                      (unsigned long long)(t->received + (uint64_t)size), b->host_bytes);
  if (t->array.dtype == TSR_BOOL) { /* one byte per element on the host, i32 in tessera */
    int32_t *v = t->array.data;
    for (int64_t k = 0; k < size; k++) v[offset + k] = ((const unsigned char *)data)[k] != 0;
  } else if (size) {
    memcpy((char *)t->array.data + offset, data, (size_t)size);
  }
  t->received += (uint64_t)size;
  if (last) {
    t->done = true;
    *ready = b;
    *full = t->array;
    memset(&t->array, 0, sizeof t->array);
  }
  return NULL;
}

/* The data was copied at the call: the caller may reuse it at once. */
static PJRT_Error *done_event(PJRT_Event **out) { return (*out = pjrt_event_done(PJRT_Error_Code_OK, NULL)) ? NULL : pjrt_error_nomem(); }

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_TransferData(PJRT_AsyncHostToDeviceTransferManager_TransferData_Args *args) {
  const char *fn = MANAGER "_TransferData";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_TransferData_Args, done_with_h2d_transfer),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  args->done_with_h2d_transfer = NULL;
  PJRT_AsyncHostToDeviceTransferManager *m = args->transfer_manager;
  PJRT_Buffer *ready = NULL;
  tsr_array full;
  pthread_mutex_lock(&m->mu);
  err = receive(m, args->buffer_index, args->data, args->offset, args->transfer_size, args->is_last_transfer, &ready, &full, fn);
  pthread_mutex_unlock(&m->mu);
  if (ready) pjrt_buffer_fill(ready, &full);
  return err ? err : done_event(&args->done_with_h2d_transfer);
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_TransferLiteral(PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args *args) {
  const char *fn = MANAGER "_TransferLiteral";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_TransferLiteral_Args, done_with_h2d_transfer),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  args->done_with_h2d_transfer = NULL;
  PJRT_AsyncHostToDeviceTransferManager *m = args->transfer_manager;
  PJRT_Buffer *ready = NULL;
  tsr_array full;
  pthread_mutex_lock(&m->mu);
  err = check_index(m, args->buffer_index, fn);
  if (!err) { /* a literal is the whole buffer, dense, of its shape */
    PJRT_Buffer *b = m->t[args->buffer_index].buffer;
    bool same = args->shape_element_type == b->type && args->shape_num_dims == (size_t)b->array.rank &&
                (args->shape_num_dims == 0 || args->shape_dims);
    for (int d = 0; same && d < b->array.rank; d++) same = args->shape_dims[d] == b->dims[d];
    if (!same)
      err = pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: the literal's shape is not buffer %d's", fn, args->buffer_index);
    else if (!(err = dense_layout(args->shape_layout, args->shape_num_dims, args->buffer_index, fn)))
      err = receive(m, args->buffer_index, args->data, 0, (int64_t)b->host_bytes, true, &ready, &full, fn);
  }
  pthread_mutex_unlock(&m->mu);
  if (ready) pjrt_buffer_fill(ready, &full);
  return err ? err : done_event(&args->done_with_h2d_transfer);
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_RetrieveBuffer(PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args *args) {
  const char *fn = MANAGER "_RetrieveBuffer";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args, buffer_out),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  PJRT_AsyncHostToDeviceTransferManager *m = args->transfer_manager;
  pthread_mutex_lock(&m->mu);
  if (!(err = check_index(m, args->buffer_index, fn))) {
    pending_transfer *t = &m->t[args->buffer_index];
    if (t->retrieved)
      err = pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION, "tessera: %s: buffer %d was retrieved before", fn, args->buffer_index);
    else {
      t->retrieved = true;
      args->buffer_out = t->buffer;
    }
  }
  pthread_mutex_unlock(&m->mu);
  return err;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_Device(PJRT_AsyncHostToDeviceTransferManager_Device_Args *args) {
  const char *fn = MANAGER "_Device";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_Device_Args, device_out),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  args->device_out = args->transfer_manager->device;
  return NULL;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_BufferCount(PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args *args) {
  const char *fn = MANAGER "_BufferCount";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args, buffer_count),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  args->buffer_count = (size_t)args->transfer_manager->n;
  return NULL;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_BufferSize(PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args *args) {
  const char *fn = MANAGER "_BufferSize";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args, buffer_size),
                                  args ? args->transfer_manager : NULL, fn);
  if (err || (err = check_index(args->transfer_manager, args->buffer_index, fn))) return err;
  args->buffer_size = args->transfer_manager->t[args->buffer_index].buffer->host_bytes;
  return NULL;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_SetBufferError(PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args *args) {
  const char *fn = MANAGER "_SetBufferError";
  PJRT_Error *err = check_manager(args, args ? args->struct_size : 0,
                                  PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args, error_message_size),
                                  args ? args->transfer_manager : NULL, fn);
  if (err) return err;
  if (args->error_code == PJRT_Error_Code_OK)
    return pjrt_error(PJRT_Error_Code_INVALID_ARGUMENT, "tessera: %s: an error code of OK", fn);
  PJRT_AsyncHostToDeviceTransferManager *m = args->transfer_manager;
  char *msg = malloc(args->error_message_size + 1);
  if (!msg) return pjrt_error_nomem();
  if (args->error_message_size) memcpy(msg, args->error_message, args->error_message_size);
  msg[args->error_message_size] = 0;
  PJRT_Buffer *failed = NULL;
  pthread_mutex_lock(&m->mu);
  if (!(err = check_index(m, args->buffer_index, fn))) {
    pending_transfer *t = &m->t[args->buffer_index];
    if (t->done)
      err = pjrt_error(PJRT_Error_Code_FAILED_PRECONDITION,
                       "tessera: %s: buffer %d already received its last transfer (or was failed)", fn, args->buffer_index);
    else {
      t->done = true;
      failed = t->buffer;
    }
  }
  pthread_mutex_unlock(&m->mu);
  if (failed) pjrt_buffer_fail(failed, args->error_code, msg);
  free(msg);
  return err;
}

PJRT_Error *pjrt_AsyncHostToDeviceTransferManager_AddMetadata(PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args *args) {
  /* metadata for the transfer's hardware path: tessera has none to tune */
  return check_manager(args, args ? args->struct_size : 0,
                       PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args, num_metadata),
                       args ? args->transfer_manager : NULL, MANAGER "_AddMetadata");
}
