#!/usr/bin/env bash
# The build ships nothing tuned to the machine that built it (src/core/isa.h): no -march,
# -mtune or -mcpu =native in any compile flags of the build folder, and, in a portable x86-64
# build, not one instruction beyond x86-64-v2 in the objects of the library and the CLI
# outside the hot loops' per-level copies (build/isa/hot_v3.o, hot_v4.o): no VEX or EVEX
# encoding (AVX, AVX2, FMA, AVX-512: their mnemonics start with v), no BMI1/BMI2, LZCNT or
# MOVBE. TZCNT is allowed: GCC emits it for __builtin_ctz where a zero input cannot occur, as
# REP BSF, which a CPU without BMI1 runs as BSF. The copies themselves must hold such
# instructions, or the disassembly below would prove nothing. A native build
# (-DTSR_NATIVE=ON) is tuned on purpose and is not checked.
# Usage: tests/cli/portable.sh BUILD/tessera
set -euo pipefail
build=$(cd "$(dirname "$1")" && pwd)
fail=0
bad() { echo "FAIL: $*"; fail=1; }

if grep -q '^TSR_NATIVE:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "portable: a native build (-DTSR_NATIVE=ON): not checked"
  exit 0
fi
tuned=$(grep -rlE --include=flags.make -- '-m(arch|tune|cpu)=native' "$build/CMakeFiles" || true)
[ -z "$tuned" ] || bad "tuned to the building machine (-m...=native) in: $tuned"

if ! grep -qs -- '-DTSR_ISA_DISPATCH' "$build/CMakeFiles/tessera_objects.dir/flags.make"; then
  echo "portable: no per-level copies in this build (not x86-64, or a sanitizer build): flags checked only"
  [ "$fail" -eq 0 ] && echo "portable: ok"
  exit "$fail"
fi
command -v objdump >/dev/null || { echo "portable: objdump not found: flags checked only"; exit "$fail"; }

# mnemonics beyond x86-64-v2, one a line, from the disassembly of the objects given
beyond_v2() {
  for o in "$@"; do objdump -d --no-show-raw-insn "$o"; done |
    awk -F'\t' 'NF >= 2 { split($2, w, " "); m = w[1]
      if (m ~ /^v/ || m ~ /^(andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|lzcnt|movbe)$/) print m }'
}
mapfile -t objects < <(find "$build/CMakeFiles/tessera_objects.dir" "$build/CMakeFiles/tessera-cli.dir" -name '*.o')
[ "${#objects[@]}" -gt 50 ] || bad "found ${#objects[@]} objects of the library and the CLI (expected more than 50)"
found=$(beyond_v2 "${objects[@]}" | sort | uniq -c | sort -rn | head -n 10)
[ -z "$found" ] || bad "instructions beyond x86-64-v2 outside the per-level copies (count, mnemonic): $found"
for level in v3 v4; do
  n=$(beyond_v2 "$build/isa/hot_$level.o" | wc -l)
  [ "$n" -gt 1000 ] || bad "the $level copy of the hot loops has $n instructions beyond x86-64-v2 (expected thousands)"
done
zmm=$(objdump -d --no-show-raw-insn "$build/isa/hot_v4.o" | grep -c '%zmm' || true)
[ "$zmm" -gt 0 ] || bad "the v4 copy uses no 512-bit register"
echo "portable: ${#objects[@]} objects at x86-64-v2; copies: $(beyond_v2 "$build/isa/hot_v3.o" | wc -l) v3 and" \
  "$(beyond_v2 "$build/isa/hot_v4.o" | wc -l) v4 instructions ($zmm on zmm registers)"
[ "$fail" -eq 0 ] && echo "portable: ok"
exit "$fail"
