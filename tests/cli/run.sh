#!/usr/bin/env bash
# `tessera run` and `tessera inspect`: pure StableHLO graphs, outputs and --expect, error
# exits. The conformance modules with tpu_custom_call kernels run once the Mosaic executor is
# in the build (src/mosaic).
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
G=tests/hlo/graph.mlir
expect 0 "$T" run --help
expect 0 "$T" inspect --help
expect 2 "$T" run
expect 2 "$T" run "$G" --bogus
expect 2 "$T" run "$G" --rtol x
expect 2 "$T" run "$G" --dump nothing
expect 2 "$T" run "$G" --host-helpers x
expect 2 "$T" run "$G" --host-helpers -2
expect 0 "$T" run "$G" --host-helpers -1
# a bare kernel with a grid runs and is inspected without inputs: arrays as far as the blocks reach
expect_out "in0    f32\[32,256\]" "$T" inspect tests/mosaic/row_sum.mlir
expect_out "output 0: f32\[32,128\]" "$T" run tests/mosaic/row_sum.mlir
expect_out "in0    f32\[1,256,64\]" "$T" inspect tests/jax_suite/flash_attention/v_new/body.mosaic.mlir
# float8 inputs are drawn a byte an element (found writing two each, past the array's end)
expect_out "output 0: f32\[64,128\]" "$T" run tests/jax_suite/fp8_matmul/v_new/body.mosaic.mlir
# inspect says whether a run would split the grid into parts that run at once, or what prevents it
# (the kernel's reasons come before the machine's, so the first three hold on any host)
expect_out "host split: no, input_output_aliases" "$T" inspect tests/jax_suite/io_alias/v_new/module.mlir
expect_out "host split: no, the body may keep state" "$T" inspect tests/jax_suite/manual_dma/v_new/module.mlir
expect_out "host split: no, an output block is visited by two parts" "$T" inspect tests/mosaic/split_shared_out.mlir
# on v5p the cores split split_shared_out.mlir's parallel axis (core 0 indices 0-1, core 1 2-3)
# and both write back its one output block, each after its last step: a race, which the
# checkers report (exit 1) naming both writes; without them a warning, and the run goes on
S=tests/mosaic/split_shared_out.mlir
both="out0 block (0, 0) is written back by core 0 at grid index (1,) (its step 1) and by core 1 at grid index (3,) (its step 1)"
expect 1 "$T" run --chip v5p $S
expect_out "check: race on core 0 and core 1: $both: the cores run at once" "$T" run --chip v5p $S
expect_out "mark axis 0 \"arbitrary\" so that one core runs it" "$T" run --chip v5p $S
expect 0 "$T" run --chip v5p --no-check $S
expect_out "tessera: warning: $both" "$T" run --chip v5p --no-check $S
expect_out "host split: \(grid axis 1 in [0-9]* parts\|no, no idle host CPU\)" "$T" inspect tests/jax_suite/flash_attention/v_new/module.mlir
# on v5p a grid with no parallel dimension is core 0's alone, and core 1's thread takes half
# of it on any host (its leading axis has 2 indices); v5p's two cores share flash attention's
# grid, and each share splits only where the host has CPUs to spare (as with two helpers)
expect_out "host split: core 0: grid axis 0 in 2 parts; 1 host part beside the cores' own" "$T" inspect --chip v5p tests/jax_suite/elementwise/v_new/module.mlir
expect_out "host split: \(core 0: grid axis 1 in 2 parts; core 1: grid axis 1 in 2 parts\|no, no idle host CPU\)" "$T" inspect --chip v5p tests/jax_suite/flash_attention/v_new/module.mlir
expect_out "host split: core 0: grid axis 1 in 2 parts; core 1: grid axis 1 in 2 parts; 2 host parts beside the cores' own" "$T" run tests/jax_suite/flash_attention/v_new/module.mlir --chip v5p --host-helpers 2 --dump plan
# a kernel that never finishes stops at the op budget, naming the op; bad budgets are usage errors
expect_out "op arith.addi at tests/mosaic/endless.mlir:12:7: the kernel executed 100000 ops" "$T" run tests/mosaic/endless.mlir --max-ops 100000
expect 1 "$T" run tests/mosaic/endless.mlir --max-ops 100000
expect 2 "$T" run "$G" --max-ops -1
expect 2 "$T" run "$G" --max-ops
expect 0 "$T" run "$G" --max-ops 0
expect 1 "$T" run no-such-file.mlir
expect_out "random arrays (seed 7)" "$T" run "$G" --seed 7
expect 0 "$T" run "$G" -o "$dir/a"
# the outputs of one run are the expected values of the same run, and fed back as inputs
expect_out "matches" "$T" run "$G" --expect "$dir/a/out_0.npy" --expect "$dir/a/out_1.npy"
expect_out "MISMATCH" "$T" run "$G" --seed 3 --expect "$dir/a/out_0.npy"
expect 1 "$T" run "$G" --seed 3 --expect "$dir/a/out_0.npy"
# equal bytes match only as one dtype: the same bytes read as int32 are other values
sed '1s/<f4/<i4/' "$dir/a/out_0.npy" > "$dir/a/out_0_i4.npy"
expect_out "output 0: MISMATCH with .*out_0_i4.npy" "$T" run "$G" --expect "$dir/a/out_0_i4.npy"
expect 2 "$T" run "$G" "$dir/a/out_0.npy"
expect_out "input 0 is f32\[4\], @main takes f32\[4,3\]" "$T" run "$G" "$dir/a/out_0.npy" "$dir/a/out_0.npy"
expect_out "stablehlo.reduce" "$T" run "$G" --dump run
expect_out "peak" "$T" run "$G" --dump report
expect_out "stablehlo.broadcast_in_dim" "$T" run "$G" --dump read
expect_out "no tpu_custom_call kernels" "$T" inspect "$G"
cat "$G" | expect 0 "$T" run -
printf 'func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n  %%0 = "stablehlo.send"(%%a) : (tensor<f32>) -> tensor<f32>\n  return %%0 : tensor<f32>\n}\n' > "$dir/bad.mlir"
expect_out "stablehlo.send: op not supported" "$T" run "$dir/bad.mlir"
printf 'func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n  %%0 = stablehlo.add %%a, \n' > "$dir/broken.mlir"
expect_out "broken.mlir:3:" "$T" run "$dir/broken.mlir"
printf 'garbage' > "$dir/x.npy"
expect_out "x.npy: byte offset 0" "$T" run "$G" "$dir/x.npy" "$dir/x.npy"
C=tests/conformance/jax_export_backcompat
expect 0 "$T" run "$C/mosaic_matmul/module.mlir" --expect "$C/mosaic_matmul/expected_0.npy" --rtol 1e-3
expect 0 "$T" run "$C/mosaic_matmul/module.mlir" --expect "$C/mosaic_matmul/expected_0.npy" --rtol 1e-3 --zero-copy
# --repeat: the last of several runs is the one checked, and the report times the warm runs
expect 0 "$T" run "$C/mosaic_matmul/module.mlir" --expect "$C/mosaic_matmul/expected_0.npy" --rtol 1e-3 --repeat 3
expect_out "repeat: 3 runs: first .* ms, median of the 2 after it .* ms, fastest" "$T" run "$G" --repeat 3 --dump report
expect_out "matches" "$T" run "$G" --repeat 2 --expect "$dir/a/out_0.npy" --expect "$dir/a/out_1.npy"
expect 2 "$T" run "$G" --repeat 0
expect 2 "$T" run "$G" --repeat 2 --report
expect 2 "$T" run "$G" --repeat 2 --trace "$dir/t.json"
# BLAS loads when a kernel has a matmul: a broken TSR_BLAS_LIBRARY fails that kernel clearly
# and leaves the others alone
TSR_BLAS_LIBRARY=/nonexistent/libcblas.so expect_out "cannot load a CBLAS library.*/nonexistent/libcblas.so" "$T" run "$C/mosaic_matmul/module.mlir"
TSR_BLAS_LIBRARY=/nonexistent/libcblas.so expect 1 "$T" run "$C/mosaic_matmul/module.mlir"
TSR_BLAS_LIBRARY=/nonexistent/libcblas.so expect 0 "$T" run "$C/mosaic_semaphore_dma/module.mlir" --expect "$C/mosaic_semaphore_dma/expected_0.npy"
# The OpenBLAS linked into the CLI starts no worker of its own (an idle one spins on a CPU the
# cores need for a tenth of a second): while `tessera run -` waits for its module on stdin,
# before any helper starts, it has one thread; with OPENBLAS_NUM_THREADS=2 it has two, which
# shows that the count is read before main (src/cli/blas_link.c)
threads_waiting() {
  rm -f "$dir/fifo"
  mkfifo "$dir/fifo"
  "$T" run - <"$dir/fifo" >/dev/null 2>&1 &
  local pid=$!
  exec 9>"$dir/fifo"
  sleep 0.5
  ls "/proc/$pid/task" | wc -l
  exec 9>&-
  wait "$pid"
}
expect_out "^1$" threads_waiting
OPENBLAS_NUM_THREADS=2 expect_out "^2$" threads_waiting
expect 0 "$T" run "$C/mosaic_boolean_constant/module.mlir" --expect "$C/mosaic_boolean_constant/expected_0.npy"
expect 0 "$T" run "$C/mosaic_semaphore_dma/module.mlir" --expect "$C/mosaic_semaphore_dma/expected_0.npy"
# The seed: x + y through the StableHLO module and through the bare Mosaic kernel. Inputs and
# the expected sum are written here by plain Python (x[i] = i/8, y[i] = 1 - i/16).
PYTHONPATH=tests/cli python3 - "$dir" <<'PY'
import sys
from npy_write import npy
x = [i / 8 for i in range(1024)]
y = [1 - i / 16 for i in range(1024)]
npy(sys.argv[1] + "/x.npy", (8, 128), x); npy(sys.argv[1] + "/y.npy", (8, 128), y)
npy(sys.argv[1] + "/sum.npy", (8, 128), [a + b for a, b in zip(x, y)])
PY
S=tests/conformance/seed_my_call
expect 0 "$T" run "$S/module.mlir" "$dir/x.npy" "$dir/y.npy" --expect "$dir/sum.npy" -o "$dir/seed"
expect 0 "$T" run "$S/kernel.mosaic.mlir" "$dir/x.npy" "$dir/y.npy" --expect "$dir/sum.npy"
expect 1 "$T" run "$S/kernel.mosaic.mlir" "$dir/x.npy" "$dir/x.npy" --expect "$dir/sum.npy"
expect_out "simulated_seconds" "$T" run "$S/module.mlir" --json
# the seed's trace: a core track, the kernel's step, its three DMAs, the VMEM counter
expect 0 "$T" run "$S/module.mlir" --trace "$dir/seed_trace.json"
if python3 - "$dir/seed_trace.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"] if isinstance(d, dict) else d
threads = [e["args"]["name"] for e in ev if e.get("ph") == "M" and e.get("name") == "thread_name"]
assert "core 0" in threads, threads
spans = [e for e in ev if e.get("ph") == "X"]
dmas = [e for e in spans if "DMA" in json.dumps(e) or e.get("cat") == "dma"]
assert len(spans) >= 1 + 3, spans
assert any(e["name"].startswith("VMEM in use") for e in ev if e.get("ph") == "C")
PY
then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: the seed trace lacks its structure"; fi
expect_out "verdict" "$T" run "$C/mosaic_matmul/module.mlir" --chip v5e --report
expect_out "checkers: no findings" "$T" run "$C/mosaic_matmul/module.mlir" --check --poison
expect 0 "$T" inspect "$C/mosaic_matmul/module.mlir"
expect_out "in0: (i, j, k) -> (i, k)" "$T" inspect "$C/mosaic_matmul/module.mlir"
expect_out "out0 (0, 0) write back" "$T" inspect "$C/mosaic_matmul/module.mlir"
# --expect follows numpy.allclose: NaN matches NaN, an infinity only itself. The inputs are
# large enough (2 MiB) that tessera keeps their file mappings instead of copying them.
cat > "$dir/big_add.mlir" <<'MLIR'
func.func @main(%x: tensor<512x1024xf32>, %y: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %s = stablehlo.add %x, %y : tensor<512x1024xf32>
  return %s : tensor<512x1024xf32>
}
MLIR
PYTHONPATH=tests/cli python3 - "$dir" <<'PY'
import functools, sys
from npy_write import npy as npy_shaped
npy = functools.partial(npy_shaped, shape=(512, 1024))
n = 512 * 1024
inf, nan = float("inf"), float("nan")
x = [(i % 1000) / 8 for i in range(n)]
y = [1 - (i % 777) / 16 for i in range(n)]
x[5], x[6] = inf, nan
s = [a + b for a, b in zip(x, y)]
d = sys.argv[1]
npy(d + "/bx.npy", vals=x); npy(d + "/by.npy", vals=y); npy(d + "/bsum.npy", vals=s)
s2 = list(s); s2[5] = 1.0   # got inf, expected finite
npy(d + "/bsum_fin.npy", vals=s2)
x3 = list(x); x3[5] = 0.0   # got finite, expected inf
npy(d + "/bx_fin.npy", vals=x3)
s4 = list(s); s4[70000] += 0.5
npy(d + "/bsum_off.npy", vals=s4)
PY
expect_out "matches" "$T" run "$dir/big_add.mlir" "$dir/bx.npy" "$dir/by.npy" --expect "$dir/bsum.npy"
expect_out "MISMATCH.*1 of 524288.*worst at (0, 5)" "$T" run "$dir/big_add.mlir" "$dir/bx.npy" "$dir/by.npy" --expect "$dir/bsum_fin.npy"
expect_out "MISMATCH.*1 of 524288.*worst at (0, 5)" "$T" run "$dir/big_add.mlir" "$dir/bx_fin.npy" "$dir/by.npy" --expect "$dir/bsum.npy"
expect_out "MISMATCH.*1 of 524288.*worst at (68, 368)" "$T" run "$dir/big_add.mlir" "$dir/bx.npy" "$dir/by.npy" --expect "$dir/bsum_off.npy"
expect 0 "$T" run "$dir/big_add.mlir" "$dir/bx.npy" "$dir/by.npy" -o "$dir/big"
cmp "$dir/big/out_0.npy" "$dir/bsum.npy" && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: the written sum differs from Python's"; }
# an output shared by iterations of a parallel axis: the reduction axis of a matmul marked
# parallel is warned about (it races on chips with two TensorCores), once
sed 's/#tpu.dimension_semantics<arbitrary>\]/#tpu.dimension_semantics<parallel>]/' tests/mosaic/matmul_acc.mlir > "$dir/matmul_par.mlir"
PYTHONPATH=tests/cli python3 - "$dir" <<'PY'
import sys
from npy_write import npy
npy(sys.argv[1] + "/mx.npy", (256, 512), [0.5] * (256 * 512))
npy(sys.argv[1] + "/my.npy", (512, 384), [0.25] * (512 * 384))
PY
expect_out "warning: out0: block (0, 0) is written at grid index (0, 0, 0) and again at (0, 0, 1), which differ in grid axis 2, marked parallel" "$T" run "$dir/matmul_par.mlir" "$dir/mx.npy" "$dir/my.npy"
if [ "$("$T" run "$dir/matmul_par.mlir" "$dir/mx.npy" "$dir/my.npy" 2>&1 | grep -c 'marked parallel')" = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: the parallel-axis warning is not printed exactly once"; fi
if "$T" run tests/mosaic/matmul_acc.mlir "$dir/mx.npy" "$dir/my.npy" 2>&1 | grep -q warning; then fail=$((fail+1)); echo "FAIL: matmul_acc.mlir warns"; else pass=$((pass+1)); fi
rm -rf "$out" "$dir"
echo "run.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
