import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, concatHex, hexToBigInt, hexToBytes, slice } from "viem";
import { network } from "hardhat";
import { L, SMALL_ORDER_POINTS, littleEndian, verifyCofactored } from "../helpers/ed25519.js";

const { viem } = await network.create();
const mock = await viem.deployContract("Ed25519Mock");

type Vector = { name: string; secretKey: string; publicKey: string; message: string; signature: string };
const vectors: Vector[] = JSON.parse(readFileSync(new URL("../fixtures/ed25519-rfc8032.json", import.meta.url), "utf8"));

const verify = (publicKey: Hex, message: Hex, signature: Hex) =>
  mock.read.verify([publicKey, slice(signature, 0, 32), slice(signature, 32, 64), message]);
const hex = (s: string): Hex => `0x${s}`;

describe("SHA512", () => {
  it("SHA512Compress is what scripts/codegen/sha512-compress.mjs generates", () => {
    const generated = execFileSync(process.execPath, ["scripts/codegen/sha512-compress.mjs"], { encoding: "utf8" });
    assert.equal(generated, readFileSync(new URL("../../contracts/utils/SHA512Compress.sol", import.meta.url), "utf8"));
  });

  it("matches its plain-Solidity reference and noble's SHA-512 on every length from 0 to 260 bytes (all padding cases) and FIPS 180-4's 'abc'", async () => {
    const abc = bytesToHex(new TextEncoder().encode("abc"));
    const digest = "0xddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
    assert.equal(await mock.read.sha512([abc]), digest);
    assert.equal(await mock.read.sha512Reference([abc]), digest);
    const data = randomBytes(260);
    for (let n = 0; n <= 260; n++) {
      const input = bytesToHex(data.subarray(0, n));
      const expected = bytesToHex(sha512(data.subarray(0, n)));
      assert.equal(await mock.read.sha512([input]), expected, `length ${n}`);
      assert.equal(await mock.read.sha512Reference([input]), expected, `reference, length ${n}`);
    }
  });

  it("matches on words with every bit set, where a missed 64-bit mask would carry, and costs a fraction of the reference", async () => {
    for (const input of [bytesToHex(new Uint8Array(128).fill(0xff)), bytesToHex(new Uint8Array(300).fill(0xff))])
      assert.equal(await mock.read.sha512([input]), bytesToHex(sha512(hexToBytes(input))));
    const block = bytesToHex(randomBytes(96));
    const [assembly, reference] = [await mock.read.sha512Gas([block, false]), await mock.read.sha512Gas([block, true])];
    console.log(`      SHA-512 of one block (96 bytes, as Ed25519Verifier hashes R ‖ A ‖ hash): ${assembly} gas, reference ${reference}`);
    assert.ok(assembly * 3n < reference, `${assembly} vs ${reference}`);
  });
});

describe("Ed25519 point routines in assembly", () => {
  const P = 2n ** 255n - 19n;
  const field = () => hexToBigInt(bytesToHex(randomBytes(32))) % P;
  const edges = [0n, 1n, 2n, P - 1n, P - 2n];
  const coordinates = (): [bigint, bigint, bigint, bigint] => [0, 1, 2, 3].map(() => (Math.random() < 0.2 ? edges[Math.floor(Math.random() * edges.length)]! : field())) as never;

  it("double (behind keyId's torsion check) equals its plain-Solidity reference on random and edge coordinates", async () => {
    for (let i = 0; i < 40; i++) {
      const q = coordinates();
      const [doubled, doubledReference] = await mock.read.double([q]);
      assert.deepEqual(doubled, doubledReference, `double ${q}`);
    }
  });

  it("clearsToIdentity ([8]Q = O without doubling) agrees with its three-doubling reference and noble on the eight small-order points, random points and their sums, in random projective scales", async () => {
    const torsion = SMALL_ORDER_POINTS.map((point) => ed25519.Point.fromHex(point.slice(2)));
    const random = Array.from({ length: 8 }, () => ed25519.Point.BASE.multiply((hexToBigInt(bytesToHex(randomBytes(32))) % (L - 1n)) + 1n));
    const mixed = random.map((point, i) => point.add(torsion[i]!));
    for (const point of [...torsion, ...random, ...mixed]) {
      const { x, y } = point.toAffine();
      for (const scale of [1n, (field() || 1n)]) {
        const q = [(x * scale) % P, (y * scale) % P, scale, (((x * y) % P) * scale) % P] as const;
        const [cleared, clearedReference] = await mock.read.clearsToIdentity([q]);
        assert.equal(cleared, point.isSmallOrder(), point.toHex());
        assert.equal(clearedReference, cleared, point.toHex());
      }
    }
  });
});

