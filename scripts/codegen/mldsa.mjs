// Generates the ML-DSA verification library and its gas profiler for each FIPS 204 parameter set from one
// implementation: contracts/utils/MLDSA{44,65,87}.sol and contracts/metering/MLDSA{44,65,87}Profiler.sol.
// Usage: node scripts/codegen/mldsa.mjs            (writes all six files)
//        node scripts/codegen/mldsa.mjs library 65 (prints one; `profiler 65` likewise)
//
// A set is its row of FIPS 204 Table 1; everything else is derived from it. The sets share every routine but two,
// which depend on the encodings the standard itself varies:
// - z's unpacking, by γ1: 18-bit fields (γ1 = 2^17) or 20-bit fields (γ1 = 2^19);
// - UseHint and w1Encode, by γ2: r1 in [0, 43] packed in 6 bits (γ2 = (q − 1)/88) or in [0, 15] in 4 bits
//   (γ2 = (q − 1)/32).
// The pointwise products are unrolled for the set's k × (l + 1) matrix, with literal offsets.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const Q = 8380417;

/** FIPS 204 Table 1, with λ/4 (c̃'s bytes) for λ. */
const SETS = {
  44: { k: 4, l: 4, tau: 39, eta: 2, omega: 80, gamma1: 2 ** 17, gamma2: (Q - 1) / 88, cTildeBytes: 32 },
  65: { k: 6, l: 5, tau: 49, eta: 4, omega: 55, gamma1: 2 ** 19, gamma2: (Q - 1) / 32, cTildeBytes: 48 },
  87: { k: 8, l: 7, tau: 60, eta: 2, omega: 75, gamma1: 2 ** 19, gamma2: (Q - 1) / 32, cTildeBytes: 64 },
};

const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const grouped = (n) => n.toLocaleString("en-US");
const hex = (n) => `0x${n.toString(16)}`;
/** `value` in each of `count` lanes of `width` bits, as a hex literal. */
const lanes = (value, width, count) => {
  let word = 0n;
  for (let i = 0; i < count; i++) word = (word << BigInt(width)) | BigInt(value);
  return hex(word);
};

function derive(set) {
  const p = { ...SETS[set], set };
  p.beta = p.tau * p.eta;
  p.zBits = Math.log2(p.gamma1) + 1;
  p.w1Bits = p.gamma2 === (Q - 1) / 88 ? 6 : 4;
  p.publicKeyLength = 32 + 320 * p.k;
  p.polynomials = p.k * p.l + p.k;
  p.trOffset = 1024 * p.polynomials;
  p.expandedKeyLength = p.trOffset + 64;
  p.hintOffset = p.cTildeBytes + 32 * p.zBits * p.l;
  p.signatureLength = p.hintOffset + p.omega + p.k;
  p.cOffset = 2048 * p.l;
  p.productsOffset = p.cOffset + 2048;
  p.workBytes = p.productsOffset + 4096 * p.k;
  p.w1PolyBytes = 32 * p.w1Bits;
  p.w1Bytes = p.k * p.w1PolyBytes;
  // The pair products sum l + 1 terms below 2^59 in 64-bit fields (see _accumulate).
  if (p.l + 1 > 8) throw new Error("more than eight columns overflow the 64-bit product fields");
  return p;
}

/** log2 of P[Bin(n, p) < t]: SampleInBall's failure bound for n draws each accepted with probability ≥ p. */
function log2Tail(n, p, t) {
  const logs = [];
  let logChoose = 0;
  for (let m = 0; m < t; m++) {
    if (m > 0) logChoose += Math.log2(n - m + 1) - Math.log2(m);
    logs.push(logChoose + m * Math.log2(p) + (n - m) * Math.log2(1 - p));
  }
  const top = Math.max(...logs);
  return top + Math.log2(logs.reduce((sum, x) => sum + 2 ** (x - top), 0));
}

/** A Yul call laid out as the files are: on one line if it fits in `width`, else one argument per line. */
function layout(expr, indent, width = 120) {
  const flat = render(expr);
  if (indent.length + flat.length <= width || typeof expr === "string") return flat;
  const inner = `${indent}    `;
  return `${expr[0]}(\n${expr.slice(1).map((arg) => inner + layout(arg, inner, width)).join(",\n")}\n${indent})`;
}
const render = (expr) => (typeof expr === "string" ? expr : `${expr[0]}(${expr.slice(1).map(render).join(", ")})`);
const plus = (base, offset) => (offset === 0 ? base : `add(${base}, ${offset})`);

// ---------------------------------------------------------------------------------------------------------------
// The library.

/**
 * {_useHintAndEncode}'s arithmetic, checked for every lane L < 2q (r = L mod q): `r1Of(L)`, the r1 the code encodes for
 * a lane, is Decompose's r1 of r (mod (q − 1)/2γ2: the top wrap encodes 0), and the lane written for a hint, r + 2γ2 if
 * r0 > 0 else r + q − 2γ2, is below 2q and encodes UseHint(1, r).
 */
function checkUseHint(p, r1Of) {
  const m = (Q - 1) / (2 * p.gamma2);
  for (let lane = 0; lane < 2 * Q; lane++) {
    const r = lane % Q;
    let r0 = r % (2 * p.gamma2);
    if (r0 > p.gamma2) r0 -= 2 * p.gamma2;
    const r1 = r - r0 === Q - 1 ? 0 : (r - r0) / (2 * p.gamma2);
    const hinted = r + ((r + p.gamma2 - 1) % (2 * p.gamma2) >= p.gamma2 ? 2 * p.gamma2 : Q - 2 * p.gamma2);
    if (r1Of(lane) !== r1 || hinted >= 2 * Q || r1Of(hinted) !== (r0 > 0 ? r1 + 1 : r1 + m - 1) % m) throw new Error(`UseHint: ${lane}`);
  }
}

