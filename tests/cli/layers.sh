#!/usr/bin/env bash
# The folders of src/ as layers (docs/conventions.md "Layers"): derives the include graph
# between the folders from the sources and fails on a cycle, on a folder that includes a
# folder above it in the order written in docs/conventions.md, on a folder that order does
# not name, and on a folder's internal header (*_internal.h) included from a folder the
# conventions do not list for it. Reads the sources only (the tessera argument is unused).
set -u
cd "$(dirname "$0")/../.."
conv=docs/conventions.md
# The order: the line after the marker, lowest layer first.
order=$(awk '/<!-- layers: lowest first -->/ {getline; print; exit}' "$conv" | tr -d '`')
[ -n "$order" ] || { echo "FAIL: $conv has no layer order (the line after '<!-- layers: lowest first -->')"; exit 1; }
declare -A rank
i=0
for l in $order; do rank[$l]=$i; i=$((i + 1)); done
# Who may include a folder's internal header from outside: "folder/x_internal.h: a b c" lines
# between the markers.
declare -A insiders
while IFS= read -r line; do
  h=${line%%:*}; h=${h//[[:space:]]/}
  insiders[$h]=" ${line#*:} "
done < <(awk '/<!-- internal headers -->/ {on = 1; next} /<!-- end internal headers -->/ {on = 0} on && /_internal\.h/' "$conv" |
         sed 's/^[[:space:]`-]*//; s/`//g')
fail=0
for d in src/*/; do
  l=$(basename "$d")
  [ -n "${rank[$l]+x}" ] || { echo "FAIL: src/$l is not in the layer order of $conv"; fail=1; }
done
# Every quoted include of a header in another folder of src/: "file:line:folder/header".
edges=$(grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"/]*/' src/*/*.[ch] src/*/*.def 2>/dev/null |
  sed -E 's/^([^:]*):([0-9]+):[^"]*"([^"]*)".*/\1:\2:\3/')
