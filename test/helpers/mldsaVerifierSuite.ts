import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, toHex, zeroAddress } from "viem";
import type { NetworkConnection } from "hardhat/types/network";
import {
  type Mldsa44SignerReturnType,
  type Mldsa65SignerReturnType,
  type Mldsa87SignerReturnType,
  codeChunksCommitment,
  deployCodeChunks, expandMldsa44PublicKey, expandMldsa87PublicKey, expandPublicKey,
  mldsa44Signer,
  mldsa65Signer,
  mldsa87Signer,
  toCodeChunks,
} from "@pq4337/sdk";
import { type Fixture, deployFixture } from "./deployment.js";
import { inverseNttCode } from "../../scripts/inverse-ntt-code.mjs";
import { inverseNttLookAlike } from "./inverseNttPredeploy.js";

const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

/**
 * What differs between the ML-DSA verifiers that {@link describeMldsaVerifier} tests alike: the parameter set's
 * library, signer and key expansion, FIPS 204's sizes and σ's layout, and the places each test mutates.
 */
export type MldsaVerifierCase = {
  name: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87";
  contract: "MLDSA44Verifier" | "MLDSA65Verifier" | "MLDSA87Verifier";
  noble: typeof ml_dsa44 | typeof ml_dsa65 | typeof ml_dsa87;
  signer: (options?: { deterministic?: boolean }) => Mldsa44SignerReturnType | Mldsa65SignerReturnType | Mldsa87SignerReturnType;
  expand: typeof expandMldsa44PublicKey | typeof expandPublicKey | typeof expandMldsa87PublicKey;
  /** Fixture files (test/fixtures) holding the set's independent vectors, and how many they hold. */
  vectorFiles: string[];
  vectorCount: number;
  /** FIPS 204's sizes: pk, σ and the ERC-7913 key in bytes, and the expanded key's code chunks. */
  sizes: { publicKey: number; signature: number; key: number; chunks: number };
  /** σ = c̃ ‖ z ‖ h: where z and the hint start, ω, k, and the bits of a z field (γ1 = 2^(bits − 1)) and β. */
  layout: { zOffset: number; hintOffset: number; omega: number; k: number; zBits: number; beta: number };
  /** The σ bytes of c̃ and z that the mutation test flips, and the byte of E (in t̂1's last row) it flips in a key. */
  mutatedCTildeAndZ: number[];
  tamperedExpandedByte: number;
};

export const mldsa44Case: MldsaVerifierCase = {
  name: "ML-DSA-44",
  contract: "MLDSA44Verifier",
  noble: ml_dsa44,
  signer: mldsa44Signer,
  expand: expandMldsa44PublicKey,
  vectorFiles: ["mldsa44-pqclean.jsonl", "mldsa44-dilithium-py.jsonl"],
  vectorCount: 8,
  sizes: { publicKey: 1312, signature: 2420, key: 52, chunks: 1 },
  // σ = c̃ (32) ‖ z (4 × 576) ‖ h (ω = 80 positions, then k = 4 running counts).
  layout: { zOffset: 32, hintOffset: 2336, omega: 80, k: 4, zBits: 18, beta: 78 },
  // c̃, then z with every polynomial.
  mutatedCTildeAndZ: [0, 15, 31, 32, 33, 34, 32 + 575, 32 + 1000, 32 + 1728, 32 + 2303],
  tamperedExpandedByte: 20480 - 5,
};

export const mldsa65Case: MldsaVerifierCase = {
  name: "ML-DSA-65",
  contract: "MLDSA65Verifier",
  noble: ml_dsa65,
  signer: mldsa65Signer,
  expand: expandPublicKey,
  vectorFiles: ["mldsa65-pqclean.jsonl", "mldsa65-dilithium-py.jsonl"],
  vectorCount: 8,
  sizes: { publicKey: 1952, signature: 3309, key: 72, chunks: 2 },
  // σ = c̃ (48) ‖ z (5 × 640) ‖ h (ω = 55 positions, then k = 6 running counts).
  layout: { zOffset: 48, hintOffset: 3248, omega: 55, k: 6, zBits: 20, beta: 196 },
  // c̃, then z with its first, second and fifth polynomials.
  mutatedCTildeAndZ: [0, 17, 47, 48, 49, 48 + 639, 48 + 1000, 48 + 3199],
  tamperedExpandedByte: 36864 - 5,
};