function constants(p) {
  const c = [];
  c.push(`    uint256 internal constant EXPANDED_KEY_LENGTH = ${p.expandedKeyLength};
    uint256 internal constant SIGNATURE_LENGTH = ${p.signatureLength};
    /// @dev Length of the standard FIPS 204 public key ρ ‖ t1, stored after E in a key's code (see {ExpandedKeyReader-readWithPublicKey}).
    uint256 internal constant PUBLIC_KEY_LENGTH = ${p.publicKeyLength};
    /// @dev k, the rows of Â and of w.
    uint256 private constant K = ${p.k};

    uint256 private constant Q = ${Q};
    /// @dev γ2 = (q − 1)/${(Q - 1) / p.gamma2}: HighBits is r1 = ⌊(r + γ2 − 1)/2γ2⌋ (see {_useHintAndEncode}).
    uint256 private constant GAMMA2 = ${p.gamma2};
    uint256 private constant GAMMA2_MINUS_ONE = ${p.gamma2 - 1};
    uint256 private constant TWO_GAMMA2 = ${2 * p.gamma2};
    /// @dev ω, the most 1s a hint may have, and where the hint (ω positions, then k = ${p.k} counts) starts in σ.
    uint256 private constant OMEGA = ${p.omega};
    uint256 private constant HINT_OFFSET = ${p.hintOffset};
    /// @dev c̃ (λ/4 bytes) starts σ; z (${words[p.l]} polynomials of ${32 * p.zBits} bytes) follows it.
    uint256 internal constant C_TILDE_BYTES = ${p.cTildeBytes};

    uint256 internal constant POLY_BYTES = 2048;
    /// @dev Where −ĉ is, after the ${words[p.l]} ẑ, and where the pair products start (${words[p.k]} rows of 4 KiB).
    uint256 internal constant C_OFFSET = ${p.cOffset};
    uint256 internal constant PRODUCTS_OFFSET = ${p.productsOffset};
    uint256 private constant WORK_BYTES = ${p.workBytes};
    /// @dev Where the transcript μ ‖ w1Encode(w1′) goes in E's memory, which nothing reads after the products
    /// ({_accumulate}): above {KeccakF1600-BORROWED_END} wherever E lies (see {verify}).
    uint256 internal constant TRANSCRIPT_OFFSET = 2048;
    /// @dev Where tr is in E, after the ${p.polynomials} polynomials of 1 KiB (t̂1 from byte ${grouped(1024 * p.k * p.l)}).
    uint256 private constant TR_OFFSET = ${p.trOffset};

    /// @dev w1Encode(w1) is ${p.k} × ${p.w1PolyBytes} bytes, hashed after the 64-byte μ.
    uint256 internal constant W1_BYTES = ${p.w1Bytes};
    uint256 internal constant W1_POLY_BYTES = ${p.w1PolyBytes};

    /// @dev Masks of {_accumulate}: Â[c], Â[c + 2] of E; ẑ[c], ẑ[c + 2] of a packed polynomial.
    uint256 private constant MA = 0xffffffff00000000ffffffff;
    uint256 private constant MZ = 0xffffffffffffffff0000000000000000ffffffffffffffff;
`);
  const d = zLayout(p);
  // {_decodeZ}'s range check on s = q + γ1 − raw, checked for every raw < 2^zBits: bit 24 of (s + Z_LOW) XOR
  // (s + Z_HIGH) is set iff β + 1 ≤ raw ≤ 2^zBits − β − 1, and both sums stay below 2^32 (no carry out of the lane).
  const zLow = 2 ** 24 - (Q + p.gamma1 - 2 ** p.zBits + p.beta + 1);
  const zHigh = 2 ** 24 - (Q + p.gamma1 - p.beta);
  for (let raw = 0; raw < 2 ** p.zBits; raw++) {
    const s = Q + p.gamma1 - raw;
    const valid = raw >= p.beta + 1 && raw <= 2 ** p.zBits - p.beta - 1;
    const bit24 = (sum) => Math.floor(sum / 2 ** 24) % 2;
    if (s + zLow >= 2 ** 32 || s + zHigh >= 2 ** 32 || (bit24(s + zLow) ^ bit24(s + zHigh)) !== (valid ? 1 : 0))
      throw new Error(`decodeZ: range check at raw ${raw}`);
  }
  const mask = (value) => `0x${value.toString(16).padStart(64, "0")}`;
  c.push(`
    /// @dev Constants of {_decodeZ}. WINDOWS_g picks a group of 3-byte windows of the ${p.zBits}-byte block, SPREAD_g copies
    /// each to its lane and LANES_g keeps those copies; PART_A/B/C then reverse each window's bytes and shift out its
    /// offset (see {_decodeZ}).
${d.groups
  .map(
    (g, n) => `    uint256 private constant WINDOWS_${n} = ${mask(g.S)};
    uint256 private constant SPREAD_${n} = ${mask(g.K)};
    uint256 private constant LANES_${n} = ${mask(g.T)};`,
  )
  .join("\n")}
    uint256 private constant PART_A = ${mask(d.A)};
    uint256 private constant PART_B = ${mask(d.B)};
    uint256 private constant PART_C = ${mask(d.C)};
    /// @dev In each of eight 32-bit lanes: 2^24 − (q + γ1 − 2^${p.zBits} + β + 1), 2^24 − (q + γ1 − β), bit 24, and
    /// q + γ1 (β = ${p.beta}, γ1 = 2^${Math.log2(p.gamma1)}): the range check of s = q + γ1 − raw (see {_decodeZ}).
    uint256 private constant Z_LOW = ${lanes(zLow, 32, 8)};
    uint256 private constant Z_HIGH = ${lanes(zHigh, 32, 8)};
    uint256 private constant Z_BIT = ${lanes(2 ** 24, 32, 8)};
    uint256 private constant Q_PLUS_GAMMA1 = ${lanes(Q + p.gamma1, 32, 8)};
    /// @dev The low 32 bits of each 64-bit lane.
    uint256 private constant LOW_HALVES = ${lanes(0xffffffff, 64, 4)};
`);
  // ML-DSA-44's HighBits works on 32-bit lanes (see {_useHintAndEncode}).
  if (p.w1Bits === 6)
    c.push(`
    /// @dev Constants of {_useHintAndEncode}, on eight 32-bit lanes (the value in each lane): 1, 2^24 − q, γ2 − 1, and
    /// the masks and constants of its steps.
    uint256 private constant ONES = ${lanes(1, 32, 8)};
    uint256 private constant REDUCE = ${lanes(2 ** 24 - Q, 32, 8)};
    uint256 private constant GAMMA2_MINUS_ONE_L = ${lanes(p.gamma2 - 1, 32, 8)};
`);
  c.push(`${p.w1Bits === 6 ? "" : "\n"}    /// @dev q in the top 64-bit lane; q − 2γ2 and q − 4γ2: the hinted coefficient's offsets (see {_useHintAndEncode}).
    uint256 private constant TOP_Q = ${hex(BigInt(Q) << 192n)};
    uint256 private constant Q_MINUS_TWO_GAMMA2 = ${Q - 2 * p.gamma2};
    uint256 private constant Q_MINUS_FOUR_GAMMA2 = ${Q - 4 * p.gamma2};
`);
  if (p.w1Bits === 6) {
    // {_useHintAndEncode}'s HighBits: ⌊44 · (⌊x / 2^11⌋ · 8201 mod 2^25) / 2^25⌋ with x = L + γ2 − 1 − [L ≥ q].
    if (2 * p.gamma2 !== 2048 * 93) throw new Error("w1Encode: 2γ2 is not 2^11 · 93");
    checkUseHint(p, (lane) => Math.floor((44 * ((Math.floor((lane + p.gamma2 - 1 - (lane >= Q ? 1 : 0)) / 2048) * 8201) % 2 ** 25)) / 2 ** 25));
    c.push(`    uint256 private constant LOW14 = ${lanes(0x3fff, 32, 8)};
    uint256 private constant LOW25 = ${lanes(0x1ffffff, 32, 8)};
    uint256 private constant LOW6 = ${lanes(0x3f, 32, 8)};
    /// @dev The gathers of {_useHintAndEncode}: r1 of c0 … c3 (c4 … c7) to bits 6m − 24·[m ≥ 4] above 232, from all
    /// eight lanes at once (the other four lanes' products miss those bits and carry nothing into them).
    uint256 private constant GATHER_HIGH = ${gatherConstant([224, 160, 96, 32])};
    uint256 private constant GATHER_LOW = ${gatherConstant([192, 128, 64, 0])};
`);
  } else {
    // {_useHintAndEncode}'s HighBits as a rounding, checked for every lane L < 2q: r1 = ⌊(L · ⌊2^62/q⌋ + 2^57) / 2^58⌋
    // mod 16, the sum below 2^64 (nothing carries out of the lane); and GATHER's products of eight nibbles at 15 (the
    // largest sum) carry nothing into bit 224 and land only where they should at and above it.
    if (Q !== 32 * p.gamma2 + 1) throw new Error("w1Encode: q is not 32γ2 + 1");
    const highBitsMul = 2n ** 62n / BigInt(Q);
    if ((2n * BigInt(Q) - 1n) * highBitsMul + 2n ** 57n >= 2n ** 64n) throw new Error("w1Encode: a lane overflows");
    // Exact in doubles: with the multiplier Mh · 2^24 + Ml, ⌊(L · M + 2^57) / 2^58⌋ = ⌊(L · Mh + ⌊L · Ml / 2^24⌋ + 2^33) / 2^34⌋.
    const [mh, ml] = [Number(highBitsMul >> 24n), Number(highBitsMul & 0xffffffn)];
    checkUseHint(p, (lane) => Math.floor((lane * mh + Math.floor((lane * ml) / 2 ** 24) + 2 ** 33) / 2 ** 34) % 16);
    const slot = [7, 5, 3, 1, 6, 4, 2, 0]; // the 32-bit lane of coefficient m, from the bottom
    const gather = slot.reduce((g, t, m) => g | (1n << BigInt(224 + 4 * m - 32 * t)), 0n);
    const all = slot.reduce((x, t) => x | (15n << BigInt(32 * t)), 0n);
    if (gather !== 0x1000000000001000010000000000010000100000000000100001000000000001n || ((all * gather) % (1n << 256n)) >> 224n !== 0xffffffffn)
      throw new Error("w1Encode: GATHER");
    c.push(`    /// @dev ⌊2^62/q⌋, 2^57 and bits 58 … 61 in each 64-bit lane: HighBits as a rounding (see {_useHintAndEncode}).
    uint256 private constant HIGH_BITS_MUL = ${hex(highBitsMul)};
    uint256 private constant HALF = ${lanes(2 ** 57, 64, 4)};
    uint256 private constant NIBBLE_58 = ${lanes(15 * 2 ** 58, 64, 4)};
    /// @dev Gathers the nibbles of coefficients 0 … 7 (lanes in the order 0, 4, 1, 5, 2, 6, 3, 7 from the top) to bits
    /// 224 + 4m, m = 0 … 7: the low half of their 64-bit lane, little-endian (see {_useHintAndEncode}).
    uint256 private constant GATHER = 0x1000000000001000010000000000010000100000000000100001000000000001;
`);
  }
  if (p.w1Bits === 6) {
    const bytesAt = (first) => {
      let m = 0n;
      for (let k = 0; k < 8; k++) m |= 0xffn << BigInt(8 * (31 - 3 * k - first));
      return hex(m);
    };
    c.push(`
    /// @dev The middle and last byte of each of a word's first eight 3-byte chunks.
    uint256 private constant MIDDLE_BYTES = ${bytesAt(1)};
    uint256 private constant LAST_BYTES = ${bytesAt(2)};
`);
  }
  c.push(`
    /// @dev Constants of {_hintWellFormed}: the low byte of each 16-bit lane; bit 0 of each 16-bit lane, of its high
    /// byte, of every byte.
    uint256 private constant BYTES_ODD = ${lanes(0xff, 16, 16)};
    uint256 private constant FLAGS_ODD = ${lanes(1, 16, 16)};
    uint256 private constant FLAGS_EVEN = ${lanes(0x100, 16, 16)};
    uint256 private constant FLAGS = ${lanes(1, 8, 32)};

    /// @dev The three lower lanes of a word.
    uint256 private constant LOW_LANES = 0xffffffffffffffffffffffffffffffffffffffffffffffff;

    /// @dev Constants of {isReduced}: 2^31 − q, and bit 31, in each of eight 32-bit lanes.
    uint256 private constant GE_Q = ${lanes(2 ** 31 - Q, 32, 8)};
    uint256 private constant BIT31 = ${lanes(2 ** 31, 32, 8)};`);
  return c.join("");
}

/** Whether the set holds its transcript μ ‖ w1Encode(w1′) as little-endian lanes (its 4-bit w1Encode writes them). */
const transcriptAsLanes = (p) => p.w1Bits === 4;

function cTildeMatches(p) {
  const length = 64 + p.w1Bytes;
  const blocks = Math.floor(length / 136) + 1;
  // The two pad bytes are distinct bytes (no 0x9F case) for every set.
  if (length === blocks * 136 - 1) throw new Error("transcript padding: 0x1F and 0x80 meet");
  const first = "eq(mload(out), calldataload(signature.offset))";
  const second =
    p.cTildeBytes === 32
      ? null
      : p.cTildeBytes === 64
        ? "eq(mload(add(out, 0x20)), calldataload(add(signature.offset, 0x20)))"
        : `eq(shr(${8 * (64 - p.cTildeBytes)}, mload(add(out, 0x20))), shr(${8 * (64 - p.cTildeBytes)}, calldataload(add(signature.offset, 0x20))))`;
  const body = second === null ? `equal := ${first}` : `equal := and(\n                ${first},\n                ${second}\n            )`;
  // ML-DSA-65 and -87 hold the transcript as little-endian lanes (see {_useHintAndEncode}); ML-DSA-44's w1Encode is
  // shared with its keccak variant, which hashes the bytes as they are.
  const asLanes = transcriptAsLanes(p);
  if (asLanes && length % 8) throw new Error("transcript as lanes: the padding starts inside a lane");
  const held = asLanes
    ? ` held as little-endian lanes: each 8-byte group
     * byte-reversed, as {_mu} and {_useHintAndEncode} write it, so the permutation absorbs it without reversing bytes.
     * The padding goes in place after the ${length} bytes (${length / 8} lanes), so the permutation absorbs the
     * transcript where it is; the digest goes to fresh memory (at or above {KeccakF1600-BORROWED_END}).`
    : `. The padding goes in place after the ${length}
     * bytes, so the permutation absorbs the transcript where it is; the digest goes to fresh memory (at or above
     * {KeccakF1600-BORROWED_END}).`;
  const padding = asLanes
    ? `// 0x1F ‖ 0x00… ‖ 0x80 to the end of the last block (zeroed by reading past the calldata), as lanes: 0x1F
            // the low byte of lane ${length / 8}, 0x80 the high byte of lane ${(blocks * 136) / 8 - 1}.`
    : "// 0x1F ‖ 0x00… ‖ 0x80 to the end of the last block (zeroed by reading past the calldata).";
  // In lane form, byte b of the stream is at b xor 7.
  const at = (b) => (asLanes ? b ^ 7 : b);
  const absorb = asLanes ? "absorbAndSqueezeLanes" : "absorbAndSqueeze";
  return `    /// @dev The transcript μ ‖ w1Encode(w1′) (${length} bytes) with room for SHAKE256's padding: ${blocks} blocks of 136 bytes.
    uint256 internal constant TRANSCRIPT_BYTES = ${blocks * 136};

    /**
     * @dev Whether SHAKE256(μ ‖ w1Encode(w1′), ${p.cTildeBytes}) is σ's c̃, for the transcript at \`transcript\` (above
     * {KeccakF1600-BORROWED_END}, {TRANSCRIPT_BYTES} writable bytes)${held}
     */
    function cTildeMatches(uint256 transcript, bytes calldata signature) internal pure returns (bool equal) {
        uint256 out;
        assembly ("memory-safe") {
            ${padding}
            calldatacopy(add(transcript, ${length}), calldatasize(), ${blocks * 136 - length})
            mstore8(add(transcript, ${at(length)}), 0x1f)
            mstore8(add(transcript, ${at(blocks * 136 - 1)}), 0x80)
            // Allocated: the permutation saves the memory it borrows above the free memory pointer.
            out := mload(0x40)
            mstore(0x40, add(out, 64))
        }
        KeccakF1600.${absorb}(transcript, ${blocks - 1}, transcript + ${(blocks - 1) * 136}, 136, out, ${p.cTildeBytes}${asLanes ? ", 1" : ""});
        assembly ("memory-safe") {
            ${body}
        }
    }`;
}