describe("Ed25519.decompress", () => {
  it("agrees with its plain-Solidity reference and noble on points, small-order points, random strings, y ≥ p and x = 0 with the sign bit", async () => {
    const P = 2n ** 255n - 19n;
    const encode = (value: bigint): Hex => bytesToHex(hexToBytes(`0x${value.toString(16).padStart(64, "0")}`).reverse());
    const points = Array.from({ length: 6 }, () => ed25519.Point.BASE.multiply((hexToBigInt(bytesToHex(randomBytes(32))) % (L - 1n)) + 1n));
    const torsion = SMALL_ORDER_POINTS.map((point) => ed25519.Point.fromHex(point.slice(2)));
    const encodings: Hex[] = [
      ...points.map((point) => `0x${point.toHex()}` as Hex),
      ...points.map((point, i) => `0x${point.add(torsion[i]!).toHex()}` as Hex),
      ...SMALL_ORDER_POINTS,
      ...Array.from({ length: 12 }, () => bytesToHex(randomBytes(32))),
      ...[P, P + 1n, P + 18n, 2n ** 255n - 1n].flatMap((y) => [encode(y), encode(y + 2n ** 255n)]),
      // x = 0 (y = ±1) with the sign bit: not canonical.
      encode(1n + 2n ** 255n),
      encode(P - 1n + 2n ** 255n),
    ];
    for (const encoded of encodings) {
      const [ok, x, y, plainOk, plainX, plainY] = await mock.read.decompress([encoded]);
      assert.deepEqual([ok, x, y], [plainOk, plainX, plainY], encoded);
      let expected: { x: bigint; y: bigint } | undefined;
      try {
        expected = ed25519.Point.fromHex(encoded.slice(2), false).toAffine();
      } catch {
        expected = undefined;
      }
      assert.equal(ok, expected !== undefined, encoded);
      if (expected) assert.deepEqual([x, y], [expected.x, expected.y], encoded);
    }
  });
});

describe("Ed25519.isSmallOrder", () => {
  it("is true for the eight points of order dividing 8 and false for random points, with or without a small-order component, as noble's isSmallOrder", async () => {
    const torsion = SMALL_ORDER_POINTS.map((point) => ed25519.Point.fromHex(point.slice(2)));
    const random = Array.from({ length: 8 }, () => ed25519.Point.BASE.multiply(hexToBigInt(bytesToHex(randomBytes(32))) % L));
    const mixed = random.map((point, i) => point.add(torsion[i]!));
    for (const point of [...torsion, ...random, ...mixed]) {
      const [onCurve, smallOrder] = await mock.read.isSmallOrder([`0x${point.toHex()}`]);
      assert.ok(onCurve);
      assert.equal(smallOrder, point.isSmallOrder(), point.toHex());
    }
    assert.equal(torsion.filter((point) => point.isSmallOrder()).length, 8);
  });
});

