#!/usr/bin/env bash
# tessera dis: output and exit codes (0 ok, 1 bad input, 2 bad usage).
set -u
cli="$1"
fail=0
check() { if [ "$1" != "$2" ]; then echo "FAIL: $3: exit $1, expected $2"; fail=1; fi; }
"$cli" dis tests/conformance/mosaic_bodies/seed_pallas_add_8x128.mlirbc > /tmp/tsr_dis_$$.txt; check $? 0 "bytecode"
grep -q '"stable_mosaic.tpu.vector_store"' /tmp/tsr_dis_$$.txt || { echo "FAIL: bytecode output"; fail=1; }
"$cli" dis --mosaic - < tests/conformance/mosaic_bodies/jax_mosaic_matmul.mlirbc | grep -q '"tpu.matmul"'; check $? 0 "stdin + --mosaic"
"$cli" dis --bodies tests/conformance/seed_my_call/module.mlir | grep -q 'kernel_name="my_call" stable_mosaic.version=3'; check $? 0 "--bodies"
"$cli" dis /tmp/tsr_dis_$$.txt > /dev/null; check $? 0 "generic text"
printf 'module {\n  %%0 = foo.bar\n}\n' > /tmp/tsr_bad_$$.mlir
"$cli" dis /tmp/tsr_bad_$$.mlir 2> /tmp/tsr_err_$$.txt; check $? 1 "bad text"
grep -q "tsr_bad_$$.mlir:2:8:" /tmp/tsr_err_$$.txt || { echo "FAIL: message lacks file:line:col"; cat /tmp/tsr_err_$$.txt; fail=1; }
head -c 100 tests/conformance/mosaic_bodies/seed_pallas_add_8x128.mlirbc | "$cli" dis - 2>/dev/null; check $? 1 "truncated bytecode"
"$cli" dis > /dev/null 2>&1; check $? 2 "no file"
"$cli" dis --bogus x > /dev/null 2>&1; check $? 2 "unknown option"
"$cli" dis --help | grep -q 'usage: tessera dis'; check $? 0 "--help"
# text -> bytecode at every version -> the same generic form; bytecode -> bytecode
t=/tmp/tsr_emit_$$
"$cli" dis --locs tests/conformance/jax_export_backcompat/mosaic_matmul/module.mlir > $t.ref
for v in 0 1 2 3 4 5 6; do
  "$cli" dis --emit-bytecode $v -o $t.mlirbc tests/conformance/jax_export_backcompat/mosaic_matmul/module.mlir; check $? 0 "--emit-bytecode $v"
  [ "$(head -c 5 $t.mlirbc | od -An -tx1 | tr -d ' \n')" = "4d4cef52$(printf %02x $((v * 2 + 1)))" ] || { echo "FAIL: v$v header"; fail=1; }
  # before v5 properties are attributes: those versions print alike, v5+ print as the text
  [ $v = 0 ] && "$cli" dis --locs $t.mlirbc > $t.v0
  "$cli" dis --locs $t.mlirbc | cmp -s - $([ $v -ge 5 ] && echo $t.ref || echo $t.v0) || { echo "FAIL: v$v bytecode prints differently"; fail=1; }
done
"$cli" dis --emit-bytecode 0 -o - tests/conformance/mosaic_bodies/seed_pallas_add_8x128.mlirbc | "$cli" dis --mosaic - | grep -q '"tpu.vector_store"'; check $? 0 "bytecode -> v0 on stdout"
"$cli" dis --emit-bytecode 7 -o $t.x tests/conformance/seed_my_call/module.mlir 2>/dev/null; check $? 2 "version 7"
"$cli" dis --emit-bytecode 6 tests/conformance/seed_my_call/module.mlir 2>/dev/null; check $? 2 "no -o"
[ ! -e $t.x ] || { echo "FAIL: output written on a usage error"; fail=1; }
rm -f $t.ref $t.v0 $t.mlirbc $t.x
rm -f /tmp/tsr_dis_$$.txt /tmp/tsr_bad_$$.mlir /tmp/tsr_err_$$.txt
exit $fail
