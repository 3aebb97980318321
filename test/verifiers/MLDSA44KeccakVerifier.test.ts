import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, slice, zeroAddress } from "viem";
import { attestExpandedKey } from "../../packages/sdk/src/actions/attestExpandedKey.js";
import { measureVerifyGas } from "../../packages/sdk/src/actions/measureVerifyGas.js";
import { deployCodeChunks } from "../../packages/sdk/src/keys/codeStore.js";
import { expandMldsa44PublicKey } from "../../packages/sdk/src/keys/mldsa44/expandPublicKey.js";
import { expandMldsa44KeccakPublicKey } from "../../packages/sdk/src/keys/mldsa44/keccak.js";
import { mldsa44KeccakKeygen, mldsa44KeccakSign } from "../../packages/sdk/src/keys/mldsa44/keccakSign.js";
import { deployFixture } from "../helpers/deployment.js";

type Vector = { source: string; publicKey: Hex; expandedKey?: Hex; message: Hex; context: Hex; signature: Hex };
const vectors: Vector[] = readFileSync(new URL("../fixtures/mldsa44keccak-ethdilithium.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const hashVectors = vectors.filter(({ message, context }) => hexToBytes(message).length === 32 && context === "0x");

const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

const connection = await network.create();
const fixture = await deployFixture(connection);
const verifier = await connection.viem.deployContract("MLDSA44KeccakVerifier");
const fips = await connection.viem.deployContract("MLDSA44Verifier", [zeroAddress]);
const keys = new Map<Hex, Hex>();

/** The ERC-7913 key of `publicKey` (ETHDILITHIUM's expansion, from the fixture when it has it), deployed once. */
async function keyOf({ publicKey, expandedKey }: Vector): Promise<Hex> {
  if (!keys.has(publicKey)) {
    const expanded = expandMldsa44KeccakPublicKey(publicKey);
    if (expandedKey !== undefined) assert.equal(slice(expanded.bytes, 0, 20544), expandedKey);
    await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: expanded.bytes });
    keys.set(publicKey, expanded.key);
  }
  return keys.get(publicKey)!;
}

