import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatBytes, concatHex, hexToBytes, keccak256, numberToHex, size, slice, toFunctionSelector, zeroAddress } from "viem";
import { measureVerifyGas } from "../../packages/sdk/src/actions/measureVerifyGas.js";
import { attestExpandedKey } from "../../packages/sdk/src/actions/attestExpandedKey.js";
import { codeChunksCommitment, deployCodeChunks, toCodeChunks } from "../../packages/sdk/src/keys/codeStore.js";
import {
  type FalconDegree,
  compressFalconS2 as compressS2,
  decodeFalconSignature,
  encodeFalconSignature,
  expandFalconPublicKey,
  falconParameters,
  falconQ as q,
} from "../../packages/sdk/src/keys/falcon/index.js";
import { deployCodeAt, deployFixture } from "./deployment.js";
import { setCtField, straddleNormBound } from "./falconNorm.js";
import { exceedsNormBound, falconWorstCases } from "./falconWorstCases.js";

type Vector = { variant: "compressed" | "padded" | "ct"; source: string; publicKey: Hex; message: Hex; signature: Hex };

/** The vectors of test/fixtures/falcon{512,1024}-`source`.jsonl: PQClean's, or CT-format ones. */
export function falconVectors(n: FalconDegree, source: "pqclean" | "ct"): Vector[] {
  return readFileSync(new URL(`../fixtures/falcon${n}-${source}.jsonl`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

/**
 * The on-chain test suite of Falcon512Verifier / Falcon1024Verifier: noble and PQClean signatures in all three
 * forms (compressed, padded, CT) verify; every mutation of nonce, s2 encoding, message, key and expanded key fails;
 * the norm bound is exact.
 */
export async function describeFalconVerifier(n: FalconDegree, contractName: "Falcon512Verifier" | "Falcon1024Verifier") {
  const [compressed, padded] = n === 512 ? [falcon512, falcon512padded] : [falcon1024, falcon1024padded];
  const { logn, normBound, paddedSignatureLength, ctSignatureLength } = falconParameters(n);
  const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
  const connection = await network.create();
  const fixture = await deployFixture(connection);
  // No precompile: the Solidity path (test/precompiles/ compares it with EIP-8052's).
  const verifier = contractName === "Falcon512Verifier"
    ? await connection.viem.deployContract("Falcon512Verifier", [zeroAddress, zeroAddress])
    : await connection.viem.deployContract("Falcon1024Verifier");

  describe(contractName, () => {
    const deploy = (data: Hex | Uint8Array) => deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data });
    const verify = (key: Hex, message: Hex | Uint8Array, signature: Hex | Uint8Array) =>
      verifier.read.verify([key, typeof message === "string" ? message : bytesToHex(message), typeof signature === "string" ? signature : bytesToHex(signature)]);
    const gas = async (key: Hex, message: Uint8Array, signature: Uint8Array) => {
      const measured = await measureVerifyGas({ client: fixture.client, verifier: verifier.address, key, hash: bytesToHex(message), signature: bytesToHex(signature) });
      assert.equal(measured.valid, true);
      return measured.gas;
    };

    /** A fresh key pair with its expanded key deployed. */
    async function keyPair(falcon: typeof compressed) {
      const { publicKey, secretKey } = falcon.keygen(random(48));
      const expanded = expandFalconPublicKey(publicKey);
      await deploy(expanded.bytes);
      return { publicKey, secretKey, expanded };
    }

    it("accepts noble signatures of random keys and hashes, compressed, padded and transcoded to CT", async () => {
      for (const falcon of [compressed, padded]) {
        const { secretKey, expanded } = await keyPair(falcon);
        for (let i = 0; i < 3; i++) {
          const message = random(32);
          const signature = falcon.sign(message, secretKey);
          assert.equal(await verify(expanded.key, message, signature), MAGIC);
          // The other forms of the same signature verify too (padded when the encoding fits its length).
          const { nonce, s2, format } = decodeFalconSignature(signature, n)!;
          if (format === "padded" || signature.length <= paddedSignatureLength) {
            const other = encodeFalconSignature({ n, nonce, s2, format: format === "padded" ? "compressed" : "padded" });
            assert.equal(await verify(expanded.key, message, other), MAGIC);
          }
          const ct = encodeFalconSignature({ n, nonce, s2, format: "ct" });
          assert.equal(ct.length, ctSignatureLength);
          assert.equal(await verify(expanded.key, message, ct), MAGIC);
          if (i === 0) {
            for (const [form, bytes] of [[format, signature], ["ct", ct]] as const) {
              const total = await gas(expanded.key, message, bytes);
              console.log(`      ${contractName}.verify (${form}, ${bytes.length} bytes): ${total} gas`);
            }
          }
        }
      }
    });

    it("accepts every PQClean vector, compressed and padded, and every CT vector", async () => {
      const vectors = [...falconVectors(n, "pqclean"), ...falconVectors(n, "ct")];
      for (const variant of ["compressed", "padded", "ct"]) assert.ok(vectors.some((vector) => vector.variant === variant), variant);
      const logged = new Set<string>();
      for (const { variant, publicKey, message, signature } of vectors) {
        const expanded = expandFalconPublicKey(publicKey);
        await deploy(expanded.bytes);
        assert.equal(await verify(expanded.key, message, signature), MAGIC);
        assert.equal(decodeFalconSignature(signature, n)!.format, variant);
        if (!logged.has(variant)) {
          // A fixed input, so that the figure is comparable from run to run (a fresh signature's HashToPoint takes
          // a varying number of SHAKE blocks).
          logged.add(variant);
          const total = await gas(expanded.key, hexToBytes(message), hexToBytes(signature));
          console.log(`      ${contractName}.verify (first ${variant} vector): ${total} gas`);
        }
      }
    });

    it("rejects a wrong hash, another key and mutated nonces and headers", async () => {
      const { secretKey, expanded } = await keyPair(padded);
      const other = await keyPair(padded);
      const message = random(32);
      const signature = padded.sign(message, secretKey);
      assert.equal(await verify(expanded.key, message, signature), MAGIC);
      for (const byte of [0, 31]) {
        const wrong = message.slice();
        wrong[byte] ^= 0x01;
        assert.equal(await verify(expanded.key, wrong, signature), FAILURE);
      }
      assert.equal(await verify(other.expanded.key, message, signature), FAILURE);
      for (const byte of [1, 20, 40]) {
        const mutated = signature.slice();
        mutated[byte] ^= 0x80;
        assert.equal(await verify(expanded.key, message, mutated), FAILURE, `nonce byte ${byte}`);
      }
      for (const header of [0x30 + (logn === 9 ? 10 : 9), 0x50 + logn, logn, 0xb0 + logn]) {
        const mutated = signature.slice();
        mutated[0] = header;
        assert.equal(await verify(expanded.key, message, mutated), FAILURE, `header ${header}`);
      }
    });

    it("rejects mutated s2 encodings, including non-canonical encodings of the same s2", async () => {
      const { publicKey, secretKey, expanded } = await keyPair(padded);
      const message = random(32);
      // Re-sign until s2 has a zero coefficient, so that "−0" is another encoding of the same s2.
      let signature = padded.sign(message, secretKey);
      while (!decodeFalconSignature(signature, n)!.s2.includes(0)) signature = padded.sign(message, secretKey);
      const { nonce, s2 } = decodeFalconSignature(signature, n)!;
      const short = encodeFalconSignature({ n, nonce, s2 });
      const agree = async (candidate: Uint8Array, expected: boolean, label: string) => {
        assert.equal(await verify(expanded.key, message, candidate), expected ? MAGIC : FAILURE, label);
        const noble = compressed.verify(candidate, message, publicKey) || padded.verify(candidate, message, publicKey);
        assert.equal(noble, expected, `noble: ${label}`);
      };
      await agree(short, true, "compressed");
      await agree(signature, true, "padded");

      // Bit flips across the s2 encoding.
      for (const byte of [41, 100, short.length - 1]) {
        const mutated = short.slice();
        mutated[byte] ^= 0x04;
        await agree(mutated, false, `s2 byte ${byte}`);
      }

      // "−0": the first zero coefficient re-encoded with its sign bit set.
      const zero = s2.findIndex((x) => x === 0);
      let bit = 0;
      for (let i = 0; i < zero; i++) bit += 9 + (Math.abs(s2[i]) >> 7);
      const negativeZero = short.slice();
      negativeZero[41 + (bit >> 3)] |= 0x80 >> (bit & 7);
      await agree(negativeZero, false, "negative zero");

      // A one in the unused bits of the last byte, a trailing zero byte (compressed), a one in the padding.
      const bits = s2.reduce((sum, x) => sum + 9 + (Math.abs(x) >> 7), 0);
      if (bits % 8 !== 0) {
        const dirty = short.slice();
        dirty[dirty.length - 1] |= 1;
        await agree(dirty, false, "unused bits");
      }
      // A trailing zero byte: only valid if it makes the padded length (then it is the padded form).
      await agree(concatBytes([short, new Uint8Array(1)]), short.length + 1 === paddedSignatureLength, "trailing zero byte");
      await agree(short.subarray(0, short.length - 1), false, "truncated");
      const dirtyPadding = signature.slice();
      dirtyPadding[dirtyPadding.length - 1] = 1;
      await agree(dirtyPadding, false, "padding");

      // A coefficient of magnitude 2048 or more: s2[0] encoded with 16 zeros in its unary part.
      const rest = compressS2(Array.from(s2).slice(1));
      const bitsOf = (bytes: Uint8Array, count: number) => Array.from({ length: count }, (_, i) => (bytes[i >> 3] >> (7 - (i & 7))) & 1);
      const restBits = bitsOf(rest, bits - 9 - (Math.abs(s2[0]) >> 7));
      const stream = [...new Array<number>(8 + 16).fill(0), 1, ...restBits];
      const tooLong = new Uint8Array(41 + Math.ceil(stream.length / 8));
      tooLong.set(short.subarray(0, 41));
      stream.forEach((value, i) => (tooLong[41 + (i >> 3)] |= value << (7 - (i & 7))));
      assert.equal(decodeFalconSignature(tooLong, n), undefined);
      assert.equal(await verify(expanded.key, message, tooLong), FAILURE);
    });

    it("rejects the worst s2 encodings it can be sent for no more gas than a valid signature of the same length", async () => {
      const { publicKey, secretKey, expanded } = await keyPair(compressed);
      const message = random(32);
      const measure = (signature: Uint8Array) =>
        measureVerifyGas({ client: fixture.client, verifier: verifier.address, key: expanded.key, hash: bytesToHex(message), signature: bytesToHex(signature) });
      const compressedSignature = compressed.sign(message, secretKey);
      const { nonce, s2 } = decodeFalconSignature(compressedSignature, n)!;
      for (const valid of [compressedSignature, padded.sign(message, secretKey)]) {
        const accepted = await measure(valid);
        assert.equal(accepted.valid, true);
        for (const { label, signature } of falconWorstCases(n, valid)) {
          const form = `${valid.length === paddedSignatureLength ? "padded" : "compressed"} ${valid.length} bytes, ${label}`;
          assert.equal(signature.length, valid.length, form);
          // The SDK's decoder refuses it, or it decodes to an s2 whose norm alone exceeds β²; noble rejects it.
          const decoded = decodeFalconSignature(signature, n);
          assert.ok(decoded === undefined || exceedsNormBound(n, decoded.s2), form);
          assert.equal(compressed.verify(signature, message, publicKey) || padded.verify(signature, message, publicKey), false, `noble: ${form}`);
          const rejected = await measure(signature);
          assert.equal(rejected.valid, false, form);
          assert.ok(rejected.gas <= accepted.gas, `${form}: ${rejected.gas} gas to reject, ${accepted.gas} to accept`);
          console.log(`      ${form}: rejected for ${rejected.gas} gas (valid: ${accepted.gas})`);
        }
      }
      // CT: a −2048 field, first and last.
      const ct = encodeFalconSignature({ n, nonce, s2, format: "ct" });
      const acceptedCt = await measure(ct);
      assert.equal(acceptedCt.valid, true);
      for (const index of [0, n - 1]) {
        const mutated = ct.slice();
        setCtField(mutated, index, 0x800);
        const rejected = await measure(mutated);
        assert.equal(rejected.valid, false);
        assert.ok(rejected.gas <= acceptedCt.gas, `CT −2048 at ${index}: ${rejected.gas} gas to reject, ${acceptedCt.gas} to accept`);
      }
    });

    it("rejects mutated CT signatures: fields, −2048, lengths and headers", async () => {
      const { publicKey, secretKey, expanded } = await keyPair(padded);
      const message = random(32);
      const { nonce, s2 } = decodeFalconSignature(padded.sign(message, secretKey), n)!;
      const ct = encodeFalconSignature({ n, nonce, s2, format: "ct" });
      const agree = async (candidate: Uint8Array, expected: boolean, label: string) => {
        assert.equal(await verify(expanded.key, message, candidate), expected ? MAGIC : FAILURE, label);
        // noble has no CT verifier: the SDK's decoding and, when it decodes, noble on the compressed form.
        const decoded = decodeFalconSignature(candidate, n);
        const noble = decoded !== undefined && compressed.verify(encodeFalconSignature({ n, nonce: decoded.nonce, s2: decoded.s2 }), message, publicKey);
        assert.equal(noble, expected, `SDK decoding + noble: ${label}`);
      };
      await agree(ct, true, "CT");
      // Every field's bits, in the first and last words and across a byte boundary.
      for (const byte of [1, 40, 41, 46, 100, ct.length - 1]) {
        for (const bit of [0x01, 0x10, 0x80]) {
          const mutated = ct.slice();
          mutated[byte] ^= bit;
          await agree(mutated, false, `byte ${byte} bit ${bit}`);
        }
      }
      // −2048 (0x800), the one 12-bit value the format forbids, in each lane of a word and at the end.
      for (const index of [0, 1, 6, 7, 8, n - 1]) {
        const mutated = ct.slice();
        setCtField(mutated, index, 0x800);
        assert.equal(decodeFalconSignature(mutated, n), undefined);
        assert.equal(await verify(expanded.key, message, mutated), FAILURE, `−2048 at ${index}`);
      }
      await agree(concatBytes([ct, new Uint8Array(1)]), false, "one byte longer");
      await agree(ct.subarray(0, ct.length - 1), false, "one byte shorter");
      await agree(ct.subarray(0, paddedSignatureLength), false, "cut to the padded length");
      for (const header of [0x50 + (logn === 9 ? 10 : 9), 0x30 + logn, 0x70 + logn, 0xd0 + logn, 0x40 + logn]) {
        const mutated = ct.slice();
        mutated[0] = header;
        assert.equal(await verify(expanded.key, message, mutated), FAILURE, `header ${header}`);
      }
    });

    it("accepts CT coefficients of ±2047 exactly as the reference decodes them", async () => {
      const { secretKey, expanded } = await keyPair(padded);
      const message = random(32);
      const signature = padded.sign(message, secretKey);
      const { nonce, s2 } = decodeFalconSignature(signature, n)!;
      // Large coefficients blow the norm, so the verdict is false; what matters is that the CT and compressed forms
      // of the same s2 get the same verdict from the verifier and that the SDK decodes them alike.
      for (const value of [2047, -2047]) {
        const extreme = Array.from(s2, (x, i) => (i === n - 1 ? value : x));
        const ct = encodeFalconSignature({ n, nonce, s2: extreme, format: "ct" });
        assert.deepEqual(Array.from(decodeFalconSignature(ct, n)!.s2), extreme);
        const viaCompressed = await verify(expanded.key, message, encodeFalconSignature({ n, nonce, s2: extreme }));
        assert.equal(await verify(expanded.key, message, ct), viaCompressed);
      }
    });

    it("rejects bad keys: commitment mismatch, missing or short chunk, unreduced expanded key, wrong lengths", async () => {
      const { secretKey, expanded } = await keyPair(padded);
      const message = random(32);
      const signature = padded.sign(message, secretKey);
      const [commitment, chunk] = [slice(expanded.key, 0, 32), slice(expanded.key, 32)];
      assert.equal(await verify(expanded.key, message, signature), MAGIC);

      const commit = (data: Hex | Uint8Array) => codeChunksCommitment(toCodeChunks(data));
      const otherCommitment = commit(concatBytes([hexToBytes(expanded.bytes), new Uint8Array(1)]));
      assert.equal(await verify(concatHex([otherCommitment, chunk]), message, signature), FAILURE);

      // A chunk address with no code.
      const missing = toCodeChunks(keccak256(expanded.bytes))[0].address;
      assert.equal(await verify(concatHex([commitment, missing]), message, signature), FAILURE);

      // A chunk one byte short, with its own commitment, and with the full data's.
      const shortData = slice(expanded.bytes, 0, size(expanded.bytes) - 1);
      const { addresses } = await deploy(shortData);
      assert.equal(await verify(concatHex([commit(shortData), addresses[0]]), message, signature), FAILURE);
      assert.equal(await verify(concatHex([commitment, addresses[0]]), message, signature), FAILURE);

      // An expanded key with a value of q: same residue mod q, but not the canonical form.
      const unreduced = hexToBytes(expanded.bytes);
      // Only E's values (the first 4·n bytes; pk follows) are checked against q.
      const index = unreduced.findIndex((_, i) => i % 4 === 0 && i < 4 * n && new DataView(unreduced.buffer).getUint32(i) === 0);
      if (index >= 0) {
        new DataView(unreduced.buffer).setUint32(index, q);
        const deployed = await deploy(unreduced);
        assert.equal(await verify(concatHex([commit(unreduced), deployed.addresses[0]]), message, signature), FAILURE);
      }
      const high = hexToBytes(expanded.bytes);
      high.set([0x80, 0, 0, 0], 0);
      const deployedHigh = await deploy(high);
      assert.equal(await verify(concatHex([commit(high), deployedHigh.addresses[0]]), message, signature), FAILURE);

      assert.equal(await verify(slice(expanded.key, 0, 51), message, signature), FAILURE);
      assert.equal(await verify(concatHex([expanded.key, "0x00"]), message, signature), FAILURE);
      assert.equal(await verify("0x", message, signature), FAILURE);
      assert.equal(await verify(expanded.key, message, "0x"), FAILURE);
      assert.equal(await verify(expanded.key, message, signature.subarray(0, 41)), FAILURE);
      assert.equal(await verify(expanded.key, message, concatBytes([signature, new Uint8Array(falconParameters(n).maxSignatureLength)])), FAILURE);
    });

    it("names a keypair by keccak256(pk) once attested, wherever its chunk is; keyId refuses what verify refuses", async () => {
      const { expanded } = await keyPair(compressed);
      const keyId = (key: Hex) => verifier.read.keyId([key]);
      const signer = { scheme: n === 512 ? "falcon512" : "falcon1024", expandedKey: expanded } as const;
      await assert.rejects(keyId(expanded.key), /ERC7913UnattestedKey/);
      await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
      assert.equal(await keyId(expanded.key), keccak256(expanded.publicKey));
      assert.equal(await verifier.read.supportsInterface([toFunctionSelector("keyId(bytes)")]), true);
      const copy = await deployCodeAt(fixture, toCodeChunks(expanded.bytes)[0]!.initCode, numberToHex(7, { size: 32 }));
      assert.equal(await keyId(concatHex([slice(expanded.key, 0, 32), copy])), keccak256(expanded.publicKey));
      const undeployed = expandFalconPublicKey(compressed.keygen(random(48)).publicKey);
      await assert.rejects(keyId(undeployed.key), /ERC7913UnattestedKey/);
      for (const key of [concatHex([keccak256("0x"), slice(expanded.key, 32)]), slice(expanded.key, 0, 51), "0x" as Hex])
        await assert.rejects(keyId(key), /ERC7913NonCanonicalKey|ERC7913UnattestedKey/);
    });

    it("accepts a norm at the bound's side and rejects one just above β²", async () => {
      const { secretKey, expanded } = await keyPair(compressed);
      const message = random(32);
      const signature = compressed.sign(message, secretKey);
      const { below, belowNorm, above, aboveNorm } = straddleNormBound({ n, signature, message, secretKey, hHat: expanded.hHat, bound: normBound });
      assert.ok(belowNorm <= normBound && aboveNorm > normBound);
      assert.equal(await verify(expanded.key, message, below), MAGIC);
      assert.equal(await verify(expanded.key, message, above), FAILURE);
      const toCt = (bytes: Uint8Array) => {
        const { nonce, s2 } = decodeFalconSignature(bytes, n)!;
        return encodeFalconSignature({ n, nonce, s2, format: "ct" });
      };
      assert.equal(await verify(expanded.key, message, toCt(below)), MAGIC);
      assert.equal(await verify(expanded.key, message, toCt(above)), FAILURE);
      console.log(`      norms ${belowNorm} (accepted) and ${aboveNorm} (rejected) around β² = ${normBound}`);
    });
  });
}
