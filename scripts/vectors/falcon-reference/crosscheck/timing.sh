#!/usr/bin/env bash
# CPU time of falcon_verify (round-3 reference C code, built as run.sh builds it: see reference.sh) for Falcon-512
# and Falcon-1024 on this machine: docs/bench.md's aggregation section calibrates gas per CPU time with it. Needs
# cargo, python3 and a C compiler.
#
# Usage: scripts/vectors/falcon-reference/crosscheck/timing.sh
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/reference.sh"

build_against_reference verify-timing.c verify-timing
"$HERE/target/verify-timing" 9
"$HERE/target/verify-timing" 10
