"""ETHFALCON vectors for Falcon512KeccakVerifier, made with ZKNox's own code.

ETHFALCON is round-3 Falcon-512 with one change: HashToPoint reads its 16-bit samples from a keccak-CTR stream
(state = keccak256(salt || message), block i = keccak256(state || uint64_be(i))) instead of SHAKE256. This
script writes, from ZKNoxHQ/ETHFALCON's Python reference (pythonref/) and Solidity tests, one JSON record per
line:

- the signatures of ETHFALCON's own Solidity test (test/ethfalcon.t.sol), whose public key is given there in
  ETHFALCON's NTT domain (ntth) and is brought back to h with ZKNoxHQ/NTT's inverse transform;
- the entries of ETHFALCON's KAT file (test/ethfalcon512-KAT.rsp) that its Python verifier accepts, messages of
  any length;
- signatures of 32-byte hashes by ETHFALCON's Python signer under keys it generates, from a fixed seed;
- HashToPoint vectors: the keccak-CTR point of (salt, message) by ETHFALCON's Python hash_to_point.

Records: {"source", "publicKey" (NIST encoding of h, 897 bytes), "message", "signature" (salt || s2 as 32
big-endian words of 16 little-endian 16-bit coefficients mod q, ETHFALCON's ERC-7913 form, 1,064 bytes)}, with
"ntth" (ETHFALCON's compact NTT-domain key, 32 words) for the Solidity test's vectors, or
{"source", "salt", "message", "point"} for HashToPoint. Usage:

    python3 ethfalcon.py <ETHFALCON checkout> <ZKNoxHQ/NTT checkout> <output .jsonl>

Needs pycryptodome and numpy (requirements-ethfalcon.txt); generate.sh shows the checkouts' commits.
"""

import hashlib
import json
import re
import sys
from pathlib import Path

ETHFALCON = Path(sys.argv[1])
NTT = Path(sys.argv[2])
OUT = Path(sys.argv[3])
sys.path.insert(0, str(ETHFALCON / "pythonref"))
sys.path.insert(0, str(NTT / "assets" / "pythonref"))

from common import q  # noqa: E402
from falcon import HEAD_LEN, SALT_LEN, PublicKey, SecretKey, decompress, hash_to_point  # noqa: E402
from keccak_prng import KeccakPRNG  # noqa: E402
from polyntt.ntt_iterative import NTTIterative  # noqa: E402

N = 512


