import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Hex, bytesToHex, concatHex, hexToBigInt, keccak256, numberToHex, pad, toFunctionSelector, toHex, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount, sign } from "viem/accounts";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { network } from "hardhat";

const { viem } = await network.create();
const verifier = await viem.deployContract("ECDSAVerifier");
const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";
const N = secp256k1.Point.CURVE().n;

const verify = (key: Hex, hash: Hex, signature: Hex) => verifier.read.verify([key, hash, signature]);

function keyEncodings(privateKey: Hex) {
  const secret = Uint8Array.from(Buffer.from(privateKey.slice(2), "hex"));
  return {
    address: privateKeyToAccount(privateKey).address as Hex,
    compressed: bytesToHex(secp256k1.getPublicKey(secret, true)),
    uncompressed: bytesToHex(secp256k1.getPublicKey(secret, false)),
  };
}

async function signed(privateKey: Hex, hash: Hex) {
  const { r, s, yParity } = await sign({ hash, privateKey });
  return { r, s: BigInt(s), yParity: yParity! };
}
const serialize = (r: Hex, s: bigint, v: number) => concatHex([r, numberToHex(s, { size: 32 }), numberToHex(v, { size: 1 })]);
const compact = (r: Hex, s: bigint, yParity: number) => concatHex([r, numberToHex(s | (BigInt(yParity) << 255n), { size: 32 })]);

describe("ECDSAVerifier", () => {
  it("accepts valid signatures for every key encoding and both signature forms", async () => {
    for (let i = 0; i < 8; i++) {
      const privateKey = generatePrivateKey();
      const hash = keccak256(toHex(`message ${i}`));
      const { r, s, yParity } = await signed(privateKey, hash);
      for (const key of Object.values(keyEncodings(privateKey))) {
        assert.equal(await verify(key, hash, serialize(r, s, 27 + yParity)), MAGIC);
        assert.equal(await verify(key, hash, compact(r, s, yParity)), MAGIC);
      }
    }
  });

  it("rejects a wrong hash, a wrong signer and every single-byte change of the signature", async () => {
    const privateKey = generatePrivateKey();
    const { address } = keyEncodings(privateKey);
    const hash = keccak256("0x01");
    const { r, s, yParity } = await signed(privateKey, hash);
    const signature = serialize(r, s, 27 + yParity);
    assert.equal(await verify(address, keccak256("0x02"), signature), FAILURE);
    assert.equal(await verify(keyEncodings(generatePrivateKey()).address, hash, signature), FAILURE);
    for (let byte = 0; byte < 65; byte++) {
      const mutated = Buffer.from(signature.slice(2), "hex");
      mutated[byte] ^= 0x01;
      assert.equal(await verify(address, hash, bytesToHex(mutated)), FAILURE, `byte ${byte}`);
    }
  });

  it("rejects the malleable twin (n - s), invalid v and wrong lengths", async () => {
    const privateKey = generatePrivateKey();
    const { address } = keyEncodings(privateKey);
    const hash = keccak256("0x03");
    const { r, s, yParity } = await signed(privateKey, hash);
    // (r, n - s, flipped parity) is a valid ECDSA signature of the same hash: ecrecover alone would accept it.
    assert.equal(await verify(address, hash, serialize(r, N - s, 28 - yParity)), FAILURE);
    for (const v of [0, 1, 26, 29, 255]) assert.equal(await verify(address, hash, serialize(r, s, v)), FAILURE, `v=${v}`);
    const signature = serialize(r, s, 27 + yParity);
    assert.equal(await verify(address, hash, `0x${signature.slice(2, -4)}` as Hex), FAILURE);
    assert.equal(await verify(address, hash, concatHex([signature, "0x00"])), FAILURE);
    assert.equal(await verify(address, hash, "0x"), FAILURE);
  });

  it("rejects malformed keys: bad SEC1 prefix, off-curve points, other lengths", async () => {
    const privateKey = generatePrivateKey();
    const { compressed, uncompressed, address } = keyEncodings(privateKey);
    const hash = keccak256("0x04");
    const { r, s, yParity } = await signed(privateKey, hash);
    const signature = serialize(r, s, 27 + yParity);
    const withPrefix = (key: Hex, prefix: string) => `0x${prefix}${key.slice(4)}` as Hex;
    assert.equal(await verify(withPrefix(compressed, "04"), hash, signature), FAILURE);
    assert.equal(await verify(withPrefix(compressed, compressed.slice(2, 4) === "02" ? "03" : "02"), hash, signature), FAILURE);
    assert.equal(await verify(withPrefix(uncompressed, "02"), hash, signature), FAILURE);
    const offCurveY = numberToHex((hexToBigInt(`0x${uncompressed.slice(-64)}`) + 1n) % 2n ** 256n, { size: 32 });
    assert.equal(await verify(concatHex([`0x${uncompressed.slice(2, 68)}`, offCurveY]), hash, signature), FAILURE);
    // x = 5 has no point on secp256k1 (5³ + 7 = 132 is not a square mod p).
    assert.equal(await verify(concatHex(["0x02", numberToHex(5n, { size: 32 })]), hash, signature), FAILURE);
    assert.equal(await verify(concatHex([address, "0x00"]), hash, signature), FAILURE);
    assert.equal(await verify("0x", hash, signature), FAILURE);
  });

  it("names a keypair by its address: keyId accepts only the address, the one canonical key", async () => {
    const privateKey = generatePrivateKey();
    const { address, compressed, uncompressed } = keyEncodings(privateKey);
    assert.equal(await verifier.read.keyId([address]), pad(address.toLowerCase() as Hex));
    for (const key of [compressed, uncompressed, zeroAddress, "0x" as Hex, concatHex([address, "0x00"])])
      await assert.rejects(verifier.read.keyId([key]), /ERC7913NonCanonicalKey/, key);
    assert.equal(await verifier.read.supportsInterface([toFunctionSelector("keyId(bytes)")]), true);
    assert.equal(await verifier.read.supportsInterface(["0x01ffc9a7"]), true); // ERC-165
    assert.equal(await verifier.read.supportsInterface(["0xffffffff"]), false);
  });
});
