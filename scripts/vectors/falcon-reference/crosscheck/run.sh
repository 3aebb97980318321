#!/usr/bin/env bash
# Cross-checks test/fixtures/falcon{512,1024}-ct.jsonl against the round-3 Falcon
# reference implementation in C (see reference.sh): regenerates every vector from its
# seed and requires byte-identical output, and runs falcon_verify on the files (see
# crosscheck.c). Needs cargo, python3 and a C compiler.
#
# Usage: scripts/vectors/falcon-reference/crosscheck/run.sh [FIXTURE_DIR]   (default: test/fixtures)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../../.." && pwd)"
DIR="${1:-$REPO/test/fixtures}"
source "$HERE/reference.sh"

build_against_reference crosscheck.c crosscheck
"$HERE/target/crosscheck" "$DIR"
