#!/usr/bin/env bash
# Cross-checks test/fixtures/falcon{512,1024}-ct.jsonl against the round-3 Falcon
# reference implementation in C (Thomas Pornin's falcon.c, as vendored by the
# falcon-det-sys 0.1.0 crate): regenerates every vector from its seed and requires
# byte-identical output, and runs falcon_verify on the files (see crosscheck.c).
#
# Needs cargo (only to fetch the crate's source from crates.io; the crate itself is
# never built, its build script would need clang + libclang), python3 and a C compiler.
#
# Usage: scripts/vectors/falcon-reference/crosscheck/run.sh [FIXTURE_DIR]   (default: test/fixtures)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../../.." && pwd)"
DIR="${1:-$REPO/test/fixtures}"
CC="${CC:-cc}"

# Source directory of falcon-det-sys 0.1.0 (cargo downloads it if needed).
MANIFEST="$(cd "$HERE" && cargo metadata --locked --format-version 1 | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(next(p["manifest_path"] for p in d["packages"] if p["name"] == "falcon-det-sys" and p["version"] == "0.1.0"))
')"
FALCON="$(dirname "$MANIFEST")/falcon"

# FALCON_FPEMU=1 (integer-only floating-point emulation) is what the crate's config.h selects.
mkdir -p "$HERE/target"
"$CC" -O2 -std=c99 -w -I"$FALCON/include" -I"$FALCON/src" -o "$HERE/target/crosscheck" \
  "$HERE/crosscheck.c" \
  "$FALCON"/src/{codec,common,falcon,fft,fpr,keygen,rng,shake,sign,vrfy}.c -lm
"$HERE/target/crosscheck" "$DIR"
