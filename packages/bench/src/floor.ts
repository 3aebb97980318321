import type { Row } from "./dataset.js";

/**
 * The floor model: what each verifier would cost on today's EVM if every step were done as cheaply as the opcodes
 * allow, counted operation by operation. It is an estimate for planning (issue #27), never a measurement: the report
 * sets it beside the run's measured figures and labels it so. Each unit says where its gas comes from: an EVM price
 * (Yellow Paper, an EIP), issue #27's operation count, or our own count ("ours"), which the basis spells out.
 */
export type FloorUnit = { gas: number; what: string; basis: string };

/** The model's units, by name. */
export const floorUnits = {
  ntt256: {
    gas: 22_000,
    what: "256-point NTT mod q = 8,380,417 (forward or inverse)",
    basis:
      "issue #27's operation count, 20,000–24,000 (the middle): 64-bit lanes four to a word, one MUL per word in every layer whose butterflies in a word share a twiddle, shift-and-add reduction (q = 2^23 − 2^13 + 1), passes fused to cut memory traffic, in-word shuffles only in the last two layers",
  },
  ntt512: {
    gas: 24_750,
    what: "512-point NTT mod 12,289 (forward or inverse)",
    basis: "the 256-point figure scaled by words × layers: 32-bit lanes eight to a word make 64 words as ML-DSA's, with 9 layers against 8 (9/8 × 22,000)",
  },
  ntt1024: {
    gas: 55_000,
    what: "1,024-point NTT mod 12,289 (forward or inverse)",
    basis: "the 256-point figure scaled by words × layers: 128 words, 10 layers (2 × 10/8 × 22,000)",
  },
  keccakF1600: { gas: 29_500, what: "one Keccak-f[1600] permutation", basis: "issue #27's operation count: 29,000–30,000 (the middle)" },
  spongeBlock: {
    gas: 300,
    what: "absorbing or squeezing one 136-byte SHAKE256 block around a permutation",
    basis: "ours: 17 lanes loaded, XORed or extracted and stored, about 18 gas each",
  },
  productCoefficient: {
    gas: 13,
    what: "one coefficient of a pointwise product in the NTT domain, accumulated",
    basis: "issue #27's operation count: about 13 gas a coefficient with lazy reduction",
  },
  decodeCoefficient: {
    gas: 8,
    what: "one signature coefficient unpacked into its lane, with its range or norm check",
    basis: "ours: SWAR, about 32 gas a word of lanes (a load, shifts, masks, a bias add and one high-bit test for all lanes)",
  },
  hintByte: { gas: 12, what: "one byte of ML-DSA's hint encoding, with its order checks", basis: "ours: a load, two compares and a bit set" },
  useHintCoefficient: {
    gas: 8,
    what: "UseHint and w1Encode for one coefficient",
    basis: "ours: SWAR Decompose by multiply-and-shift on four lanes, the hint mask's select and the packing, about 32 gas a word",
  },
  sampleInBallStep: { gas: 40, what: "one of SampleInBall's τ steps", basis: "ours: read a byte, the rejection compare, swap two coefficients, apply a sign bit" },
  hashToPointSample: {
    gas: 10,
    what: "one 16-bit candidate of Falcon's HashToPoint (136 bytes give 68)",
    basis: "ours: a compare with 5q, a reduction mod q by multiply-and-shift, a lane store",
  },
  normCoefficient: { gas: 4, what: "one coefficient of Falcon's squared norm", basis: "ours: centring and square-accumulate on eight lanes, one MUL a word" },
  coldAccount: { gas: 2_600, what: "a cold account access (a key chunk, the base-point table)", basis: "EIP-2929" },
  keyWord: {
    gas: 6,
    what: "one 32-byte word of the expanded key read from code",
    basis: "EXTCODECOPY's 3 a word and memory expansion's linear 3 a word (the commitment hashes the chunks' code hashes, not the words)",
  },
  memoryQuadratic: { gas: 1, what: "memory expansion's quadratic part: words² / 512, counted as each step first grows memory", basis: "Yellow Paper" },
  memoryWord: { gas: 3, what: "memory expansion's linear part: one 32-byte word of a work area", basis: "Yellow Paper" },
  wordOp: { gas: 6, what: "one 256-bit ALU operation with its operand's PUSH or DUP", basis: "EVM base prices: 3 + 3" },
  fieldOp: {
    gas: 17,
    what: "one operation mod p = 2^255 − 19 (MULMOD or ADDMOD)",
    basis: "the opcode's 8, the modulus's PUSH (3) and two DUPs (6), values kept on the stack",
  },
  modexpSquareRoot: {
    gas: 4_116,
    what: "one MODEXP square root mod p: 32-byte base and modulus, a 252-bit exponent, with its warm call",
    basis: "EIP-7883 (Osaka): max(500, 16 × 251) = 4,016, plus 100 for the call to a warm precompile (EIP-2929)",
  },
  edwardsDoubling: { gas: 15 * 17, what: "one twisted-Edwards doubling (extended coordinates)", basis: "dbl-2008-hwcd: 4M + 4S + 7 additions, 15 field operations" },
  edwardsAddition: {
    gas: 17 * 17,
    what: "one addition of a cached point (R's or A's multiples)",
    basis: "add-2008-hwcd-3 with T·2d cached: 8M + 9 additions, 17 field operations",
  },
  edwardsTableAddition: {
    gas: 14 * 17 + 120,
    what: "one addition of a base-point table entry (Z = 1), read by a warm EXTCODECOPY of 96 bytes",
    basis: "7M + 7 additions (14 field operations) and the read: 100 (EIP-2929 warm) + 3 words × 3 + memory",
  },
  sha512Compression: {
    gas: 16_000,
    what: "one SHA-512 compression",
    basis: "ours: 80 rounds of about 30 word operations at 6 gas (Σ on a lane kept doubled, so each rotation is one shift with no mask) and a message schedule of about 1,600",
  },
  callOverhead: { gas: 1_000, what: "the ERC-7913 call outside the profile's steps: dispatch, ABI decoding, the result", basis: "ours" },
} as const satisfies Record<string, FloorUnit>;

