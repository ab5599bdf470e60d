/* A program outside tessera's tree, built against an installed tessera with pkg-config
 * (tests/install/install.sh): runs the seed's exported module (a Pallas add of two (8, 128)
 * arrays through tpu_custom_call) and checks the output against a C loop. */
#include <stdio.h>
#include <string.h>

#include <tessera/array.h>
#include <tessera/hlo.h>
#include <tessera/machine.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: consumer MODULE.mlir\n");
    return 2;
  }
  tsr_mlir_module *m = NULL;
  tsr_hlo_program *p = NULL;
  tsr_machine *mach = NULL;
  tsr_array in[2] = {{0}}, out = {0};
  int64_t shape[2] = {8, 128};
  int bad = -1;
  tsr_status s = tsr_mlir_read_file(argv[1], &m);
  if (s == TSR_OK) s = tsr_hlo_compile(m, &p);
  if (s == TSR_OK) s = tsr_machine_create(&(tsr_machine_options){.chip = tsr_chip_get("v5p")}, &mach);
  for (int i = 0; i < 2 && s == TSR_OK; i++) {
    s = tsr_array_alloc(&in[i], TSR_F32, 2, shape);
    for (int j = 0; s == TSR_OK && j < 8 * 128; j++) ((float *)in[i].data)[j] = (float)(j * (i + 1)) / 7.0f;
  }
  if (s == TSR_OK) s = tsr_hlo_run(p, &(tsr_hlo_run_opts){.machine = mach}, in, 2, &out, NULL);
  if (s == TSR_OK) {
    const float *x = in[0].data, *y = in[1].data, *o = out.data;
    bad = 0;
    for (int j = 0; j < 8 * 128; j++) bad += o[j] != x[j] + y[j];
    printf("consumer: %s on %s: %d of 1024 elements differ from x + y\n", argv[1], tsr_machine_chip(mach)->name, bad);
  } else {
    fprintf(stderr, "consumer: %s: %s\n", tsr_status_name(s), tsr_last_error());
  }
  tsr_array_free(&out);
  tsr_array_free(&in[0]);
  tsr_array_free(&in[1]);
  tsr_machine_destroy(mach);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(m);
  return bad == 0 ? 0 : 1;
}
