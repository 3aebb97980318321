// MLDSA44/65/87Verifier with EIP-8355's precompiles: the stand-ins (contracts/mocks/precompiles, a chain feature that
// does not exist yet) are placed with hardhat_setCode at the EIP's addresses, and every verdict is compared with the
// Solidity path's. The stand-ins are Solidity and cost millions of gas where the precompile costs thousands: the
// verdicts go through a harness that gives the call all the gas it has (MLDSA*VerifierForStandIns), and the
// verifier as deployed, whose allowance is four times EIP-8355's price, shows what happens when the call fails under
// its allowance.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, maxUint256, padHex, slice, zeroAddress } from "viem";
import { deployCodeChunks, schemes } from "@pq4337/sdk";
import { deployFixture } from "../helpers/deployment.js";
import { placeStandIn } from "../helpers/precompiles.js";

const MAGIC = "0x024ad318";
const connection = await network.create();
const { viem } = connection;
const fixture = await deployFixture(connection);
const client = fixture.client;
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

const sets = [
  { name: "MLDSA44", noble: ml_dsa44, scheme: schemes.mldsa44!, address: padHex("0x12", { size: 20 }) },
  { name: "MLDSA65", noble: ml_dsa65, scheme: schemes.mldsa65!, address: padHex("0x13", { size: 20 }) },
  { name: "MLDSA87", noble: ml_dsa87, scheme: schemes.mldsa87!, address: padHex("0x14", { size: 20 }) },
] as const;

for (const { name, noble, scheme, address } of sets) {
  await placeStandIn(connection, `${name}PrecompileStandIn`, address);
  const verifierName = `${name}Verifier` as const;
  const solidity = await viem.deployContract(verifierName, [zeroAddress]);
  const withPrecompile = await viem.deployContract(`${verifierName}ForStandIns` as const, [address, maxUint256]);
  // The verifier as deployed: its allowance is too small for the stand-in, as for a precompile priced above it.
  const deployed = await viem.deployContract(verifierName, [address]);
  const beforeTheFork = await viem.deployContract(verifierName, [padHex("0x15", { size: 20 })]);
  const verifiers = [solidity, withPrecompile, beforeTheFork];

  async function deployKey(publicKey: Uint8Array): Promise<Hex> {
    const { key, expandedKey } = scheme.toErc7913Key(bytesToHex(publicKey));
    await deployCodeChunks({ client, walletClient: fixture.deployer, data: expandedKey! });
    return key;
  }
  const agree = (answers: unknown[]) => {
    assert.deepEqual(answers[1], answers[0], "the precompile path and the Solidity path differ");
    assert.deepEqual(answers[2], answers[0], "a verifier whose precompile address has no code differs from the Solidity path");
    return answers[0];
  };
  const verdicts = async (key: Hex, hash: Hex, signature: Hex) =>
    agree(await Promise.all(verifiers.map((verifier) => verifier.read.verify([key, hash, signature]))));
  const messageVerdicts = async (key: Hex, message: Hex, context: Hex, signature: Hex) =>
    agree(await Promise.all(verifiers.map((verifier) => verifier.read.verifyMessage([key, message, context, signature]))));

  describe(`${verifierName} with EIP-8355's VERIFY_${name} (stand-in)`, () => {
    it("refuses a precompile address outside EIP-1352's range", async () => {
      await assert.rejects(viem.deployContract(verifierName, [padHex("0x010000", { size: 20 })]), /PrecompileAddressNotReserved/);
      assert.equal(await withPrecompile.read.precompile(), address);
    });

    it("agrees with the Solidity path on noble's signatures, their mutations, another hash and another key", async () => {
      const { publicKey, secretKey } = noble.keygen(random(32));
      const key = await deployKey(publicKey);
      const hash = bytesToHex(random(32));
      const signature = noble.sign(hexToBytes(hash), secretKey);
      assert.equal(await verdicts(key, hash, bytesToHex(signature)), MAGIC);
      assert.equal(await verdicts(key, keccak256(hash), bytesToHex(signature)), "0xffffffff");
      for (const position of [0, 40, 100, 1000, signature.length - 90, signature.length - 1]) {
        const mutated = signature.slice();
        mutated[position] ^= 0x10;
        assert.equal(await verdicts(key, hash, bytesToHex(mutated)), "0xffffffff", `byte ${position}`);
      }
      const other = await deployKey(noble.keygen(random(32)).publicKey);
      assert.equal(await verdicts(other, hash, bytesToHex(signature)), "0xffffffff");
      for (const badKey of [slice(key, 0, key.length / 2 - 2), concatHex([keccak256(key), slice(key, 32)]), "0x" as Hex])
        assert.equal(await verdicts(badKey, hash, bytesToHex(signature)), "0xffffffff");
      assert.equal(await verdicts(key, hash, bytesToHex(signature.subarray(1))), "0xffffffff");
    });

    it("gives the call four times EIP-8355's price, and a call that fails under it is a rejection, not the Solidity path", async () => {
      const publicKeyLength = (noble === ml_dsa44 ? 1312 : noble === ml_dsa65 ? 1952 : 2592);
      const base = { 1312: 6_500, 1952: 9_000, 2592: 13_500 }[publicKeyLength]!;
      for (const [messageLength, words] of [[0, 0], [1, 1], [32, 1], [33, 2], [200, 7]] as const)
        assert.equal(await withPrecompile.read.verifierPrecompileGas([BigInt(publicKeyLength), BigInt(messageLength)]), BigInt(4 * (base + 6 * words)));
      const { publicKey, secretKey } = noble.keygen(random(32));
      const key = await deployKey(publicKey);
      const hash = bytesToHex(random(32));
      const signature = bytesToHex(noble.sign(hexToBytes(hash), secretKey));
      assert.equal(await verdicts(key, hash, signature), MAGIC);
      // The stand-in needs more than the allowance: the call fails, and the valid signature is rejected.
      assert.equal(await deployed.read.verify([key, hash, signature]), "0xffffffff");
      // With a context the precompile is not asked (EIP-8355 verifies with the empty one): Solidity accepts.
      const context = random(3);
      const withContext = bytesToHex(noble.sign(hexToBytes(hash), secretKey, { context }));
      assert.equal(await deployed.read.verifyMessage([key, hash, bytesToHex(context), withContext]), true);
    });

    it("agrees through verifyMessage for messages of any length, with and without a context", async () => {
      const { publicKey, secretKey } = noble.keygen(random(32));
      const key = await deployKey(publicKey);
      for (const [messageLength, contextLength] of [[0, 0], [1, 0], [200, 0], [33, 5]] as const) {
        const message = random(messageLength);
        const context = random(contextLength);
        const signature = bytesToHex(noble.sign(message, secretKey, { context }));
        assert.equal(await messageVerdicts(key, bytesToHex(message), bytesToHex(context), signature), true);
        assert.equal(await messageVerdicts(key, concatHex([bytesToHex(message), "0x00"]), bytesToHex(context), signature), false);
        if (contextLength > 0) assert.equal(await messageVerdicts(key, bytesToHex(message), "0x", signature), false);
      }
    });
  });
}
