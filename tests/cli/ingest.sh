#!/usr/bin/env bash
# tpu_custom_call ingestion errors: each malformed variant of the seed module is rejected
# with a message naming what is wrong and where, exit code 1, and no output file.
set -u
T=${1:?path to tessera}
src=tests/conformance/seed_my_call/module.mlir
dir=$(mktemp -d)
pass=0; fail=0
variant() { # variant NAME SED-EXPRESSION EXPECTED-MESSAGE
  local f="$dir/$1.mlir"
  sed -e "$2" "$src" > "$f"
  if cmp -s "$f" "$src"; then fail=$((fail+1)); echo "FAIL: $1: the edit changed nothing"; return; fi
  "$T" run "$f" -o "$dir/out_$1" >"$dir/log" 2>&1; local rc=$?
  if [ "$rc" -eq 1 ] && grep -q -- "$3" "$dir/log" && [ ! -e "$dir/out_$1/out_0.npy" ]; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL: $1: exit $rc, wanted 1 and '$3'"; cat "$dir/log"
  fi
}
variant column_major 's/operand_layouts = \[dense<\[1, 0\]>/operand_layouts = [dense<[0, 1]>/' "is not row-major"
variant bad_json 's/backend_config = "{/backend_config = "{{/' "backend_config is not valid JSON"
variant format_2 's/\\22serialization_format\\22: 1/\\22serialization_format\\22: 2/' "serialization_format"
variant no_body 's/\\22body\\22/\\22bodx\\22/' "no custom_call_config.body"
variant bad_base64 's/TUzvUgFN/TUz!UgFN/' "base64"
variant short_layouts 's/result_layouts = \[dense<\[1, 0\]> : tensor<2xindex>\]/result_layouts = []/' "one layout per value"
rm -rf "$dir"
echo "ingest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
