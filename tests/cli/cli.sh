#!/usr/bin/env bash
# The CLI's contract: exit codes (0 ok, 1 failed run or check, 2 bad usage), --help
# everywhere, and the demo and benchmark commands running end to end.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
expect 0 "$T" --help
expect 2 "$T"
expect 2 "$T" no-such-command
expect 0 "$T" demo --help
expect 0 "$T" demo --list
expect 2 "$T" demo no-such-demo
expect 2 "$T" demo --cores zero
expect 2 "$T" demo --chip v99
# the sanitizer builds (TSR_QUICK) run every demo once; the variants below take a few of them
# (a whole demo run takes about 30 s under ASan)
variants=()
[ -n "${TSR_QUICK:-}" ] && variants=(seed add_grid gather parallel emit_fused)
expect 0 "$T" demo
# the plan only when asked: every example is its result line, and the count (expect left the
# run's output in $out: one run of them all, the slowest command here under the sanitizers)
expect 0 test "$(wc -l <"$out")" -lt 20
expect 0 "$T" demo edge
expect_out " passed, 0 failed" "$T" demo --zero-copy "${variants[@]}"
expect_out "7 passed, 0 failed" "$T" demo add add_grid matmul softmax edge gather parallel
expect_out "start in0   block (5, 0)" "$T" demo gather --plan
expect_out "skip  in0   block (5, 0)       unchanged" "$T" demo gather --plan
expect_out "core 1: grid (4, 4) offsets (4, 0)" "$T" demo parallel --plan
# the plan only when asked: one example is its result line and the count
expect 0 test "$("$T" demo gather | wc -l)" -eq 2
expect 0 test "$("$T" demo matmul --report | grep -c "step\|start\|wait")" -lt 10
expect_out "checkers: no findings" "$T" demo --check --poison "${variants[@]}"
expect_out " passed, 0 failed" "$T" demo --dma-order on-wait --check "${variants[@]}"
expect_out " passed, 0 failed" "$T" demo --dma-order random --seed 7 --check "${variants[@]}"
expect 2 "$T" demo --dma-order sometimes
expect_out "simulated time" "$T" demo add_grid --report
expect_out '"simulated_seconds"' "$T" demo add_grid --json
expect_out "verdict" "$T" demo matmul --chip v6e --report
trace=$(mktemp --suffix=.json)
expect 0 "$T" demo gather --trace "$trace"
expect_out "trace: $trace (open in ui.perfetto.dev)" "$T" demo gather --trace "$trace"
# several examples: a file each, named after it, and each said
expect_out "trace: ${trace%.json}.add.json" "$T" demo gather add --trace "$trace"
expect 0 test -s "${trace%.json}.add.json" -a -s "${trace%.json}.gather.json"
rm -f "${trace%.json}.add.json" "${trace%.json}.gather.json"
# The trace of a matmul: one track per core and per DMA engine, steps and DMAs as complete
# events, counter tracks for semaphores and VMEM in use.
expect 0 "$T" demo matmul --trace "$trace"
if python3 - "$trace" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"] if isinstance(d, dict) else d
threads = [e["args"]["name"] for e in ev if e.get("ph") == "M" and e.get("name") == "thread_name"]
assert "core 0" in threads, threads
assert any(t.startswith("core 0 DMA engine") for t in threads), threads
spans = [e for e in ev if e.get("ph") == "X"]
assert len(spans) >= 128 + 256, len(spans)          # 128 steps, 256 input DMAs at least
assert all(e["dur"] >= 0 and e["ts"] >= 0 for e in spans)
counters = {e["name"] for e in ev if e.get("ph") == "C"}
assert any(c.startswith("VMEM in use") for c in counters), counters
assert any(c.startswith("sem") for c in counters), counters
PY
then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: the matmul trace lacks its structure"; fi
rm -f "$trace"
expect 2 "$T" demo --chip /nonexistent/chip.json
expect 0 "$T" bench --help
expect 0 "$T" bench --list
expect 2 "$T" bench no-such-bench
expect 2 "$T" bench --cores -1 add
expect 2 "$T" bench --cores 99999999999 add
expect 2 "$T" demo --cores 65
# every benchmark runs (small sizes); jax needs the JAX venv from PyPI and JAX's own
# interpreters, so `make bench` runs it, not the test suite
for b in $("$T" bench --list); do
  [ "$b" = jax ] && continue
  expect 0 "$T" bench --quick "$b"
done
expect_out '"name": "add' "$T" bench --quick --json --cores 1 add
expect_out '"ratio":' "$T" bench --quick --json --cores 1 add
rm -f "$out"
echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