describe("MLDSA44KeccakVerifier (ETHDILITHIUM, keccak variant: not FIPS 204)", () => {
  it("accepts ETHDILITHIUM's signatures of 32-byte hashes through verify", async () => {
    assert.ok(hashVectors.length >= 6);
    for (const vector of hashVectors) assert.equal(await verifier.read.verify([await keyOf(vector), vector.message, vector.signature]), MAGIC, vector.source);
    const first = hashVectors[0];
    const { gas, valid } = await measureVerifyGas({ client: fixture.client, verifier: verifier.address, key: await keyOf(first), hash: first.message, signature: first.signature });
    assert.equal(valid, true);
    console.log(`      MLDSA44KeccakVerifier.verify (${first.source}): ${gas} gas`);
  });

  it("accepts every vector through verifyMessage: its KAT entries, its test key's message, messages with a context", async () => {
    assert.ok(vectors.filter(({ source }) => source.includes("KAT")).length >= 25);
    assert.ok(vectors.some(({ context }) => context !== "0x"));
    for (const vector of vectors)
      assert.equal(await verifier.read.verifyMessage([await keyOf(vector), vector.message, vector.context, vector.signature]), true, vector.source);
  });

  it("rejects mutations of c̃, z, the hint, the message and the context, and another key", async () => {
    const vector = vectors.find(({ context }) => context !== "0x")!;
    const key = await keyOf(vector);
    const verdict = (message: Hex, context: Hex, signature: Hex | Uint8Array) =>
      verifier.read.verifyMessage([key, message, context, typeof signature === "string" ? signature : bytesToHex(signature)]);
    assert.equal(await verdict(vector.message, vector.context, vector.signature), true);
    for (const byte of [0, 31, 32, 1000, 2335, 2336, 2415, 2419]) {
      const mutated = hexToBytes(vector.signature);
      mutated[byte] ^= 0x01;
      assert.equal(await verdict(vector.message, vector.context, mutated), false, `signature byte ${byte}`);
    }
    assert.equal(await verdict(bytesToHex(hexToBytes(vector.message).map((b, i) => (i === 0 ? b ^ 1 : b))), vector.context, vector.signature), false);
    assert.equal(await verdict(vector.message, "0x", vector.signature), false, "context dropped");
    assert.equal(await verdict(vector.message, vector.context, slice(vector.signature, 0, 2419)), false, "one byte short");
    assert.equal(await verdict(vector.message, vector.context, concatHex([vector.signature, "0x00"])), false, "one byte long");
    assert.equal(await verdict(vector.message, `0x${"00".repeat(256)}`, vector.signature), false, "context of 256 bytes");
    const other = vectors.find(({ publicKey }) => publicKey !== vector.publicKey)!;
    assert.equal(await verifier.read.verifyMessage([await keyOf(other), vector.message, vector.context, vector.signature]), false, "another key");
  });

  it("is not ML-DSA-44: the FIPS verifier rejects these signatures under the FIPS expansion of the same key, and the variant the FIPS key", async () => {
    const vector = hashVectors[0];
    const expanded = expandMldsa44PublicKey(vector.publicKey);
    await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: expanded.bytes });
    assert.equal(await fips.read.verify([expanded.key, vector.message, vector.signature]), FAILURE);
    assert.equal(await verifier.read.verify([expanded.key, vector.message, vector.signature]), FAILURE);
    assert.equal(await fips.read.verify([await keyOf(vector), vector.message, vector.signature]), FAILURE);
  });

  it("accepts the SDK signer's hedged signatures of random keys, hashes and messages with a context", async () => {
    for (let i = 0; i < 3; i++) {
      const { publicKey, secretKey } = mldsa44KeccakKeygen(crypto.getRandomValues(new Uint8Array(32)));
      const key = await keyOf({ source: "SDK", publicKey: bytesToHex(publicKey), message: "0x", context: "0x", signature: "0x" });
      const hash = crypto.getRandomValues(new Uint8Array(32));
      assert.equal(await verifier.read.verify([key, bytesToHex(hash), bytesToHex(mldsa44KeccakSign({ secretKey, message: hash }))]), MAGIC);
      const message = crypto.getRandomValues(new Uint8Array(100 + i));
      const context = crypto.getRandomValues(new Uint8Array(i * 100));
      const signature = mldsa44KeccakSign({ secretKey, message, context });
      assert.equal(await verifier.read.verifyMessage([key, bytesToHex(message), bytesToHex(context), bytesToHex(signature)]), true);
      assert.equal(await verifier.read.verifyMessage([key, bytesToHex(message), bytesToHex(context.reverse()), bytesToHex(signature)]), i === 0);
    }
  });

  it("rejects bad keys; keyId names the keypair by keccak256(pk) once its attestor has proven E", async () => {
    const vector = hashVectors[0];
    const key = await keyOf(vector);
    await assert.rejects(verifier.read.keyId([key]), /ERC7913UnattestedKey/);
    const expanded = expandMldsa44KeccakPublicKey(vector.publicKey);
    await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer: { scheme: "mldsa44keccak", expandedKey: expanded } });
    assert.equal(await verifier.read.keyId([key]), keccak256(vector.publicKey));
    assert.equal(await verifier.read.verify([slice(key, 0, 51), vector.message, vector.signature]), FAILURE);
    assert.equal(await verifier.read.verify([concatHex([slice(key, 0, 32), "0x000000000000000000000000000000000000dead"]), vector.message, vector.signature]), FAILURE);
    assert.equal(await verifier.read.verify([concatHex([`0x${"11".repeat(32)}`, slice(key, 32)]), vector.message, vector.signature]), FAILURE);
    await assert.rejects(verifier.read.keyId([slice(key, 0, 51)]), /ERC7913NonCanonicalKey/);
  });
});