describe("Ed25519 multi-scalar multiplication in assembly", () => {
  const P = 2n ** 255n - 19n;
  const modPow = (base: bigint, exponent: bigint): bigint => {
    let result = 1n;
    for (let b = base % P, e = exponent; e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) result = (result * b) % P;
    return result;
  };
  const affine = ([x, y, z]: readonly bigint[]) => {
    const inverse = modPow(z!, P - 2n);
    return [(x! * inverse) % P, (y! * inverse) % P];
  };
  const below = (bound: bigint) => hexToBigInt(bytesToHex(randomBytes(32))) % bound;
  const times = (point: typeof ed25519.Point.BASE, n: bigint) => (n === 0n ? ed25519.Point.ZERO : point.multiplyUnsafe(n));
  // Points with a small-order component too: the routine must not assume the prime-order subgroup.
  const torsion = ed25519.Point.fromHex(SMALL_ORDER_POINTS[1]!.slice(2));
  const point = () => times(ed25519.Point.BASE, below(L) || 1n).add(Math.random() < 0.5 ? torsion : ed25519.Point.ZERO);

  it("[b]B − [c]R ∓ [a]A equals its plain-Solidity reference and noble's, for random and edge scalars (0, 1, all-ones, the bounds)", async () => {
    const cases: [bigint, bigint, bigint][] = Array.from({ length: 8 }, () => [below(L), below(2n ** 127n), below(2n ** 126n)]);
    // 2^128 − 1: every digit of b's low half negative and a carry into position 128; L − 1 the largest b.
    cases.push([0n, 0n, 0n], [1n, 1n, 1n], [2n ** 128n - 1n, 2n ** 127n - 1n, 2n ** 126n - 1n], [L - 1n, 2n ** 126n, 0n], [2n ** 128n, 1n, 2n ** 125n]);
    let gas = 0n;
    let plainGas = 0n;
    for (const [index, [b, c, a]] of cases.entries()) {
      const addA = index % 2 === 1;
      const [R, A] = [point(), point()];
      const points = [R.toAffine().x, R.toAffine().y, A.toAffine().x, A.toAffine().y] as const;
      const [q, plain, used, plainUsed] = await mock.read.multiScalarMul([b, c, a, addA, points]);
      const aA = times(A, a);
      const expected = times(ed25519.Point.BASE, b)
        .subtract(times(R, c))
        .add(addA ? aA : aA.negate())
        .toAffine();
      assert.deepEqual(affine(q), [expected.x, expected.y], `b = ${b}, c = ${c}, a = ${a}, addA = ${addA}`);
      assert.deepEqual(affine(plain), [expected.x, expected.y], `reference, b = ${b}, c = ${c}, a = ${a}`);
      // T = XY/Z holds for the extended coordinates the routine returns.
      assert.equal((q[3] * q[2]) % P, (q[0] * q[1]) % P);
      gas += used;
      plainGas += plainUsed;
    }
    console.log(`      [b]B − [c]R ∓ [a]A: ${gas / BigInt(cases.length)} gas on average, reference ${plainGas / BigInt(cases.length)}`);
  });
});

describe("Ed25519.halfSize", () => {
  it("gives 0 < c < 2^127 and a < 2^126 with c·k ≡ ±a (mod L), as its reference does, for random k, small k, k near 2^126 and k = L − 1", async () => {
    const ks = Array.from({ length: 24 }, () => hexToBigInt(bytesToHex(randomBytes(32))) % L);
    ks.push(0n, 1n, 2n ** 126n - 1n, 2n ** 126n, 2n ** 126n + 1n, L - 1n, (L - 1n) / 2n, 2n ** 252n);
    for (const k of ks) {
      const [c, a, negative] = await mock.read.halfSize([k]);
      assert.ok(c > 0n && c < 2n ** 127n, `c = ${c} for k = ${k}`);
      assert.ok(a < 2n ** 126n, `a = ${a} for k = ${k}`);
      assert.equal((c * k) % L, negative ? (L - a) % L : a, `k = ${k}`);
      assert.deepEqual(await mock.read.halfSizeReference([k]), [c, a, negative], `reference, k = ${k}`);
    }
  });
});

