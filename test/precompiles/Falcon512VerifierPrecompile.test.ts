// Falcon512Verifier with EIP-8052's precompiles: the stand-ins (contracts/mocks/precompiles, a chain feature that
// does not exist yet) are placed with hardhat_setCode, and every verdict is compared with the Solidity path's. The
// stand-ins are Solidity and cost far more than the precompiles' price: the verdicts go through a harness that gives
// them bounded allowances of their size (Falcon512VerifierForStandIns), and the verifier as deployed, whose
// allowances are four times EIP-8052's prices, shows what happens when a call fails under its allowance.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatHex, encodeFunctionData, hexToBytes, keccak256, padHex, slice, zeroAddress } from "viem";
import { deployCodeChunks, expandFalconPublicKey, falcon512Signer, measureVerifyGas, transcodeFalconSignature } from "@pq4337/sdk";
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
/**
 * Bounded allowances the stand-ins fit in, a few times what they spend (about 775,000 gas together: SHAKE256 and
 * Falcon-512's core in Solidity compiled without the IR pipeline).
 */
const STAND_IN_GAS = [1_000_000n, 2_000_000n] as const;
const solidity = await viem.deployContract("Falcon512Verifier", [zeroAddress, zeroAddress]);
const withPrecompile = await viem.deployContract("Falcon512VerifierForStandIns", [HASH_TO_POINT, CORE, ...STAND_IN_GAS]);
const beforeTheFork = await viem.deployContract("Falcon512Verifier", [NO_CODE, NO_CODE]);
// The verifier as deployed: its allowances are too small for the stand-ins, as for a precompile priced above them.
const deployed = await viem.deployContract("Falcon512Verifier", [HASH_TO_POINT, CORE]);
// Hash-to-point fits, the core call does not: a failure after the chain has answered.
const coreStarved = await viem.deployContract("Falcon512VerifierForStandIns", [HASH_TO_POINT, CORE, STAND_IN_GAS[0], 8_000n]);
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

  /** Gas of `verifier.verify` measured through the ERC-7913 gas meter, and its verdict. */
  const measure = (verifier: Hex, key: Hex, hash: Hex, signature: Uint8Array | Hex) =>
    measureVerifyGas({ client, verifier, key, hash, signature: typeof signature === "string" ? signature : bytesToHex(signature) });
  // What the allowances leave out: reaching the two stand-ins' addresses cold (2,600 each; a precompile is always
  // warm) and building their inputs (2.4 KB copied into memory), over the same verifier's cheapest rejection.
  const CALLS_OVERHEAD = 2 * 2_600 + 3_000;

  it("gives each precompile call a bounded allowance: a padded signature whose s2 does not decode costs at most that", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const key = await deployKey(publicKey);
    const hash = bytesToHex(random(32));
    const signature = falcon512padded.sign(hexToBytes(hash), secretKey);
    // The review's case: s2 all zeros, which FALCON_CORE's stand-in answers by burning what its call is given (as
    // EIP-8052 says); and s2 running into non-zero padding.
    const allZero = signature.slice();
    allZero.fill(0, 41);
    const dirty = signature.slice();
    dirty.fill(0xff, 600);
    const harnessGas = await withPrecompile.read.precompileGas();
    const deployedGas = await withPrecompile.read.verifierPrecompileGas();
    assert.deepEqual(deployedGas, [4_000n, 8_000n], "four times EIP-8052's 1,000 and 2,000");
    for (const [verifier, [hashToPointGas, coreGas]] of [[withPrecompile.address, harnessGas], [deployed.address, deployedGas]] as const) {
      // The cheapest rejection after reading the key: an empty signature, which asks no precompile.
      const floor = await measure(verifier, key, hash, "0x");
      assert.equal(floor.valid, false);
      const bound = floor.gas + Number(hashToPointGas + coreGas) + CALLS_OVERHEAD;
      for (const [label, bad] of [["all-zero s2", allZero], ["non-zero padding", dirty]] as const) {
        const { valid, gas } = await measure(verifier, key, hash, bad);
        assert.equal(valid, false, label);
        assert.ok(gas <= bound, `${label}: ${gas} gas, above ${bound} (${floor.gas} + the allowances ${hashToPointGas} + ${coreGas} + ${CALLS_OVERHEAD})`);
        console.log(`      ${verifier === deployed.address ? "deployed allowances" : "stand-in allowances"}, ${label}: ${gas} gas (bound ${bound})`);
      }
      // The review's 10M-gas call: what is left is far more than the call's gas, whatever the caller forwards.
      const { data } = await client.call({
        to: verifier,
        data: encodeFunctionData({ abi: withPrecompile.abi, functionName: "verify", args: [key, hash, bytesToHex(allZero)] }),
        gas: 10_000_000n,
      });
      assert.equal(slice(data!, 0, 4), "0xffffffff");
    }
  });

  it("a failed precompile call is a rejection, never a fall-through to the Solidity path", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const key = await deployKey(publicKey);
    const hash = bytesToHex(random(32));
    const signature = falcon512padded.sign(hexToBytes(hash), secretKey);
    assert.equal(await verdicts(key, hash, bytesToHex(signature)), MAGIC);
    // Hash-to-point's call fails under the allowance (the deployed verifier with the stand-ins), or it answers and
    // the core's fails: the signature is rejected, although the Solidity path would accept it.
    for (const verifier of [deployed, coreStarved]) {
      assert.equal(await verifier.read.verify([key, hash, bytesToHex(signature)]), "0xffffffff");
      // The same (nonce, s2) in the compressed and CT forms asks no precompile (unless the compressed form happens
      // to fill the padded length exactly, then it is the padded one): accepted in Solidity.
      for (const format of ["compressed", "ct"] as const) {
        const other = transcodeFalconSignature({ signature, n: 512, format });
        if (other.length !== signature.length) assert.equal(await verifier.read.verify([key, hash, bytesToHex(other)]), MAGIC, format);
      }
    }
  });
});