export type FloorUnitName = keyof typeof floorUnits;

/** `count` operations of one unit. */
export type FloorTerm = { count: number; unit: FloorUnitName };

/** One step of a verifier: the profiler's stage it corresponds to (1-based), if any, and its operations. */
export type FloorStep = { what: string; stage?: number; terms: FloorTerm[] };

/** A scheme's floor: its steps, and issue #27's planning range for comparison. */
export type SchemeFloor = { scheme: string; planning?: string; steps: FloorStep[] };

/** EIP-170's limit less the STOP byte a data contract starts with: one key chunk's bytes. */
const chunkBytes = 24_575;
/** SHAKE256's rate in bytes. */
const rate = 136;

/** The expanded key's cost: cold chunks (EXTCODEHASH), its words read, and the quadratic part of memory. */
function keyTerms(bytes: number): FloorTerm[] {
  const words = Math.ceil(bytes / 32);
  return [
    { count: Math.ceil(bytes / chunkBytes), unit: "coldAccount" },
    { count: words, unit: "keyWord" },
    { count: Math.floor(words ** 2 / 512), unit: "memoryQuadratic" },
  ];
}

/**
 * The memory a work area of `workWords` adds above the key's `keyWords`: the linear part and the quadratic part's
 * growth ((key + work)² − key²) / 512. The step that first touches the work area pays it.
 */
function workAreaTerms(keyWords: number, workWords: number): FloorTerm[] {
  return [
    { count: workWords, unit: "memoryWord" },
    { count: Math.floor((keyWords + workWords) ** 2 / 512) - Math.floor(keyWords ** 2 / 512), unit: "memoryQuadratic" },
  ];
}

/**
 * ML-DSA's floor, by the steps of its profiler (contracts/metering/MLDSA*Profiler.sol), from FIPS 204's parameters:
 * (k, l), τ, ω, the public key's bytes and w1's bits per coefficient. The expanded key is Â and t̂1 (4 bytes a
 * coefficient), tr and pk, as the verifier reads it. The work area is ẑ, ĉ and the k rows of w, each a polynomial
 * of 64 words (four 64-bit lanes a word), all live at once while the products run; the decoding step touches it first.
 */
