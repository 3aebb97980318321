import { InvalidPrivateKeyError } from "../../errors/signer.js";
import type { SchemeName } from "../../signers/types.js";
import {
  type FftPolynomial,
  addFft,
  adjointFft,
  divFft,
  fft,
  inverseFft,
  mergeFft,
  mulAdjointFft,
  mulFft,
  scaleFft,
  splitFft,
  subFft,
} from "./fft.js";
import { compressS2 } from "./encoding.js";
import { type FalconDegree, falconParameters, maxS2Coefficient, nonceLength, q } from "./params.js";
import { type FalconRandomBytes, samplerZ, sigmaMax } from "./samplerZ.js";
import type { FalconSecretBasis } from "./secretKey.js";

/** σ and σ_min of each degree (specification Table 3.3), at the precision of the reference implementation. */
const samplingWidths: Record<FalconDegree, { sigma: number; sigmaMin: number }> = {
  512: { sigma: 165.7366171829776, sigmaMin: 1.2778336969128337 },
  1024: { sigma: 168.38857144654395, sigmaMin: 1.298280334344292 },
};

/**
 * The Falcon tree (Algorithm 9, ffLDL*): the LDL* decomposition of a 2×2 Gram matrix in FFT representation,
 * recursively on the split diagonal; at size 1, the leaves hold σ' = σ/√D.
 */
type FalconTree = { l10: FftPolynomial; left: FalconTree; right: FalconTree } | { sigmaPrime: number };

export type SampleFalconPreimageParameters = {
  basis: FalconSecretBasis;
  /** The point c = HashToPoint(nonce ‖ message), n coefficients in [0, q). */
  point: ArrayLike<number>;
  /** The sampler's randomness. */
  random: FalconRandomBytes;
  /** Names the scheme in errors. */
  scheme: SchemeName;
};

/** s1 + s2·h = c mod (q, x^n + 1), with ‖(s1, s2)‖² within the bound and s2 compressible. */
export type SampleFalconPreimageReturnType = { s1: Int32Array; s2: Int32Array };

export type SampleFalconPreimageErrorType = InvalidPrivateKeyError;

/**
 * Falcon's signing core (Algorithm 10, steps 3–11): a short preimage (s1, s2) of the point c under the public key
 * h = g/f, sampled with ffSampling (Algorithm 11) over the secret basis B = [[g, −f], [G, −F]], repeated until
 * ‖(s1, s2)‖² ≤ ⌊β²⌋ and s2 has a compressed encoding that fits the padded signature (the conditions of the
 * reference signer, so signatures follow its distribution). The point decides the scheme: SHAKE256's
 * HashToPoint for Falcon, keccak-CTR's for ETHFALCON.
 *
 * @example
 * const { s2 } = sampleFalconPreimage({ basis, point: hashToPointKeccak(salt, message), random, scheme: "falcon512keccak" })
 */
export function sampleFalconPreimage({ basis, point, random, scheme }: SampleFalconPreimageParameters): SampleFalconPreimageReturnType {
  const { n, f, g, F, G } = basis;
  const { normBound, paddedSignatureLength } = falconParameters(n);
  const { sigma, sigmaMin } = samplingWidths[n];
  const b00 = fft(g);
  const b01 = fft(f.map((x) => -x));
  const b10 = fft(G);
  const b11 = fft(F.map((x) => -x));
  const tree = falconTree(
    addFft(mulAdjointFft(b00, b00), mulAdjointFft(b01, b01)),
    addFft(mulAdjointFft(b10, b00), mulAdjointFft(b11, b01)),
    addFft(mulAdjointFft(b10, b10), mulAdjointFft(b11, b11)),
    sigma,
  );
  checkLeaves(tree, sigmaMin, scheme);

  // t = (c, 0)·B⁻¹, with B⁻¹ = (1/q)·[[−F, f], [−G, g]] since det B = fG − gF = q.
  const cHat = fft(point);
  const t0 = scaleFft(mulFft(cHat, b11), 1 / q);
  const t1 = scaleFft(mulFft(cHat, b01), -1 / q);
  const maxCompressed = paddedSignatureLength - 1 - nonceLength;
  for (;;) {
    const [z0, z1] = ffSampling(t0, t1, tree, sigmaMin, random);
    // v = z·B is a lattice point close to (c, 0); s = (c, 0) − v is short, and s1 + s2·h = c.
    const v0 = inverseFft(addFft(mulFft(z0, b00), mulFft(z1, b10)));
    const v1 = inverseFft(addFft(mulFft(z0, b01), mulFft(z1, b11)));
    const s1 = Int32Array.from(point, (c, i) => c - Math.round(v0[i]));
    const s2 = Int32Array.from(v1, (v) => -Math.round(v));
    let norm = 0;
    for (let i = 0; i < n; i++) norm += s1[i] * s1[i] + s2[i] * s2[i];
    if (norm > normBound) continue;
    if (s2.some((x) => Math.abs(x) > maxS2Coefficient) || compressS2(s2).length > maxCompressed) continue;
    return { s1, s2 };
  }
}