/**
 * Where {_decodeZ} moves the eight fields of a block of zBits bytes: the 3-byte window holding field m (bytes
 * ⌊zBits·m/8⌋ …, bit offset o = zBits·m mod 8) goes to the 32-bit lane of m in the order c0, c4, c1, c5, c2, c6, c3, c7
 * (from the top), shifted up by 8 − o. The windows go in three groups; within a group a window's copies in the product
 * never overlap another's or the group's lanes (checked here), so each MUL is a set of exact shifts. The block is read
 * by one calldataload ending at its last byte (bits 0 … 8·zBits − 1, byte 0 on top); a group whose windows must move
 * down first shifts it right by its `shift`.
 */
function zLayout(p) {
  const ONE = 1n;
  const W24 = (ONE << 24n) - ONE;
  const bytes = p.zBits;
  // h = the calldata word ending at the block's last byte: the block's bytes in bits 0 … 8·bytes − 1, byte 0 on top.
  const o = [], b = [], P = [], t = [];
  for (let m = 0; m < 8; m++) {
    const j = Math.floor((p.zBits * m) / 8);
    o.push((p.zBits * m) % 8);
    b.push(8 * bytes - 8 * (j + 3));
    P.push(m < 4 ? 224 - 64 * m : 192 - 64 * (m - 4));
    t.push(P[m] + 8 - o[m]);
  }
  const partition = p.zBits === 18 ? [[0, 4, 6], [1, 5, 7], [2, 3]] : [[0, 6, 7], [2, 5], [1, 3, 4]];
  const groups = partition.map((group) => {
    const r = Math.max(0, ...group.map((m) => b[m] - t[m]));
    let S = 0n, K = 0n, T = 0n;
    for (const m of group) {
      S |= W24 << BigInt(b[m] - r);
      K |= ONE << BigInt(t[m] - b[m] + r);
      T |= W24 << BigInt(t[m]);
    }
    // Every copy of the masked source (S × each term of K), below 2^256: only window m's own copy may touch lane m's
    // 24 bits, and the copies below a lane must sum below it (no carry in).
    const M256 = (ONE << 256n) - ONE;
    for (const m of group) {
      const low = (ONE << BigInt(t[m])) - ONE;
      let below = 0n;
      for (const n of group) {
        const copy = (S << BigInt(t[n] - b[n] + r)) & M256;
        const inLane = copy & (W24 << BigInt(t[m]));
        if (n === m ? inLane !== ((W24 << BigInt(b[m] - r)) << BigInt(t[m] - b[m] + r)) : inLane !== 0n)
          throw new Error(`decodeZ: window ${n}'s copy meets lane ${m}`);
        below += copy & low;
      }
      if (below > low) throw new Error(`decodeZ: a carry may reach lane ${m}`);
    }
    return { S, K, T, shift: r };
  });
  const F = (ONE << BigInt(p.zBits)) - ONE;
  let A = 0n, B = 0n, C = 0n;
  for (let m = 0; m < 8; m++) {
    const oo = BigInt(o[m]), at = BigInt(P[m]);
    A |= ((0xffn << (16n - oo)) & F) << at;
    B |= (0xffn << (8n - oo)) << at;
    C |= (0xffn >> oo) << at;
  }
  return { groups, A, B, C };
}

/**
 * The position chunk at byte `o` of {_hintWellFormed}: its order check and its unused bytes, those from index − o on
 * and below ω (the counts that follow the positions masked off in the last chunk).
 */
function hintChunk(p, o, indent) {
  // Bytes below index − o, for index − o from 0 (a shift of 256 or more gives 0) or, past the first chunk, negative.
  const checked = o === 0 ? "not(shr(shl(3, index), not(0)))" : `not(shr(shl(3, mul(gt(index, ${o}), sub(index, ${o}))), not(0)))`;
  const tail = p.omega - o;
  const unused = tail >= 32 ? "not(checked)" : `and(not(checked), ${hex(((1n << BigInt(8 * tail)) - 1n) << BigInt(8 * (32 - tail)))})`;
  const lines = [
    `let w := calldataload(${plus("y", o)})`,
    `let v := calldataload(${o === 0 ? "sub(y, 1)" : `add(y, ${o - 1})`})`,
    "let f := or(",
    "    and(shr(8, sub(add(and(w, bytesOdd), bytesOdd), and(v, bytesOdd))), FLAGS_ODD),",
    "    and(sub(add(and(shr(8, w), bytesOdd), bytesOdd), and(shr(8, v), bytesOdd)), FLAGS_EVEN)",
    ")",
    `let checked := ${checked}`,
    `bad := or(bad, and(and(checked, FLAGS), not(or(f, mload(${plus("starts", o)})))))`,
    `bad := or(bad, and(w, ${unused}))`,
  ];
  return lines.map((line) => indent + line).join("\n");
}

/** _hintWellFormed: the k counts unrolled, then the positions 32 bytes at a time (⌈ω/32⌉ chunks). */
function hintWellFormed(p) {
  const chunks = Math.ceil(p.omega / 32);
  return `    /**
     * @dev FIPS 204 Algorithm 21 (HintBitUnpack) as a check only: counts non-decreasing and at most ω,
     * positions strictly increasing within each polynomial, unused position bytes zero. The positions are
     * used later straight from calldata. Plain reference: {MLDSA65Reference-hintWellFormed}.
     */
    function _hintWellFormed(bytes calldata signature) internal pure returns (bool ok) {
        assembly ("memory-safe") {
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            let bad := 0
            // Byte t of the free memory gets 1 where position t starts a polynomial (0 and each count, at most 255), so
            // has no predecessor to exceed; bytes 0 … ${32 * chunks - 1} cleared first.
            let starts := mload(0x40)
            calldatacopy(starts, calldatasize(), ${32 * chunks})
            mstore8(starts, 1)
            // The k counts are the word's first bytes, each checked in turn (unrolled: no loop overhead); once they never
            // decrease, the last one is the largest.
            let counts := calldataload(add(y, OMEGA))
${Array.from({ length: p.k }, (_, i) => `            {
                let end := byte(${i}, counts)
                bad := or(bad, lt(end, index))
                index := end
                mstore8(add(starts, end), 1)
            }`).join("\n")}
            bad := or(bad, gt(index, OMEGA))
            // Positions 1 … index − 1 that do not start a polynomial must exceed the one before, 32 at a time: in 16-bit
            // lanes (the bytes at odd offsets t of the chunk w, then, shifted, those at even ones), 0xff + w_t − v_t,
            // never negative nor above 0x1fe (no borrow or carry between lanes), has bit 8 set iff w_t > v_t, v being
            // the bytes one before w's. f collects those bits at bit 0 of byte t; the chunk's first index − o bytes
            // (none if that is not positive, all from 32) are the positions checked, and its other bytes below ω, the
            // unused ones, must be zero. The ${words[chunks]} chunks unrolled: no loop, and the unused bytes checked in the chunks
            // already loaded rather than by a loop of their own: 214 to 342 gas less a verify (ML-DSA-87, -44;
            // measured) for 129 to 248 bytes of code.
            // BYTES_ODD (six uses a chunk) held on the stack: a DUP instead of a PUSH32, same gas, fewer bytes.
            let bytesOdd := or(BYTES_ODD, shr(255, calldatasize()))
${Array.from({ length: chunks }, (_, n) => `            {\n${hintChunk(p, 32 * n, " ".repeat(16))}\n            }`).join("\n")}
            ok := iszero(bad)
        }
    }`;
}

/**
 * z blocks per iteration of {_decodeZ}'s loop, per set (a divisor of its 32·l blocks): four halve the two-block loop's
 * overhead again (1.3K to 2.4K gas of decoding a verify) for about 600 bytes of code (two more block bodies), so four
 * only where the set's ForStandIns verifier keeps at least 250 bytes under EIP-170 (24,576) after it.
 */
const Z_BLOCKS_PER_ITERATION = { 44: 4, 65: 4, 87: 4 };

