import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { type Address, type Hex, bytesToHex, concatHex, hexToBytes, padHex, size, sliceHex } from "viem";
import { network } from "hardhat";
import { placeStandIn } from "../helpers/precompiles.js";

// The EIP-8355 stand-ins put at the EIP's addresses, called with raw pk ‖ σ ‖ M as a precompile is.
const connection = await network.create();
const { viem, provider } = connection;
const client = await viem.getPublicClient();

const VALID = padHex("0x01", { size: 32 });
const INVALID = padHex("0x00", { size: 32 });
// Osaka's per-transaction gas cap (EIP-7825), which Hardhat applies to eth_call too: ML-DSA-87's stand-in, the
// most expensive, needs about 14.4M.
const GAS = 16_777_216n;

type Noble = typeof ml_dsa44;
type Scheme = {
  name: "mldsa44" | "mldsa65" | "mldsa87";
  contract: "MLDSA44PrecompileStandIn" | "MLDSA65PrecompileStandIn" | "MLDSA87PrecompileStandIn";
  address: Address;
  noble: Noble;
  publicKeyLength: number;
  signatureLength: number;
  /** c̃ is λ/4 bytes; the hint (ω positions, then k counts) ends σ. */
  cTildeLength: number;
  hintOffset: number;
};

const schemes: Scheme[] = [
  {
    name: "mldsa44",
    contract: "MLDSA44PrecompileStandIn",
    address: "0x0000000000000000000000000000000000000012",
    noble: ml_dsa44,
    publicKeyLength: 1312,
    signatureLength: 2420,
    cTildeLength: 32,
    hintOffset: 2336,
  },
  {
    name: "mldsa65",
    contract: "MLDSA65PrecompileStandIn",
    address: "0x0000000000000000000000000000000000000013",
    noble: ml_dsa65,
    publicKeyLength: 1952,
    signatureLength: 3309,
    cTildeLength: 48,
    hintOffset: 3248,
  },
  {
    name: "mldsa87",
    contract: "MLDSA87PrecompileStandIn",
    address: "0x0000000000000000000000000000000000000014",
    noble: ml_dsa87,
    publicKeyLength: 2592,
    signatureLength: 4627,
    cTildeLength: 64,
    hintOffset: 4544,
  },
];

type Vector = { source: string; publicKey: Hex; message: Hex; signature: Hex; context: Hex };
const readVectors = (name: string): Vector[] =>
  [`${name}-pqclean.jsonl`, `${name}-dilithium-py.jsonl`].flatMap((file) =>
    readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Vector),
  );

// EIP-8355's own test cases (VERIFY_MLDSA44: valid, a flipped bit in c̃, too short), ethereum/EIPs
// assets/eip-8355/test-vectors.json; cases 1 and 2 are Wycheproof mldsa_44_verify_test.json tcId 1 and 8.
type Eip8355Vector = { Input: string; Expected: string; Gas: number; Name: string; NoBenchmark: boolean };
const eipVectors = JSON.parse(
  readFileSync(new URL("../fixtures/eip8355-test-vectors.json", import.meta.url), "utf8"),
) as Eip8355Vector[];

/** The raw result of calling `address` with `data`: it must be a successful call (a revert throws). */
const call = async (address: Address, data: Hex): Promise<Hex> =>
  (await provider.request({
    method: "eth_call",
    params: [{ to: address, data, gas: `0x${GAS.toString(16)}` }, "latest"],
  })) as Hex;

/** `input` with bit `bit` of byte `offset` flipped. */
const flip = (input: Hex, offset: number, bit = 0): Hex => {
  const bytes = hexToBytes(input);
  bytes[offset] ^= 1 << bit;
  return bytesToHex(bytes);
};

/** `input` without its byte at `offset`. */
const drop = (input: Hex, offset: number): Hex => {
  const bytes = hexToBytes(input);
  return bytesToHex(new Uint8Array([...bytes.subarray(0, offset), ...bytes.subarray(offset + 1)]));
};

