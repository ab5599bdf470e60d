/* The C API: an elementwise add as a pallas_call with a C body, on a v5p (two TensorCores,
 * run as two host threads; the grid's parallel first dimension is split between them).
 * Checked against a plain C loop, with the DMA counts the grid implies: every step fetches a
 * block of each input and writes its output block back.
 *
 *   cc examples/add.c $(pkg-config --cflags --libs tessera)   # after cmake --install build
 */
#include <stdio.h>
#include <stdlib.h>
#include <tessera/pipeline.h>

enum { ROWS = 2048, COLS = 2048, BR = 128, BC = 256 };

static tsr_status add(tsr_ctx *c, void *user) {
  (void)user;
  const tsr_ref *x = tsr_ctx_in(c, 0), *y = tsr_ctx_in(c, 1), *o = tsr_ctx_out(c, 0);
  /* x, y, o are VMEM blocks: loop over o->shape with o->stride */
  for (int64_t i = 0; i < o->shape[0]; i++)
    for (int64_t j = 0; j < o->shape[1]; j++)
      ((float *)o->data)[i * o->stride[0] + j] =
          ((float *)x->data)[i * x->stride[0] + j] + ((float *)y->data)[i * y->stride[0] + j];
  return TSR_OK;
}

int main(void) {
  float *a = malloc(sizeof(float) * ROWS * COLS), *b = malloc(sizeof(float) * ROWS * COLS);
  float *sum = malloc(sizeof(float) * ROWS * COLS);
  if (!a || !b || !sum) return 1;
  for (int i = 0; i < ROWS * COLS; i++) a[i] = (float)(i % 1000), b[i] = 0.5f * (float)(i % 7);
  int64_t shape[2] = {ROWS, COLS};
  tsr_ref in[2] = {tsr_ref_dense(a, TSR_F32, TSR_HBM, 2, shape), tsr_ref_dense(b, TSR_F32, TSR_HBM, 2, shape)};
  tsr_ref out = tsr_ref_dense(sum, TSR_F32, TSR_HBM, 2, shape);

  tsr_machine *m;
  if (tsr_machine_create(&(tsr_machine_options){.chip = tsr_chip_get("v5p")}, &m) != TSR_OK) return 1;
  /* block (i, j) at grid step (i, j); a callback (.index_map) can compute anything else */
  tsr_block_spec spec = {.rank = 2, .block_shape = {BR, BC}, .axis_map = {TSR_AXIS(0), TSR_AXIS(1)}};
  tsr_call_desc d = {.grid_rank = 2, .grid = {ROWS / BR, COLS / BC}, .semantics = {TSR_PARALLEL, TSR_ARBITRARY},
                     .num_inputs = 2, .inputs = in, .in_specs = (tsr_block_spec[]){spec, spec},
                     .num_outputs = 1, .outputs = &out, .out_specs = &spec, .body = add};
  tsr_call_stats st;
  int bad = 0;
  if (tsr_pallas_call(m, &d, &st) != TSR_OK) {
    fprintf(stderr, "%s\n", tsr_last_error());
    bad = 1;
  }
  for (int i = 0; i < ROWS * COLS && !bad; i++) bad = sum[i] != a[i] + b[i];
  int64_t steps = (ROWS / BR) * (COLS / BC), block_bytes = (int64_t)BR * BC * sizeof(float);
  bad = bad || st.steps != steps || st.cores != 2 || st.dma.in != 2 * steps || st.dma.out != steps ||
        st.dma.bytes_in != 2 * steps * block_bytes || st.dma.bytes_out != steps * block_bytes;
  printf("add f32[%d,%d] on v5p: %lld steps on %d cores, %lld DMAs in, %lld out: %s\n", ROWS, COLS,
         (long long)st.steps, st.cores, (long long)st.dma.in, (long long)st.dma.out, bad ? "WRONG" : "ok");
  tsr_machine_destroy(m);
  free(a), free(b), free(sum);
  return bad;
}
