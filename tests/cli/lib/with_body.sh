# Sourced by the CLI test scripts: with_body TESSERA MODULE BODY OUT writes OUT, a copy of the
# StableHLO MODULE whose (first) tpu_custom_call runs the Mosaic kernel in BODY (text) instead
# of its own: BODY as bytecode v0, base64 in backend_config, as JAX serialises it.
with_body() {
  local t=$1 module=$2 body=$3 out=$4 bc
  bc=$(mktemp)
  "$t" dis --emit-bytecode 0 -o "$bc" "$body" || { rm -f "$bc"; return 1; }
  local b64
  b64=$(base64 -w0 "$bc")
  rm -f "$bc"
  sed "s|\\\\22body\\\\22: \\\\22[A-Za-z0-9+/=]*\\\\22|\\\\22body\\\\22: \\\\22$b64\\\\22|" "$module" > "$out"
}
