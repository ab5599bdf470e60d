#!/usr/bin/env bash
# The timing model on many chips (ICI): `tessera run --devices N --report/--json/--trace` and
# `tessera demo ring` on a chip whose costs other than ICI are zero, so that the simulated time
# is the ring's by hand: each of its N - 1 rounds sends one (8,128) f32 block (4096 bytes) a
# hop to the right, every link carrying one block, and waits for the block from the left:
# 1 us of hop latency + 4096 B / 4.096 GB/s = 2 us a round. On a 2x2 mesh the ring's steps
# 1 -> 2 and 3 -> 0 are two hops (one per dimension), so every round waits 3 us.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
M=tests/mosaic
cat >"$dir/chip.json" <<'EOF'
{"base": "v5e", "step_overhead_s": 0, "dma_issue_s": 0, "dma_latency_s": 0, "hbm_bytes_per_s": 1e30,
 "clock_hz": 1e30, "vpu_ops_per_s": 1e30, "vmem_bytes_per_s": 1e30, "transcendental_per_s": 1e30,
 "ici_latency_s": 1e-6, "ici_link_bytes_per_s": 4096e6}
EOF
python3 - "$dir" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from npy_write import npy
npy(f"{sys.argv[1]}/x.npy", (32, 128), [float(i % 23) for i in range(32 * 128)])
PY
# seconds FILE WANT [KEY]: the JSON report in FILE (an object, or the demo's array of them)
# says WANT simulated seconds, the verdict ICI-bound, and every device its share of the bytes
seconds() {
  python3 - "$@" <<'PY'
import json, sys
path, want, n = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
r = json.load(open(path))
if isinstance(r, list):
    r = r[0]["report"]
got = r["simulated_seconds"]
assert abs(got - want) <= 1e-9 * want, f"simulated {got}, want {want}"
assert r["verdict"] == "ICI-bound", r["verdict"]
assert r["ici_copies"] == n * (n - 1) and r["ici_bytes"] == n * (n - 1) * 4096, r
assert r["kernels_detail"][0]["ici_bytes"] == n * (n - 1) * 4096, r["kernels_detail"][0]
assert len(r["devices"]) == n
for d in r["devices"]:
    assert d["copies_sent"] == n - 1 and d["bytes_received"] == (n - 1) * 4096, d
PY
}
check_seconds() { # check_seconds WANT N CMD...: the command's JSON report
  local want=$1 n=$2; shift 2
  if "$@" >"$dir/r.json" 2>/dev/null && seconds "$dir/r.json" "$want" "$n"; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: '$*' does not report $want s"; fi
}
check_seconds 6e-6 4 "$T" run --devices 4 --chip "$dir/chip.json" --json $M/mc_ring_allgather.mlir "$dir/x.npy" -o "$dir/o"
check_seconds 6e-6 4 "$T" run --devices 4 --dma-order on-wait --chip "$dir/chip.json" --json $M/mc_ring_allgather.mlir "$dir/x.npy" -o "$dir/o"
check_seconds 9e-6 4 "$T" run --mesh 2x2 --chip "$dir/chip.json" --json $M/mc_ring_allgather.mlir "$dir/x.npy" -o "$dir/o"
check_seconds 6e-6 4 "$T" demo --devices 4 --chip "$dir/chip.json" --json ring
check_seconds 14e-6 8 "$T" demo --devices 8 --chip "$dir/chip.json" --json ring
# the text report: per-device figures and the verdict
expect_out "ICI                  4 devices on a 1D torus" "$T" run --devices 4 --report $M/mc_ring_allgather.mlir "$dir/x.npy"
expect_out "^       3 .* 3    12.00 KiB    12.00 KiB" "$T" run --devices 4 --report $M/mc_ring_allgather.mlir "$dir/x.npy"
expect_out "verdict              ICI-bound" "$T" demo --devices 4 --report ring
# the trace: a process per device and one for the links
expect 0 "$T" run --devices 4 --trace "$dir/t.json" $M/mc_ring_allgather.mlir "$dir/x.npy"
if python3 - "$dir/t.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
procs = {e["pid"]: e["args"]["name"] for e in t if e.get("name") == "process_name"}
assert procs[4] == "tessera v5e device 3 (simulated)" and procs[5] == "ICI links", procs
links = [e for e in t if e["ph"] == "X" and e["pid"] == 5]
assert len(links) == 12 and all(e["args"]["bytes"] == 4096 for e in links), links[:2]
PY
then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: the trace of 4 devices"; fi
# a mesh that the chip's torus cannot hold
expect_out "a mesh of more than 2 dimensions on v5e, whose ICI is a 2D torus" "$T" run --mesh 2x2x2 --report $M/mc_signal.mlir
rm -rf "$dir"
echo "ici: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