describe("ML-DSA precompile stand-ins (EIP-8355)", () => {
  before(async () => {
    for (const { contract, address } of schemes) await placeStandIn(connection, contract, address);
  });

  for (const scheme of schemes) {
    const { name, address, noble, publicKeyLength, signatureLength, cTildeLength, hintOffset } = scheme;
    const sign = (message: Uint8Array) => {
      const { publicKey, secretKey } = noble.keygen(randomBytes(32));
      return { publicKey: bytesToHex(publicKey), signature: bytesToHex(noble.sign(message, secretKey)) };
    };

    describe(name, () => {
      it("accepts noble signatures over messages of 0, 1, 32, 33, 200 and 1000 bytes", async () => {
        for (let key = 0; key < 2; key++) {
          const { publicKey, secretKey } = noble.keygen(randomBytes(32));
          for (const length of [0, 1, 32, 33, 200, 1000]) {
            const message = randomBytes(length);
            const signature = noble.sign(message, secretKey);
            const input = concatHex([bytesToHex(publicKey), bytesToHex(signature), bytesToHex(message)]);
            assert.equal(await call(address, input), VALID, `key ${key}, ${length}-byte message`);
          }
        }
      });

      it("accepts the PQClean and dilithium-py fixtures (empty context)", async () => {
        for (const { source, publicKey, message, signature, context } of readVectors(name)) {
          // EIP-8355 has no context: a vector with one could not be expressed.
          assert.equal(context, "0x", `${source} vector with a context`);
          assert.equal(await call(address, concatHex([publicKey, signature, message])), VALID, source);
        }
      });

      it("rejects a signature made with a non-empty context", async () => {
        const { publicKey, secretKey } = noble.keygen(randomBytes(32));
        const message = randomBytes(32);
        const signature = noble.sign(message, secretKey, { context: new Uint8Array([1]) });
        assert.equal(noble.verify(signature, message, publicKey, { context: new Uint8Array([1]) }), true);
        const input = concatHex([bytesToHex(publicKey), bytesToHex(signature), bytesToHex(message)]);
        assert.equal(await call(address, input), INVALID);
      });

      it("returns 32 zero bytes, without reverting, for every mutation of a valid input", async () => {
        for (const length of [0, 33]) {
          const message = bytesToHex(randomBytes(length));
          const { publicKey, signature } = sign(hexToBytes(message));
          const input = concatHex([publicKey, signature, message]);
          assert.equal(await call(address, input), VALID);
          const sigAt = (offset: number) => publicKeyLength + offset;
          const cases: [string, Hex][] = [
            ["c̃", flip(input, sigAt(0), 3)],
            ["c̃'s last byte", flip(input, sigAt(cTildeLength - 1), 7)],
            ["z", flip(input, sigAt(cTildeLength + 100), 2)],
            ["z's top bit", flip(input, sigAt(hintOffset - 1), 7)],
            ["h (a position)", flip(input, sigAt(hintOffset), 0)],
            ["h (the last count)", flip(input, sigAt(signatureLength - 1), 0)],
            ["ρ", flip(input, 5, 1)],
            ["t1", flip(input, 32 + 400, 4)],
            ["t1's last byte", flip(input, publicKeyLength - 1, 7)],
            ["one byte more of message", concatHex([input, "0x00"])],
            ["the last byte dropped", sliceHex(input, 0, size(input) - 1)],
            ["a pk byte dropped (σ and M shift)", drop(input, 100)],
            ["a σ byte dropped (M shifts)", drop(input, sigAt(1000))],
            ["only pk ‖ σ minus one byte", sliceHex(input, 0, publicKeyLength + signatureLength - 1)],
            ["only pk", sliceHex(input, 0, publicKeyLength)],
            ["one byte", "0x01"],
            ["the empty input", "0x"],
          ];
          if (length > 0) cases.push(["M", flip(input, size(input) - 1, 6)]);
          for (const [label, mutated] of cases) {
            assert.equal(await call(address, mutated), INVALID, `${label}, ${length}-byte message`);
          }
        }
      });

      it("returns 0 for a zero public key and a zero signature", async () => {
        const zeros = bytesToHex(new Uint8Array(publicKeyLength + signatureLength + 32));
        assert.equal(await call(address, zeros), INVALID);
      });
    });
  }

  it("answers EIP-8355's test vectors (VERIFY_MLDSA44)", async () => {
    assert.equal(eipVectors.length, 3);
    for (const { Input, Expected, Name } of eipVectors) {
      assert.equal(await call(schemes[0].address, `0x${Input}`), `0x${Expected}`, Name);
    }
  });

  it("costs, per call (information)", async () => {
    const costs: string[] = [];
    for (const { name, address, noble } of schemes) {
      const message = randomBytes(32);
      const { publicKey, secretKey } = noble.keygen(randomBytes(32));
      const data = concatHex([bytesToHex(publicKey), bytesToHex(noble.sign(message, secretKey)), bytesToHex(message)]);
      const total = await client.estimateGas({ to: address, data, gas: GAS });
      // The call itself: without the transaction's 21,000 and its calldata (4 gas a zero byte, 16 any other).
      const calldata = hexToBytes(data).reduce((sum, byte) => sum + (byte === 0 ? 4n : 16n), 0n);
      costs.push(`${name} ${total - 21_000n - calldata}`);
    }
    console.log(`      stand-in call gas (32-byte message): ${costs.join(", ")}`);
  });
});
