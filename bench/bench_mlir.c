/* tessera bench mlir: reading speed of generated MLIR (a func with N ops in the pretty forms
 * JAX prints) at three sizes, as text and as the same module written as bytecode. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tessera/mlir.h"

static char *generate(int n_ops, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  fprintf(f, "module @bench {\n  func.func public @main(%%arg0: tensor<8x128xf32>) -> tensor<8x128xf32> {\n");
  fprintf(f, "    %%v0 = stablehlo.constant dense<1.000000e+00> : tensor<8x128xf32> loc(\"b.py\":1:2)\n");
  for (int i = 1; i < n_ops; i++)
    fprintf(f, "    %%v%d = stablehlo.%s %%v%d, %%arg0 : tensor<8x128xf32> loc(\"bench.py\":%d:4)\n", i,
            i % 2 ? "add" : "multiply", i - 1, i);
  fprintf(f, "    return %%v%d : tensor<8x128xf32>\n  }\n}\n", n_ops - 1);
  fclose(f);
  return buf;
}

/* Best-of-reps MB/s of reading the module as text, or (bytecode) as the v6 bytecode that
 * tessera's writer makes of it: the same module in both formats. */
static double mb_per_s(int n_ops, int reps, bool bytecode) {
  size_t len;
  char *text = generate(n_ops, &len);
  unsigned char *bc = NULL;
  size_t bc_len = 0;
  if (bytecode) {
    tsr_mlir_module *m = NULL;
    tsr_status s = tsr_mlir_parse_text(text, len, "bench.mlir", &m);
    if (s == TSR_OK) s = tsr_mlir_write_bytecode(m, 6, &bc, &bc_len);
    tsr_mlir_module_destroy(m);
    if (s != TSR_OK) {
      fprintf(stderr, "bench mlir: %s\n", tsr_last_error());
      free(text);
      return 0;
    }
  }
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = bench_now();
    tsr_mlir_module *m = NULL;
    tsr_status s = bytecode ? tsr_mlir_read_bytecode(bc, bc_len, &m) : tsr_mlir_parse_text(text, len, "bench.mlir", &m);
    if (s != TSR_OK) {
      fprintf(stderr, "bench mlir: %s\n", tsr_last_error());
      free(text);
      free(bc);
      return 0;
    }
    double dt = bench_now() - t0;
    tsr_mlir_module_destroy(m);
    if (dt < best) best = dt;
  }
  free(text);
  free(bc);
  return (double)(bytecode ? bc_len : len) / 1e6 / best;
}

/* Three sizes a decade and more apart: once the module outgrows the caches (the middle size
 * already does), MB/s stays flat if reading is linear; the ratio of the largest to the middle
 * size says so. The smallest size shows the in-cache speed. */
int bench_mlir(const bench_opts *o) {
  int small = o->quick ? 200 : 20000, middle = small * 10, large = small * 50; /* quick: the test suite, sanitizers included */
  for (int bytecode = 0; bytecode < 2; bytecode++) {
    const char *what = bytecode ? "bytecode" : "text";
    double a = mb_per_s(small, 5, bytecode), b = mb_per_s(middle, 3, bytecode),
           c = mb_per_s(large, o->quick ? 1 : 2, bytecode);
    if (a <= 0 || b <= 0 || c <= 0) return 1;
    char name[64];
    snprintf(name, sizeof name, "mlir %s read, %d ops", what, small);
    bench_figure(o, name, a, "MB/s", 0, true);
    snprintf(name, sizeof name, "mlir %s read, %d ops", what, middle);
    bench_figure(o, name, b, "MB/s", 0, true);
    snprintf(name, sizeof name, "mlir %s read, %d ops (vs %d)", what, large, middle);
    bench_figure(o, name, c, "MB/s", b, true);
  }
  return 0;
}
