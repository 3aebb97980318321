/**
 * Writes test/fixtures/falcon512keccak-pq4337.jsonl: ETHFALCON signatures made by the SDK's own Falcon signer
 * (`falcon512KeccakSigner`, deterministic), for `ethfalcon_check.py` to verify with ZKNox's Python reference.
 * 4 keys from fixed seeds, each signing three 32-byte hashes, and one key signing messages of 0 and 100 bytes
 * through `signFalconKeccak`. Deterministic: a re-run writes the same bytes, which test/fixtures.test.ts checks.
 *
 *   node --import tsx scripts/vectors/pq4337-falcon512keccak.ts [OUT]
 */
import { writeFileSync } from "node:fs";
import { shake256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, keccak256, stringToBytes } from "viem";
import { falconSeededRandom, signFalconKeccak } from "../../packages/sdk/src/keys/falcon/keccak.js";
import { falcon512KeccakSigner } from "../../packages/sdk/src/signers/falcon512Keccak.js";

const out = process.argv[2] ?? new URL("../../test/fixtures/falcon512keccak-pq4337.jsonl", import.meta.url).pathname;
const label = (text: string) => stringToBytes(`pq4337 falcon512keccak ${text}`);

const records: object[] = [];
for (let k = 0; k < 4; k++) {
  const signer = falcon512KeccakSigner({ seed: shake256(label(`key ${k}`), { dkLen: 48 }), deterministic: true });
  for (let m = 0; m < 3; m++) {
    const hash = keccak256(label(`key ${k} hash ${m}`));
    const signature = await signer.sign({ hash });
    records.push({ source: `pq4337 falcon512KeccakSigner, key ${k}, hash ${m}`, publicKey: signer.publicKey, message: hash, signature });
  }
}
const signer = falcon512KeccakSigner({ seed: shake256(label("key messages"), { dkLen: 48 }) });
for (const length of [0, 100]) {
  const message = shake256(label(`message of ${length} bytes`), { dkLen: length });
  const random = falconSeededRandom(concatBytes([label("message randomness"), message]));
  const signature = signFalconKeccak({ secretKey: signer.secretKey, message, random });
  records.push({ source: `pq4337 signFalconKeccak, a ${length}-byte message`, publicKey: signer.publicKey, message: bytesToHex(message), signature: bytesToHex(signature) });
}
writeFileSync(out, records.map((record) => `${JSON.stringify(record)}\n`).join(""));
console.error(`${out}: ${records.length} records`);
