/* The inter-chip interconnect (timing_internal.h): the devices of a mesh sit on a torus of its
 * shape, a link each way between neighbours in every dimension (wrapping round). A copy or a
 * signal to another device follows dimension-order routing, the shorter way round each ring
 * (the positive way on a tie), pays the hop latency on every link of its route before its
 * first byte arrives, and then shares every link of its route with the other transfers on it:
 * its rate is the smallest share among its links. */
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "timing/timing_internal.h"

tsr_status tm_ici_init(tm_ici_model *m, const tsr_chip *chip, int devices, int rank, const int64_t *shape) {
  free(m->flight);
  memset(m, 0, sizeof *m);
  m->devices = devices > 1 ? devices : 1;
  m->bw = chip->ici_link_bytes_per_s;
  m->latency = chip->ici_latency_s;
  if (m->devices == 1) return TSR_OK;
  int dims = chip->ici_torus_dims > 0 ? chip->ici_torus_dims : 1;
  if (rank <= 0) { /* a mesh of one dimension: a ring */
    m->rank = 1;
    m->shape[0] = m->devices;
    return TSR_OK;
  }
  /* dimensions of size 1 take no links: a 1x4 mesh is a ring of 4 */
  for (int i = 0; i < rank; i++) {
    if (shape[i] <= 1) continue;
    if (m->rank == dims || m->rank == 3)
      return tsr_fail(TSR_ERR_UNSUPPORTED, "timing model: a mesh of more than %d dimensions on %s, whose ICI is a "
                      "%dD torus", m->rank, chip->name, dims);
    m->shape[m->rank++] = (int)shape[i];
  }
  if (!m->rank) { m->rank = 1; m->shape[0] = 1; }
  return TSR_OK;
}

void tm_ici_free(tm_ici_model *m) {
  free(m->flight);
  m->flight = NULL;
}

int tm_ici_links(const tm_ici_model *m) { return m->devices > 1 ? m->devices * m->rank * 2 : 0; }

/* Link (device, dimension, direction): the link leaving `device` along `dim`, up or down. */
static int link_id(const tm_ici_model *m, int device, int dim, int up) { return (device * m->rank + dim) * 2 + (up ? 0 : 1); }

/* The device one step along `dim` from `device` (row-major coordinates). */
static int neighbour(const tm_ici_model *m, int device, int dim, int up) {
  int stride = 1;
  for (int i = m->rank - 1; i > dim; i--) stride *= m->shape[i];
  int s = m->shape[dim];
  int x = device / stride % s;
  int nx = up ? (x + 1) % s : (x + s - 1) % s;
  return device + (nx - x) * stride;
}

void tm_ici_link_name(const tm_ici_model *m, int link, char *buf, size_t cap) {
  int up = link % 2 == 0, dim = link / 2 % m->rank, device = link / 2 / m->rank;
  snprintf(buf, cap, "ICI device %d -> %d (dim %d %s)", device, neighbour(m, device, dim, up), dim, up ? "+" : "-");
}

void tm_ici_route(const tm_ici_model *m, int from, int to, tm_sim_dma *d) {
  d->nhops = 0;
  int cur = from;
  for (int dim = 0; dim < m->rank; dim++) {
    int stride = 1;
    for (int i = m->rank - 1; i > dim; i--) stride *= m->shape[i];
    int s = m->shape[dim];
    int delta = ((to / stride % s) - (cur / stride % s) + s) % s;
    int up = delta <= s - delta;
    int steps = up ? delta : s - delta;
    for (int h = 0; h < steps && d->nhops < TM_MAX_HOPS; h++) {
      d->route[d->nhops++] = (int16_t)link_id(m, cur, dim, up);
      cur = neighbour(m, cur, dim, up);
    }
  }
}

bool tm_ici_start(tm_ici_model *m, tm_sim_dma *d, double now) {
  if (!GROW_ARRAY(m->flight, m->n, m->cap, 16)) return false;
  d->start = now;
  d->arrive = now + d->nhops * m->latency;
  d->arrived = false;
  d->remaining = (double)d->bytes;
  d->rate = 0;
  m->flight[m->n++] = d;
  return true;
}

static double finish_time(const tm_ici_model *m, const tm_sim_dma *d) {
  if (!d->arrived) return d->arrive;
  if (d->remaining <= 0) return m->now;
  return d->rate > 0 ? m->now + d->remaining / d->rate : TM_INF;
}

static int earliest(const tm_ici_model *m) {
  int best = -1;
  double tb = TM_INF;
  for (int i = 0; i < m->n; i++) {
    double f = finish_time(m, m->flight[i]);
    if (f < tb) { tb = f; best = i; }
  }
  return best;
}

double tm_ici_next(const tm_ici_model *m) {
  int i = earliest(m);
  return i < 0 ? TM_INF : finish_time(m, m->flight[i]);
}

static void rates(tm_ici_model *m) {
  for (int i = 0; i < m->n; i++) {
    tm_sim_dma *d = m->flight[i];
    if (!d->arrived) continue;
    double r = TM_INF;
    for (int h = 0; h < d->nhops; h++) {
      double share = m->bw / m->users[d->route[h]];
      if (share < r) r = share;
    }
    d->rate = r;
  }
}

static void use_links(tm_ici_model *m, const tm_sim_dma *d, int delta) {
  for (int h = 0; h < d->nhops; h++) {
    int l = d->route[h];
    if (delta > 0 && m->users[l]++ == 0) m->busy_since[l] = m->now;
    if (delta < 0 && --m->users[l] == 0) m->busy[l] += m->now - m->busy_since[l];
  }
}

tm_sim_dma *tm_ici_step(tm_ici_model *m) {
  int i = earliest(m);
  if (i < 0) return NULL;
  tm_sim_dma *d = m->flight[i];
  double at = finish_time(m, d);
  for (int j = 0; j < m->n; j++) {
    tm_sim_dma *o = m->flight[j];
    if (o->arrived && o != d) o->remaining -= o->rate * (at - m->now);
  }
  m->now = at;
  if (!d->arrived) {
    d->arrived = true;
    use_links(m, d, +1);
    for (int h = 0; h < d->nhops; h++) m->bytes[d->route[h]] += d->bytes;
    rates(m);
    return NULL;
  }
  d->remaining = 0;
  d->done = at;
  d->landed = true;
  m->flight[i] = m->flight[--m->n];
  use_links(m, d, -1);
  rates(m);
  return d;
}
