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
rm -f /tmp/tsr_dis_$$.txt /tmp/tsr_bad_$$.mlir /tmp/tsr_err_$$.txt
exit $fail
