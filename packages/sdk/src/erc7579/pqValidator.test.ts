import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Hex, concatHex, createPublicClient, custom, keccak256, recoverAddress } from "viem";
import { foundry } from "viem/chains";
import { decodeMultiSignature } from "../accounts/decodeMultiSignature.js";
import { getDeterministicAddress } from "../deploy/deployDeterministic.js";
import { pqValidatorModuleBytecode } from "../generated/contracts.js";
import { ecdsaSigner } from "../signers/ecdsa.js";
import { hybridSigner } from "../signers/multiSigner.js";
import { getModuleReplaySafeHash } from "./getModuleReplaySafeHash.js";
import { getPQValidatorModuleAddress } from "./getPQValidatorModuleAddress.js";
import { pqValidator } from "./pqValidator.js";
import { toErc7579SmartAccount } from "./toErc7579SmartAccount.js";

/** A chain where every address has code (the account is deployed) and nothing else is served. */
const client = createPublicClient({
  chain: foundry,
  transport: custom({
    async request({ method }: { method: string }) {
      if (method === "eth_getCode") return "0x00aa";
      throw new Error(`test transport: ${method} not served`);
    },
  }),
});
const [first, second] = [ecdsaSigner({ privateKey: `0x${"01".repeat(32)}` }), ecdsaSigner({ privateKey: `0x${"02".repeat(32)}` })];
const account = "0x000000000000000000000000000000000000a11c";

describe("pqValidator", () => {
  it("defaults to the module's deterministic address, computed from the init code hash", () => {
    assert.equal(getPQValidatorModuleAddress(), getDeterministicAddress({ bytecode: pqValidatorModuleBytecode }));
    assert.equal(pqValidator({ client, signer: first }).address, getPQValidatorModuleAddress());
  });

  it("signs a user operation hash as abi.encode(signers, signatures), ordered by keccak256 of the signer", async () => {
    const validator = pqValidator({ client, signer: hybridSigner([first, second]) });
    const hash = keccak256("0x01");
    const parts = decodeMultiSignature(await validator.signUserOperationHash({ hash }));
    assert.equal(parts.length, 2);
    assert.ok(BigInt(keccak256(parts[0]!.signer)) < BigInt(keccak256(parts[1]!.signer)));
    assert.deepEqual(new Set(parts.map((part) => part.signer.toLowerCase())), new Set(validator.erc7913Signers.map((signer) => signer.toLowerCase())));
    for (const part of parts) assert.equal((await recoverAddress({ hash, signature: part.signature })).toLowerCase(), `0x${part.signer.slice(-40)}`);
  });

  it("signs an ERC-1271 request over the module's replay-safe hash, not the raw hash", async () => {
    const validator = pqValidator({ client, signer: first });
    const hash = keccak256("0x02");
    const [part] = decodeMultiSignature(await validator.signMessageHash({ account, chainId: foundry.id, hash }));
    const replaySafe = getModuleReplaySafeHash({ module: validator.address, account, chainId: foundry.id, hash });
    assert.notEqual(replaySafe, hash);
    assert.equal(await recoverAddress({ hash: replaySafe, signature: part!.signature }), first.key);
  });

  it("an ERC-7579 smart account prefixes ERC-1271 signatures with the module (OpenZeppelin's AccountERC7579 layout)", async () => {
    const validator = pqValidator({ client, signer: first });
    const smartAccount = await toErc7579SmartAccount({ client, address: account, validator });
    const signature = await smartAccount.signMessage({ message: "hello" });
    assert.equal(signature.slice(0, 42).toLowerCase(), validator.address.toLowerCase());
    const inner = `0x${signature.slice(42)}` as Hex;
    assert.equal(concatHex([validator.address, inner]).toLowerCase(), signature.toLowerCase());
    assert.equal(decodeMultiSignature(inner).length, 1);
  });
});