export const mldsa87Case: MldsaVerifierCase = {
  name: "ML-DSA-87",
  contract: "MLDSA87Verifier",
  noble: ml_dsa87,
  signer: mldsa87Signer,
  expand: expandMldsa87PublicKey,
  vectorFiles: ["mldsa87-pqclean.jsonl", "mldsa87-dilithium-py.jsonl"],
  vectorCount: 8,
  sizes: { publicKey: 2592, signature: 4627, key: 92, chunks: 3 },
  // σ = c̃ (64) ‖ z (7 × 640) ‖ h (ω = 75 positions, then k = 8 running counts).
  layout: { zOffset: 64, hintOffset: 4544, omega: 75, k: 8, zBits: 20, beta: 120 },
  // c̃ (its last 16 bytes are what ML-DSA-65 does not have), then z including the sixth and seventh polynomials.
  mutatedCTildeAndZ: [0, 31, 47, 48, 63, 64, 65, 64 + 639, 64 + 3200, 64 + 4479],
  tamperedExpandedByte: 65536 - 5,
};

type Vector = { source: string; publicKey: Hex; message: Hex; signature: Hex; context: Hex };

const readVectors = (files: string[]) =>
  files.flatMap((file) =>
    readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Vector),
  );

const mutate = (signature: Hex, offset: number, value: number): Hex => {
  const bytes = hexToBytes(signature);
  bytes[offset] = value & 0xff;
  return bytesToHex(bytes);
};

/** σ with the first z coefficient's field (γ1 − z, `zBits` wide, little-endian from `zOffset`) set to `raw`. */
const withRaw = (signature: Hex, { zOffset, zBits }: MldsaVerifierCase["layout"], raw: number): Hex => {
  const bytes = hexToBytes(signature);
  const topMask = (1 << (zBits - 16)) - 1;
  bytes[zOffset] = raw & 0xff;
  bytes[zOffset + 1] = (raw >> 8) & 0xff;
  bytes[zOffset + 2] = (bytes[zOffset + 2] & ~topMask & 0xff) | ((raw >> 16) & topMask);
  return bytesToHex(bytes);
};

/**
 * The verifier tests every ML-DSA parameter set shares: noble, PQClean and dilithium-py signatures accepted,
 * verifyMessage's contexts, single-byte mutations, malformed hints, z at the norm bound, and malformed keys (wrong
 * lengths, chunks without code, swapped, repeated or of another length, a wrong commitment), on an in-process chain.
 */
