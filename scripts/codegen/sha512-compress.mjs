// Generates contracts/utils/SHA512Compress.sol: SHA-512's message schedule and 80 rounds unrolled. Usage:
// node scripts/codegen/sha512-compress.mjs > contracts/utils/SHA512Compress.sol
//
// Unrolling saves what a loop spends besides the arithmetic: each round's constant Kt becomes a PUSH8 literal
// instead of a memory read of a copied table, and the working variables change roles instead of values. A round
// only computes the new e (d + T1) and the new a (T1 + T2); written over d's and h's variables, the other six keep
// their values and take the next role (b's variable becomes c, …), so after eight rounds, and after all 80, the
// names line up again and no value moves.
//
// The schedule keeps each Wt in a 16-byte slot, so one MLOAD reads any two consecutive words as two 128-bit lanes.
// Wt and Wt+1 depend on none of each other (Wt+1 reads Wt−1, Wt−6, Wt−14, Wt−15), so the schedule computes them as
// one pair: the lanes are far enough apart that a 64-bit rotation's doubled word, its shifts and four-term sums
// stay inside their lane, and one mask per σ clears what a shift brings over from the other.

/** FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the cube roots of the first 80 primes. */
const K = [
  "428a2f98d728ae22", "7137449123ef65cd", "b5c0fbcfec4d3b2f", "e9b5dba58189dbbc", "3956c25bf348b538",
  "59f111f1b605d019", "923f82a4af194f9b", "ab1c5ed5da6d8118", "d807aa98a3030242", "12835b0145706fbe",
  "243185be4ee4b28c", "550c7dc3d5ffb4e2", "72be5d74f27b896f", "80deb1fe3b1696b1", "9bdc06a725c71235",
  "c19bf174cf692694", "e49b69c19ef14ad2", "efbe4786384f25e3", "0fc19dc68b8cd5b5", "240ca1cc77ac9c65",
  "2de92c6f592b0275", "4a7484aa6ea6e483", "5cb0a9dcbd41fbd4", "76f988da831153b5", "983e5152ee66dfab",
  "a831c66d2db43210", "b00327c898fb213f", "bf597fc7beef0ee4", "c6e00bf33da88fc2", "d5a79147930aa725",
  "06ca6351e003826f", "142929670a0e6e70", "27b70a8546d22ffc", "2e1b21385c26c926", "4d2c6dfc5ac42aed",
  "53380d139d95b3df", "650a73548baf63de", "766a0abb3c77b2a8", "81c2c92e47edaee6", "92722c851482353b",
  "a2bfe8a14cf10364", "a81a664bbc423001", "c24b8b70d0f89791", "c76c51a30654be30", "d192e819d6ef5218",
  "d69906245565a910", "f40e35855771202a", "106aa07032bbd1b8", "19a4c116b8d2d0c8", "1e376c085141ab53",
  "2748774cdf8eeb99", "34b0bcb5e19b48a8", "391c0cb3c5c95a63", "4ed8aa4ae3418acb", "5b9cca4f7763e373",
  "682e6ff3d6b2b8a3", "748f82ee5defb2fc", "78a5636f43172f60", "84c87814a1f0ab72", "8cc702081a6439ec",
  "90befffa23631e28", "a4506cebde82bde9", "bef9a3f7b2c67915", "c67178f2e372532b", "ca273eceea26619c",
  "d186b8c721c0c207", "eada7dd6cde0eb1e", "f57d4f7fee6ed178", "06f067aa72176fba", "0a637dc5a2c898a6",
  "113f9804bef90dae", "1b710b35131c471b", "28db77f523047d84", "32caab7b40c72493", "3c9ebe0a15c9bebc",
  "431d67c49c100d4c", "4cc5d4becb3e42b6", "597f299cfc657e2a", "5fcb6fab3ad6faec", "6c44198c4a475817",
];

const names = ["a", "b", "c", "d", "e", "f", "g", "h"];
const mask = "0xffffffffffffffff";
/** x · (2^64 + 1) = x ‖ x for x < 2^64: ROTRn(x) is the low 64 bits of that >> n. */
const doubling = "0x10000000000000001";
/** The two 64-bit lanes of a schedule pair: bits 0 … 63 and 128 … 191. */
const laneMask = "0xffffffffffffffff0000000000000000ffffffffffffffff";

/** The block's words Wt, Wt+1 (t = 2i) into their slots: the 16 bytes at 16i hold them as 2 × 64 bits. */
function loadPair(i) {
  const at = i === 0 ? "chunk" : `add(chunk, ${i * 16})`;
  const to = i === 0 ? "slots" : `add(slots, ${i * 32})`;
  return `            {
                let words := mload(${at})
                mstore(${to}, or(and(shr(64, words), 0xffffffffffffffff00000000000000000000000000000000), shr(192, shl(64, words))))
            }`;
}

/**
 * Wt and Wt+1 (t even) as one pair at \`p\` = \`slots\` + 16t + 32·\`step\`: σ1(Wt−2, Wt−1) + (Wt−7, Wt−6) +
 * σ0(Wt−15, Wt−14) + (Wt−16, Wt−15), lane by lane mod 2^64, with σ0(x) = ROTR1(x) ⊕ ROTR8(x) ⊕ SHR7(x) and
 * σ1(x) = ROTR19(x) ⊕ ROTR61(x) ⊕ SHR6(x).
 */