function decodeZ(p) {
  const count = words[p.l];
  const d = zLayout(p);
  const unroll = Z_BLOCKS_PER_ITERATION[p.set];
  const product = (g, n) => [
    "and",
    ["mul", ["and", g.shift === 0 ? "h" : `shr(${g.shift}, h)`, `WINDOWS_${n}`], `SPREAD_${n}`],
    `LANES_${n}`,
  ];
  // The nesting of this OR and of the byte reversal's (below) is the one that leaves solc's IR code generator the fewest
  // stack moves: 2 to 3 gas a block less than the other orders tried.
  const spread = layout(["or", product(d.groups[2], 2), ["or", product(d.groups[0], 0), product(d.groups[1], 1)]], " ".repeat(20));
  const blocks = p.cOffset / 64;
  if (blocks % unroll !== 0) throw new Error(`_decodeZ takes its ${blocks} blocks ${unroll} at a time`);
  const perIteration =
    unroll === 2
      ? `Two blocks per iteration (${grouped(blocks)} blocks, an even count): half the loop's overhead.`
      : `${words[unroll][0].toUpperCase()}${words[unroll].slice(1)} blocks per iteration (${grouped(blocks)} blocks, a multiple of ${words[unroll]}): 1/${unroll} of the loop's overhead.`;
  return `    /**
     * @dev Unpacks the ${count} ${p.zBits}-bit packed z polynomials (FIPS 204 Algorithm 19, BitUnpack(·, γ1 − 1, γ1)) into
     * packed polynomials at \`z\`, coefficient z = γ1 − raw stored as q + γ1 − raw (non-negative, below 2^24, ≡ z
     * mod q), and checks ‖z‖∞ < γ1 − β, i.e. β + 1 ≤ raw ≤ 2γ1 − β − 1, for all of them. Plain reference
     * ({MLDSA${p.zBits === 18 ? 44 : 65}Reference-decodeZ}): raw_c is bits ${p.zBits}c..${p.zBits}c + ${p.zBits - 1} of z's bytes read as a little-endian integer.
     */
    function _decodeZ(bytes calldata signature, uint256 z) internal pure returns (bool ok) {
        assembly ("memory-safe") {
            // Eight coefficients per ${p.zBits} bytes, least significant bit first: raw_m is the 3-byte window x = b_j b_j+1 b_j+2
            // (j = ⌊${p.zBits}m/8⌋) read little-endian, shifted down by o = ${p.zBits}m mod 8. Three MULs copy the windows of a
            // calldata word into eight 32-bit lanes, c0, c4, c1, c5, …, c3, c7 from the top, window m shifted up by 8 − o
            // (x' = x·2^(8 − o): the copies of a group never overlap, see scripts/codegen/mldsa.mjs). Then in every lane
            // at once raw = (x' << 8 & A) | (x' >> 8 & B) | (x' >> 24 & C): b_j+2, b_j+1 and b_j at their little-endian
            // places less o, the masks per lane. s = q + γ1 − raw is one SUB (no borrow: raw < 2^${p.zBits} < q + γ1);
            // word 2n is its high halves, word 2n + 1 its low ones. Lane-wise range check on s < 2^24, so neither sum
            // carries out of its lane: bit 24 of s + Z_LOW is s ≥ q + γ1 − 2^${p.zBits} + ${p.beta + 1} (raw ≤ 2^${p.zBits} − ${p.beta + 1}), that of
            // s + Z_HIGH is s ≥ q + γ1 − ${p.beta} (raw ≤ ${p.beta}); the second implies the first, so their XOR has bit 24 set
            // iff ${p.beta + 1} ≤ raw ≤ 2^${p.zBits} − ${p.beta + 1}: one AND keeps it for all. Checking s, not raw (with the AND's
            // operands in this order), ends raw's life at the SUB: the same operations, 9 gas less an iteration.
            // ${perIteration} src − ${32 - p.zBits} is read:
            // each calldataload ends at its block's last byte (the bytes before it, c̃'s or z's, are masked off).
            // The four lane constants of the check, the SUB and the stores stay on the stack: a DUP (1 byte) costs the
            // same 3 gas as a PUSH32 (33 bytes), 332 bytes less for four blocks an iteration. OR-ed with a zero the
            // optimizer cannot fold (calldatasize() < 2^255), else it rematerializes each as a PUSH32 at every use.
            let opaqueZero := shr(255, calldatasize())
            let zLow := or(Z_LOW, opaqueZero)
            let zHigh := or(Z_HIGH, opaqueZero)
            let qPlusGamma1 := or(Q_PLUS_GAMMA1, opaqueZero)
            let lowHalves := or(LOW_HALVES, opaqueZero)
            let inRange := not(0)
            let src := add(signature.offset, sub(C_TILDE_BYTES, ${32 - p.zBits}))
            for { let end := add(z, C_OFFSET) } lt(z, end) { z := add(z, ${64 * unroll}) } {
${Array.from({ length: unroll }, (_, block) => `                {
                    let h := calldataload(${block === 0 ? "src" : `add(src, ${p.zBits * block})`})
                    let v := ${spread}
                    v := or(and(shl(8, v), PART_A), or(and(shr(8, v), PART_B), and(shr(24, v), PART_C)))
                    v := sub(qPlusGamma1, v)
                    inRange := and(xor(add(v, zLow), add(v, zHigh)), inRange)
                    mstore(${block === 0 ? "z" : `add(z, ${64 * block})`}, and(shr(32, v), lowHalves))
                    mstore(add(z, ${64 * block + 32}), and(v, lowHalves))
                }`).join("\n")}
                src := add(src, ${unroll * p.zBits})
            }
            ok := eq(and(inRange, Z_BIT), Z_BIT)
        }
    }`;
}

/**
 * Groups of four coefficients per iteration of {_accumulate}'s loop, per set (a divisor of its 64 groups): two halve the
 * loop's overhead, 1,600 gas a verify (measured, each set) for a second copy of the body: 790 bytes for ML-DSA-44, but
 * 1,226 for -65 and about 1,950 for -87, more than their code budgets allow.
 */
const GROUPS_PER_ITERATION = { 44: 2, 65: 1, 87: 1 };

/**
 * Where {_accumulate} steps its pointers, per set: "body" (ap and s at the end of the body, zp in the loop's post block)
 * or "post" (all three in the post block, s, zp, ap in that order). Solc's stack layout follows the order: "post" is
 * 768 gas a verify less for ML-DSA-87 (3 bytes less), 384 more for -65 and 1,152 more for -44 (measured).
 */
const POINTER_STEPS = { 44: "body", 65: "body", 87: "post" };

/**
 * One coefficient pair's products for every row, in the iteration's group u (its u-th, from 0): e = 0 for c = 4g and
 * c + 2, e = 1 for 4g + 1 and 4g + 3, g being that group.
 */
function accumulateBlock(p, u, e, indent) {
  const columns = p.l + 1;
  const lines = [];
  for (let j = 0; j < columns; j++) lines.push(`${indent}let z${j} := and(mload(${plus("zp", 2048 * j + 32 * u + 8 * e)}), MZ)`);
  for (let i = 0; i < p.k; i++) {
    const terms = [];
    for (let j = 0; j < columns; j++) {
      const offset = (j < p.l ? 1024 * (p.l * i + j) : 1024 * (p.k * p.l + i)) + 16 * u + 4 * e;
      terms.push(["mul", ["and", ["mload", plus("ap", offset)], "ma"], `z${j}`]);
    }
    // A running sum from the last column down, one partial sum live: a balanced tree keeps up to four, which
    // deepens the stack (SWAPs around every row at eight columns).
    lines.push(`${indent}${i === 0 ? "let " : ""}sum := ${render(terms[columns - 1])}`);
    for (let j = columns - 2; j > 0; j--) lines.push(`${indent}sum := add(${render(terms[j])}, sum)`);
    lines.push(`${indent}mstore(${plus("s", 4096 * i + 64 * u + 32 * e)}, add(${render(terms[0])}, sum))`);
  }
  return lines.join("\n");
}

function accumulate(p) {
  const rows = words[p.k];
  const unroll = GROUPS_PER_ITERATION[p.set];
  if (64 % unroll !== 0) throw new Error(`_accumulate takes its 64 groups ${unroll} at a time`);
  const at = (n) => (n === 0 ? "4g" : `4g + ${n}`);
  const body = Array.from({ length: unroll }, (_, u) =>
    [0, 1]
      .map(
        (e) => `                // c = ${at(4 * u + e)} and c + 2.
                {
${accumulateBlock(p, u, e, " ".repeat(20))}
                }`,
      )
      .join("\n"),
  ).join("\n");
  const steps = { zp: `zp := add(zp, ${32 * unroll})`, ap: `ap := add(ap, ${16 * unroll})`, s: `s := add(s, ${64 * unroll})` };
  const inPost = POINTER_STEPS[p.set] === "post";
  const post = inPost ? [steps.s, steps.zp, steps.ap].join(" ") : steps.zp;
  const bodySteps = inPost ? "" : [steps.ap, steps.s].map((step) => `\n                ${step}`).join("");
  const columnName = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][p.l];
  return `    /**
     * @dev Â ∘ ẑ − ĉ ∘ t̂1 for all ${rows} rows, as pair products: for c = 4g + e (e = 0, 1) and row i, the word at
     * \`z + PRODUCTS_OFFSET + 4096i + 64g + 32e\` gets Σ_j Â[i][j][c] ẑ[j][c] in bits 192..255 and the same for
     * c + 2 in bits 0..63 ({MLDSAInverseNTT} reads them), with t̂1[i] and −ĉ as a ${columnName} column. One MUL
     * makes both: (Â[c]·2^64 + Â[c+2]) × (ẑ[c]·2^128 + ẑ[c+2]) puts Â[c]ẑ[c] at bit 192, Â[c+2]ẑ[c+2] at 0 and
     * the cross products at 64 and 128. Each product is below 2^32 · 2^28 (E holds 32-bit values, ẑ lanes are
     * below 2^28, see {MLDSANTT-ntt}), a sum of ${words[p.l + 1]} below 2^63: the four 64-bit fields never carry into each other. The two factors
     * come from one MLOAD and one AND each: E's coefficients c and c + 2 are 8 bytes apart, a packed
     * polynomial's 16. \`a\` is E's first byte (Â[i][j] at ${1024 * p.l}i + 1024j, t̂1[i] at ${1024 * p.k * p.l} + 1024i).
     */
    function _accumulate(uint256 a, uint256 z) internal pure {
        assembly ("memory-safe") {
            // MA on the stack: a DUP (1 byte) costs the same 3 gas as a PUSH12 (13 bytes), and with it there the
            // optimizer lays the stack out better (ML-DSA-87: fewer SWAPs). OR-ed with a zero the optimizer cannot fold
            // (calldatasize() < 2^255), else it rematerializes MA as a PUSH12 at every use.
            let ma := or(MA, shr(255, calldatasize()))
            // ap: mload(ap + offset) holds Â[c] in bits 64..95 and Â[c + 2] in bits 0..31 (for c = 4g).
            // zp: mload(zp + 2048j) holds ẑ[j][c] in bits 128..191 and ẑ[j][c + 2] in bits 0..63.
            let s := add(z, PRODUCTS_OFFSET)
            let end := add(z, 2040)
            let ap := sub(a, 20)
            for { let zp := sub(z, 8) } lt(zp, end) { ${post} } {
${body}${bodySteps}
            }
        }
    }`;
}

