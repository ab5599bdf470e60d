/* The client's stream: the programs JAX executes run on one worker thread of the client's, in
 * the order they were enqueued, as a TPU runs what is enqueued on its stream; Execute returns
 * once the work is queued, with output buffers that are ready when it has run (executable.c).
 * The thread starts with the first work and stops when the client is destroyed, after the
 * work still queued has run. A cheap program (executable.c) may run in Execute itself when
 * nothing is queued or running, which keeps the order. TESSERA_PJRT_SYNC=1 runs each program in
 * Execute. */
#include <stdlib.h>

#include "pjrt/pjrt.h"

typedef struct pjrt_work {
  void (*run)(void *arg);
  void *arg;
  struct pjrt_work *next;
} pjrt_work;

static void *worker(void *arg) {
  PJRT_Client *c = arg;
  pthread_mutex_lock(&c->stream_mu);
  for (;;) {
    /* a job run in an Execute (pjrt_stream_try_inline) finishes before the next one starts */
    while ((!c->queue_head || c->stream_busy) && !(c->stream_stopping && !c->queue_head))
      pthread_cond_wait(&c->stream_cv, &c->stream_mu);
    pjrt_work *w = c->queue_head;
    if (!w) break; /* stopping, and nothing is left */
    c->queue_head = w->next;
    if (!c->queue_head) c->queue_tail = NULL;
    c->stream_busy = true;
    pthread_mutex_unlock(&c->stream_mu);
    w->run(w->arg); /* which calls pjrt_stream_ran when its run is over */
    free(w);
    pthread_mutex_lock(&c->stream_mu);
  }
  pthread_mutex_unlock(&c->stream_mu);
  return NULL;
}

void pjrt_stream_init(PJRT_Client *c) {
  pthread_mutex_init(&c->stream_mu, NULL);
  pthread_cond_init(&c->stream_cv, NULL);
}

PJRT_Error *pjrt_stream_push(PJRT_Client *c, void (*run)(void *), void *arg) {
  pjrt_work *w = malloc(sizeof *w);
  if (!w) return pjrt_error_nomem();
  *w = (pjrt_work){run, arg, NULL};
  pthread_mutex_lock(&c->stream_mu);
  if (!c->stream_started) {
    int rc = pthread_create(&c->stream_thread, NULL, worker, c);
    if (rc) {
      pthread_mutex_unlock(&c->stream_mu);
      free(w);
      return pjrt_error(PJRT_Error_Code_RESOURCE_EXHAUSTED, "tessera: could not start the client's worker thread (error %d)", rc);
    }
    c->stream_started = true;
  }
  if (c->queue_tail) c->queue_tail->next = w;
  else c->queue_head = w;
  c->queue_tail = w;
  pthread_cond_signal(&c->stream_cv);
  pthread_mutex_unlock(&c->stream_mu);
  return NULL;
}

bool pjrt_stream_try_inline(PJRT_Client *c) {
  pthread_mutex_lock(&c->stream_mu);
  bool idle = !c->queue_head && !c->stream_busy;
  if (idle) c->stream_busy = true;
  pthread_mutex_unlock(&c->stream_mu);
  return idle;
}

void pjrt_stream_ran(PJRT_Client *c) {
  pthread_mutex_lock(&c->stream_mu);
  c->stream_busy = false;
  /* the worker waits for an inline run only with work queued: else waking it costs a switch of
   * threads for nothing */
  if (c->queue_head) pthread_cond_signal(&c->stream_cv);
  pthread_mutex_unlock(&c->stream_mu);
}

void pjrt_stream_stop(PJRT_Client *c) {
  pthread_mutex_lock(&c->stream_mu);
  c->stream_stopping = true;
  bool started = c->stream_started;
  pthread_cond_signal(&c->stream_cv);
  pthread_mutex_unlock(&c->stream_mu);
  if (started) pthread_join(c->stream_thread, NULL);
  pthread_mutex_destroy(&c->stream_mu);
  pthread_cond_destroy(&c->stream_cv);
}
