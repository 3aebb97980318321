/**
 * The complex FFT over R[x]/(x^m + 1) that Falcon's signing works in (specification §3.6–3.8): a polynomial is
 * represented by its values at the m roots of x^m + 1, listed in the order that makes splitting and merging
 * (Algorithms 1 and 2) act on neighbouring pairs. The roots of x^1 + 1 are [−1]; the roots of x^2m + 1 are, for
 * each root ζ of x^m + 1 in that order, √ζ then −√ζ. Doubles throughout, as the specification's signer uses.
 */

/** A polynomial of R[x]/(x^m + 1) in FFT representation: its values at the m roots, real and imaginary parts. */
export type FftPolynomial = { re: Float64Array; im: Float64Array };

/** The angles θ (ζ = e^{iθ}, θ ∈ [0, 2π)) of the roots of x^m + 1 in the FFT's order, per m up to 1,024. */
const rootAngles = new Map<number, Float64Array>([[1, Float64Array.of(Math.PI)]]);
for (let m = 1; m < 1024; m *= 2) {
  const previous = rootAngles.get(m)!;
  const angles = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    angles[2 * k] = previous[k] / 2;
    angles[2 * k + 1] = previous[k] / 2 + Math.PI;
  }
  rootAngles.set(2 * m, angles);
}

/** cos and sin of the even-indexed roots √ζ of x^m + 1, the twiddles of splitting and merging at size m. */
const twiddles = new Map<number, FftPolynomial>();
for (const [m, angles] of rootAngles) {
  if (m === 1) continue;
  const half = m / 2;
  const twiddle = { re: new Float64Array(half), im: new Float64Array(half) };
  for (let k = 0; k < half; k++) {
    twiddle.re[k] = Math.cos(angles[2 * k]);
    twiddle.im[k] = Math.sin(angles[2 * k]);
  }
  twiddles.set(m, twiddle);
}

const zeros = (m: number): FftPolynomial => ({ re: new Float64Array(m), im: new Float64Array(m) });

/**
 * f0, f1 with f(x) = f0(x²) + x·f1(x²), from and to FFT representation (Algorithm 1, splitfft): for each pair
 * of roots ±w, f0(w²) = (f(w) + f(−w)) / 2 and f1(w²) = (f(w) − f(−w)) / (2w).
 */
export function splitFft(f: FftPolynomial): [FftPolynomial, FftPolynomial] {
  const half = f.re.length / 2;
  const w = twiddles.get(f.re.length)!;
  const f0 = zeros(half);
  const f1 = zeros(half);
  for (let k = 0; k < half; k++) {
    const [aRe, aIm, bRe, bIm] = [f.re[2 * k], f.im[2 * k], f.re[2 * k + 1], f.im[2 * k + 1]];
    f0.re[k] = (aRe + bRe) / 2;
    f0.im[k] = (aIm + bIm) / 2;
    // (a − b) / (2w) = (a − b)·conj(w) / 2, |w| = 1.
    const dRe = aRe - bRe;
    const dIm = aIm - bIm;
    f1.re[k] = (dRe * w.re[k] + dIm * w.im[k]) / 2;
    f1.im[k] = (dIm * w.re[k] - dRe * w.im[k]) / 2;
  }
  return [f0, f1];
}

/** The inverse of {@link splitFft} (Algorithm 2, mergefft): f(±w) = f0(w²) ± w·f1(w²). */
export function mergeFft(f0: FftPolynomial, f1: FftPolynomial): FftPolynomial {
  const half = f0.re.length;
  const w = twiddles.get(2 * half)!;
  const f = zeros(2 * half);
  for (let k = 0; k < half; k++) {
    const tRe = w.re[k] * f1.re[k] - w.im[k] * f1.im[k];
    const tIm = w.re[k] * f1.im[k] + w.im[k] * f1.re[k];
    f.re[2 * k] = f0.re[k] + tRe;
    f.im[2 * k] = f0.im[k] + tIm;
    f.re[2 * k + 1] = f0.re[k] - tRe;
    f.im[2 * k + 1] = f0.im[k] - tIm;
  }
  return f;
}

