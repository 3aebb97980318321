#!/usr/bin/env bash
# Regenerates the cross-implementation test vectors in test/fixtures/:
#   PQClean (Rust pqcrypto crates)  -> mldsa44-pqclean.jsonl, mldsa65-pqclean.jsonl, mldsa87-pqclean.jsonl, falcon512-pqclean.jsonl, falcon1024-pqclean.jsonl
#   falcon-rs 0.1.0 (Rust port of the round-3 Falcon reference, falcon.h API)
#                                   -> falcon512-ct.jsonl, falcon1024-ct.jsonl (CT format + compressed form)
#     then checked by falcon_ct_check.py (pure Python, from scratch) and by
#     falcon-reference/crosscheck/run.sh (the reference C code regenerates them byte for byte)
#   dilithium-py (pure Python)      -> mldsa44-dilithium-py.jsonl, mldsa65-dilithium-py.jsonl, mldsa87-dilithium-py.jsonl, mldsa65-expanded-dilithium-py.json
#   ZKNoxHQ/ETHFALCON's Python reference (keccak variant of Falcon-512, only when ETHFALCON and NTT name checkouts)
#                                   -> falcon512keccak-ethfalcon.jsonl
#   ZKNoxHQ/ETHDILITHIUM's Python signer (keccak variant of ML-DSA-44, only when ETHDILITHIUM names a checkout)
#                                   -> mldsa44keccak-ethdilithium.jsonl
# All randomness is seeded from fixed labels, so a re-run reproduces the committed files byte for byte.
#
# Usage: scripts/vectors/generate.sh [OUT_DIR]      (default: test/fixtures)
# Env:   PYTHON=/path/to/python  use that interpreter (must have dilithium-py==1.5.1) instead of scripts/vectors/.venv
#        ETHFALCON=/path NTT=/path  checkouts of ZKNoxHQ/ETHFALCON@03ed0d6 and ZKNoxHQ/NTT@3ac5f5d (git archive of
#                                   each commit will do); without them the ETHFALCON fixture is left as it is
#        ETHDILITHIUM=/path         a checkout of ZKNoxHQ/ETHDILITHIUM@6c51547, likewise for its fixture
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
OUT="${1:-$REPO/test/fixtures}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

echo "== PQClean via pqcrypto-mldsa / pqcrypto-falcon" >&2
# getrandom's "custom" backend routes PQClean's randombytes() to the seeded SHAKE256 stream in src/main.rs.
(cd "$HERE/pqclean" && RUSTFLAGS='--cfg getrandom_backend="custom"' cargo run --release --locked -- "$OUT")

echo "== Falcon CT format via falcon-rs 0.1.0 (round-3 reference port)" >&2
(cd "$HERE/falcon-reference" && cargo run --release --locked -- "$OUT")
python3 "$HERE/falcon_ct_check.py" "$OUT"
echo "== Falcon CT format: cross-check with the reference C code (falcon-det-sys 0.1.0 sources, built with cc)" >&2
"$HERE/falcon-reference/crosscheck/run.sh" "$OUT"

echo "== dilithium-py" >&2
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  PY="$HERE/.venv/bin/python"
  [ -x "$PY" ] || python3 -m venv "$HERE/.venv"
  if ! "$PY" -c 'import importlib.metadata as m, sys; sys.exit(m.version("dilithium-py") != "1.5.1")' 2>/dev/null; then
    "$HERE/.venv/bin/pip" install --quiet -r "$HERE/requirements.txt"
  fi
fi
"$PY" "$HERE/dilithium_py.py" --out-dir "$OUT"

if [ -n "${ETHFALCON:-}" ] && [ -n "${NTT:-}" ]; then
  echo "== ETHFALCON pythonref (keccak variant of Falcon-512)" >&2
  EPY="$HERE/.venv-ethfalcon/bin/python"
  [ -x "$EPY" ] || { python3 -m venv "$HERE/.venv-ethfalcon" && "$HERE/.venv-ethfalcon/bin/pip" install --quiet -r "$HERE/requirements-ethfalcon.txt"; }
  "$EPY" "$HERE/ethfalcon.py" "$ETHFALCON" "$NTT" "$OUT/falcon512keccak-ethfalcon.jsonl"
  echo "== the SDK's ETHFALCON signatures, verified by ETHFALCON's Python verifier" >&2
  (cd "$REPO" && node --import tsx scripts/vectors/pq4337-falcon512keccak.ts "$OUT/falcon512keccak-pq4337.jsonl")
  "$EPY" "$HERE/ethfalcon_check.py" "$ETHFALCON" "$NTT" "$OUT/falcon512keccak-pq4337.jsonl" "$OUT/falcon512keccak-pq4337-ethfalcon.json"
fi

if [ -n "${ETHDILITHIUM:-}" ]; then
  echo "== ETHDILITHIUM pythonref (keccak variant of ML-DSA-44)" >&2
  EPY="$HERE/.venv-ethfalcon/bin/python"
  [ -x "$EPY" ] || { python3 -m venv "$HERE/.venv-ethfalcon" && "$HERE/.venv-ethfalcon/bin/pip" install --quiet -r "$HERE/requirements-ethfalcon.txt"; }
  "$EPY" "$HERE/ethdilithium.py" "$ETHDILITHIUM" "$OUT/mldsa44keccak-ethdilithium.jsonl"
fi

echo "== done; check with: node --import tsx --test test/fixtures.test.ts" >&2
