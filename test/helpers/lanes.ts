/**
 * `bytes` with each 8-byte group reversed: the little-endian lanes in which ML-DSA-65/87 hold their transcript and
 * KeccakF1600's lane form takes blocks and digests; its own inverse. `bytes.length` must be a multiple of 8.
 */
export function asLanes(bytes: Uint8Array): Uint8Array {
  return bytes.map((_, i) => bytes[i ^ 7]!);
}
