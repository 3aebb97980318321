# Sourced by run.sh and timing.sh: builds a C program against the round-3 Falcon reference implementation
# (Thomas Pornin's falcon.c, as vendored by the falcon-det-sys 0.1.0 crate, whose source cargo fetches from
# crates.io; the crate itself is never built, its build script would need clang + libclang). Needs cargo, python3
# and a C compiler ($CC, default cc).
#
# build_against_reference SOURCE OUTPUT: compiles $HERE/SOURCE with the reference's sources into $HERE/target/OUTPUT.
build_against_reference() {
  local manifest falcon
  manifest="$(cd "$HERE" && cargo metadata --locked --format-version 1 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(next(p["manifest_path"] for p in d["packages"] if p["name"] == "falcon-det-sys" and p["version"] == "0.1.0"))
')"
  falcon="$(dirname "$manifest")/falcon"
  mkdir -p "$HERE/target"
  # FALCON_FPEMU=1 (integer-only floating-point emulation) is what the crate's config.h selects.
  "${CC:-cc}" -O2 -std=c99 -w -I"$falcon/include" -I"$falcon/src" -o "$HERE/target/$2" \
    "$HERE/$1" \
    "$falcon"/src/{codec,common,falcon,fft,fpr,keygen,rng,shake,sign,vrfy}.c -lm
}