function mldsaFloor(parameters: { scheme: string; k: number; l: number; tau: number; omega: number; publicKeyBytes: number; w1Bits: number; planning: string }): SchemeFloor {
  const { scheme, k, l, tau, omega, publicKeyBytes, w1Bits, planning } = parameters;
  const w1Bytes = (k * 256 * w1Bits) / 8;
  // c̃′ = SHAKE256(μ ‖ w1Encode(w1)): 64 + w1 bytes and the padding byte, then one squeeze of the first block.
  const finalBlocks = Math.ceil((64 + w1Bytes + 1) / rate);
  const keyBytes = 4 * 256 * (k * l + k) + 64 + publicKeyBytes;
  return {
    scheme,
    planning,
    steps: [
      { stage: 1, what: "expanded key from code and its commitment", terms: keyTerms(keyBytes) },
      {
        stage: 2,
        what: `signature decoding: z (${l} × 256 coefficients) with its norm, hints, and the work area's memory (${l + 1 + k} polynomials)`,
        terms: [{ count: l * 256, unit: "decodeCoefficient" }, { count: omega + k, unit: "hintByte" }, ...workAreaTerms(Math.ceil(keyBytes / 32), (l + 1 + k) * 64)],
      },
      { stage: 3, what: "μ = SHAKE256(tr ‖ M′): one block", terms: [{ count: 1, unit: "keccakF1600" }, { count: 2, unit: "spongeBlock" }] },
      { stage: 4, what: `SampleInBall: one block, τ = ${tau}`, terms: [{ count: 1, unit: "keccakF1600" }, { count: 2, unit: "spongeBlock" }, { count: tau, unit: "sampleInBallStep" }] },
      { stage: 5, what: `${l + 1} forward NTTs (z, c)`, terms: [{ count: l + 1, unit: "ntt256" }] },
      { stage: 6, what: `Â·ẑ − ĉ·t̂1: ${k * l + k} pointwise products`, terms: [{ count: (k * l + k) * 256, unit: "productCoefficient" }] },
      { stage: 7, what: `${k} inverse NTTs, UseHint and w1Encode`, terms: [{ count: k, unit: "ntt256" }, { count: k * 256, unit: "useHintCoefficient" }] },
      { stage: 8, what: `c̃′ = SHAKE256(μ ‖ w1): ${finalBlocks} blocks`, terms: [{ count: finalBlocks, unit: "keccakF1600" }, { count: finalBlocks + 1, unit: "spongeBlock" }] },
      { what: "outside the profile's steps", terms: [{ count: 1, unit: "callOverhead" }] },
    ],
  };
}

/**
 * Falcon's floor, by the steps of FalconProfiler: the expanded key (ĥ, 4 bytes a coefficient, and pk), s2's
 * decoding, HashToPoint with the fewest SHAKE256 blocks that can give n samples (ceil(2n / 136): the blocks the
 * SDK's signer picks its nonce for), and s1 = c − s2·h with its norm.
 */
function falconFloor(parameters: { scheme: string; n: number; publicKeyBytes: number; ntt: FloorUnitName; planning?: string }): SchemeFloor {
  const { scheme, n, publicKeyBytes, ntt, planning } = parameters;
  const blocks = Math.ceil((2 * n) / rate);
  return {
    scheme,
    planning,
    steps: [
      { stage: 1, what: "expanded key from code and its commitment", terms: keyTerms(4 * n + publicKeyBytes) },
      { stage: 2, what: `s2's decoding (${n} coefficients, all checks)`, terms: [{ count: n, unit: "decodeCoefficient" }] },
      { stage: 3, what: `HashToPoint: ${blocks} SHAKE256 blocks`, terms: [{ count: blocks, unit: "keccakF1600" }, { count: blocks, unit: "spongeBlock" }, { count: (blocks * rate) / 2, unit: "hashToPointSample" }] },
      {
        stage: 4,
        what: "s1 = c − s2·h: forward NTT, product with the key's range check, inverse NTT, norm",
        terms: [{ count: 2, unit: ntt }, { count: n, unit: "productCoefficient" }, { count: n / 2, unit: "wordOp" }, { count: n, unit: "normCoefficient" }],
      },
      { what: "outside the profile's steps", terms: [{ count: 1, unit: "callOverhead" }] },
    ],
  };
}

/**
 * Ed25519's floor, by the steps of Ed25519Profiler. The multiplication's counts: 129 doublings for half-size scalars
 * (and one for each of R's and A's odd multiples), b over the deployed width-8 tables of B and [2^128]B (about
 * 2 × 128 / 9 = 29 additions), c and a in width-5 wNAF over R's and A's 8 odd multiples (about 2 × 22 additions, and
 * 2 × 7 to build the multiples).
 */
