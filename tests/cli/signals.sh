#!/usr/bin/env bash
# How tessera ends when its output or its life is cut short (docs/run.md, the CLI contract):
# SIGINT, SIGTERM or SIGHUP while `-o` files are being written leaves no temporary behind and
# ends the program by that signal (the shell sees 128 + its number); a reader that closes
# standard output (`| head -1`, or a pipe closed before the first write) ends the output, and
# every subcommand exits by its own result instead of dying of SIGPIPE (141).
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
G=tests/hlo/graph.mlir
# four outputs of 64 MiB: their temporaries exist for a while before they are renamed
cat > "$dir/big4.mlir" <<'MLIR'
func.func @main(%a: tensor<f32>) -> (tensor<16777216xf32>, tensor<16777216xf32>, tensor<16777216xf32>, tensor<16777216xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
  %1 = stablehlo.add %0, %0 : tensor<16777216xf32>
  %2 = stablehlo.multiply %0, %0 : tensor<16777216xf32>
  %3 = stablehlo.subtract %0, %1 : tensor<16777216xf32>
  return %0, %1, %2, %3 : tensor<16777216xf32>, tensor<16777216xf32>, tensor<16777216xf32>, tensor<16777216xf32>
}
MLIR

## signals while -o files are written
temporaries() { compgen -G "$dir/o/*.tmp.*" >/dev/null; }
signalled() { # signalled SIG NUMBER: the run, stopped while a temporary exists, gets SIG
  local sig=$1 num=$2 try pid rc
  for try in 1 2 3; do
    rm -rf "$dir/o" && mkdir "$dir/o"
    set -m # a job of its own: a background job of a script would start with SIGINT ignored
    "$T" run "$dir/big4.mlir" -o "$dir/o" >/dev/null 2>&1 &
    pid=$!
    set +m
    for _ in $(seq 4000); do temporaries && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.005; done
    kill -STOP "$pid" 2>/dev/null
    if temporaries; then # caught while writing: the signal is delivered when it goes on
      kill -"$sig" "$pid"
      kill -CONT "$pid"
      { wait "$pid"; } 2>/dev/null; rc=$?
      if [ "$rc" -eq $((128 + num)) ]; then pass=$((pass+1)); else
        fail=$((fail+1)); echo "FAIL: a run that got SIG$sig exited $rc, expected $((128 + num))"; fi
      if ! temporaries; then pass=$((pass+1)); else
        fail=$((fail+1)); echo "FAIL: SIG$sig left temporaries:"; ls "$dir/o"; fi
      return
    fi
    kill -CONT "$pid" 2>/dev/null; wait "$pid" # it finished first: again
  done
  fail=$((fail+1)); echo "FAIL: SIG$sig: never caught a run while its temporaries existed"
}
signalled INT 2
signalled TERM 15
signalled HUP 1
# a signal the program starts with ignored stays ignored (nohup): the run completes
rm -rf "$dir/o"
expect 0 nohup "$T" run "$G" -o "$dir/o"
expect 0 test -f "$dir/o/out_0.npy"
rm -f nohup.out

## a reader that closes standard output
closed() { # closed CODE CMD...: run with a standard output whose reader closed before it started
  local want=$1; shift
  local got
  got=$(python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
print(subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.DEVNULL).returncode)' "$@")
  if [ "$got" = "$want" ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: '$*' with its reader gone exited $got, expected $want"; fi
}
C=tests/conformance/jax_export_backcompat/mosaic_matmul
closed 0 "$T" --help
closed 0 "$T" run "$G"
closed 0 "$T" run "$G" --json
closed 0 "$T" run "$G" --trace -
closed 0 "$T" run "$C/module.mlir" --report --dump plan
closed 0 "$T" inspect "$C/module.mlir"
closed 0 "$T" lower tests/mosaic/row_sum.mlir
closed 0 "$T" dis "$G"
closed 0 "$T" ops
closed 0 "$T" demo add
closed 0 "$T" demo --list
closed 0 "$T" bench --quick --cores 1 add
closed 1 "$T" run tests/mosaic/endless.mlir --max-ops 1000 # a failed run still fails
closed 2 "$T" run "$G" --bogus
rm -rf "$dir/o" # the files asked for are still written
closed 0 "$T" run "$G" -o "$dir/o"
expect 0 test -f "$dir/o/out_1.npy"
# `| head -1` with more output than a pipe holds
piped() { # piped CMD...: `CMD | head -1` prints a line and CMD exits 0
  local line
  line=$("$@" 2>/dev/null | head -1; echo ":${PIPESTATUS[0]}")
  case $line in
    ?*$'\n':0) pass=$((pass+1)) ;;
    *) fail=$((fail+1)); echo "FAIL: '$* | head -1' gave '${line//$'\n'/ }'" ;;
  esac
}
piped "$T" dis "$C/module.mlir"
piped "$T" inspect "$C/module.mlir" --steps 2000
piped "$T" run "$C/module.mlir" --dump run --dump plan
piped "$T" ops
piped "$T" demo matmul --plan
echo "signals: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
