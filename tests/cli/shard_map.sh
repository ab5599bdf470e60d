#!/usr/bin/env bash
# tessera run on modules exported from jax.shard_map (tests/shard_map, written by
# tools/jax/shard_map_suite.py): global arrays in, each device's shards through the manual
# computation's collectives and kernels (Shardy's form, and the @SPMDFullToShardShape form
# before it), global arrays out, bit-exact against jax.numpy's reference; the ring kernel in
# every DMA order with every checker; bad modules and usage.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
S=tests/shard_map
dir=$(mktemp -d)
exact="--rtol 0 --atol 0"
n=0
for c in "$S"/*/; do
  c=${c%/}
  for m in "$c"/module*.mlir; do
    expect 0 "$T" run "$m" "$c/in_0.npy" --expect "$c/expected_0.npy" $exact
    n=$((n+1))
  done
done
[ "$n" -ge 26 ] || { echo "FAIL: only $n shard_map modules"; fail=$((fail+1)); }
R=$S/ring_allgather_8
for order in eager on-wait random; do
  expect_out "checkers: no findings" "$T" run --check --dma-order $order --seed 5 $R/module_v15.mlir $R/in_0.npy \
    --expect $R/expected_0.npy $exact
done
# in bytecode (tessera's writer: Shardy's attributes as their text, as MLIR writes a dialect
# without a bytecode encoding), versions 0 and 6
for v in 0 6; do
  for c in mesh_2x4 ring_allgather_8; do
    expect 0 "$T" dis --emit-bytecode $v -o "$dir/$c.$v.mlirbc" $S/$c/module.mlir
    expect 0 "$T" run "$dir/$c.$v.mlirbc" $S/$c/in_0.npy --expect $S/$c/expected_0.npy $exact
  done
done
# the module says its devices; --devices / --mesh may repeat them, not contradict them
expect 0 "$T" run --devices 8 $R/module.mlir $R/in_0.npy --expect $R/expected_0.npy $exact
expect 0 "$T" run --mesh 2x4 $S/mesh_2x4/module.mlir $S/mesh_2x4/in_0.npy --expect $S/mesh_2x4/expected_0.npy $exact
expect 2 "$T" run --devices 4 $R/module.mlir
expect_out "runs on 8 devices (mhlo.num_partitions, sdy.mesh); --devices or --mesh says 4" "$T" run --devices 4 $R/module.mlir
expect_out "output 0: f32\[32,128\]" "$T" run $S/psum_4/module.mlir
# bad modules: a replica group naming a device the mesh does not have; a sharding that does
# not divide the array; an input of the wrong global shape
sed 's/replica_groups = dense<\[\[0, 1, 2, 3\]\]>/replica_groups = dense<[[0, 1, 2, 5]]>/' $S/psum_4/module.mlir >"$dir/group.mlir"
expect 1 "$T" run "$dir/group.mlir"
expect_out "stablehlo.all_reduce: replica_groups names device 5, but the module has 4 devices" "$T" run "$dir/group.mlir"
sed 's/tensor<32x128xf32>/tensor<30x128xf32>/g' $S/psum_4/module.mlir >"$dir/divide.mlir"
expect 1 "$T" run "$dir/divide.mlir"
expect_out "operand 0: dimension 0 of size 30 does not divide into the 4 shards" "$T" run "$dir/divide.mlir"
expect_out "input 0 is f32\[64,128\], @main takes f32\[32,128\]" "$T" run $S/psum_4/module.mlir $S/psum_8/in_0.npy
rm -rf "$dir"
echo "shard_map: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