/**
 * The multiplier that moves four 6-bit values at bits `positions` (32-bit lanes) to bits 232, 238, 244 and 250, of a
 * word holding 6-bit values in all eight lanes (bits 0, 32, …, 224): every other product of a lane and a term lands
 * below bit 232 or at 256 and above, and those below sum below 2^232 (checked here on the largest values), so bits
 * 232 … 255 of the product are exactly the four values, with no mask on the other four lanes.
 */
function gatherConstant(positions) {
  const ONE = 1n;
  let g = 0n;
  positions.forEach((at, k) => (g |= ONE << BigInt(232 + 6 * k - at)));
  let below = 0n;
  [0, 32, 64, 96, 128, 160, 192, 224].forEach((at) =>
    positions.forEach((target, k) => {
      if (at === target) return;
      const lo = 232 + 6 * k - target + at;
      if (lo >= 256) return;
      if (lo + 6 > 232) throw new Error("gather: a cross product meets the result");
      below += 63n << BigInt(lo);
    }),
  );
  if (below >= ONE << 232n) throw new Error("gather: a carry may reach the result");
  return hex(g);
}

/**
 * Coefficients a pass of the 4-bit w1Encode's loop in {_useHintAndEncode}, per set: 128 halve the overhead of 64 (528
 * gas a verify for ML-DSA-65) for 392 bytes of code, which ML-DSA-87's verifier (within 900 bytes of EIP-170) keeps.
 */
const W1_COEFFICIENTS_PER_PASS = { 65: 128, 87: 64 };

function useHintAndEncode(p) {
  // The last store of the last row writes 29 (6-bit w1) or 28 bytes past w1Encode(w1′), into the transcript's
  // padding room.
  if (Math.floor((64 + p.w1Bytes) / 136 + 1) * 136 - 64 - p.w1Bytes < 29) throw new Error("w1Encode: no room past the encoding");
  // One hinted coefficient's step, the same for both w1 widths, at `position`; `inBlock` puts it in a block of its own
  // where two share a scope.
  const hinted = (position, indent) =>
    [
      `let at := add(w, shl(3, ${position}))`,
      "let x := mod(mload(at), TOP_Q)",
      "let offset := sub(Q_MINUS_TWO_GAMMA2, mul(gt(mod(add(shr(192, x), GAMMA2_MINUS_ONE), TWO_GAMMA2), GAMMA2_MINUS_ONE), Q_MINUS_FOUR_GAMMA2))",
      "mstore(at, add(x, shl(192, offset)))",
    ]
      .map((line) => indent + line)
      .join("\n");
  const inBlock = (position, indent) => `${indent}{\n${hinted(position, `${indent}    `)}\n${indent}}`;
  const hintLoop = `            // The hint's positions read by pointer (from y + h_{i-1} to y + h_i); the coefficient is the top lane of
            // the word at w + 8·position. mod(x, TOP_Q) reduces that lane to r (x = lane · 2^192 + low, low < 2^192)
            // and keeps the others, and the offset (+ 2γ2 if r0 > 0, else + q − 2γ2) is added to the lane in place: it
            // stays below 2q < 2^64. (Every constant in the top lane saves 6 gas a hint but costs about 30 bytes: 130
            // gas a verify for 117 bytes.)
            // Two positions a pass (one CALLDATALOAD, half the loop's jumps), after one alone if their number is
            // odd: 17 to 21 gas a hint less for 166 bytes (the profiles: 647 gas for ML-DSA-65's 37 hints, 1,245 for
            // ML-DSA-87's 65).
            let y := add(signature.offset, HINT_OFFSET)
            let h := y
            if i { h := add(y, byte(0, calldataload(add(y, add(OMEGA, sub(i, 1)))))) }
            let last := add(y, byte(0, calldataload(add(y, add(OMEGA, i)))))
            if and(sub(last, h), 1) {
${hinted("byte(0, calldataload(h))", " ".repeat(16))}
                h := add(h, 1)
            }
            for {} lt(h, last) { h := add(h, 2) } {
                let two := calldataload(h)
${inBlock("byte(0, two)", " ".repeat(16))}
${inBlock("byte(1, two)", " ".repeat(16))}
            }`;
  if (p.w1Bits === 6) {
    const indent = " ".repeat(16);
    // Word pair g of a pass: its two 3-byte chunks (coefficients 8g … 8g + 3, then 8g + 4 … 8g + 7) stored at o + 6g
    // and o + 6g + 3, each store overwriting the previous one's low bytes; after the fourth pair the 24 bytes are read
    // back and each chunk's first and last byte swapped.
    const groups = [0, 1, 2, 3]
      .map((group) => {
        const at = (offset) => plus("p", 64 * group + offset);
        return [
          `x := or(mload(${at(0)}), mload(${at(28)}))`,
          "x := sub(add(x, GAMMA2_MINUS_ONE_L), and(shr(24, add(x, REDUCE)), ones))",
          "x := and(mul(and(shr(11, x), LOW14), 8201), LOW25)",
          "x := and(shr(25, mul(x, 44)), LOW6)",
          `mstore(${plus("o", 6 * group)}, mul(x, GATHER_HIGH))`,
          `mstore(${plus("o", 6 * group + 3)}, mul(x, GATHER_LOW))`,
        ]
          .map((line) => indent + line)
          .join("\n");
      })
      .join("\n");
    return `    /**
     * @dev FIPS 204 Algorithm 40 (UseHint) and Algorithm 28 (w1Encode) for row i of w (packed, lanes below 2q),
     * written to the 192 bytes at \`out\` (and 29 bytes past them, which the caller leaves writable). Decompose's
     * r1 is ⌊(r + γ2 − 1)/2γ2⌋ except at the top, where that gives 44 for Decompose's 0 (and r0 ≤ 0 there); r0 > 0
     * iff (r + γ2 − 1) mod 2γ2 ≥ γ2. Each hinted coefficient r (reduced mod q) is first replaced in w by r + 2γ2 if
     * r0 > 0 (r1 ≤ 43 then, and r1 = 43 moves to [q, q + γ2), whose r1 is 0), else by r + q − 2γ2 ≡ r − 2γ2 (r1 − 1, or
     * 43 for r = 0 and at the top): whose r1 is UseHint's r1 ± 1 mod 44; then every coefficient is encoded, 6 bits each,
     * four to three bytes, least significant first. w's row is changed, and the 24 bytes past it are rewritten
     * unchanged. Plain reference:
     * {MLDSA44Reference-useHintAndEncode}.
     */
    function _useHintAndEncode(uint256 w, bytes calldata signature, uint256 i, uint256 out) internal pure {
        assembly ("memory-safe") {
${hintLoop}
            // 32 coefficients (eight words, 24 bytes of the encoding) at a time. Two words at a time as eight 32-bit
            // lanes (coefficients 0, 4, 1, 5, 2, 6, 3, 7 from the top): the word loaded 4 bytes into coefficient 0's
            // lane is coefficients 0 … 3 shifted up by 32 bits (every lane's high half is zero, the 4 bytes after
            // that word too), joined with coefficients 4 … 7. r mod q is not formed: as q − 1 = 44 · 2γ2, r1 of r mod q
            // is ⌊(r + γ2 − 1 − [r ≥ q]) / 2γ2⌋ mod 44 (bit 24 of r + 2^24 − q is set iff r ≥ q), which also maps
            // Decompose's wrap (44, or 88 above q) to 0. With x that sum (< 2^25) and 2γ2 = 2^11 · 93, t = ⌊x / 2^11⌋
            // < 2^14 and r1 = ⌊(t mod 4092) / 93⌋ = ⌊44 · frac(t / 4092)⌋ = ⌊44 · (t · 8201 mod 2^25) / 2^25⌋ (the
            // fraction in 25 bits), exact for every lane below 2q (checked exhaustively in the generator; t · 8201 <
            // 2^27 and 44 · 2^25 < 2^32 stay in the lane). Each shift brings only the next lane's low bits down, above
            // the bits kept. One MUL gathers the r1 of the high halves (coefficients 0 … 3) to bits 232 … 255 as the
            // little-endian integer of their 3 bytes, another those of the low halves, each from the whole word (the
            // other half's products miss bits 232 … 255, see GATHER_HIGH); each product is stored as it is, in memory
            // order 3 bytes after the previous one (whose low bytes it overwrites), and swapping the first and last
            // byte of each of the pass's eight chunks makes them big-endian. The row's last chunk writes 29 bytes past
            // its 192 (the next row, the transcript's padding or nothing overwrites them).
            // ONES is set once and stays on the stack: a DUP (1 byte) instead of a 29-byte PUSH, 11 gas a row more for
            // 83 bytes less. shr(0, ·) keeps it a variable, which the optimizer would replace by the literal in every
            // use. (Keeping more constants so costs gas: the deeper stack takes SWAPs and DUPs in the loop.)
            let ones := shr(0, ONES)
            let o := out
            for { let p := add(w, 4) let end := add(p, POLY_BYTES) } lt(p, end) { p := add(p, 256) } {
                let x := 0
${groups}
                let v := mload(o)
                mstore(o, or(and(v, MIDDLE_BYTES), or(shl(16, and(v, LAST_BYTES)), and(shr(16, v), LAST_BYTES))))
                o := add(o, 24)
            }
        }
    }`;
  }
  // Word pairs 64 bytes apart: the pair at p + 64 (coefficients 8 … 15 of 16) is stored first.
  const highBits = (offset) => `and(add(mul(mload(${plus("p", offset)}), HIGH_BITS_MUL), half), nibble58)`;
  const perPass = W1_COEFFICIENTS_PER_PASS[p.set];
  const pairs = Array.from({ length: perPass / 8 }, (_, k) => 64 * (k ^ 1))
    .map((offset, k) =>
      [
        "{",
        `    let first := ${highBits(offset)}`,
        `    let second := ${highBits(offset + 32)}`,
        `    mstore(${plus("o", 4 * k)}, mul(shr(26, or(first, shr(32, second))), gather))`,
        "}",
      ]
        .map((line) => " ".repeat(16) + line)
        .join("\n"),
    )
    .join("\n");
  return `    /**
     * @dev FIPS 204 Algorithm 40 (UseHint) and Algorithm 28 (w1Encode) for row i of w (packed, lanes below 2q),
     * written to the 128 bytes at \`out\` (and 28 bytes past them, which the caller leaves writable) as little-endian
     * lanes: each 8-byte group of the encoding byte-reversed, the
     * form {cTildeMatches} absorbs without reversing bytes (\`out\` is 8-byte aligned in the transcript). HighBits:
     * r1 = ⌊(r + γ2 − 1)/2γ2⌋ is Decompose's r1 except at the top, where it gives 16 (≡ 0 in 4 bits, Decompose's
     * wrap): r + γ2 − 1 = 2γ2 · r1 + (r0 + γ2 − 1) with r0 + γ2 − 1 in [0, 2γ2), so r0 > 0 iff (r + γ2 − 1) mod 2γ2
     * ≥ γ2 (at the wrap, r0 ≤ 0 and this is below γ2 too). Each hinted coefficient r (reduced mod q) is first replaced
     * in w by r + 2γ2 if r0 > 0 (r1 ≤ 15 then: r1 + 1, also when the sum reaches q, as r0 + γ2 − 2 ≥ 0), else by
     * r + q − 2γ2 ≡ r − 2γ2 (r1 − 1 mod 16: 15 for r = 0 and at the wrap; the sum is below q only for r < 2γ2, r ≠ γ2,
     * whose r1 it moves by 15 too): below 2q, with UseHint's r1 as r1 mod 16; then every coefficient is encoded.
     * w's row is changed, and the 24 bytes past it are rewritten unchanged. Plain reference:
     * {MLDSA65Reference-useHintAndEncode}, each 8-byte group reversed.
     */
    function _useHintAndEncode(uint256 w, bytes calldata signature, uint256 i, uint256 out) internal pure {
        assembly ("memory-safe") {
${hintLoop}
            // HighBits on the 64-bit lanes as they are, one word (four coefficients) at a time, with no r mod q and no
            // 32-bit split: as q = 32γ2 + 1, r1 of r = L mod q is round(16L / q) mod 16 for every lane L < 2q (L ≥ q
            // adds 16, the top wrap gives 16 or 32), which is ⌊(L · ⌊2^62/q⌋ + 2^57) / 2^58⌋ mod 16 (checked
            // exhaustively in the generator; the sum stays below 2^64, in its lane): bits 58 … 61 of each lane of
            // mul(word, HIGH_BITS_MUL) + HALF (4 operations a word where r + γ2 − 1 − [r ≥ q] divided by 2γ2 took 10 a
            // word pair, besides the OR joining the pair; with the loop below, 3,342 gas a verify less for ML-DSA-65 and
            // 4,456 for ML-DSA-87). w1Encode packs coefficients 2b and 2b + 1 into
            // byte b (low nibble first), so a 64-bit lane of the encoding (16 coefficients), read little-endian, is
            // Σ r1_m · 16^m: the nibbles of a word pair, the first word's at bit 26 of the high half of each 64-bit lane
            // and the second's at bit 26 of the low half after the shift by 32, go down to bit 0 of their 32-bit lanes
            // (coefficients 0, 4, 1, 5, 2, 6, 3, 7 from the top), and one MUL gathers them into the top 32 bits as
            // Σ r1_m · 16^m (the other products land below bit 224 and never carry into it, or beyond 2^256); it is
            // stored as it is: the pair 64 bytes on (coefficients 8 … 15) first, then this pair 4 bytes on, each store
            // overwriting the previous one's low bytes. The row's last store writes 28 bytes past its 128 (the caller
            // leaves them writable; the next row or the transcript's padding overwrites them).
            // ${perPass} coefficients (${perPass / 2} bytes of the encoding) a pass, ${perPass === 128 ? "an eighth" : "a quarter"} of the loop's jumps and counter updates of
            // 16 at a time, with HALF, NIBBLE_58 and GATHER held on the stack: a DUP (1 byte) costs the gas of the
            // 32-byte PUSH it replaces (shr(0, ·) keeps each a variable, which the optimizer would replace by the
            // literal in every use). The pass counts by \`o\` against its own end, not by \`out\`: that stack layout
            // leaves the hint loop above without SWAPs (378 gas a verify less for ML-DSA-65).
            let half := shr(0, HALF)
            let nibble58 := shr(0, NIBBLE_58)
            let gather := shr(0, GATHER)
            for { let p := w let o := out let end := add(out, W1_POLY_BYTES) } lt(o, end) { p := add(p, ${8 * perPass}) } {
${pairs}
                o := add(o, ${perPass / 2})
            }
        }
    }`;
}

