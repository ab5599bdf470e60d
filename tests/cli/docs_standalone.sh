#!/usr/bin/env bash
# The documentation stands alone: README.md, docs/, bench/RESULTS.md and examples/ never send a
# reader to files outside the repository (the project's shared folder, a developer's /work
# tree); they cite public sources, by URL and commit, instead. (Test scripts may still read a
# checkout of JAX's or StableHLO's suites kept beside the repository: that is not the docs.)
# The argument (the CLI, as every tests/cli script gets) is not used.
set -u
cd "$(dirname "$0")/../.."
pass=0; fail=0
files=(README.md docs/*.md bench/RESULTS.md examples/*)
for pat in 'shared/' '/work/' 'host_cpu\.md' 'tpu_chips\.md'; do
  if hits=$(grep -n -- "$pat" "${files[@]}"); then
    fail=$((fail+1)); echo "FAIL: the docs cite '$pat', outside the repository (cite a public source):"; echo "$hits"
  else pass=$((pass+1)); fi
done
echo "docs_standalone: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
