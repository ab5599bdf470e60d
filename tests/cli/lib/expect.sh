# Sourced by the CLI test scripts (tests/cli/*.sh): pass/fail counters and the two checks they
# all use. Not a test itself (the ctest glob takes tests/cli/*.sh only).
fail=0; pass=0
out=$(mktemp)
expect() { # expect CODE CMD...: the command exits with CODE
  local want=$1; shift
  "$@" >"$out" 2>&1; local got=$?
  if [ "$got" -eq "$want" ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: '$*' exited $got, expected $want"; cat "$out"; fi
}
expect_out() { # expect_out PATTERN CMD...: the command's output (stdout and stderr) matches
  local pat=$1; shift
  if "$@" 2>&1 | grep -q -- "$pat"; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: '$*' does not print '$pat'"; "$@" 2>&1 | tail -5; fi
}
