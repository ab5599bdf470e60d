/* The seed example end to end: the StableHLO module of the seed's question (a pallas_call
 * adding two f32[8,128] arrays, lowered to stablehlo.custom_call @tpu_custom_call with the
 * Mosaic kernel as base64 bytecode), embedded in the binary, run on random inputs, checked
 * against x + y. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/demo.h"
#include "tessera/array.h"
#include "tessera/hlo.h"
#include "tessera/mlir.h"

extern const unsigned char tsr_seed_module[];
extern const unsigned long tsr_seed_module_len;

int cli_demo_seed(const cli_demo_opts *o) {
  tsr_machine *m = cli_demo_machine(o, "v5e", 1);
  if (!m) return 1;
  tsr_mlir_module *mod = NULL;
  tsr_hlo_program *p = NULL;
  tsr_array in[2] = {{0}}, out[1] = {{0}};
  int rc = 1;
  int64_t shape[2] = {8, 128};
  tsr_hlo_stats st = {0};
  if (tsr_mlir_parse_text((const char *)tsr_seed_module, tsr_seed_module_len, "seed module.mlir", &mod) != TSR_OK ||
      tsr_hlo_compile(mod, &p) != TSR_OK || tsr_array_alloc(&in[0], TSR_F32, 2, shape) != TSR_OK ||
      tsr_array_alloc(&in[1], TSR_F32, 2, shape) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "seed", tsr_last_error());
    goto done;
  }
  cli_demo_fill(in[0].data, 1024, 11);
  cli_demo_fill(in[1].data, 1024, 12);
  if (o->plan) tsr_hlo_describe(p, m, in, 2, 4, cli_out());
  tsr_hlo_run_opts ro = {.machine = m};
  if (tsr_hlo_run(p, &ro, in, 2, out, &st) != TSR_OK) {
    fprintf(cli_out(), "%-11s FAIL  %s\n", "seed", tsr_last_error());
    goto done;
  }
  float ref[1024];
  for (int i = 0; i < 1024; i++) ref[i] = ((float *)in[0].data)[i] + ((float *)in[1].data)[i];
  double w = cli_demo_worst(out[0].data, ref, 1024);
  rc = cli_demo_report("seed", w == 0 && out[0].rank == 2 && out[0].shape[0] == 8, w, &st.kernel);
done:
  tsr_array_free(&in[0]);
  tsr_array_free(&in[1]);
  tsr_array_free(&out[0]);
  tsr_hlo_program_destroy(p);
  tsr_mlir_module_destroy(mod);
  cli_demo_machine_done(m);
  return rc;
}
