"""ETHDILITHIUM vectors for MLDSA44KeccakVerifier, made with ZKNox's own code.

ETHDILITHIUM is ML-DSA-44 (FIPS 204 sizes, encodings and arithmetic) with every SHAKE call replaced by a
keccak-CTR stream (state = keccak256(input), block i = keccak256(state || uint64_be(i))): ExpandA, tr, mu,
SampleInBall and the final challenge hash. This script writes, from ZKNoxHQ/ETHDILITHIUM's Python signer
(pythonref/dilithium_py, a fork of dilithium-py), one JSON record per line:

- the first 25 entries of its KAT file (pythonref/assets/PQCsignKAT_Dilithium2_ETH.rsp, messages of 33 to 825
  bytes, empty context), each re-verified by its Python verifier;
- the key and signature of its own Solidity test's generator (generate_ethdilithium_test_vectors.py: the DRBG seed
  "1234...5678", the message "We are ZKNox.");
- signatures of 32-byte hashes, and of messages with a context, by its signer under keys from a seeded DRBG;
- keys from a 32-byte seed (key_derive) with their secret keys, and deterministic signatures (rnd = 0^32), which the
  SDK's signer must reproduce byte for byte.

Records: {"source", "publicKey" (pk = rho || t1, 1,312 bytes), "expandedKey" (E = A_hat || t1_hat || tr as
MLDSA44KeccakVerifier reads it, from ETHDILITHIUM's own pk_for_eth; all but 22 KAT entries), "message", "context",
"signature" (2,420 bytes)}. Usage:

    python3 ethdilithium.py <ETHDILITHIUM checkout> <output .jsonl>

Needs pycryptodome (requirements-ethfalcon.txt); generate.sh shows the checkout's commit.
"""

import hashlib
import json
import sys
from pathlib import Path

ETHDILITHIUM = Path(sys.argv[1])
OUT = Path(sys.argv[2])
sys.path.insert(0, str(ETHDILITHIUM / "pythonref"))

from dilithium_py.dilithium.default_parameters import Dilithium2 as D  # noqa: E402
from dilithium_py.keccak_prng.keccak_prng_wrapper import Keccak256PRNG as K  # noqa: E402


def expanded_key(pk):
    """E = A_hat (row-major) || t1_hat, 256 big-endian uint32 coefficients per polynomial, then tr (64 bytes)."""
    a_hat, tr, t1_hat = D.pk_for_eth(pk)
    polynomials = [p for row in a_hat._data for p in row] + [row[0] for row in t1_hat._data]
    assert len(polynomials) == 20
    data = b"".join(c.to_bytes(4, "big") for p in polynomials for c in p.coeffs)
    return data + tr


def record(source, pk, message, context, signature, with_expanded_key=True):
    assert D.verify(pk, message, signature, ctx=context, _xof=K, _xof2=K), source
    entry = {"source": source, "publicKey": "0x" + pk.hex()}
    if with_expanded_key:
        entry["expandedKey"] = "0x" + expanded_key(pk).hex()
    entry.update({"message": "0x" + message.hex(), "context": "0x" + context.hex(), "signature": "0x" + signature.hex()})
    return entry


KAT_ENTRIES = 25


def kat_vectors():
    text = (ETHDILITHIUM / "pythonref" / "assets" / "PQCsignKAT_Dilithium2_ETH.rsp").read_text()
    records = []
    for block in text.split("\n\n"):
        fields = dict(line.split(" = ", 1) for line in block.strip().splitlines() if " = " in line)
        if "sm" not in fields:
            continue
        sm = bytes.fromhex(fields["sm"])
        signature, message = sm[:2420], sm[2420:]
        assert message == bytes.fromhex(fields["msg"])
        source = f"ETHDILITHIUM pythonref/assets/PQCsignKAT_Dilithium2_ETH.rsp count = {fields['count']}"
        # E (20,544 bytes) for the first three only, to keep the file small: the SDK's expansion is checked on them.
        records.append(record(source, bytes.fromhex(fields["pk"]), message, b"", signature, len(records) < 3))
        if len(records) == KAT_ENTRIES:
            break
    return records


def solidity_test_vector():
    # As generate_ethdilithium_test_vectors.py makes the key and signature of test/ZKNOX_ethdilithium.t.sol
    # (its signature is hedged: another run signs differently, and both verify).
    D.set_drbg_seed(b"123456789012345678901234567890123456789012345678")
    pk, sk = D.keygen(_xof=K, _xof2=K)
    message = b"We are ZKNox."
    signature = D.sign(sk, message, _xof=K, _xof2=K)
    return [record("ETHDILITHIUM generate_ethdilithium_test_vectors.py key, message 'We are ZKNox.'", pk, message, b"", signature)]


def signer_vectors(keys):
    records = []
    for k in range(keys):
        D.set_drbg_seed(hashlib.shake_256(f"pq4337 ethdilithium key {k}".encode()).digest(48))
        pk, sk = D.keygen(_xof=K, _xof2=K)
        for m in range(2):
            message = hashlib.sha3_256(f"pq4337 ethdilithium key {k} hash {m}".encode()).digest()
            signature = D.sign(sk, message, _xof=K, _xof2=K)
            records.append(record(f"ETHDILITHIUM pythonref signer, key {k}, hash {m}", pk, message, b"", signature))
        context = f"pq4337 context {k}".encode()
        message = b"an attestation of any length, signed with a context"
        signature = D.sign(sk, message, ctx=context, _xof=K, _xof2=K)
        records.append(record(f"ETHDILITHIUM pythonref signer, key {k}, message with context", pk, message, context, signature))
    return records


def deterministic_vectors(keys):
    """Keys from a 32-byte seed (key_derive) and deterministic signatures (rnd = 0^32): the SDK must match them."""
    records = []
    for k in range(keys):
        seed = hashlib.shake_256(f"pq4337 ethdilithium seed {k}".encode()).digest(32)
        pk, sk = D.key_derive(seed, _xof=K, _xof2=K)
        for message, context in [(hashlib.sha3_256(f"pq4337 deterministic {k}".encode()).digest(), b""), (b"deterministic, with a context", b"ctx")]:
            signature = D.sign(sk, message, ctx=context, deterministic=True, _xof=K, _xof2=K)
            entry = record(f"ETHDILITHIUM pythonref key_derive and deterministic sign, seed {k}", pk, message, context, signature, False)
            entry.update({"seed": "0x" + seed.hex(), "secretKey": "0x" + sk.hex(), "deterministic": True})
            records.append(entry)
    return records


records = solidity_test_vector() + kat_vectors() + signer_vectors(3) + deterministic_vectors(2)
OUT.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
print(f"{OUT}: {len(records)} records", file=sys.stderr)
