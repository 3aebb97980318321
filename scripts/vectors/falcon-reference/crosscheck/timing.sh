#!/usr/bin/env bash
# CPU time of falcon_verify (round-3 reference C code, as vendored by falcon-det-sys 0.1.0, the crate run.sh
# uses) for Falcon-512 and Falcon-1024 on this machine: docs/bench.md's aggregation section calibrates gas per
# CPU time with it. Needs cargo (to fetch the crate's source), python3 and a C compiler.
#
# Usage: scripts/vectors/falcon-reference/crosscheck/timing.sh
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CC="${CC:-cc}"
MANIFEST="$(cd "$HERE" && cargo metadata --locked --format-version 1 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(next(p["manifest_path"] for p in d["packages"] if p["name"] == "falcon-det-sys" and p["version"] == "0.1.0"))
')"
FALCON="$(dirname "$MANIFEST")/falcon"
mkdir -p "$HERE/target"
"$CC" -O2 -std=c99 -w -I"$FALCON/include" -I"$FALCON/src" -o "$HERE/target/verify-timing" \
  "$HERE/verify-timing.c" \
  "$FALCON"/src/{codec,common,falcon,fft,fpr,keygen,rng,shake,sign,vrfy}.c -lm
"$HERE/target/verify-timing" 9
"$HERE/target/verify-timing" 10
