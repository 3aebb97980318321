import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon1024, falcon512 } from "@noble/post-quantum/falcon.js";
import { concatBytes, keccak256, stringToBytes, toBytes } from "viem";
import { InvalidPrivateKeyError } from "../../errors/signer.js";
import { encodeFalconSignature } from "./encoding.js";
import { falconSeededRandom } from "./keccak.js";
import { falconParameters, q } from "./params.js";
import { sampleFalconPreimage } from "./samplePreimage.js";
import { decodeFalconSecretKey } from "./secretKey.js";
import { hashToPoint } from "./verify.js";

/** a·b in Z[x]/(x^n + 1), exactly. */
function negacyclic(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const n = a.length;
  const out = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i + j < n) out[i + j] += a[i] * b[j];
      else out[i + j - n] -= a[i] * b[j];
    }
  return out;
}

for (const [falcon, n, sigma] of [
  [falcon512, 512, 165.7366171829776],
  [falcon1024, 1024, 168.38857144654395],
] as const) {
  describe(`Falcon-${n}: the SDK's signer core, checked with SHAKE256's HashToPoint against noble`, () => {
    const { secretKey, publicKey } = falcon.keygen(new Uint8Array(48).fill(7));
    const basis = decodeFalconSecretKey(secretKey, n === 512 ? "falcon512" : "falcon1024");

    it("decodes noble's secret key and completes the basis: fG − gF = q", () => {
      const { f, g, F, G } = basis;
      const fG = negacyclic(f, G);
      const gF = negacyclic(g, F);
      assert.deepEqual(
        fG.map((x, i) => x - gF[i]),
        Array.from({ length: n }, (_, i) => (i === 0 ? q : 0)),
      );
    });

    it("signs what noble verifies, and noble rejects the signature under another message", () => {
      for (let k = 0; k < 4; k++) {
        const random = falconSeededRandom(stringToBytes(`samplePreimage.test ${n} ${k}`));
        const nonce = random(40).slice();
        const message = toBytes(keccak256(stringToBytes(`message ${k}`)));
        const { s1, s2 } = sampleFalconPreimage({ basis, point: hashToPoint(concatBytes([nonce, message]), n), random, scheme: "falcon512" });
        let norm = 0;
        for (let i = 0; i < n; i++) norm += s1[i] ** 2 + s2[i] ** 2;
        assert.ok(norm <= falconParameters(n).normBound);
        const signature = encodeFalconSignature({ n, nonce, s2, format: "compressed" });
        assert.equal(falcon.verify(signature, message, publicKey), true);
        assert.equal(falcon.verify(signature, toBytes(keccak256(message)), publicKey), false);
      }
    });

    it("draws (s1, s2) of Falcon's width: ‖s‖² averages 2nσ², coefficients spread as N(0, σ²)", () => {
      const signatures = 12;
      let norms = 0;
      let withinSigma = 0;
      for (let k = 0; k < signatures; k++) {
        const random = falconSeededRandom(stringToBytes(`samplePreimage.test width ${n} ${k}`));
        const point = hashToPoint(random(72), n);
        const { s1, s2 } = sampleFalconPreimage({ basis, point, random, scheme: "falcon512" });
        for (let i = 0; i < n; i++) {
          norms += s1[i] ** 2 + s2[i] ** 2;
          withinSigma += Number(Math.abs(s1[i]) <= sigma) + Number(Math.abs(s2[i]) <= sigma);
        }
      }
      // ‖s‖² of one signature has a relative standard deviation of about 1/√n; 12 signatures bring the mean's to
      // under 1.5 %, and 6 % is four of those. A sampler of another width (or plain rounding) misses by far more.
      const meanRatio = norms / signatures / (2 * n * sigma ** 2);
      assert.ok(Math.abs(meanRatio - 1) < 0.06, `mean ‖s‖² / 2nσ² = ${meanRatio}`);
      // Pr[|N(0, σ²)| ≤ σ] = 68.27 %; 2·12·n coefficients put one standard deviation below 0.7 %.
      const fraction = withinSigma / (2 * signatures * n);
      assert.ok(Math.abs(fraction - 0.6827) < 0.025, `fraction within σ = ${fraction}`);
    });
  });
}

describe("decodeFalconSecretKey", () => {
  const { secretKey } = falcon512.keygen(new Uint8Array(48).fill(9));
  const rejects = (bytes: Uint8Array, reason: RegExp) =>
    assert.throws(() => decodeFalconSecretKey(bytes, "falcon512keccak"), (error: unknown) => error instanceof InvalidPrivateKeyError && reason.test(error.message));

  it("rejects a wrong header, a wrong length, the forbidden pattern and a key whose basis does not complete", () => {
    rejects(Uint8Array.of(0x39, ...secretKey.subarray(1)), /header byte must be 0x59 or 0x5a, got 0x39/);
    rejects(secretKey.subarray(0, 1280), /Falcon-512 secret key is 1281 bytes, got 1280/);
    // f[0] is the first 6 bits after the header: 100000 is −32, which the encoding forbids.
    const forbidden = secretKey.slice();
    forbidden[1] = (forbidden[1] & 0b11) | 0b10000000;
    rejects(forbidden, /f\[0\] is the forbidden pattern −2\^5/);
    // Changing F breaks fG − gF = q: G = gF/f mod q is then large.
    const otherF = secretKey.slice();
    otherF[1 + 768] ^= 0x40;
    rejects(otherF, /G = gF\/f mod q is not small/);
  });
});
