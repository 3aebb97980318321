import { type Hex, concatHex, numberToHex, pad, size } from "viem";
import { DuplicateSafeOwnerSignatureError, InvalidSafeSignatureError } from "../errors/safe.js";
import type { SafeSignature } from "./types.js";

export type EncodeSafeSignaturesParameters = { signatures: readonly SafeSignature[] };

export type EncodeSafeSignaturesErrorType = DuplicateSafeOwnerSignatureError | InvalidSafeSignatureError;

/**
 * Safe's `signatures` bytes: one 65-byte entry per owner, sorted by owner address (Safe requires strictly
 * ascending owners), then the dynamic part. An ECDSA entry is `r ‖ s ‖ v`; a contract entry (v = 0) is the owner's
 * address as `r`, as `s` the offset from the start of `signatures` of its dynamic part (a 32-byte length, then the
 * signature bytes), which follows the static part in the same order.
 *
 * @example
 * await walletClient.writeContract({ address: safe, abi: safeAbi, functionName: "execTransaction", args: [..., encodeSafeSignatures({ signatures })] })
 */
export function encodeSafeSignatures({ signatures }: EncodeSafeSignaturesParameters): Hex {
  const sorted = [...signatures].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : BigInt(a.owner) > BigInt(b.owner) ? 1 : 0));
  for (let i = 1; i < sorted.length; i++)
    if (BigInt(sorted[i]!.owner) === BigInt(sorted[i - 1]!.owner)) throw new DuplicateSafeOwnerSignatureError({ owner: sorted[i]!.owner });
  const statics: Hex[] = [];
  const dynamics: Hex[] = [];
  let offset = 65 * sorted.length;
  for (const { owner, type, signature } of sorted) {
    if (type === "ecdsa") {
      if (size(signature) !== 65) throw new InvalidSafeSignatureError({ owner, reason: `an ECDSA signature is 65 bytes, got ${size(signature)}` });
      statics.push(signature);
      continue;
    }
    statics.push(concatHex([pad(owner), numberToHex(offset, { size: 32 }), "0x00"]));
    dynamics.push(concatHex([numberToHex(size(signature), { size: 32 }), signature]));
    offset += 32 + size(signature);
  }
  return concatHex([...statics, ...dynamics]);
}