export function describeMldsaVerifier(connection: NetworkConnection<"generic">, set: MldsaVerifierCase) {
  const { viem } = connection;
  const { zOffset, hintOffset, omega, k, zBits, beta } = set.layout;
  const lastCount = hintOffset + omega + k - 1;
  const vectors = readVectors(set.vectorFiles);

  describe(set.contract, () => {
    let fixture: Fixture;
    let verifier: Awaited<ReturnType<typeof viem.deployContract<MldsaVerifierCase["contract"]>>>;
    let meter: Awaited<ReturnType<typeof viem.deployContract<"ERC7913GasMeter">>>;
    const signer = set.signer({ deterministic: true });
    const hash = keccak256(toHex(`pq4337 ${set.name}`));
    let signature: Hex;

    const verify = (key: Hex, message: Hex, sig: Hex) => verifier.read.verify([key, message, sig]);
    const deploy = (data: Hex) => deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data });
    const sign = (message: Hex, context = "0x" as Hex) =>
      bytesToHex(set.noble.sign(hexToBytes(message), hexToBytes(signer.secretKey), { context: hexToBytes(context) }));

    before(async () => {
      fixture = await deployFixture(connection);
      verifier = await viem.deployContract(set.contract, [zeroAddress]);
      meter = await viem.deployContract("ERC7913GasMeter");
      await deploy(signer.expandedKey.bytes);
      signature = await signer.sign({ hash });
    });

    const { publicKey, signature: signatureSize, key, chunks } = set.sizes;
    it(`has FIPS 204's sizes: pk ${publicKey}, σ ${signatureSize}, a ${key}-byte key over ${chunks} chunk(s)`, () => {
      assert.equal(hexToBytes(signer.publicKey).length, publicKey);
      assert.equal(hexToBytes(signature).length, signatureSize);
      assert.equal(hexToBytes(signer.key).length, key);
      assert.equal(signer.expandedKey.chunks.length, chunks);
    });

    it("accepts noble signatures of random hashes under random keys, and reports the gas", async () => {
      const gas: bigint[] = [];
      for (let round = 0; round < 3; round++) {
        const randomSigner = set.signer();
        await deploy(randomSigner.expandedKey.bytes);
        const message = bytesToHex(randomBytes(32));
        const sig = await randomSigner.sign({ hash: message });
        assert.equal(await verify(randomSigner.key, message, sig), MAGIC);
        const [result, used] = (await meter.read.measure([verifier.address, randomSigner.key, message, sig])) as readonly [Hex, bigint];
        assert.equal(result, MAGIC);
        gas.push(used);
      }
      console.log(`      ${set.name} verify gas: ${gas.join(", ")}`);
      assert.ok(gas.every((used) => used < 4_000_000n));
    });

    it("accepts signatures whose hints fill many rows, over many keys (noble, hedged)", async () => {
      for (let round = 0; round < 4; round++) {
        const randomSigner = set.signer();
        await deploy(randomSigner.expandedKey.bytes);
        for (let n = 0; n < 3; n++) {
          const message = bytesToHex(randomBytes(32));
          assert.equal(await verify(randomSigner.key, message, await randomSigner.sign({ hash: message })), MAGIC);
        }
      }
    });

    it("accepts the PQClean and dilithium-py vectors, and rejects them for another hash", async () => {
      assert.equal(vectors.length, set.vectorCount);
      for (const vector of vectors) {
        assert.equal(vector.context, "0x");
        const expanded = set.expand(vector.publicKey);
        await deploy(expanded.bytes);
        assert.equal(await verify(expanded.key, vector.message, vector.signature), MAGIC, vector.source);
        assert.equal(await verify(expanded.key, keccak256(vector.message), vector.signature), FAILURE, vector.source);
      }
    });

    it("verifyMessage: FIPS 204 Verify(pk, M, σ, ctx) for messages and contexts of any length", async () => {
      for (const [messageLength, contextLength] of [[0, 0], [200, 1], [32, 255], [500, 17], [32, 0]] as const) {
        const message = bytesToHex(randomBytes(messageLength));
        const context = bytesToHex(randomBytes(contextLength));
        const sig = sign(message, context);
        assert.equal(await verifier.read.verifyMessage([signer.key, message, context, sig]), true, `${messageLength}/${contextLength}`);
        assert.equal(await verifier.read.verifyMessage([signer.key, concatHex([message, "0x00"]), context, sig]), false, "a byte appended to M");
        assert.equal(await verifier.read.verifyMessage([signer.key, message, concatHex([context, "0x00"]), sig]), false, "another context");
        if (messageLength === 32 && contextLength === 0) assert.equal(await verify(signer.key, message, sig), MAGIC, "verify is the 32-byte, empty-context case");
      }
      assert.equal(await verifier.read.verifyMessage([signer.key, "0x", bytesToHex(new Uint8Array(256)), sign("0x")]), false, "|ctx| > 255");
      const keyWithoutCode = bytesToHex(new Uint8Array(set.sizes.key));
      assert.equal(await verifier.read.verifyMessage([keyWithoutCode, "0x", "0x", sign("0x")]), false, "a key without code");
    });

    it("rejects every single-byte mutation of c̃, z, the hint, the message and the key", async () => {
      assert.equal(await verify(signer.key, hash, signature), MAGIC);
      const bytes = hexToBytes(signature);
      const hintCount = bytes[lastCount];
      const hint = [hintOffset, hintOffset + hintCount - 1, hintOffset + omega, lastCount - 1, lastCount];
      for (const offset of [...set.mutatedCTildeAndZ, ...hint]) {
        assert.equal(await verify(signer.key, hash, mutate(signature, offset, bytes[offset] ^ 0x01)), FAILURE, `byte ${offset}`);
      }
      assert.equal(await verify(signer.key, keccak256(hash), signature), FAILURE);
      const otherSigner = set.signer();
      await deploy(otherSigner.expandedKey.bytes);
      assert.equal(await verify(otherSigner.key, hash, signature), FAILURE);
      // A key whose expanded data differs in one coefficient of t̂1's last row (deployed, with its own commitment, so
      // that the key is read and the signature fails on the arithmetic).
      const expanded = hexToBytes(signer.expandedKey.bytes);
      expanded[set.tamperedExpandedByte] ^= 1;
      const { addresses } = await deploy(bytesToHex(expanded));
      const tamperedKey = concatHex([codeChunksCommitment(toCodeChunks(bytesToHex(expanded))), ...addresses]);
      assert.equal(codeChunksCommitment(toCodeChunks(signer.expandedKey.bytes)), signer.key.slice(0, 66), "the honest key's commitment, built the same way");
      assert.equal(await verify(tamperedKey, hash, signature), FAILURE);
    });

    it("returns failure for malformed hints and out-of-range z", async () => {
      const bytes = hexToBytes(signature);
      const count = bytes[lastCount];
      const malformed: Record<string, Hex> = {
        "more than ω ones": mutate(signature, lastCount, omega + 1),
        "non-zero padding": mutate(signature, hintOffset + omega - 1, count === omega ? bytes[hintOffset + omega - 1] ^ 1 : 1),
        "decreasing counts": mutate(signature, hintOffset + omega, bytes[hintOffset + omega + 1] + 1),
      };
      if (count >= 2 && bytes[hintOffset + omega] >= 2) {
        const swapped = bytes.slice();
        [swapped[hintOffset], swapped[hintOffset + 1]] = [swapped[hintOffset + 1], swapped[hintOffset]];
        malformed["decreasing positions"] = bytesToHex(swapped);
        malformed["repeated position"] = mutate(signature, hintOffset + 1, bytes[hintOffset]);
      }
      // ‖z‖∞ < γ1 − β: the field γ1 − z must lie in [β + 1, 2γ1 − β − 1].
      const top = 2 ** zBits - 1;
      for (const raw of [0, beta, top - beta, top]) malformed[`z field ${raw}`] = withRaw(signature, set.layout, raw);
      for (const [name, s] of Object.entries(malformed)) assert.equal(await verify(signer.key, hash, s), FAILURE, name);
    });

    it("returns failure for wrong lengths, missing code and commitment mismatches", async () => {
      const commitment = signer.key.slice(0, 66) as Hex;
      const addresses = signer.expandedKey.chunks.map(({ address }) => address);
      assert.equal(await verify(`0x${signer.key.slice(2, -2)}`, hash, signature), FAILURE);
      assert.equal(await verify(concatHex([signer.key, "0x00"]), hash, signature), FAILURE);
      assert.equal(await verify(concatHex([commitment, ...addresses.slice(0, -1)]), hash, signature), FAILURE);
      assert.equal(await verify("0x", hash, signature), FAILURE);
      assert.equal(await verify(signer.key, hash, `0x${signature.slice(2, -2)}`), FAILURE);
      assert.equal(await verify(signer.key, hash, concatHex([signature, "0x00"])), FAILURE);
      assert.equal(await verify(signer.key, hash, "0x"), FAILURE);
      const empty = bytesToHex(randomBytes(20));
      assert.equal(await verify(concatHex([commitment, ...addresses.slice(0, -1), empty]), hash, signature), FAILURE);
      if (addresses.length > 1) {
        const [first, second, ...rest] = addresses;
        assert.equal(await verify(concatHex([commitment, second!, first!, ...rest]), hash, signature), FAILURE, "chunks swapped");
        assert.equal(await verify(concatHex([commitment, first!, first!, ...rest]), hash, signature), FAILURE, "a chunk twice");
      }
      assert.equal(await verify(concatHex([keccak256(commitment), ...addresses]), hash, signature), FAILURE);
      // A chunk with code of another length: the verifier itself.
      assert.equal(await verify(concatHex([commitment, ...addresses.slice(0, -1), verifier.address]), hash, signature), FAILURE);
    });

    it("reverts, never accepts, where the inverse NTT's address holds no code or other code", async () => {
      const { address, runtimeCode } = inverseNttCode();
      const setCode = (code: Hex) => connection.provider.request({ method: "hardhat_setCode", params: [address, code] });
      // No code (a chain where it was never deployed), and a look-alike that returns 2,048 zero bytes to any call.
      try {
        for (const code of ["0x", inverseNttLookAlike] as const) {
          await setCode(code);
          await assert.rejects(verify(signer.key, hash, signature), /MLDSAInverseNTTNotDeployed/);
        }
      } finally {
        await setCode(runtimeCode);
      }
      assert.equal(await verify(signer.key, hash, signature), MAGIC);
    });
  });
}
