// Falcon512Verifier with EIP-8052's precompiles: the stand-ins (contracts/mocks/precompiles, a chain feature that
// does not exist yet) are placed with hardhat_setCode, and every verdict is compared with the Solidity path's.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, padHex, slice, zeroAddress } from "viem";
import { deployCodeChunks, expandFalconPublicKey, falcon512Signer, measureVerifyGas } from "@pq4337/sdk";
import { deployFixture } from "../helpers/deployment.js";
import { falconVectors } from "../helpers/falcon.js";
import { placeStandIn } from "../helpers/precompiles.js";

// Stand-in addresses in EIP-1352's precompile range; EIP-8052's own are not assigned yet.
const HASH_TO_POINT = padHex("0x8052", { size: 20 });
const CORE = padHex("0x8053", { size: 20 });
const NO_CODE = padHex("0x8054", { size: 20 });
const MAGIC = "0x024ad318";

const connection = await network.create();
const { viem } = connection;
const fixture = await deployFixture(connection);
const client = fixture.client;
for (const [name, address] of [
  ["FalconHashToPointPrecompileStandIn", HASH_TO_POINT],
  ["FalconCorePrecompileStandIn", CORE],
] as const)
  await placeStandIn(connection, name, address);
const solidity = await viem.deployContract("Falcon512Verifier", [zeroAddress, zeroAddress]);
const withPrecompile = await viem.deployContract("Falcon512Verifier", [HASH_TO_POINT, CORE]);
const beforeTheFork = await viem.deployContract("Falcon512Verifier", [NO_CODE, NO_CODE]);
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

async function deployKey(publicKey: Uint8Array | Hex): Promise<Hex> {
  const expanded = expandFalconPublicKey(publicKey);
  await deployCodeChunks({ client, walletClient: fixture.deployer, data: expanded.bytes });
  return expanded.key;
}

/** The three verifiers' answers, which must agree. */
async function verdicts(key: Hex, hash: Hex, signature: Hex): Promise<Hex> {
  const [a, b, c] = await Promise.all([solidity, withPrecompile, beforeTheFork].map((verifier) => verifier.read.verify([key, hash, signature])));
  assert.equal(b, a, "the precompile path and the Solidity path differ");
  assert.equal(c, a, "a verifier whose precompile address has no code differs from the Solidity path");
  return a;
}

describe("Falcon512Verifier with EIP-8052's precompiles (stand-ins)", () => {
  it("refuses precompile addresses outside EIP-1352's range, and one address without the other", async () => {
    await assert.rejects(viem.deployContract("Falcon512Verifier", [padHex("0x010000", { size: 20 }), CORE]), /PrecompileAddressNotReserved/);
    await assert.rejects(viem.deployContract("Falcon512Verifier", [HASH_TO_POINT, fixture.deployer.account.address]), /PrecompileAddressNotReserved/);
    await assert.rejects(viem.deployContract("Falcon512Verifier", [HASH_TO_POINT, zeroAddress]), /Falcon512VerifierPrecompilePair/);
    assert.deepEqual(await withPrecompile.read.precompiles(), [HASH_TO_POINT, CORE]);
  });

  it("agrees with the Solidity path on noble's padded and compressed signatures, their mutations and other hashes", async () => {
    for (let round = 0; round < 3; round++) {
      const padded = falcon512padded.keygen(random(48));
      const key = await deployKey(padded.publicKey);
      const hash = bytesToHex(random(32));
      for (const signature of [falcon512padded.sign(hexToBytes(hash), padded.secretKey), falcon512.sign(hexToBytes(hash), padded.secretKey)]) {
        assert.equal(await verdicts(key, hash, bytesToHex(signature)), MAGIC);
        assert.equal(await verdicts(key, keccak256(hash), bytesToHex(signature)), "0xffffffff");
        for (const position of [0, 1, 40, 41, 300, signature.length - 1]) {
          const mutated = signature.slice();
          mutated[position] ^= 1 << (round + 1);
          await verdicts(key, hash, bytesToHex(mutated));
        }
      }
    }
  });

  it("agrees on the committed PQClean and CT vectors, and on the SDK signer's CT and padded signatures", async () => {
    for (const vector of [...falconVectors(512, "pqclean"), ...falconVectors(512, "ct")]) {
      const key = await deployKey(vector.publicKey);
      assert.equal(await verdicts(key, vector.message, vector.signature), MAGIC, vector.source);
    }
    for (const format of ["ct", "padded", "compressed"] as const) {
      const signer = falcon512Signer({ format });
      await deployKey(signer.publicKey);
      const hash = bytesToHex(random(32));
      assert.equal(await verdicts(signer.key, hash, await signer.sign({ hash })), MAGIC, format);
    }
  });

  it("agrees on malformed input: keys, lengths, a padded signature with nonzero padding or an undecodable s2", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const key = await deployKey(publicKey);
    const hash = bytesToHex(random(32));
    const signature = falcon512padded.sign(hexToBytes(hash), secretKey);
    const nonzeroPadding = signature.slice();
    nonzeroPadding[665] |= 1;
    const undecodable = signature.slice();
    undecodable.fill(0, 41, 60);
    for (const bad of [nonzeroPadding, undecodable, signature.subarray(0, 665), new Uint8Array(666)])
      assert.equal(await verdicts(key, hash, bytesToHex(bad)), "0xffffffff");
    const other = await deployKey(falcon512padded.keygen(random(48)).publicKey);
    for (const badKey of [other, slice(key, 0, 51), concatHex([keccak256(key), slice(key, 32)]), "0x" as Hex])
      assert.equal(await verdicts(badKey, hash, bytesToHex(signature)), "0xffffffff");
  });

  it("costs EIP-8052's price plus the call overhead through the precompiles, and the Solidity path's before the fork", async () => {
    const signer = falcon512Signer({ format: "padded" });
    await deployKey(signer.publicKey);
    const hash = bytesToHex(random(32));
    const signature = await signer.sign({ hash });
    const gas = async (verifier: Hex) => {
      const measured = await measureVerifyGas({ client, verifier, key: signer.key, hash, signature });
      assert.equal(measured.valid, true);
      return measured.gas;
    };
    const [viaSolidity, viaStandIns, viaNoCode] = [await gas(solidity.address), await gas(withPrecompile.address), await gas(beforeTheFork.address)];
    // Before the fork the verifier pays two calls to empty addresses on top of the Solidity path.
    assert.ok(viaNoCode > viaSolidity && viaNoCode < viaSolidity + 10_000, `${viaNoCode} vs ${viaSolidity}`);
    // The stand-ins are Solidity themselves: their gas is not the precompile's price (see the bench).
    assert.ok(viaStandIns > 0n);
  });
});
