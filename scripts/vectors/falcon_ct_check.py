#!/usr/bin/env python3
"""Independent check of test/fixtures/falcon{512,1024}-ct.jsonl (pure Python 3, standard library only).

Shares no code with the generator (falcon-reference/, falcon-rs) or with the SDK. For every line:

* fields and shapes: scheme / source / variant "ct" / context "0x"; publicKey = 0x00 + logn followed by
  14-bit packed h (897 / 1,793 bytes, every coefficient < q); message = 32 bytes;
* signature (CT format, falcon.h FALCON_SIG_CT): header 0x50 + logn (0x59 / 0x5a), exactly 809 / 1,577
  bytes = 1 + 40 (nonce) + n*12/8; s2 decoded as 12-bit two's complement, most significant bit first,
  with -2048 rejected; re-encoding gives back the same bytes;
* compressed: header 0x30 + logn (0x39 / 0x3a), same nonce, at most 752 / 1,462 bytes, s2 decoded with
  the reference's comp_decode rules (sign bit + 7 low bits + unary high part, at most 15 high bits,
  no "-0", unused bits of the last byte zero, no trailing bytes); it must be the same s2 as the CT payload;
* Falcon verification from scratch: c = HashToPoint(nonce || message) with SHAKE256 (16-bit big-endian
  samples < 61445, reduced mod q), s1 = c - s2*h mod (q, x^n + 1), centred, and
  ||s1||^2 + ||s2||^2 <= floor(beta^2) (34,034,726 for n = 512, 70,265,242 for n = 1024); a flipped
  message byte must fail.

Usage: python3 scripts/vectors/falcon_ct_check.py [FIXTURE_DIR]   (exit status 0 iff all checks pass)
"""

import hashlib
import json
import sys
from pathlib import Path

Q = 12289
PARAMS = {  # scheme: (logn, public key bytes, CT signature bytes, compressed max bytes, floor(beta^2))
    "falcon512": (9, 897, 809, 752, 34034726),
    "falcon1024": (10, 1793, 1577, 1462, 70265242),
}
SOURCE = "falcon-reference (crate falcon-rs v0.1.0)"
FIELDS = ["scheme", "source", "variant", "publicKey", "message", "signature", "context", "compressed"]


def unhex(s):
    assert s.startswith("0x"), s[:10]
    return bytes.fromhex(s[2:])


def bits_of(data):
    for byte in data:
        for k in range(7, -1, -1):
            yield (byte >> k) & 1


def decode_pk(pk, logn):
    n = 1 << logn
    assert pk[0] == logn, "public key header"
    bits = list(bits_of(pk[1:]))
    assert len(bits) == 14 * n, "public key length"
    h = [int("".join(map(str, bits[14 * i:14 * i + 14])), 2) for i in range(n)]
    assert all(x < Q for x in h), "public key coefficient >= q"
    return h


def decode_ct(payload, n):
    """trim_i16_decode with 12 bits: two's complement, MSB first, -2048 forbidden."""
    assert len(payload) * 8 == 12 * n, "CT payload length"
    bits = list(bits_of(payload))
    out = []
    for i in range(n):
        w = int("".join(map(str, bits[12 * i:12 * i + 12])), 2)
        if w >= 2048:
            w -= 4096
        assert w != -2048, "CT: -2048 is forbidden"
        out.append(w)
    return out