const ed25519Floor: SchemeFloor = {
  scheme: "ed25519",
  planning: "115,000–130,000",
  steps: [
    { stage: 1, what: "S < L, R and A decompressed (two MODEXP square roots), A's order", terms: [{ count: 2, unit: "modexpSquareRoot" }, { count: 60, unit: "fieldOp" }] },
    { stage: 2, what: "k = SHA-512(R ‖ A ‖ hash) mod L: one compression", terms: [{ count: 1, unit: "sha512Compression" }, { count: 4, unit: "fieldOp" }] },
    { stage: 3, what: "half-size scalars: Euclid to half size (about 70 steps of 10 word operations), b = c·S mod L", terms: [{ count: 700, unit: "wordOp" }, { count: 1, unit: "fieldOp" }] },
    {
      stage: 4,
      what: "[b]B − [c]R ∓ [a]A: 131 doublings, 29 table additions, 58 cached additions, the table's cold account",
      terms: [{ count: 131, unit: "edwardsDoubling" }, { count: 29, unit: "edwardsTableAddition" }, { count: 58, unit: "edwardsAddition" }, { count: 1, unit: "coldAccount" }],
    },
    { stage: 5, what: "[8]Q = identity: Q one of the eight small-order points (one multiplication, four comparisons)", terms: [{ count: 5, unit: "fieldOp" }] },
    { what: "outside the profile's steps", terms: [{ count: 1, unit: "callOverhead" }] },
  ],
};

/** The floor of each scheme the model covers (FIPS 204 Table 1 and FIPS 206's parameters). */
export const schemeFloors: readonly SchemeFloor[] = [
  mldsaFloor({ scheme: "mldsa44", k: 4, l: 4, tau: 39, omega: 80, publicKeyBytes: 1_312, w1Bits: 6, planning: "600,000–650,000" }),
  mldsaFloor({ scheme: "mldsa65", k: 6, l: 5, tau: 49, omega: 55, publicKeyBytes: 1_952, w1Bits: 4, planning: "740,000–800,000" }),
  mldsaFloor({ scheme: "mldsa87", k: 8, l: 7, tau: 60, omega: 75, publicKeyBytes: 2_592, w1Bits: 4, planning: "1,000,000–1,100,000" }),
  falconFloor({ scheme: "falcon512", n: 512, publicKeyBytes: 897, ntt: "ntt512", planning: "310,000–330,000" }),
  falconFloor({ scheme: "falcon1024", n: 1_024, publicKeyBytes: 1_793, ntt: "ntt1024" }),
  ed25519Floor,
];

/** A term's, a step's or a scheme's floor in gas. */
export const termGas = (term: FloorTerm) => term.count * floorUnits[term.unit].gas;
export const stepGas = (step: FloorStep) => step.terms.reduce((sum, term) => sum + termGas(term), 0);
export const floorGas = (floor: SchemeFloor) => floor.steps.reduce((sum, step) => sum + stepGas(step), 0);

/**
 * The routines the report sets beside their floor: the bench rows that measure each one alone when the run has them,
 * else the profile's step that contains it (named in the row).
 */
export const microRows = {
  nttForward: "ntt.forward",
  nttInverse: "ntt.inverse",
  keccak: "keccak_f1600.permutation",
  sha512: "sha512.compression",
} as const;

/**
 * The report's "Distance to the floor" section: each scheme's verify as this run measured it beside the floor
 * model's total and their ratio, each step of the model beside the profile's measured step, and the routines beside
 * their units. Measured figures come only from `rows`; a figure the run lacks shows as –.
 */
