import type { Timing } from "./dataset.js";

/**
 * The suite's normalisations. `gas_per_128b` divides by the 128-bit baseline (a budget unit, the same for every
 * scheme); `gas_per_secure_bit` divides by the scheme's claimed security under the convention ECDSA → 128 and
 * NIST category 1/3/5 → 128/192/256 bits. A normalisation for comparing costs, not a security proof.
 */
export const baselineBits = 128;

export const securityConvention =
  "security_bits: ECDSA secp256k1 = 128; NIST PQC category 1/3/5 = 128/192/256 (ML-DSA-44/65/87 = 2/3/5 → 128/192/256, Falcon-512 = 1 → 128, Falcon-1024 = 5 → 256). gas_per_128b = gas / 128; gas_per_secure_bit = gas / security_bits. A normalisation, not a security proof.";

export function gasPer128b(gas: number): number {
  return round2(gas / baselineBits);
}

export function gasPerSecureBit(gas: number, securityBits: number): number {
  if (!(securityBits > 0)) throw new RangeError(`security bits must be positive, got ${securityBits}`);
  return round2(gas / securityBits);
}

/**
 * Calldata gas of `bytes` under EIP-2028 (4 per zero byte, 16 per non-zero byte), and the EIP-7623 floor
 * (Prague): a transaction pays at least 10 gas per token, where a zero byte is 1 token and a non-zero byte 4.
 */
export function calldataGas(bytes: Uint8Array): { eip2028: number; eip7623Floor: number; tokens: number } {
  let zero = 0;
  for (const byte of bytes) if (byte === 0) zero++;
  const nonZero = bytes.length - zero;
  const tokens = zero + 4 * nonZero;
  return { eip2028: 4 * zero + 16 * nonZero, eip7623Floor: 10 * tokens, tokens };
}

/** Median and spread (min, max, interquartile range) of timing samples. */
export function summarise(samples: number[]): Timing {
  if (samples.length === 0) throw new RangeError("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const quantile = (q: number) => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
  };
  return {
    median: round3(quantile(0.5)),
    min: round3(sorted[0]!),
    max: round3(sorted[sorted.length - 1]!),
    iqr: round3(quantile(0.75) - quantile(0.25)),
    n: sorted.length,
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