def encode_ct(s2):
    acc = 0
    for x in s2:
        acc = (acc << 12) | (x & 0xFFF)
    return acc.to_bytes(len(s2) * 12 // 8, "big")


def comp_decode(payload, n):
    """Reference comp_decode; the whole payload must be consumed (no padding in this format)."""
    bits = list(bits_of(payload))
    pos, out = 0, []
    for _ in range(n):
        assert pos + 8 <= len(bits), "compressed: truncated"
        sign = bits[pos]
        low = int("".join(map(str, bits[pos + 1:pos + 8])), 2)
        pos += 8
        high = 0
        while True:
            assert pos < len(bits), "compressed: truncated unary part"
            b = bits[pos]
            pos += 1
            if b:
                break
            high += 1
            assert high <= 15, "compressed: more than 15 high bits"
        m = (high << 7) | low
        assert not (sign and m == 0), "compressed: -0 is forbidden"
        out.append(-m if sign else m)
    assert all(b == 0 for b in bits[pos:]), "compressed: non-zero unused bits"
    assert (len(bits) - pos) < 8, "compressed: trailing bytes"
    return out


def hash_to_point(nonce, msg, n):
    xof = hashlib.shake_256(nonce + msg).digest(4 * n + 1024)  # ample for the rejection sampling
    c, i = [], 0
    while len(c) < n:
        assert i + 2 <= len(xof)
        t = (xof[i] << 8) | xof[i + 1]
        i += 2
        if t < 5 * Q:
            c.append(t % Q)
    return c


def negacyclic_mul(a, b, n):
    r = [0] * n
    for i, ai in enumerate(a):
        if ai == 0:
            continue
        for j, bj in enumerate(b):
            k = i + j
            if k < n:
                r[k] += ai * bj
            else:
                r[k - n] -= ai * bj
    return [x % Q for x in r]


def falcon_verify(h, nonce, msg, s2, n, bound):
    c = hash_to_point(nonce, msg, n)
    s2h = negacyclic_mul(s2, h, n)
    s1 = [(ci - x) % Q for ci, x in zip(c, s2h)]
    s1 = [x - Q if x > Q // 2 else x for x in s1]
    return sum(x * x for x in s1) + sum(x * x for x in s2) <= bound


def check_file(path, scheme):
    logn, pk_len, ct_len, comp_max, bound = PARAMS[scheme]
    n = 1 << logn
    lines = path.read_text().splitlines()
    assert len(lines) == 4, f"{path.name}: {len(lines)} vectors"
    comp_lens = []
    for i, line in enumerate(lines):
        v = json.loads(line)
        where = f"{path.name} line {i + 1}"
        assert list(v) == FIELDS, f"{where}: fields {list(v)}"
        assert (v["scheme"], v["source"], v["variant"], v["context"]) == (scheme, SOURCE, "ct", "0x"), where
        pk, msg, sig, comp = (unhex(v[k]) for k in ("publicKey", "message", "signature", "compressed"))
        assert len(pk) == pk_len and len(msg) == 32, where
        h = decode_pk(pk, logn)

        assert len(sig) == ct_len and sig[0] == 0x50 + logn, f"{where}: CT length/header"
        s2 = decode_ct(sig[41:], n)
        assert encode_ct(s2) == sig[41:], f"{where}: CT re-encoding"

        assert comp[0] == 0x30 + logn and len(comp) <= comp_max, f"{where}: compressed length/header"
        assert comp[1:41] == sig[1:41], f"{where}: nonce differs"
        assert comp_decode(comp[41:], n) == s2, f"{where}: compressed s2 != CT s2"
        comp_lens.append(len(comp))

        assert falcon_verify(h, sig[1:41], msg, s2, n, bound), f"{where}: signature does not verify"
        bad = bytes([msg[0] ^ 1]) + msg[1:]
        assert not falcon_verify(h, sig[1:41], bad, s2, n, bound), f"{where}: flipped message verifies"
    print(f"  {path.name}: 4 vectors OK (CT {ct_len} bytes, header 0x{0x50 + logn:02x}; "
          f"compressed {comp_lens}; s2 identical; verified from scratch)", file=sys.stderr)


def main():
    root = Path(__file__).resolve().parents[2]
    fixtures = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "test" / "fixtures"
    for scheme in PARAMS:
        check_file(fixtures / f"{scheme}-ct.jsonl", scheme)


if __name__ == "__main__":
    main()