/**
 * SampleInBall's step for an accepted draw at position i (c[i] at `pi` = negC + 8i, c[j] at `pj`): c[i] = c[j],
 * c[j] = −(−1)^sign. `first` writes out why the stores are right; `tail` clears the top lane with two shifts instead of
 * the mask: fewer bytes, for the draws at positions 254 and 255 only.
 */
function acceptDraw(indent, { first = false, tail = false } = {}) {
  const why = [
    "// c[i] = c[j]: c[i] is the top lane of the word at pi. The store also copies lanes j + 1 … j + 3",
    "// to positions i + 1 … i + 3 (or, for i > 252, past the polynomial), which is harmless: each",
    "// position above i is written whole at its own step before it is read (a draw j = i reads c[i],",
    "// then overwrites it), so the positions below i always hold c.",
    "mstore(pi, mload(pj))",
    "// Read again: for j in [i − 3, i], the store above wrote into this word. −c[j] is q − 1 for",
    "// c[j] = +1 (sign bit 0) and 1 for −1; the signs shift down one per accepted draw.",
  ];
  const low = tail ? "shr(64, shl(64, mload(pj)))" : "and(mload(pj), LOW_LANES)";
  return [
    ...(first ? why : ["// As above.", "mstore(pi, mload(pj))"]),
    `mstore(pj, or(${low}, shl(192, sub(${Q - 1}, mul(${Q - 2}, and(s, 1))))))`,
    "s := shr(1, s)",
    "pi := add(pi, 8)",
  ]
    .map((line) => indent + line)
    .join("\n");
}