/** The FFT of a real polynomial given by its m coefficients (m a power of two, at most 1,024). */
export function fft(coefficients: ArrayLike<number>): FftPolynomial {
  const m = coefficients.length;
  if (m === 1) return { re: Float64Array.of(coefficients[0]), im: new Float64Array(1) };
  const even = new Float64Array(m / 2);
  const odd = new Float64Array(m / 2);
  for (let i = 0; i < m / 2; i++) {
    even[i] = coefficients[2 * i];
    odd[i] = coefficients[2 * i + 1];
  }
  return mergeFft(fft(even), fft(odd));
}

/** The real coefficients of a polynomial from its FFT representation (the inverse of {@link fft}). */
export function inverseFft(f: FftPolynomial): Float64Array {
  const m = f.re.length;
  if (m === 1) return Float64Array.of(f.re[0]);
  const [f0, f1] = splitFft(f);
  const even = inverseFft(f0);
  const odd = inverseFft(f1);
  const out = new Float64Array(m);
  for (let i = 0; i < m / 2; i++) {
    out[2 * i] = even[i];
    out[2 * i + 1] = odd[i];
  }
  return out;
}

/** Pointwise a + b. */
export function addFft(a: FftPolynomial, b: FftPolynomial): FftPolynomial {
  return map2(a, b, (x, y, out, i) => {
    out.re[i] = x.re[i] + y.re[i];
    out.im[i] = x.im[i] + y.im[i];
  });
}

/** Pointwise a − b. */
export function subFft(a: FftPolynomial, b: FftPolynomial): FftPolynomial {
  return map2(a, b, (x, y, out, i) => {
    out.re[i] = x.re[i] - y.re[i];
    out.im[i] = x.im[i] - y.im[i];
  });
}

/** Pointwise a·b: the product in R[x]/(x^m + 1). */
export function mulFft(a: FftPolynomial, b: FftPolynomial): FftPolynomial {
  return map2(a, b, (x, y, out, i) => {
    out.re[i] = x.re[i] * y.re[i] - x.im[i] * y.im[i];
    out.im[i] = x.re[i] * y.im[i] + x.im[i] * y.re[i];
  });
}

/** Pointwise a·conj(b): the product of a with b's adjoint b*(x) = b(1/x). */
export function mulAdjointFft(a: FftPolynomial, b: FftPolynomial): FftPolynomial {
  return map2(a, b, (x, y, out, i) => {
    out.re[i] = x.re[i] * y.re[i] + x.im[i] * y.im[i];
    out.im[i] = x.im[i] * y.re[i] - x.re[i] * y.im[i];
  });
}

/** Pointwise a / b. */
export function divFft(a: FftPolynomial, b: FftPolynomial): FftPolynomial {
  return map2(a, b, (x, y, out, i) => {
    const norm = y.re[i] * y.re[i] + y.im[i] * y.im[i];
    out.re[i] = (x.re[i] * y.re[i] + x.im[i] * y.im[i]) / norm;
    out.im[i] = (x.im[i] * y.re[i] - x.re[i] * y.im[i]) / norm;
  });
}

/** The adjoint f*(x) = f(1/x): pointwise complex conjugation. */
export function adjointFft(f: FftPolynomial): FftPolynomial {
  return { re: f.re.slice(), im: f.im.map((x) => -x) };
}

/** Pointwise c·f for a real c. */
export function scaleFft(f: FftPolynomial, c: number): FftPolynomial {
  return { re: f.re.map((x) => x * c), im: f.im.map((x) => x * c) };
}

function map2(
  a: FftPolynomial,
  b: FftPolynomial,
  operation: (a: FftPolynomial, b: FftPolynomial, out: FftPolynomial, i: number) => void,
): FftPolynomial {
  const out = zeros(a.re.length);
  for (let i = 0; i < a.re.length; i++) operation(a, b, out, i);
  return out;
}
