#!/usr/bin/env bash
# `cmake --install` of a build into a temporary prefix, then tests/install/consumer.c built
# outside the tree with `pkg-config --cflags --libs tessera` against the shared library and,
# with --static, against the static one; both must run the seed module and match x + y. The
# installed headers must compile on their own, and the shared library export only tsr_ names.
set -u
B=${1:?build directory}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); }
no() { fail=$((fail+1)); echo "FAIL: $*"; }
cc=${CC:-cc}
if ! cmake --install "$B" --prefix "$prefix" >"$prefix/log" 2>&1; then cat "$prefix/log"; no "cmake --install"; fi
lib=$(ls -d "$prefix"/lib*/ | head -n 1)
export PKG_CONFIG_PATH="$lib/pkgconfig"
[ -f "$prefix/include/tessera/hlo.h" ] && [ -f "$lib/libtessera.a" ] && [ -e "$lib/libtessera.so" ] \
  && [ -x "$prefix/bin/tessera" ] && ok || no "installed files missing: $(cd "$prefix" && find . -type f | sort | tr '\n' ' ')"
[ "$(pkg-config --modversion tessera 2>&1)" = "$(sed -n 's/^project(tessera VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)" ] \
  && ok || no "pkg-config --modversion tessera: $(pkg-config --modversion tessera 2>&1)"
# each public header compiles alone, as C11 with every warning
for h in "$prefix"/include/tessera/*.h; do
  printf '#include <tessera/%s>\nint main(void) { return 0; }\n' "$(basename "$h")" >"$prefix/h.c"
  "$cc" -std=c11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags tessera) -c "$prefix/h.c" -o "$prefix/h.o" \
    && ok || no "$(basename "$h") does not compile alone"
done
# the shared library: built with --cflags --libs, found at run time through its rpath
if "$cc" -std=c11 -Wall -Wextra -Werror tests/install/consumer.c -o "$prefix/consumer" \
     $(pkg-config --cflags --libs tessera) -Wl,-rpath,"$(pkg-config --variable=libdir tessera)"; then
  out=$("$prefix/consumer" tests/conformance/seed_my_call/module.mlir 2>&1)
  [ $? -eq 0 ] && grep -q "0 of 1024 elements differ" <<<"$out" && ok || no "shared: $out"
  used=$(ldd "$prefix/consumer" | awk '$1 ~ /^libtessera\.so/ {print $3}')
  [ -n "$used" ] && [ "$(realpath "$used")" = "$(realpath "$lib"/libtessera.so)" ] && ok \
    || no "the consumer does not use the installed libtessera.so: ${used:-none}"
else no "building the consumer against the shared library"; fi
# the static library: --static adds the private dependencies
if "$cc" -std=c11 -Wall -Wextra -Werror -static-libgcc tests/install/consumer.c -o "$prefix/consumer_static" \
     $(pkg-config --cflags tessera) "$lib/libtessera.a" $(pkg-config --static --libs tessera | sed 's/-ltessera//'); then
  out=$("$prefix/consumer_static" tests/conformance/seed_my_call/module.mlir 2>&1)
  [ $? -eq 0 ] && grep -q "0 of 1024 elements differ" <<<"$out" && ok || no "static: $out"
  ! ldd "$prefix/consumer_static" | grep -q libtessera && ok || no "the static consumer loads libtessera.so"
else no "building the consumer against the static library"; fi
# exports: the public tsr_ names only
others=$(nm -D --defined-only "$lib/libtessera.so" | awk '$2 ~ /^[TDBR]$/ && $3 !~ /^tsr_/ {print $3}')
[ -z "$others" ] && ok || no "libtessera.so exports non-tsr_ symbols: $others"
echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