/** Algorithm 9, ffLDL*, on the Gram matrix [[g00, conj(g10)], [g10, g11]], with leaves normalised to σ/√D. */
function falconTree(g00: FftPolynomial, g10: FftPolynomial, g11: FftPolynomial, sigma: number): FalconTree {
  const l10 = divFft(g10, g00);
  // D11 = G11 − L10·conj(L10)·G00.
  const d11 = subFft(g11, mulFft(mulAdjointFft(l10, l10), g00));
  if (g00.re.length === 2)
    return { l10, left: { sigmaPrime: sigma / Math.sqrt(g00.re[0]) }, right: { sigmaPrime: sigma / Math.sqrt(d11.re[0]) } };
  const child = (d: FftPolynomial): FalconTree => {
    // D is self-adjoint; its halves give the next level's Gram matrix [[d0, d1], [d1*, d0]].
    const [d0, d1] = splitFft(d);
    return falconTree(d0, adjointFft(d1), d0, sigma);
  };
  return { l10, left: child(g00), right: child(d11) };
}

/** Every σ' must lie in [σ_min, σ_max] (true of every key Falcon's key generation makes). */
function checkLeaves(tree: FalconTree, sigmaMin: number, scheme: SchemeName): void {
  if ("sigmaPrime" in tree) {
    if (!(tree.sigmaPrime >= sigmaMin && tree.sigmaPrime <= sigmaMax))
      throw new InvalidPrivateKeyError({ scheme, reason: `a leaf of the Falcon tree has σ' = ${tree.sigmaPrime}, outside [σ_min, σ_max]` });
    return;
  }
  checkLeaves(tree.left, sigmaMin, scheme);
  checkLeaves(tree.right, sigmaMin, scheme);
}

/** Algorithm 11, ffSampling: z ∈ FFT(Z[x]/(x^m + 1))² close to t, drawn from a discrete Gaussian over the tree. */
function ffSampling(
  t0: FftPolynomial,
  t1: FftPolynomial,
  tree: FalconTree,
  sigmaMin: number,
  random: FalconRandomBytes,
): [FftPolynomial, FftPolynomial] {
  if ("sigmaPrime" in tree) {
    const z0 = samplerZ(t0.re[0], tree.sigmaPrime, sigmaMin, random);
    const z1 = samplerZ(t1.re[0], tree.sigmaPrime, sigmaMin, random);
    return [
      { re: Float64Array.of(z0), im: new Float64Array(1) },
      { re: Float64Array.of(z1), im: new Float64Array(1) },
    ];
  }
  const z1 = mergeFft(...ffSampling(...splitFft(t1), tree.right, sigmaMin, random));
  const t0Shifted = addFft(t0, mulFft(subFft(t1, z1), tree.l10));
  const z0 = mergeFft(...ffSampling(...splitFft(t0Shifted), tree.left, sigmaMin, random));
  return [z0, z1];
}