def encode_public_key(h):
    """The NIST encoding: header 0x09, then the 512 coefficients as 14-bit big-endian fields."""
    acc = 0
    for c in h:
        acc = (acc << 14) | c
    return bytes([0x09]) + acc.to_bytes(14 * N // 8, "big")


def compact(coefficients):
    """ETHFALCON's compact form: coefficient i at bits 16·(i mod 16) of word i // 16, words big-endian."""
    words = [0] * (N // 16)
    for i, c in enumerate(coefficients):
        assert 0 <= c < q
        words[i >> 4] |= c << ((i & 15) * 16)
    return b"".join(w.to_bytes(32, "big") for w in words)


def uncompact(words):
    return [(words[i >> 4] >> ((i & 15) * 16)) & 0xFFFF for i in range(N)]


def signature(salt, s2):
    return salt + compact([c % q for c in s2])


def record(source, h, message, salt, s2):
    pk = PublicKey(N, h)
    nist = bytes([0x20 + 9]) + salt
    # Cross-check with ETHFALCON's Python verifier before writing anything.
    from encoding import compress

    enc = compress(list(s2), pk.sig_bytelen - HEAD_LEN - SALT_LEN)
    assert enc is not False and pk.verify(message, nist + enc, xof=KeccakPRNG), source
    return {
        "source": source,
        "publicKey": "0x" + encode_public_key(h).hex(),
        "message": "0x" + message.hex(),
        "signature": "0x" + signature(salt, s2).hex(),
    }


def centred(c):
    return c - q if c > q // 2 else c


def solidity_test_vectors():
    text = (ETHFALCON / "test" / "ethfalcon.t.sol").read_text()
    records = []
    for i, body in enumerate(re.split(r"function testVector\d+\(\)", text)[1:]):
        pkc = [int(x) for x in re.search(r"tmp_pkc = \[([^\]]*)\]", body).group(1).split(",")]
        s2c = [int(x) for x in re.search(r"tmp_s2 = \[([^\]]*)\]", body).group(1).split(",")]
        literals = re.findall(r'"((?:\\x[0-9a-f]{2})+)"', body)
        message, salt = (bytes.fromhex(s.replace("\\x", "")) for s in literals[:2])
        h = NTTIterative(q).intt(uncompact(pkc))
        s2 = [centred(c) for c in uncompact(s2c)]
        entry = record(f"ETHFALCON test/ethfalcon.t.sol testVector{i}", h, message, salt, s2)
        # The key as ETHFALCON's contracts hold it: NTT(h) in 32 compact words.
        entry["ntth"] = ["0x%064x" % w for w in pkc]
        records.append(entry)
    return records


def kat_vectors():
    text = (ETHFALCON / "test" / "ethfalcon512-KAT.rsp").read_text()
    records = []
    for block in text.split("\n\n"):
        fields = dict(line.split(" = ", 1) for line in block.strip().splitlines() if " = " in line)
        if "sm" not in fields:
            continue
        mlen = int(fields["mlen"])
        pk = PublicKey.from_bytes(bytes.fromhex(fields["pk"]))
        sm = bytes.fromhex(fields["sm"])
        salt, message, body = sm[2:42], sm[42 : 42 + mlen], sm[42 + mlen :]
        if body[0] != 0x29:
            continue
        s2 = decompress(body[1:], pk.sig_bytelen - HEAD_LEN - SALT_LEN, N)
        if s2 is False or not pk.verify(message, bytes([0x29]) + salt + body[1:], xof=KeccakPRNG):
            continue
        records.append(record(f"ETHFALCON test/ethfalcon512-KAT.rsp count = {fields['count']}", pk.pk, message, salt, s2))
    return records


class SeededRandom:
    """A deterministic byte stream (SHAKE256 of the label and a block counter), so the output is reproducible."""

    def __init__(self, label):
        self.label = label.encode()
        self.buffer = b""
        self.blocks = 0

    def __call__(self, length):
        while len(self.buffer) < length:
            self.buffer += hashlib.shake_256(self.label + self.blocks.to_bytes(8, "big")).digest(1 << 16)
            self.blocks += 1
        out, self.buffer = self.buffer[:length], self.buffer[length:]
        return out


def signer_vectors(keys, hashes_per_key):
    records = []
    for k in range(keys):
        rng = SeededRandom(f"pq4337 ethfalcon key {k}")
        sk = SecretKey(N, randombytes=rng)
        for m in range(hashes_per_key):
            message = hashlib.sha3_256(f"pq4337 ethfalcon key {k} hash {m}".encode()).digest()
            sig = sk.sign(message, randombytes=rng, xof=KeccakPRNG)
            salt = sig[HEAD_LEN : HEAD_LEN + SALT_LEN]
            s2 = decompress(sig[HEAD_LEN + SALT_LEN :], sk.sig_bytelen - HEAD_LEN - SALT_LEN, N)
            records.append(record(f"ETHFALCON pythonref signer, key {k}, hash {m}", sk.h, message, salt, s2))
    return records


def hash_to_point_vectors(count):
    records = []
    for i in range(count):
        salt = hashlib.shake_256(f"pq4337 ethfalcon salt {i}".encode()).digest(SALT_LEN)
        message = hashlib.sha3_256(f"pq4337 ethfalcon message {i}".encode()).digest()
        point = hash_to_point(N, message, salt, xof=KeccakPRNG)
        records.append({"source": f"ETHFALCON pythonref hash_to_point {i}", "salt": "0x" + salt.hex(), "message": "0x" + message.hex(), "point": point})
    return records


records = solidity_test_vectors() + kat_vectors() + signer_vectors(4, 3) + hash_to_point_vectors(4)
OUT.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
print(f"{OUT}: {len(records)} records", file=sys.stderr)