function schedulePair(step) {
  const at = (j) => {
    const offset = 16 * j + 32 * step;
    return offset === 0 ? "p" : `${offset < 0 ? "sub" : "add"}(p, ${Math.abs(offset)})`;
  };
  return `                {
                    let x := mload(${at(-15)})
                    let xx := or(x, shl(64, x))
                    let sigmas := and(xor(xor(shr(1, xx), shr(8, xx)), shr(7, x)), ${laneMask})
                    x := mload(${at(-2)})
                    xx := or(x, shl(64, x))
                    sigmas := add(sigmas, and(xor(xor(shr(19, xx), shr(61, xx)), shr(6, x)), ${laneMask}))
                    mstore(${at(0)}, and(add(sigmas, add(mload(${at(-7)}), mload(${at(-16)}))), ${laneMask}))
                }`;
}

/** Pairs computed per pass of the schedule's loop: unrolling all 32 would cost 3 KB of code for 800 gas. */
const pairsPerPass = 4;


/** Round t: the variables holding a … h are the names rotated right by t. */
function round(t) {
  const [a, b, c, d, e, f, g, h] = names.map((_, i) => names[(i - t + 80) % 8]);
  const w = t === 0 ? "schedule" : `add(schedule, ${t * 16})`;
  return `            // Round ${t}: (a, …, h) = (${[a, b, c, d, e, f, g, h].join(", ")}).
            {
                let t1 := add(add(${h}, xor(${g}, and(${e}, xor(${f}, ${g})))), add(mload(${w}), 0x${K[t]}))
                {
                    let ee := mul(${e}, ${doubling})
                    t1 := add(t1, xor(xor(shr(14, ee), shr(18, ee)), shr(41, ee)))
                }
                ${d} := and(add(${d}, t1), ${mask})
                {
                    let aa := mul(${a}, ${doubling})
                    t1 := add(t1, xor(xor(shr(28, aa), shr(34, aa)), shr(39, aa)))
                }
                ${h} := and(add(t1, or(and(${a}, ${b}), and(${c}, or(${a}, ${b})))), ${mask})
            }`;
}

const load = names.map((n, i) => `            let ${n} := mload(${i === 0 ? "state" : `add(state, ${i * 32})`})`).join("\n");
const store = names
  .map((n, i) => {
    const at = i === 0 ? "state" : `add(state, ${i * 32})`;
    return `            mstore(${at}, and(add(mload(${at}), ${n}), ${mask}))`;
  })
  .join("\n");

process.stdout.write(`// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// This file is generated by scripts/codegen/sha512-compress.mjs; edit the generator, not this file.

/**
 * @dev SHA-512's message schedule (FIPS 180-4 §6.4.2, step 1) and compression (steps 2–4), unrolled (see the
 * generator). The schedule keeps Wt in the 16 bytes at \`slots\` + 16t and computes two words at a time. Round t
 * computes T1 = h + Σ1(e) + Ch(e, f, g) + Kt + Wt and T2 = Σ0(a) + Maj(a, b, c), with Ch(e, f, g) = g ⊕ (e ∧ (f ⊕ g)),
 * Maj(a, b, c) = (a ∧ b) ∨ (c ∧ (a ∨ b)) and ROTRn(x) the low 64 bits of (x ‖ x) >> n; the new e = d + T1 is
 * written over d's variable and the new a = T1 + T2 over h's. Only those two are reduced mod 2^64: a Σ's bits above
 * 64 and Wt's neighbour in the word read change no bit of a sum below 64. {SHA512Reference} (contracts/mocks) is the
 * plain-Solidity version the tests compare {SHA512}, and so this, with.
 */
library SHA512Compress {
    /**
     * @dev W0 … W79 into the 16-byte slots at \`slots\` (1,280 bytes) for the 128-byte block at \`chunk\`: its 16
     * big-endian words, then Wt = σ1(Wt−2) + Wt−7 + σ0(Wt−15) + Wt−16 mod 2^64.
     */
    function messageSchedule(uint256 chunk, uint256 slots) internal pure {
        assembly ("memory-safe") {
${Array.from({ length: 8 }, (_, i) => loadPair(i)).join("\n")}
            for { let p := add(slots, 256) } lt(p, add(slots, 1280)) { p := add(p, ${32 * pairsPerPass}) } {
${Array.from({ length: pairsPerPass }, (_, step) => schedulePair(step)).join("\n")}
            }
        }
    }

    /**
     * @dev H ← H + the 80 rounds on a … h = H, for H at \`state\` (eight words, values below 2^64) and W0 … W79 from
     * {messageSchedule}'s slots, \`slots\` = \`schedule\` + 16: Wt is the low 128 bits of the word at \`schedule\` + 16t.
     */
    function compress(uint256 schedule, uint256 state) internal pure {
        assembly ("memory-safe") {
${load}
${K.map((_, t) => round(t)).join("\n")}
${store}
        }
    }
}
`);