function library(p) {
  const name = `MLDSA${p.set}`;
  const first = 256 - p.tau;
  const p0 = (first + 1) / 256;
  const firstBlockBound = Math.floor(-log2Tail(128, p0, p.tau));
  const bothBlocksBound = Math.floor(-log2Tail(264, p0, p.tau));
  return `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// This file is generated by scripts/codegen/mldsa.mjs; edit the generator, not this file.

import {KeccakF1600} from "./KeccakF1600.sol";
import {MLDSAInverseNTT} from "./MLDSAInverseNTT.sol";
import {MLDSANTT} from "./MLDSANTT.sol";

/**
 * @dev FIPS 204 ML-DSA.Verify (Algorithm 3, pure mode, with Verify_internal, Algorithm 8) for ML-DSA-${p.set}, over
 * an expanded public key E = Â ‖ t̂1 ‖ tr instead of pk: Â = ExpandA(ρ) and t̂1 = NTT(t1 · 2^13) as ${p.polynomials}
 * polynomials of 256 big-endian uint32 coefficients (Â row-major, index ${p.l}i + j), then tr = H(pk, 64). The
 * SDK computes E (\`expandMldsa${p.set}PublicKey\`).
 *
 * ML-DSA-${p.set}'s parameters (FIPS 204 Table 1): (k, l) = (${p.k}, ${p.l}), τ = ${p.tau}, β = ${p.beta}, γ1 = 2^${Math.log2(p.gamma1)} (z packed in ${p.zBits} bits),
 * γ2 = (q − 1)/${(Q - 1) / p.gamma2} (w1 packed in ${p.w1Bits} bits), ω = ${p.omega}, and a ${p.cTildeBytes}-byte c̃. The three sets' libraries are generated
 * from one implementation (scripts/codegen/mldsa.mjs) and share {MLDSANTT}.
 *
 * Polynomials are packed four coefficients to a word (see {MLDSANTT}). Memory of one verification (fresh):
 * ẑ[0..${p.l - 1}] and −ĉ as ${words[p.l + 1]} consecutive 2 KiB polynomials, then the pair products of Â ẑ − ĉ t̂1 (${4 * p.k} KiB, see
 * {_accumulate}); the ${words[p.k]} rows of w then replace ẑ and −ĉ, and the transcript μ ‖ w1Encode(w1′) goes in E's
 * memory, which nothing reads after the products. The hot loops address all of it with literal offsets from one or
 * two pointers.
 */
library ${name} {
${constants(p)}

    /**
     * @dev Whether every coefficient of Â and t̂1 in \`expandedKey\` is below q, as {verify} does not require:
     * the canonical expanded key of a public key. Plain reference: every big-endian uint32 at offsets 0, 4, …,
     * ${grouped(p.trOffset - 4)} is below 8,380,417.
     */
    function isReduced(bytes memory expandedKey) internal pure returns (bool ok) {
        if (expandedKey.length != EXPANDED_KEY_LENGTH) return false;
        assembly ("memory-safe") {
            let high := 0
            let p := add(expandedKey, 0x20)
            for { let end := add(p, TR_OFFSET) } lt(p, end) { p := add(p, 0x20) } {
                // A lane of 2^31 or more has bit 31 itself; a smaller one gets it from the addition, without carry.
                let x := mload(p)
                high := or(high, or(x, add(x, GE_Q)))
            }
            ok := iszero(and(high, BIT31))
        }
    }

    /// @dev keccak256(Â ‖ t̂1): the expanded key without tr, which a signature's validity does not pin down.
    function matrixAndKeyHash(bytes memory expandedKey) internal pure returns (bytes32 hash) {
        assembly ("memory-safe") {
            hash := keccak256(add(expandedKey, 0x20), TR_OFFSET)
        }
    }

    /**
     * @dev FIPS 204 ML-DSA.Verify(pk, M, σ, ctx) for the public key whose expansion is \`expandedKey\` (see the
     * contract documentation): false for a wrong-length key or σ, |ctx| > 255, a malformed σ, or a signature
     * that does not verify. Never reverts on any input of these types (only where {MLDSAInverseNTT} is not deployed,
     * see {MLDSAInverseNTT-requireDeployed}); gas depends only on the lengths of the message and context (and,
     * negligibly, on SampleInBall's rejections and the hint's weight). \`expandedKey\`'s memory is overwritten (its tr
     * first, then its start): the caller must not read it afterwards.
     */
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        internal
        view
        returns (bool)
    {
        if (expandedKey.length != EXPANDED_KEY_LENGTH || signature.length != SIGNATURE_LENGTH || context.length > 255) {
            return false;
        }
        (bool ok, uint256 z) = decodeSignature(signature);
        if (!ok) return false;
        // Addresses in memory, added without overflow checks (smaller code, less gas): none can overflow.
        uint256 expanded;
        uint256 products;
        uint256 transcript;
        uint256 mu;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
            products := add(z, PRODUCTS_OFFSET)
            // The transcript μ ‖ w1Encode(w1′) and its padding go in E once the products are formed; μ, needed
            // before, goes over tr (E's last 64 bytes), which {_mu} reads first and nothing after it.
            transcript := add(expanded, TRANSCRIPT_OFFSET)
            mu := add(expanded, TR_OFFSET)
            // The work area's last word, so that its memory is paid with its allocation (the same gas as later).
            mstore(add(z, sub(WORK_BYTES, 32)), 0)
        }
        // The hashes' temporary memory goes in the products' rows, which hold nothing before {computeW1} and after it.
        uint256 free = _useScratch(products);
        _mu(expanded, message, context, mu);
        if (!_sampleInBall(signature, z + C_OFFSET)) return false;
        _useScratch(free);
        computeW1(expanded, signature, z, transcript + 64);
        assembly ("memory-safe") {
            mcopy(transcript, mu, 64)
        }
        _useScratch(products);
        return cTildeMatches(transcript, signature);
    }

    /**
     * @dev Moves the free memory pointer to \`scratch\` and returns where it was: memory allocated but not in use, so
     * that what the next steps allocate reuses it instead of growing memory, whose cost is quadratic.
     */
    function _useScratch(uint256 scratch) internal pure returns (uint256 free) {
        assembly ("memory-safe") {
            free := mload(0x40)
            mstore(0x40, scratch)
        }
    }

${cTildeMatches(p)}

    /**
     * @dev sigDecode's checks and z: verifies that σ's hint is well formed (FIPS 204 Algorithm 21) and
     * ‖z‖∞ < γ1 − β, and unpacks z into fresh memory at \`z\`, the start of the verification's work area (ẑ[0..${p.l - 1}],
     * −ĉ at \`z + C_OFFSET\`, cleared here, then the products). Returns ok = false for a malformed σ. σ must be
     * ${grouped(p.signatureLength)} bytes.
     */
    function decodeSignature(bytes calldata signature) internal pure returns (bool ok, uint256 z) {
        // The hint first: its scratch bytes at the free memory pointer then lie in memory already expanded (in the
        // verifiers, the public key's, released).
        ok = _hintWellFormed(signature);
        z = _allocate();
        ok = ok && _decodeZ(signature, z);
    }

    /**
     * @dev w1Encode(UseHint(h, NTT^-1(Â ∘ NTT(z) − NTT(c) ∘ t̂1))) into the ${grouped(p.w1Bytes)} bytes at \`out\`, from the
     * work area of {decodeSignature} with −c (packed, coefficients in [0, q)) written at \`z + C_OFFSET\`, which
     * it consumes. \`expanded\` points at E's first byte; E is not read after the products, so \`out\` may lie in it.
     */
    function computeW1(uint256 expanded, bytes calldata signature, uint256 z, uint256 out) internal view {
        bytes memory zetaTable = MLDSANTT.zetaTable();
        uint256 zetas;
        assembly ("memory-safe") {
            zetas := add(zetaTable, 0x20)
        }
        // Pointers with literal ends and steps where no counter is needed (a counter costs more gas). Unchecked: the
        // operands are memory addresses and small offsets, far from overflowing, and the checks would only add code
        // and gas.
        unchecked {
            uint256 end = z + ${p.l + 1} * POLY_BYTES;
            for (uint256 a = z; a < end; a += POLY_BYTES) MLDSANTT.ntt(a, zetas);
            _accumulate(expanded, z);
            MLDSAInverseNTT.requireDeployed();
            // Row i of w at \`w\` (z + 2048i), its pair products at w + PRODUCTS_OFFSET + 2048i, its encoding at \`out\`.
            uint256 w = z;
            for (uint256 i = 0; i < ${p.k}; ++i) {
                MLDSAInverseNTT.transform(w + PRODUCTS_OFFSET + i * POLY_BYTES, w);
                _useHintAndEncode(w, signature, i, out);
                w += POLY_BYTES;
                out += W1_POLY_BYTES;
            }
        }
    }

    /**
     * @dev Fresh memory for the work area, word-aligned; moves the free memory pointer. Only −ĉ is cleared
     * (SampleInBall writes ${p.tau} of its coefficients): every other word is written before it is read.
     */
    function _allocate() internal pure returns (uint256 z) {
        assembly ("memory-safe") {
            z := and(add(mload(0x40), 31), not(31))
            mstore(0x40, add(z, WORK_BYTES))
            // Reading past the calldata yields zeros: the cheapest way to clear memory.
            calldatacopy(add(z, C_OFFSET), calldatasize(), POLY_BYTES)
        }
    }

${hintWellFormed(p)}

${decodeZ(p)}

${accumulate(p)}

${useHintAndEncode(p)}

    /**
     * @dev μ = H(tr ‖ M′, 64) with M′ = 0 ‖ |ctx| ‖ ctx ‖ M (Algorithms 3 and 8), written at \`out\` (at or above
     * {KeccakF1600-BORROWED_END}). tr ‖ M′ is written once, in fresh memory, already padded into SHAKE256's blocks,
     * and μ comes straight from the permutation's form ({KeccakF1600-absorbAndSqueeze}): no byte string for the input
     * or the digest, and neither is copied again.
     */
    function _mu(uint256 expanded, bytes memory message, bytes memory context, uint256 out) internal pure {
        uint256 blocks;
        uint256 count;
        uint256 last;
        uint256 borrowedEnd = KeccakF1600.BORROWED_END;
        assembly ("memory-safe") {
            let length := add(66, add(mload(context), mload(message)))
            count := div(length, 136)
            // The permutation reads its blocks from above the memory it borrows.
            blocks := mload(0x40)
            if lt(blocks, borrowedEnd) { blocks := borrowedEnd }
            last := add(blocks, mul(count, 136))
            mstore(0x40, add(last, 136))
            // The last block zeroed first (reading past the calldata yields zeros): the input's tail and the padding
            // go over it; every byte before it is the input's.
            calldatacopy(last, calldatasize(), 136)
            mcopy(blocks, add(expanded, TR_OFFSET), 64)
            mstore8(add(blocks, 64), 0)
            mstore8(add(blocks, 65), mload(context))
            mcopy(add(blocks, 66), add(context, 0x20), mload(context))
            mcopy(add(add(blocks, 66), mload(context)), add(message, 0x20), mload(message))
            // SHAKE's padding: 0x1F after the input, 0x80 in the last block's last byte (0x9F if they meet).
            mstore8(add(blocks, length), 0x1f)
            let p := add(last, 135)
            mstore8(p, xor(byte(0, mload(p)), 0x80))
        }
        ${
          transcriptAsLanes(p)
            ? "// μ as little-endian lanes, the transcript's form (see {cTildeMatches}).\n        KeccakF1600.absorbAndSqueezeLanes(blocks, count, last, 136, out, 64, 2);"
            : "KeccakF1600.absorbAndSqueeze(blocks, count, last, 136, out, 64);"
        }
    }

    /**
     * @dev FIPS 204 Algorithm 29 (SampleInBall) from c̃ = σ[0:${p.cTildeBytes}], storing −c (packed, in [0, q)) at \`negC\`, a
     * zeroed polynomial followed by 24 writable bytes: the product −c · t1 then needs no negation. The first 8
     * squeezed bytes are the signs, least significant bit first; then each i in [${first}, 256) draws j ≤ i from single
     * bytes, rejecting j > i, moves c[j] to c[i] and sets c[j] = (−1)^sign.
     *
     * The first SHAKE256 block (136 bytes: 8 sign bytes and 128 draws) is squeezed alone, so no permutation is
     * spent on a second block that is almost never needed; if it is, the next block follows. The draws stop there
     * (returns false, a rejection, if ${p.tau} positions are not found in 128 + 136 bytes), which bounds the gas. No c̃
     * reaches that bound in practice: a draw at step i is accepted with
     * probability (i + 1)/256 ≥ ${first + 1}/256, and the probability that 264 draws accept fewer than ${p.tau} times is below
     * 2^-${bothBlocksBound} (below 2^-${firstBlockBound} already for the first block's 128), so finding a c̃ that needs a third block takes
     * about 2^${bothBlocksBound} SHAKE256 evaluations, and an honest signature meets one never.
     *
     * c̃ is absorbed as one padded block ({KeccakF1600-absorb}), which leaves the state as 25 lanes, one a word: the
     * draws read the first 17 lanes' bytes (the rate), least significant first, without a byte string, and a second
     * block is the state permuted in place.
     */
    function _sampleInBall(bytes calldata signature, uint256 negC) internal pure returns (bool) {
        return _sampleInBall(signature[0:${p.cTildeBytes}], negC, 136);
    }

    /**
     * @dev {_sampleInBall} for c̃ = \`seed\` (a multiple of 8 bytes, at most 128) that draws from the first block's bytes
     * 8 … \`firstLength\` − 1 first, then from the rest of the stream (8 to 136; tests take fewer to go through the
     * continuation, which must give the same c).
     */
    function _sampleInBall(bytes calldata seed, uint256 negC, uint256 firstLength) internal pure returns (bool) {
        uint256 state;
        uint256 padded;
        uint256 borrowedEnd = KeccakF1600.BORROWED_END;
        assembly ("memory-safe") {
            // The state's 25 lanes, one a word, then c̃'s one padded block, in fresh memory above the permutation's
            // borrowed memory: c̃ ‖ 0x1F ‖ 0x00… ‖ 0x80 (136 bytes, zeroed first by reading past the calldata).
            state := mload(0x40)
            if lt(state, borrowedEnd) { state := borrowedEnd }
            padded := add(state, 800)
            mstore(0x40, add(padded, 136))
            calldatacopy(padded, calldatasize(), 136)
            calldatacopy(padded, seed.offset, seed.length)
            mstore8(add(padded, seed.length), 0x1f)
            mstore8(add(padded, 135), 0x80)
        }
        KeccakF1600.absorb(state, padded, 0, padded, 136);
        uint256 signs;
        assembly ("memory-safe") {
            // The 8 sign bytes are lane 0: byte m of the stream is its bits 8m..8m+7.
            signs := mload(state)
        }
        uint256 i = _sampleLanes(state, 8, firstLength, ${first}, signs, negC);
        if (i < 256) {
            i = _sampleLanes(state, firstLength, 136, i, signs, negC);
            if (i < 256) {
                KeccakF1600.permuteAt(state);
                i = _sampleLanes(state, 0, 136, i, signs, negC);
            }
        }
        return i == 256;
    }

    /**
     * @dev SampleInBall's draws from a squeezed block's bytes \`k\` … \`end\` − 1 (\`lanes\`: its state, one lane a word; a
     * run reads up to lane 19, past the 17 of the rate, and masks those bytes off), for the positions from \`i\` on;
     * returns the next position (256 when done).
     */
    function _sampleLanes(uint256 lanes, uint256 k, uint256 end, uint256 i, uint256 signs, uint256 negC)
        internal
        pure
        returns (uint256)
    {
        assembly ("memory-safe") {
            // pi is where c[i] is; s holds the unused signs, the next in bit 0 (sign t is bit t, t = i − ${first}).
            let pi := add(negC, shl(3, i))
            let p255 := add(negC, 2040)
            let s := shr(sub(i, ${first}), signs)
            for {} and(lt(k, end), lt(pi, sub(p255, 8))) {} {
                // A run of n draws, stream bytes k … k + n − 1: within the four lanes from lane ⌊k/8⌋ (at most 31
                // bytes), to \`end\`, and no more than the positions below 254 left, so that the run's exit below is
                // read at a position below 255, which rejects it.
                let n := sub(31, and(k, 7))
                if gt(n, sub(end, k)) { n := sub(end, k) }
                let left := sub(shr(3, sub(p255, pi)), 1)
                if lt(left, n) { n := left }
                // Stream byte k + m is bits 8m … 8m + 7 of w (lane ⌊k/8⌋ + a at bits 64a, each least significant
                // byte first), complemented and times 8 (n ≤ 31, so no bit is lost): a draw reads 8(255 − j), and the
                // bytes past the run read as j = 255, which every position below 255 rejects. That is the run's one
                // exit, tested on rejected draws only (once w is 0 only such bytes are left), so that an accepted
                // draw costs no test of its own.
                let lane := add(lanes, shl(2, and(k, not(7))))
                let w := or(
                    or(mload(lane), shl(64, mload(add(lane, 32)))),
                    or(shl(128, mload(add(lane, 64))), shl(192, mload(add(lane, 96))))
                )
                w := shl(3, and(shr(shl(3, and(k, 7)), not(w)), shr(sub(256, shl(3, n)), not(0))))
                k := add(k, n)
                for {} 1 {} {
                    let pj := sub(p255, and(w, 0x7f8))
                    w := shr(8, w)
                    if gt(pj, pi) {
                        if iszero(w) { break }
                        continue
                    }
${acceptDraw(" ".repeat(20), { first: true })}
                    // Two draws a pass: a jump less a draw.
                    pj := sub(p255, and(w, 0x7f8))
                    w := shr(8, w)
                    if gt(pj, pi) {
                        if iszero(w) { break }
                        continue
                    }
${acceptDraw(" ".repeat(20))}
                }
            }
            // Positions 254 and 255 (the first rejects only 255, the second nothing), a draw at a time.
            for {} and(lt(k, end), lt(pi, add(p255, 8))) { k := add(k, 1) } {
                let pj := add(negC, shl(3, byte(sub(31, and(k, 7)), mload(add(lanes, shl(2, and(k, not(7))))))))
                if iszero(gt(pj, pi)) {
${acceptDraw(" ".repeat(20), { tail: true })}
                }
            }
            i := shr(3, sub(pi, negC))
        }
        return i;
    }
}
`;
}

