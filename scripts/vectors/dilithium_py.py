#!/usr/bin/env python3
"""ML-DSA-65 test vectors from the pure-Python `dilithium-py` package (FIPS 204).

Writes, into test/fixtures/ (or the directory given with --out-dir):

* mldsa65-dilithium-py.jsonl       4 signatures: pure ML-DSA-65, empty context,
                                   hedged signing (FIPS 204 Alg. 2 / 3), on
                                   random 32-byte messages.
* mldsa44-dilithium-py.jsonl, mldsa87-dilithium-py.jsonl
                                   the same for ML-DSA-44 and ML-DSA-87.
* mldsa65-expanded-dilithium-py.json
                                   for 2 keys: rho, the public key, the matrix
                                   A_hat = ExpandA(rho) (30 NTT-domain polys,
                                   row-major i*5+j), t1 decoded from the public
                                   key (6 polys) and tr = H(pk, 64).

All randomness (key seeds xi, messages, signing `rnd`) comes from a SHAKE256
stream keyed by a fixed label, so re-running gives byte-identical files.
dilithium-py exposes its entropy source as the attribute `random_bytes`
(os.urandom by default); we replace it.

Coefficient order of A_hat: dilithium-py's `_expand_matrix_from_seed(rho)`
calls `rejection_sample_ntt_poly(rho, i, j)`, i.e. RejNTTPoly(rho || j || i)
(FIPS 204 Alg. 30 / 32), and stores the coefficients in sampling order as an
NTT-domain polynomial; its NTT is FIPS 204 Alg. 41 (zetas 1753^brv8(k)), so no
reordering is needed. The script re-checks this with its own, independent
FIPS 204 NTT: t1 recomputed as Power2Round(NTT^-1(A_hat o NTT(s1)) + s2)
must equal the t1 in the public key.

Usage: scripts/vectors/.venv/bin/python scripts/vectors/dilithium_py.py [--out-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from importlib.metadata import version

# This file is itself named dilithium_py.py: drop its directory from sys.path
# so that `import dilithium_py` finds the installed package, not this script.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87  # noqa: E402

Q = 8380417
N = 256
K, L = 6, 5
D = 13
VECTORS = 4
EXPANDED_KEYS = 2
MSG_LEN = 32
PKG_VERSION = version("dilithium-py")

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Drbg:
    """SHAKE256(domain || label || counter) blocks; deterministic byte stream."""

    def __init__(self, label: str):
        self.key = b"pq4337 test vectors / dilithium-py / " + label.encode()
        self.counter = 0

    def __call__(self, n: int) -> bytes:
        out = hashlib.shake_256(self.key + self.counter.to_bytes(8, "big")).digest(n)
        self.counter += 1
        return out


def hx(b: bytes) -> str:
    return "0x" + b.hex()


def flip(b: bytes, at: int) -> bytes:
    m = bytearray(b)
    m[at] ^= 0x01
    return bytes(m)


def polys(vec) -> list:
    """Polynomials of a dilithium-py Vector, in index order."""
    return [p for row in vec._data for p in row]


# --- independent FIPS 204 NTT (Alg. 41 / 42), used only as a cross-check ----


def brv8(k: int) -> int:
    return int(f"{k:08b}"[::-1], 2)


ZETAS = [pow(1753, brv8(k), Q) for k in range(256)]


def ntt(w: list[int]) -> list[int]:
    a = [x % Q for x in w]
    m, length = 0, 128
    while length >= 1:
        start = 0
        while start < 256:
            m += 1
            z = ZETAS[m]
            for j in range(start, start + length):
                t = z * a[j + length] % Q
                a[j + length] = (a[j] - t) % Q
                a[j] = (a[j] + t) % Q
            start += 2 * length
        length //= 2
    return a


def intt(a: list[int]) -> list[int]:
    w = list(a)
    m, length = 256, 1
    while length < 256:
        start = 0
        while start < 256:
            m -= 1
            z = Q - ZETAS[m]
            for j in range(start, start + length):
                t = w[j]
                w[j] = (t + w[j + length]) % Q
                w[j + length] = (t - w[j + length]) * z % Q
            start += 2 * length
        length *= 2
    f = 8347681  # 256^-1 mod q
    return [x * f % Q for x in w]


def power2round_high(r: int) -> int:
    r %= Q
    r0 = r % (1 << D)
    if r0 > (1 << (D - 1)):
        r0 -= 1 << D
    return (r - r0) >> D


def check_expansion(a_hat: list[list[int]], sk: bytes, t1: list[list[int]]) -> None:
    _, _, _, s1, s2, _ = ML_DSA_65._unpack_sk(sk)
    s1c = [[c % Q for c in p.coeffs] for p in polys(s1)]
    s2c = [[c % Q for c in p.coeffs] for p in polys(s2)]
    s1_hat = [ntt(p) for p in s1c]
    # dilithium-py's own NTT must agree with ours coefficient by coefficient.
    for p, ours in zip(polys(s1), s1_hat):
        assert [c % Q for c in p.to_ntt().coeffs] == ours, "dilithium-py NTT order differs from FIPS 204"
    for i in range(K):
        acc = [0] * N
        for j in range(L):
            a = a_hat[i * L + j]
            acc = [(x + y * z) % Q for x, y, z in zip(acc, a, s1_hat[j])]
        t = [(x + y) % Q for x, y in zip(intt(acc), s2c[i])]
        assert [power2round_high(c) for c in t] == t1[i], f"t1[{i}] mismatch: A_hat order is not FIPS 204"


# ---------------------------------------------------------------------------


def signature_vectors(scheme: str = "mldsa65") -> list[str]:
    impl, pk_len, sig_len = {"mldsa44": (ML_DSA_44, 1312, 2420), "mldsa65": (ML_DSA_65, 1952, 3309), "mldsa87": (ML_DSA_87, 2592, 4627)}[scheme]
    lines = []
    for i in range(VECTORS):
        impl.random_bytes = Drbg(f"{scheme}/fips/{i}")
        pk, sk = impl.keygen()  # xi = random_bytes(32)
        msg = impl.random_bytes(MSG_LEN)
        sig = impl.sign(sk, msg, ctx=b"", deterministic=False)  # rnd = random_bytes(32)
        assert len(pk) == pk_len and len(sig) == sig_len
        assert impl.verify(pk, msg, sig, ctx=b"")
        assert not impl.verify(pk, msg, flip(sig, len(sig) // 2))
        assert not impl.verify(pk, flip(msg, 0), sig)
        lines.append(
            json.dumps(
                {
                    "scheme": scheme,
                    "source": "dilithium-py",
                    "variant": "fips",
                    "publicKey": hx(pk),
                    "message": hx(msg),
                    "signature": hx(sig),
                    "context": "0x",
                },
                separators=(",", ":"),
            )
        )
    return lines


def expanded_fixture() -> dict:
    keys = []
    for i in range(EXPANDED_KEYS):
        ML_DSA_65.random_bytes = Drbg(f"mldsa65/expanded/{i}")
        pk, sk = ML_DSA_65.keygen()
        rho, t1_vec = ML_DSA_65._unpack_pk(pk)  # SimpleBitUnpack(t1, 10 bits)
        a_mat = ML_DSA_65._expand_matrix_from_seed(rho)  # ExpandA: A[i][j] = RejNTTPoly(rho||j||i)
        a_hat = [list(a_mat[r, s].coeffs) for r in range(K) for s in range(L)]
        t1 = [list(p.coeffs) for p in polys(t1_vec)]
        tr = ML_DSA_65._h(pk, 64)

        assert rho == pk[:32] and len(a_hat) == 30 and len(t1) == 6
        assert all(len(p) == N and all(0 <= c < Q for c in p) for p in a_hat)
        assert all(len(p) == N and all(0 <= c < 1024 for c in p) for p in t1)
        assert tr == sk[64:128], "tr in sk differs from H(pk, 64)"
        check_expansion(a_hat, sk, t1)

        keys.append({"rho": hx(rho), "publicKey": hx(pk), "aHat": a_hat, "t1": t1, "tr": hx(tr)})
    return {"source": "dilithium-py", "version": PKG_VERSION, "keys": keys}


def write_expanded(path: str, fx: dict) -> None:
    # One polynomial per line keeps the file diffable without being huge.
    def arr(ps):
        return "[\n" + ",\n".join("      " + json.dumps(p, separators=(",", ":")) for p in ps) + "\n    ]"

    keys = []
    for k in fx["keys"]:
        keys.append(
            "  {\n"
            f'    "rho": {json.dumps(k["rho"])},\n'
            f'    "publicKey": {json.dumps(k["publicKey"])},\n'
            f'    "aHat": {arr(k["aHat"])},\n'
            f'    "t1": {arr(k["t1"])},\n'
            f'    "tr": {json.dumps(k["tr"])}\n'
            "  }"
        )
    body = (
        "{\n"
        f'"source": {json.dumps(fx["source"])},\n'
        f'"version": {json.dumps(fx["version"])},\n'
        '"keys": [\n' + ",\n".join(keys) + "\n]\n}\n"
    )
    assert json.loads(body) == fx
    with open(path, "w") as f:
        f.write(body)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out-dir", default=os.path.join(REPO, "test", "fixtures"))
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    print(f"dilithium-py {PKG_VERSION}", file=sys.stderr)

    lines = signature_vectors()
    p = os.path.join(args.out_dir, "mldsa65-dilithium-py.jsonl")
    with open(p, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {p} ({len(lines)} vectors)", file=sys.stderr)

    for scheme in ("mldsa44", "mldsa87"):
        lines = signature_vectors(scheme)
        p = os.path.join(args.out_dir, f"{scheme}-dilithium-py.jsonl")
        with open(p, "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"wrote {p} ({len(lines)} vectors)", file=sys.stderr)

    fx = expanded_fixture()
    p = os.path.join(args.out_dir, "mldsa65-expanded-dilithium-py.json")
    write_expanded(p, fx)
    print(f"wrote {p} ({len(fx['keys'])} keys; A_hat order checked against FIPS 204 NTT)", file=sys.stderr)

    # Third opinion on the PQClean ML-DSA vectors, when they are there.
    p = os.path.join(args.out_dir, "mldsa65-pqclean.jsonl")
    if os.path.exists(p):
        vs = [json.loads(line) for line in open(p) if line.strip()]
        ok = sum(
            ML_DSA_65.verify(bytes.fromhex(v["publicKey"][2:]), bytes.fromhex(v["message"][2:]), bytes.fromhex(v["signature"][2:]))
            for v in vs
        )
        print(f"dilithium-py accepts {ok}/{len(vs)} PQClean ML-DSA-65 vectors", file=sys.stderr)
        if ok != len(vs):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
