/* Adding up what kernel bodies cost (tsr_cost): the sums, and the matmul shapes the timing
 * model needs for the MXU's shape efficiency. */
#include "tessera/machine.h"

static bool same_shape(const tsr_matmul_shape *a, const tsr_matmul_shape *b) {
  return a->m == b->m && a->k == b->k && a->n == b->n && a->dtype == b->dtype && a->passes == b->passes;
}

/* A shape beyond the first TSR_COST_SHAPES distinct ones is dropped: its flops stay in
 * `flops` and run at the peak rate (docs/timing.md). */
static void add_shape(tsr_cost *c, const tsr_matmul_shape *s) {
  for (int i = 0; i < c->num_shapes; i++)
    if (same_shape(&c->shapes[i], s)) {
      c->shapes[i].count += s->count;
      return;
    }
  if (c->num_shapes < TSR_COST_SHAPES) c->shapes[c->num_shapes++] = *s;
}

void tsr_cost_add(tsr_cost *to, const tsr_cost *from) {
  to->flops += from->flops;
  to->transcendentals += from->transcendentals;
  to->vpu_ops += from->vpu_ops;
  to->vector_bytes += from->vector_bytes;
  to->scalar_ops += from->scalar_ops;
  if (from->flops > 0) to->mxu_dtype = from->mxu_dtype;
  int n = from->num_shapes < TSR_COST_SHAPES ? from->num_shapes : TSR_COST_SHAPES;
  for (int i = 0; i < n; i++) add_shape(to, &from->shapes[i]);
}

void tsr_cost_add_matmul(tsr_cost *c, int64_t m, int64_t k, int64_t n, double count, tsr_dtype dtype,
                         int passes) {
  if (m <= 0 || k <= 0 || n <= 0 || !(count > 0)) return;
  c->flops += 2.0 * (double)m * (double)k * (double)n * count;
  c->mxu_dtype = dtype;
  tsr_matmul_shape s = {.m = m, .k = k, .n = n, .count = count, .dtype = dtype,
                        .passes = passes > 1 ? passes : 1};
  add_shape(c, &s);
}