// ---------------------------------------------------------------------------------------------------------------
// The profiler.

function profiler(p) {
  const lib = `MLDSA${p.set}`;
  return `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// This file is generated by scripts/codegen/mldsa.mjs; edit the generator, not this file.

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {${lib}} from "../utils/${lib}.sol";
import {MLDSAInverseNTT} from "../utils/MLDSAInverseNTT.sol";
import {MLDSANTT} from "../utils/MLDSANTT.sol";

/**
 * @dev Where {${lib}Verifier} spends its gas, for the gas suite: the verifier's steps run in the same order
 * with a gas reading between them. Like {ERC7913GasMeter} it is never deployed; callers place its code with
 * an \`eth_call\` state override. It must follow {${lib}-verify} step for step; the gas suite checks that its
 * total and its verdict agree with the verifier's own.
 */
contract ${lib}Profiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[8] memory) {
        return [
            "expanded key: EXTCODECOPY + commitment",
            "signature decoding: hint checks, z unpack and norm",
            "mu = SHAKE256(tr || M')",
            "SampleInBall (SHAKE256)",
            "${p.l + 1} forward NTTs (z, c)",
            "A*z - c*t1 pointwise products",
            "${p.k} inverse NTTs + UseHint + w1Encode",
            "c~' = SHAKE256(mu || w1) and compare"
        ];
    }

    /// @dev The gas of each of {stages} for \`verify(key, hash, signature)\`, and the verdict.
    function profile(bytes calldata key, bytes32 hash, bytes calldata signature)
        external
        view
        returns (uint256[8] memory gas, bool valid)
    {
        uint256 checkpoint = gasleft();
        (bool ok, bytes memory expandedKey, uint256 publicKey) =
            ExpandedKeyReader.readWithPublicKey(key, ${lib}.EXPANDED_KEY_LENGTH, ${lib}.PUBLIC_KEY_LENGTH);
        if (!ok || signature.length != ${lib}.SIGNATURE_LENGTH) return (gas, false);
        // As {MLDSAVerifier-verifyMessage}: pk's memory is released.
        assembly ("memory-safe") {
            mstore(0x40, publicKey)
        }
        checkpoint = _lap(gas, 0, checkpoint);

        (bool decoded, uint256 z) = ${lib}.decodeSignature(signature);
        if (!decoded) return (gas, false);
        // As {${lib}-verify}: the work area's memory paid with its allocation (its last word written).
        uint256 lastWord = z + ${lib}.PRODUCTS_OFFSET + ${4096 * p.k - 32};
        assembly ("memory-safe") {
            mstore(lastWord, 0)
        }
        checkpoint = _lap(gas, 1, checkpoint);

        // As {${lib}-verify}: the transcript in E once the products are formed, μ over tr until then.
        uint256 transcript = _address(expandedKey) + ${lib}.TRANSCRIPT_OFFSET;
        uint256 mu = _address(expandedKey) + ${lib}.EXPANDED_KEY_LENGTH - 64;
        if (!_arithmetic(gas, _address(expandedKey), hash, signature, z, mu, transcript + 64)) return (gas, false);

        checkpoint = gasleft();
        assembly ("memory-safe") {
            mcopy(transcript, mu, 64)
        }
        ${lib}._useScratch(z + ${lib}.PRODUCTS_OFFSET);
        valid = ${lib}.cTildeMatches(transcript, signature);
        _lap(gas, 7, checkpoint);
    }

    /// @dev Stages 2 to 6: μ (at \`mu\`), SampleInBall, and w1Encode(w1′) written at \`w1\`; false if SampleInBall gives
    /// up (see {${lib}-_sampleInBall}).
    function _arithmetic(
        uint256[8] memory gas,
        uint256 expanded,
        bytes32 hash,
        bytes calldata signature,
        uint256 z,
        uint256 mu,
        uint256 w1
    ) private view returns (bool) {
        bytes memory message = abi.encodePacked(hash);
        uint256 checkpoint = gasleft();
        // As {${lib}-verify}: the hashes' temporary memory in the products' rows.
        uint256 free = ${lib}._useScratch(z + ${lib}.PRODUCTS_OFFSET);
        ${lib}._mu(expanded, message, "", mu);
        checkpoint = _lap(gas, 2, checkpoint);

        if (!${lib}._sampleInBall(signature, z + ${lib}.C_OFFSET)) return false;
        ${lib}._useScratch(free);
        checkpoint = _lap(gas, 3, checkpoint);

        uint256 zetas = _address(MLDSANTT.zetaTable());
        // Unchecked address arithmetic, as in {${lib}-computeW1}.
        unchecked {
            for (uint256 j = 0; j < ${p.l + 1}; ++j) MLDSANTT.ntt(z + j * ${lib}.POLY_BYTES, zetas);
        }
        checkpoint = _lap(gas, 4, checkpoint);

        ${lib}._accumulate(expanded, z);
        checkpoint = _lap(gas, 5, checkpoint);

        // As {${lib}-computeW1}: w and its encoding addressed by pointers.
        MLDSAInverseNTT.requireDeployed();
        unchecked {
            uint256 w = z;
            for (uint256 i = 0; i < ${p.k}; ++i) {
                MLDSAInverseNTT.transform(w + ${lib}.PRODUCTS_OFFSET + i * ${lib}.POLY_BYTES, w);
                ${lib}._useHintAndEncode(w, signature, i, w1);
                w += ${lib}.POLY_BYTES;
                w1 += ${lib}.W1_POLY_BYTES;
            }
        }
        _lap(gas, 6, checkpoint);
        return true;
    }

    /// @dev Records the gas spent since \`checkpoint\` as \`stage\`'s, and returns the new checkpoint.
    function _lap(uint256[8] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256 now_) {
        now_ = gasleft();
        gas[stage] = checkpoint - now_;
    }

    function _address(bytes memory data) private pure returns (uint256 pointer) {
        assembly ("memory-safe") {
            pointer := add(data, 0x20)
        }
    }
}
`;
}

// ---------------------------------------------------------------------------------------------------------------

/** The generated sources: repository path → content. */
function generate() {
  const files = {};
  for (const set of Object.keys(SETS)) {
    const p = derive(set);
    files[`contracts/utils/MLDSA${set}.sol`] = library(p);
    files[`contracts/metering/MLDSA${set}Profiler.sol`] = profiler(p);
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, set] = process.argv.slice(2);
  if (kind === undefined) {
    const root = new URL("../../", import.meta.url);
    for (const [path, content] of Object.entries(generate())) writeFileSync(new URL(path, root), content);
  } else if ((kind === "library" || kind === "profiler") && set in SETS) {
    process.stdout.write((kind === "library" ? library : profiler)(derive(set)));
  } else {
    process.stderr.write("usage: node scripts/codegen/mldsa.mjs [library|profiler 44|65|87]\n");
    process.exit(1);
  }
}
