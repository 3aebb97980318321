import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, type Hex, concatHex, hexToBigInt, numberToHex, pad, sliceHex, size } from "viem";
import { DuplicateSafeOwnerSignatureError, InvalidSafeSignatureError } from "../errors/safe.js";
import { encodeSafeSignatures } from "./encodeSafeSignatures.js";
import { encodeSafeOperationSignature } from "./getSafeOperationHash.js";
import { getSafeOwnerAddress } from "./getSafeOwnerAddress.js";

const low: Address = "0x1000000000000000000000000000000000000001";
const middle: Address = "0x5000000000000000000000000000000000000005";
const high: Address = "0xF00000000000000000000000000000000000000f";
const ecdsa = (byte: string): Hex => `0x${byte.repeat(64)}1b`;

describe("encodeSafeSignatures", () => {
  it("sorts entries by owner and appends each contract signature after the static part, at its offset", () => {
    const first: Hex = "0xaabbcc";
    const second: Hex = `0x${"dd".repeat(700)}`;
    const encoded = encodeSafeSignatures({
      signatures: [
        { owner: high, type: "contract", signature: second },
        { owner: middle, type: "ecdsa", signature: ecdsa("11") },
        { owner: low, type: "contract", signature: first },
      ],
    });
    const entry = (i: number) => sliceHex(encoded, 65 * i, 65 * (i + 1));
    assert.equal(entry(0), concatHex([pad(low), numberToHex(195, { size: 32 }), "0x00"]));
    assert.equal(entry(1), ecdsa("11"));
    assert.equal(entry(2).toLowerCase(), concatHex([pad(high), numberToHex(195 + 32 + 3, { size: 32 }), "0x00"]).toLowerCase());
    // Each offset points at a 32-byte length, then the signature.
    for (const [i, signature] of [[0, first], [2, second]] as const) {
      const offset = Number(hexToBigInt(sliceHex(entry(i), 32, 64)));
      assert.equal(Number(hexToBigInt(sliceHex(encoded, offset, offset + 32))), size(signature));
      assert.equal(sliceHex(encoded, offset + 32, offset + 32 + size(signature)), signature);
    }
    assert.equal(size(encoded), 195 + 32 + 3 + 32 + 700);
  });

  it("throws a typed error for an owner named twice (any case) or an ECDSA signature that is not 65 bytes", () => {
    assert.throws(
      () => encodeSafeSignatures({ signatures: [{ owner: high, type: "ecdsa", signature: ecdsa("11") }, { owner: high.toLowerCase() as Address, type: "contract", signature: "0x01" }] }),
      DuplicateSafeOwnerSignatureError,
    );
    assert.throws(() => encodeSafeSignatures({ signatures: [{ owner: low, type: "ecdsa", signature: "0x1234" }] }), InvalidSafeSignatureError);
  });

  it("puts the 4337 module's validity window before the Safe signatures", () => {
    assert.equal(encodeSafeOperationSignature({ signatures: "0xabcd", validAfter: 1, validUntil: 0x0102 }), "0x000000000001000000000102abcd");
  });
});

describe("getSafeOwnerAddress", () => {
  it("depends on the signer: another key, another verifier or another factory gives another owner", () => {
    const signer: Hex = concatHex([low, "0x0102"]);
    const { owner } = getSafeOwnerAddress({ signer, factory: middle });
    assert.notEqual(getSafeOwnerAddress({ signer: concatHex([low, "0x0103"]), factory: middle }).owner, owner);
    assert.notEqual(getSafeOwnerAddress({ signer: concatHex([high, "0x0102"]), factory: middle }).owner, owner);
    assert.notEqual(getSafeOwnerAddress({ signer, factory: high }).owner, owner);
    assert.equal(getSafeOwnerAddress({ signer, factory: middle }).owner, owner);
  });
});
