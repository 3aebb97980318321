import { keccak_256 } from "@noble/hashes/sha3.js";
import type { Hex } from "viem";
import { toBytes } from "./toBytes.js";

// The keccak-CTR stream ZKNox's variants (ETHFALCON, ETHDILITHIUM) use in place of SHAKE: with state =
// keccak256(input), block i is keccak256(state ‖ uint64_be(i)), read in order.

/**
 * A reader of the keccak-CTR stream of `input`: each call returns the next `length` bytes.
 *
 * @example
 * const read = keccakCtrReader(seed)
 * const signs = read(8)
 */
export function keccakCtrReader(input: Hex | Uint8Array): (length: number) => Uint8Array {
  const block = new Uint8Array(40);
  block.set(keccak_256(toBytes(input, "input")));
  const counter = new DataView(block.buffer);
  let buffered = new Uint8Array(0);
  let next = 0;
  return (length) => {
    while (buffered.length < length) {
      counter.setBigUint64(32, BigInt(next++));
      const grown = new Uint8Array(buffered.length + 32);
      grown.set(buffered);
      grown.set(keccak_256(block), buffered.length);
      buffered = grown;
    }
    const out = buffered.slice(0, length);
    buffered = buffered.subarray(length);
    return out;
  };
}

/**
 * The first `length` bytes of the keccak-CTR stream of `input`.
 *
 * @example
 * const tr = keccakCtrStream(publicKey, 64)
 */
export function keccakCtrStream(input: Hex | Uint8Array, length: number): Uint8Array {
  return keccakCtrReader(input)(length);
}
