"""Verifies the SDK's ETHFALCON signatures with ZKNox's own Python verifier, and records the verdicts.

Reads test/fixtures/falcon512keccak-pq4337.jsonl (written by pq4337-falcon512keccak.ts with the SDK's signer)
and, for every record, runs ETHFALCON's pythonref `PublicKey.verify` (keccak-CTR HashToPoint) on the signature in
ETHFALCON's own form (header 0x29, salt, s2 compressed into 625 bytes), then on three mutations that must fail: a
flipped message byte, a flipped salt byte, and s2[0] + 1. Writes a JSON verdict file naming the fixture's SHA-256,
so test/fixtures.test.ts can tell the verdicts belong to the fixture it regenerates. Usage:

    python3 ethfalcon_check.py <ETHFALCON checkout> <ZKNoxHQ/NTT checkout> <fixture .jsonl> <verdicts .json>
"""

import hashlib
import json
import sys
from pathlib import Path

ETHFALCON = Path(sys.argv[1])
NTT = Path(sys.argv[2])
FIXTURE = Path(sys.argv[3])
OUT = Path(sys.argv[4])
sys.path.insert(0, str(ETHFALCON / "pythonref"))
sys.path.insert(0, str(NTT / "assets" / "pythonref"))

from common import q  # noqa: E402
from encoding import compress  # noqa: E402
from falcon import HEAD_LEN, SALT_LEN, PublicKey  # noqa: E402
from keccak_prng import KeccakPRNG  # noqa: E402

N = 512
SALT = 40


def s2_of(signature):
    """s2 from the ERC-7913 form: 32 big-endian words of 16 coefficients, coefficient 16w + j at bits 16j."""
    words = [int.from_bytes(signature[SALT + 32 * w : SALT + 32 * (w + 1)], "big") for w in range(N // 16)]
    values = [(words[i >> 4] >> ((i & 15) * 16)) & 0xFFFF for i in range(N)]
    assert all(v < q for v in values)
    return [v - q if v > q // 2 else v for v in values]


def verifies(pk, message, salt, s2):
    enc = compress(list(s2), pk.sig_bytelen - HEAD_LEN - SALT_LEN)
    if enc is False:
        return False
    return pk.verify(message, bytes([0x20 + 9]) + salt + enc, xof=KeccakPRNG)


fixture = FIXTURE.read_bytes()
records = [json.loads(line) for line in fixture.decode().splitlines() if line]
accepted = 0
rejected = 0
for record in records:
    pk = PublicKey.from_bytes(bytes.fromhex(record["publicKey"][2:]))
    message = bytes.fromhex(record["message"][2:])
    signature = bytes.fromhex(record["signature"][2:])
    salt, s2 = signature[:SALT], s2_of(signature)
    assert verifies(pk, message, salt, s2), record["source"]
    accepted += 1
    flipped_message = (bytes([message[0] ^ 1]) + message[1:]) if message else b"\x00"
    flipped_salt = bytes([salt[0] ^ 1]) + salt[1:]
    for mutation in [(flipped_message, salt, s2), (message, flipped_salt, s2), (message, salt, [s2[0] + 1] + s2[1:])]:
        assert not verifies(pk, *mutation), record["source"]
        rejected += 1

verdicts = {
    "verifier": "ZKNoxHQ/ETHFALCON@03ed0d60 pythonref falcon.PublicKey.verify (xof=KeccakPRNG)",
    "fixture": FIXTURE.name,
    "fixtureSha256": hashlib.sha256(fixture).hexdigest(),
    "accepted": accepted,
    "mutationsRejected": rejected,
    "records": len(records),
}
OUT.write_text(json.dumps(verdicts, indent=2) + "\n")
print(f"{OUT}: {accepted}/{len(records)} accepted, {rejected} mutations rejected", file=sys.stderr)