describe("Ed25519 (the library, messages of any length)", () => {
  it("accepts every RFC 8032 §7.1 test vector (0, 1, 2, 1023 and 64-byte messages)", async () => {
    for (const v of vectors) {
      // The fixture checks itself: noble derives the same key and signature from the secret key.
      const secretKey = hexToBytes(hex(v.secretKey));
      assert.equal(bytesToHex(ed25519.getPublicKey(secretKey)), hex(v.publicKey), v.name);
      assert.equal(bytesToHex(ed25519.sign(hexToBytes(hex(v.message)), secretKey)), hex(v.signature), v.name);
      assert.equal(await verify(hex(v.publicKey), hex(v.message), hex(v.signature)), true, v.name);
    }
  });

  it("accepts noble signatures of random messages of random lengths under random keys", async () => {
    for (let i = 0; i < 6; i++) {
      const { secretKey, publicKey } = ed25519.keygen();
      const message = randomBytes(Math.floor(Math.random() * 300));
      const signature = ed25519.sign(message, secretKey);
      assert.equal(await verify(bytesToHex(publicKey), bytesToHex(message), bytesToHex(signature)), true);
    }
  });

  it("rejects a flipped bit in the message and S + L", async () => {
    const v = vectors[2];
    assert.equal(await verify(hex(v.publicKey), "0xaf83", hex(v.signature)), false);
    const s = hexToBigInt(littleEndian(hexToBigInt(slice(hex(v.signature), 32, 64))));
    assert.equal(await verify(hex(v.publicKey), hex(v.message), concatHex([slice(hex(v.signature), 0, 32), littleEndian(s + L)])), false);
  });

  it("rejects every small-order A, whatever R and S (anyone could sign for such a key), as noble's strict verify does", async () => {
    const message = "0x6d657373616765" as Hex;
    const s = BigInt(`0x${randomBytes(31).toString("hex")}`);
    const sB = ed25519.Point.BASE.multiply(s);
    // R = [S]B plus each small-order point, or a small-order point with S = 0: the equation holds for all of them.
    const withTorsion = SMALL_ORDER_POINTS.map((t) => `0x${sB.add(ed25519.Point.fromHex(t.slice(2))).toHex()}` as Hex);
    for (const a of SMALL_ORDER_POINTS) {
      for (const [r, sEnc] of [...withTorsion.map((r) => [r, littleEndian(s)]), ...SMALL_ORDER_POINTS.map((r) => [r, littleEndian(0n)])] as [Hex, Hex][]) {
        const signature = concatHex([r, sEnc]);
        assert.equal(verifyCofactored(a, message, signature), false);
        assert.equal(ed25519.verify(hexToBytes(signature), hexToBytes(message), hexToBytes(a), { zip215: false }), false);
        assert.equal(await verify(a, message, signature), false, `A ${a} R ${r} S ${sEnc}`);
      }
    }
  });

  it("accepts R and A with a small-order part when their prime-order parts satisfy the equation (the cofactored verdict, noble's too)", async () => {
    const message = "0x6d657373616765" as Hex;
    const secret = hexToBigInt(bytesToHex(randomBytes(32))) % L;
    const nonce = hexToBigInt(bytesToHex(randomBytes(32))) % L;
    const torsion = SMALL_ORDER_POINTS.map((t) => ed25519.Point.fromHex(t.slice(2)));
    let cofactorlessWouldReject = 0;
    // A = [secret]B + T_i (T_0 the identity: an ordinary key), R = [nonce]B + T_j, S = nonce + k·secret mod L.
    for (const i of [0, 1, 2, 4]) {
      const a = bytesToHex(ed25519.Point.BASE.multiply(secret).add(torsion[i]!).toBytes());
      for (const j of [0, 1, 3, 4, 6]) {
        const r = bytesToHex(ed25519.Point.BASE.multiply(nonce).add(torsion[j]!).toBytes());
        const k = hexToBigInt(bytesToHex(sha512(hexToBytes(concatHex([r, a, message]))).reverse())) % L;
        const s = (nonce + k * secret) % L;
        const signature = concatHex([r, littleEndian(s)]);
        assert.equal(verifyCofactored(a, message, signature), true);
        assert.equal(ed25519.verify(hexToBytes(signature), hexToBytes(message), hexToBytes(a), { zip215: false }), true);
        assert.equal(await verify(a, message, signature), true, `A + T${i}, R + T${j}`);
        assert.equal(await verify(a, message, concatHex([r, littleEndian((s + 1n) % L)])), false, `S + 1, A + T${i}, R + T${j}`);
        const sB = ed25519.Point.BASE.multiply(s);
        const kA = k === 0n ? ed25519.Point.ZERO : ed25519.Point.fromHex(a.slice(2)).multiplyUnsafe(k);
        if (sB.subtract(kA).toHex() !== r.slice(2)) cofactorlessWouldReject++;
      }
    }
    // The two equations part on these: [S]B − [k]A differs from R by T_j + [k]T_i, zero only when that sum is.
    assert.ok(cofactorlessWouldReject > 0);
  });
});