pairs=""
while IFS=: read -r file line inc; do
  [ -n "$file" ] || continue
  from=${file#src/}; from=${from%%/*}
  to=${inc%%/*}
  [ -d "src/$to" ] || continue # a public header (tessera/), or one from outside src/
  [ "$from" = "$to" ] && continue
  pairs+="$from $to"$'\n'
  if [ -n "${rank[$from]+x}" ] && [ -n "${rank[$to]+x}" ] && [ "${rank[$to]}" -gt "${rank[$from]}" ]; then
    echo "FAIL: $file:$line: src/$from includes $inc, from src/$to, a layer above it"
    fail=1
  fi
  case $inc in
  *_internal.h)
    case "${insiders[$inc]-}" in
    *" $from "*) ;;
    *) echo "FAIL: $file:$line: src/$from includes $inc, the insides of src/$to ($conv lists who may)"; fail=1 ;;
    esac ;;
  esac
done <<< "$edges"
# A cycle among the folders, whatever the order says (tsort names the folders on it).
if ! cycle=$(printf '%s' "$pairs" | sort -u | tsort 2>&1 >/dev/null) || [ -n "$cycle" ]; then
  echo "FAIL: the folders of src/ include each other in a cycle:"
  echo "$cycle"
  fail=1
fi
# The layers whose names all carry their prefix (the line after the marker): every function a
# file of the folder defines without `static`, every typedef, macro, enum value (also one a
# pasting macro makes inside the enum, MOSAIC_MOP_##e) and static inline function of its
# headers (but one named in capitals, as mosaic's slot accessors SF and SI), starts
# with one of the layer's prefixes in the conventions' table (or tsr_/TSR_, public); `main`,
# an X-macro's X, the row macros of src/ops/*.def (`MOP`) and a standard macro a header
# defines where the C library lacks it (`#ifndef CMPLX` / `#define CMPLX`) stand alone.
prefixed=$(awk '/<!-- prefixed layers -->/ {getline; print; exit}' "$conv" | tr -d '`')
[ -n "$prefixed" ] || { echo "FAIL: $conv has no list of prefixed layers (the line after '<!-- prefixed layers -->')"; exit 1; }
# A tsr_/TSR_ name is public: include/tessera/ declares it, or it is one of the exceptions the
# conventions list (the line after the marker: names, or prefixes ending in _).
public=" $(grep -ohE '\b(tsr_|TSR_)[A-Za-z0-9_]+' include/tessera/*.h | sort -u | tr '\n' ' ') "
tsr_ok=$(awk '/<!-- internal tsr names -->/ {getline; print; exit}' "$conv" | tr -d '`')
[ -n "$tsr_ok" ] || { echo "FAIL: $conv has no list of internal tsr_ names (the line after '<!-- internal tsr names -->')"; exit 1; }
tsr_internal_ok() {
  local e
  for e in $tsr_ok; do
    case $e in *_) [[ $1 == "$e"* ]] && return 0 ;; *) [ "$1" = "$e" ] && return 0 ;; esac
  done
  return 1
}
names=0
for l in $prefixed; do
  [ -d "src/$l" ] || { echo "FAIL: $conv lists $l among the prefixed layers, but src/$l is not a folder"; fail=1; continue; }
  # the table's row: | layer | `a_`, `b_` ... |
  pre=$(grep -E "^ *\| $l \|" "$conv" | head -n 1 | cut -d'|' -f3 | grep -oE '`[A-Za-z0-9_]+`' | tr -d '`' | tr '\n' ' ')
  [ -n "$pre" ] || { echo "FAIL: $conv's table gives no prefix for $l"; fail=1; continue; }
  alt="tsr_|TSR_|main\$|X\$"
  for m in $(grep -ohE '^[A-Z_]+\(' src/ops/*.def | tr -d '(' | sort -u); do alt+="|$m\$"; done
  for p in $pre; do alt+="|$p|${p%_}\$|$(printf '%s' "$p" | tr a-z A-Z)"; done
  # "file name": a definition's name is the identifier before its first "(" (its signature
  # may go on over lines until the "{"); a typedef's, the last before its ";"
  found=$(awk 'FNR == 1 { sig = "" }
               /^[A-Za-z_][A-Za-z0-9_ ]*[ *]\**[A-Za-z_][A-Za-z0-9_]*\(/ && !/^(static|typedef|extern)[ \t]/ { sig = $0 }
               sig != "" && /[{;}][ \t]*(\/\*.*)?$/ {
                 if ($0 ~ /\{[ \t]*(\/\*.*)?$/ || $0 ~ /\{.*\}[ \t]*$/) {
                   head = substr(sig, 1, index(sig, "(") - 1); sub(/.*[ *]/, "", head)
                   if (head !~ /^[A-Z0-9_]+$/) print FILENAME, head # an all-caps head is a macro call
                 }
                 sig = ""
               }' src/"$l"/*.c
          awk 'FNR == 1 { split("", unless) }
               /^#ifndef [A-Za-z_]/ { unless[$2] = 1 }
               /^#define [A-Za-z_]/ { n = $2; sub(/\(.*/, "", n); if (!(n in unless)) print FILENAME, n }
               /^static inline [^(]*[ *][A-Za-z_][A-Za-z0-9_]*\(/ {
                 f = substr($0, 1, index($0, "(") - 1); sub(/.*[ *]/, "", f)
                 if (f !~ /^[A-Z0-9_]+$/) print FILENAME, f # all caps: an accessor that reads as a macro
               }
               /^(typedef .*[ *]|\} *)[A-Za-z_][A-Za-z0-9_]*;/ {
                 t = $0; sub(/;[^;]*$/, "", t); sub(/.*[ *}]/, "", t); print FILENAME, t
               }
               # enum values: the body from "enum ... {" to its "}", without comments, cut at
               # the commas outside parentheses; a value is the identifier an item starts with.
               # A "#define" inside the body that pastes names (MOP(e, ...) MOSAIC_MOP_##e)
               # gives the text before its "##".
               FNR == 1 { inenum = 0 }
               !inenum && /(^|[^A-Za-z0-9_])enum([ \t]+[A-Za-z_][A-Za-z0-9_]*)?[ \t]*\{/ {
                 inenum = 1; body = ""; first = 1; line = $0; sub(/.*enum[^{]*\{/, "", line)
               }
               inenum {
                 if (!first) line = $0
                 first = 0
                 if (line ~ /^[ \t]*#/) {
                   if (line ~ /##/) { p = line; sub(/##.*/, "", p); sub(/.*[^A-Za-z0-9_]/, "", p); print FILENAME, p "##" }
                   line = ""
                 }
                 sub(/\/\/.*/, "", line); body = body " " line; line = ""
                 while ((i = index(body, "/*")) > 0 && (j = index(substr(body, i + 2), "*/")) > 0)
                   body = substr(body, 1, i - 1) " " substr(body, i + j + 3)
                 if (!index(body, "/*") && body ~ /\}/) { # the end, outside a comment
                   sub(/\}.*/, "", body); inenum = 0; depth = 0; item = ""
                   for (k = 1; k <= length(body) + 1; k++) {
                     c = k <= length(body) ? substr(body, k, 1) : ","
                     if (c == "(") depth++
                     if (c == ")") depth--
                     if (c == "," && depth == 0) {
                       if (match(item, /^[ \t]*[A-Za-z_][A-Za-z0-9_]*/)) { n = substr(item, RSTART, RLENGTH); gsub(/[ \t]/, "", n); print FILENAME, n }
                       item = ""
                     } else item = item c
                   }
                 }
               }' $(ls src/"$l"/*.h 2>/dev/null || echo /dev/null))
  while read -r file name; do
    [ -n "$name" ] || continue
    names=$((names + 1))
    [[ $name =~ ^($alt) ]] || { echo "FAIL: $file: $name, a name of src/$l, does not start with its prefix ($pre)"; fail=1; }
    if [[ $name =~ ^(tsr_|TSR_) && ! $name =~ _H$ && $public != *" $name "* ]] && ! tsr_internal_ok "$name"; then
      echo "FAIL: $file: $name starts with tsr_ as if public, but include/tessera/ does not declare it (an internal name takes its layer's prefix)"
      fail=1
    fi
  done <<< "$found"
done
[ "$fail" = 0 ] || exit 1
echo "layers: $(printf '%s' "$pairs" | sort -u | wc -l) include edges between the folders of src/, all downward ($order);" \
  "$names names of $(echo $prefixed) with their prefixes"