export function floorSection(rows: Row[]): string[] {
  const gasOf = (scheme: string, bench: string) => rows.filter((row) => row.scheme === scheme && row.bench_name === bench && row.gas !== null).map((row) => row.gas!);
  const measured = schemeFloors.map((floor) => ({ floor, verify: gasOf(floor.scheme, "verify") })).filter(({ verify }) => verify.length > 0);
  if (measured.length === 0) return [];
  const lines = [
    "## Distance to the floor (the floor is an estimate)",
    "",
    "The floor is an operation-count model of what each verifier would cost on today's EVM with every step done as cheaply as the opcodes allow (`packages/bench/src/floor.ts`, where each unit's basis is stated: an EVM price, issue #27's count or our own). It is an estimate for planning, not a measurement. \"verify\" is this run's measurement (the ERC-7913 `verify` frame of the steady-state operations: its range when they differ); the ratio divides it by the floor (from its smallest to its largest value).",
    "",
    "| scheme | verify (this run) | floor (estimate) | verify / floor | issue #27's planning range |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const { floor, verify } of measured)
    lines.push(`| ${floor.scheme} | ${range(verify)} | ${fmt(floorGas(floor))} | ${ratioRange(verify, floorGas(floor))} | ${floor.planning ?? "–"} |`);

  for (const { floor } of measured) {
    lines.push("", `| ${floor.scheme} step | floor model (count × unit gas) | floor (estimate) | profile's step (this run) | step / floor |`, "|---|---|---:|---:|---:|");
    for (const step of floor.steps) {
      const stage = step.stage === undefined ? undefined : gasOf(floor.scheme, `verify.stage.${step.stage}`)[0];
      const terms = step.terms.map((term) => `${fmt(term.count)} × ${term.unit} ${fmt(floorUnits[term.unit].gas)}`).join(" + ");
      lines.push(`| ${step.what} | ${terms} | ${fmt(stepGas(step))} | ${fmt(stage)} | ${stage === undefined ? "–" : ratio(stage, stepGas(step))} |`);
    }
    lines.push(`| total | | ${fmt(floorGas(floor))} | | |`);
  }

  lines.push("", "Routines beside their units. A routine's own row is used when the run measured it alone; otherwise the row names the profile's step it was taken from.", "");
  lines.push("| routine | this run | what the run measured | floor unit (estimate) | this run / floor |", "|---|---:|---|---:|---:|");
  for (const routine of routines(rows, gasOf)) {
    const unit = routine.floor;
    lines.push(`| ${routine.name} | ${fmt(routine.gas)} | ${routine.source} | ${fmt(unit)} | ${routine.gas === undefined ? "–" : ratio(routine.gas, unit)} |`);
  }
  lines.push("", "Units of the model (estimates; the bases are in `packages/bench/src/floor.ts`):", "", "| unit | gas | what | basis |", "|---|---:|---|---|");
  for (const [name, unit] of Object.entries(floorUnits) as [FloorUnitName, FloorUnit][]) lines.push(`| ${name} | ${fmt(unit.gas)} | ${unit.what} | ${unit.basis} |`);
  return lines;
}

/** The routines' measured figures: their own rows if the run has them, else the profile's step that holds them. */
function routines(rows: Row[], gasOf: (scheme: string, bench: string) => number[]) {
  const alone = (bench: string) => rows.find((row) => row.bench_name === bench && row.gas !== null)?.gas ?? undefined;
  const forwardStage = gasOf("mldsa65", "verify.stage.5")[0];
  const shaStage = gasOf("ed25519", "verify.stage.2")[0];
  const forward = alone(microRows.nttForward);
  const inverse = alone(microRows.nttInverse);
  const keccak = alone(microRows.keccak);
  const sha512 = alone(microRows.sha512);
  const sha512Floor = floorUnits.sha512Compression.gas;
  return [
    {
      name: "256-point NTT, forward",
      gas: forward ?? (forwardStage === undefined ? undefined : Math.round(forwardStage / 6)),
      source: forward !== undefined ? `one transform alone (${microRows.nttForward})` : forwardStage !== undefined ? "the mean of ML-DSA-65's profile step 5 (6 forward transforms: z's five and c's)" : "not measured by this run",
      floor: floorUnits.ntt256.gas,
    },
    {
      name: "256-point NTT, inverse",
      gas: inverse,
      source: inverse !== undefined ? `one transform alone (${microRows.nttInverse})` : "not measured alone by this run (the profile's step 7 holds the inverse NTTs with UseHint and w1Encode)",
      floor: floorUnits.ntt256.gas,
    },
    { name: "Keccak-f[1600], one permutation", gas: keccak, source: keccak !== undefined ? `the shared routine alone (${microRows.keccak})` : "not measured by this run", floor: floorUnits.keccakF1600.gas },
    {
      name: "SHA-512",
      gas: sha512 ?? shaStage,
      source:
        sha512 !== undefined
          ? `one compression alone (${microRows.sha512})`
          : shaStage !== undefined
            ? "Ed25519's profile step 2: one compression of R ‖ A ‖ hash and the reduction mod L (floor: the compression and 4 field operations)"
            : "not measured by this run",
      floor: sha512 !== undefined ? sha512Floor : sha512Floor + 4 * floorUnits.fieldOp.gas,
    },
  ];
}

const fmt = (value: number | undefined) => (value === undefined ? "–" : value.toLocaleString("en-US"));
const ratio = (measured: number, floor: number) => `${(measured / floor).toFixed(2)}×`;
const range = (values: number[]) => {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return min === max ? fmt(min) : `${fmt(min)}–${fmt(max)}`;
};
const ratioRange = (values: number[], floor: number) => {
  const [low, high] = [ratio(Math.min(...values), floor), ratio(Math.max(...values), floor)];
  return low === high ? low : `${low.slice(0, -1)}–${high}`;
};
