import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { adjointFft, divFft, fft, inverseFft, mergeFft, mulAdjointFft, mulFft, splitFft } from "./fft.js";

/** Deterministic small integer coefficients. */
const polynomial = (m: number, salt: number) => Float64Array.from({ length: m }, (_, i) => ((i * 7919 + salt * 104729) % 41) - 20);

/** a·b in Z[x]/(x^m + 1), schoolbook: x^m = −1. */
function negacyclic(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const m = a.length;
  const out = new Float64Array(m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      const k = i + j;
      if (k < m) out[k] += a[i] * b[j];
      else out[k - m] -= a[i] * b[j];
    }
  return out;
}

const close = (actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance = 1e-6) => {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < actual.length; i++) assert.ok(Math.abs(actual[i] - expected[i]) <= tolerance, `[${i}]: ${actual[i]} vs ${expected[i]}`);
};

describe("Falcon's FFT over R[x]/(x^m + 1)", () => {
  it("evaluates f at each root of x^m + 1 once", () => {
    const m = 16;
    const f = polynomial(m, 1);
    const values = fft(f);
    const evaluate = (theta: number) => {
      let re = 0;
      let im = 0;
      for (let i = 0; i < m; i++) {
        re += f[i] * Math.cos(i * theta);
        im += f[i] * Math.sin(i * theta);
      }
      return [re, im];
    };
    const used = new Set<number>();
    for (let k = 0; k < m; k++) {
      // The roots of x^m + 1 are e^{iπ(2j + 1)/m}.
      const j = Array.from({ length: m }, (_, j) => j).find((j) => {
        const [re, im] = evaluate((Math.PI * (2 * j + 1)) / m);
        return Math.abs(re - values.re[k]) < 1e-9 && Math.abs(im - values.im[k]) < 1e-9;
      });
      assert.notEqual(j, undefined, `value ${k} is f at no root`);
      used.add(j!);
    }
    assert.equal(used.size, m);
  });

  it("inverseFft(fft(f)) = f, and the product of FFTs is the negacyclic product", () => {
    for (const m of [2, 8, 64, 512, 1024]) {
      const a = polynomial(m, 2);
      const b = polynomial(m, 3);
      close(inverseFft(fft(a)), a);
      close(inverseFft(mulFft(fft(a), fft(b))), negacyclic(a, b), 1e-6 * m);
    }
  });

  it("splitFft and mergeFft are inverse, and split gives f0, f1 with f(x) = f0(x²) + x·f1(x²)", () => {
    const f = polynomial(64, 4);
    const [f0, f1] = splitFft(fft(f));
    close(inverseFft(f0), f.filter((_, i) => i % 2 === 0));
    close(inverseFft(f1), f.filter((_, i) => i % 2 === 1));
    const merged = mergeFft(f0, f1);
    close(merged.re, fft(f).re);
    close(merged.im, fft(f).im);
  });

  it("the adjoint is f(1/x) = f0 − f_{m−1}x − … and a·b*/b* = a", () => {
    const a = polynomial(16, 5);
    const adjoint = inverseFft(adjointFft(fft(a)));
    close(adjoint, Float64Array.from({ length: 16 }, (_, i) => (i === 0 ? a[0] : -a[16 - i])));
    const b = polynomial(16, 6).map((x) => x + 0.5);
    close(inverseFft(divFft(mulAdjointFft(fft(a), fft(b)), adjointFft(fft(b)))), a);
  });
});
