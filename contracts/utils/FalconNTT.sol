// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Incomplete number-theoretic transform over Z_q[X]/(X^n + 1), q = 12289, n = 512 or 1024, for Falcon
 * verification.
 *
 * Polynomials live in memory as n/8 words of eight 32-bit lanes: coefficient 8w + j sits in lane j of word w,
 * lane 0 being the most significant. One EVM operation thus acts on eight coefficients, as long as no lane
 * overflows into its neighbour; every routine states the lane bounds it needs and guarantees. Results are exact
 * modulo q but lazily reduced.
 *
 * The transform stops three layers early, as the SDK's `falconPartialNtt` does: after log2(n) − 3 Cooley–Tukey
 * layers (twiddles ζ[k] = 7^brv10(k)), word w holds a mod (X^8 − r_w), r_w = ζ[n/8 + w]². The products of these
 * degree-7 residues with the public key's are computed whole, as integer products of packed words, so no layer
 * ever pairs lanes of one word. The arithmetic:
 *
 * - Montgomery reduction with R = 2^16: for p < 2^32 − q·2^16, (p + q·((p·(−q⁻¹)) mod 2^16))/2^16 is ≡ p/R and
 *   below q·(1 + p/(q·R)); every intermediate stays below 2^32. Twiddles are stored times R, so a twiddle product
 *   x·ζR followed by a reduction is ≡ x·ζ, for any lane x below 23q.
 * - Barrett reduction: for x < 2^19.5, x − q·⌊x·5460/2^26⌋ lies in [0, 2q) (5460/2^26 is just below 1/q).
 */
library FalconNTT {
    uint256 internal constant Q = 12289;
    /// @dev q in every lane, once, 4, 5 and 10 times.
    uint256 private constant Q_LANES = 0x0000300100003001000030010000300100003001000030010000300100003001;
    uint256 private constant FIVE_Q = 0x0000f0050000f0050000f0050000f0050000f0050000f0050000f0050000f005;
    uint256 private constant FOUR_Q = 0x0000c0040000c0040000c0040000c0040000c0040000c0040000c0040000c004;
    uint256 private constant TEN_Q = 0x0001e00a0001e00a0001e00a0001e00a0001e00a0001e00a0001e00a0001e00a;
    /// @dev The low 16 bits of every lane.
    uint256 private constant LO16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    /// @dev The low 6 bits of every lane: a Barrett quotient.
    uint256 private constant LO6 = 0x0000003f0000003f0000003f0000003f0000003f0000003f0000003f0000003f;
    /// @dev 2^31 − q in every lane: adding it sets a lane's bit 31 exactly when the lane (below 2^31) is ≥ q.
    uint256 private constant GE_Q = 0x7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff;
    /// @dev Bit 31 of every lane: a key lane of q or more sets it in {multiply}'s range bits (see {GE_Q}).
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;
    /// @dev Bit 0 of every lane.
    uint256 private constant BIT0 = 0x0000000100000001000000010000000100000001000000010000000100000001;
    /// @dev (q − 1)/2, the largest centred magnitude.
    uint256 private constant HALF_Q = 6144;
    /// @dev 10q + (q − 1)/2 and 20q + (q − 1)/2 in every lane.
    uint256 private constant TEN_Q_HALF = 0x0001f80a0001f80a0001f80a0001f80a0001f80a0001f80a0001f80a0001f80a;
    uint256 private constant TWENTY_Q_HALF = 0x0003d8140003d8140003d8140003d8140003d8140003d8140003d8140003d814;
    /// @dev Masks for reversing the order of lanes: alternate 64-bit halves, alternate lanes.
    uint256 private constant LO64 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant LO32 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    /// @dev −q⁻¹ mod 2^16.
    uint256 private constant Q_NEG_INV = 12287;
    /**
     * @dev Per forward pass of two layers (byte i for the i-th pair, then the lone last layer), the multiple K of q
     * added to a − t so that it stays non-negative: K·q bounds the Montgomery products t (see {forward}).
     */
    uint256 private constant FORWARD_K = 0x0203040500000000000000000000000000000000000000000000000000000000;

    /// @dev Byte offset in the twiddle table of (q − ζ[k])·R and of (ζ[k]² − 1)·R (k = 0 at the offset).
    uint256 private constant INVERSE_OFFSET = 256;
    uint256 private constant SQUARE_OFFSET = 512;

    /**
     * @dev Twiddles, 2 bytes each (big-endian): ζ[k]·R mod q for k < 128, then (q − ζ[k])·R mod q for k < 128,
     * then (ζ[k]² − 1)·R mod q for k < 256 ({multiply}'s fold), with ζ[k] = 7^brv10(k) mod q. 7 is a primitive
     * 2048th root of unity mod q and brv10(k) = 2·brv9(k) for k < 512, so the same entries serve Falcon-512 (49^brv9(k)) and Falcon-1024.
     */
    bytes private constant TWIDDLES =
        hex"0ffb1ed02b342bc81b3010f61883261f063718ff25051492024a16c11d7225ee046e190706af03c51bbb1dfa0e9f192a28ae1fa4075d06980554285927b423dc"
        hex"2fb2186003e5007512af1137060d1ba00b0d193a114f22ad1be80a0416200fca2f9d01b029ff04d51dba05fe0f8f1eb7088518a4221019aa12eb069a000e0f20"
        hex"15c124982f8307e31d77090b12411cac0611048420d12c7d03fc0b972a141b850cf42be414a52d3a298d276625151824243d17f20cfb037328e501e905de0b23"
        hex"2b3526010ab62fd1136a28f1275e04ab02da06e20f0e07ee17042aaa233c149a23db0e140ec627de0c6c0d8b123c098e1dbd24aa03421e171ab40d4b14e72ff4"
        hex"2006113104cd043914d11f0b177e09e229ca17020afc1b6f2db71940128f0a132b9316fa29522c3c14461207216216d70753105d28a429692aad07a8084d0c25"
        hex"004f17a12c1c2f8c1d521eca29f4146124f416c71eb20d54141925fd19e1203700642e5106022b2c12472a032072114a277c175d0df116571d1629672ff320e1"
        hex"1a400b69007e281e128a26f61dc0135529f02b7d0f3003842c05246a05ed147c230d041d1b5c02c70674089b0aec17dd0bc4180f23062c8e071c2e182a2324de"
        hex"04cc0a00254b00301c97071008a32b562d27291f20f3281318fd05570cc51b670c2621ed213b0823239522761dc5267312440b572cbf11ea154d22b61b1a000d"
        hex"0000100b0ed501361b3924d31bcd243f0b3504d600fb0f1008880783162429e8263d19cf09040707150a2b0204970b7422501dbc06c609450d77029415f32a19"
        hex"24741b98090c06ff26b5195723cb1c410bc0044b0dff020c2ea51167092f06dc18b327590fa90062276318a9269e196e255a1ab2185e27ae17b9285313e12c2b"
        hex"1fb72055086507a623eb1c21207b1f9102b40d57013c0ecf261319f90ba504662b1314f9093f06cc01540eb712b22d5a0bed041e2a0a1602062509e62fd0103c"
        hex"1fa2206a21b61e561a04260824db1b310dbf024c26041a082f9510770ebc014f288b178108a9076212152df709af065c02f00d1b26a0196c20141ff82f2610e6"
        hex"05c60a45149d2b6f1f88208427e918230d7c028f291116fb02460dc50cb1035a261719f5248a1b8210d62f361c82238a24021c0a2b9d146f1a1925f30b8a0481"
        hex"2cfa13121be9242304aa0b611d3f22cd1992267a176b28a1151a2af2082907e214422bca07f708142d01130b23791c9318ea272221ef1e1d25e41a282b2914e3"
        hex"1b3a24d216062a062abc15501fd62036036f0c9c18f62716176328a924b11b5b22e01d2c26e819242f1410f827f41818070909021aaf255d13412ccb049f0b6c"
        hex"13e02c2c2e1a11f22ecc114017e328292c72139a2d91127b02410dca299416780dc2024914af2b5d23481cc40e1c01ef0ab905522d5112bb04ec0b1f1ff92013";

    /// @dev Copies the twiddle table to memory and returns a pointer to its first entry.
    function loadTwiddles() internal pure returns (uint256 twiddles) {
        bytes memory table = TWIDDLES;
        assembly ("memory-safe") {
            twiddles := add(table, 0x20)
        }
    }

    /**
     * @dev In-place forward transform of the `words`-word polynomial at `p` (n = 8·words), the first log2(n) − 3
     * layers of the SDK's `falconNtt`: word w ends up holding the residue mod (X^8 − ζ[words + w]²). Lanes must
     * be below 1.2q on input (s2 + q with |s2| ≤ 2047); on output they are below 25q.
     *
     * Layer i pairs words d = words/2^(i+1) apart; block b (of words/(2d)) uses ζ[words/(2d) + b]. Layers run two
     * at a time (d and d/2 on four words held on the stack), the last one alone when their number is odd. With
     * inputs below X, the Montgomery product t is below q·(1 + X/(q·R)), and a + t, a + K·q − t stay below
     * X + K·q for a K ≥ t/q, the same for both layers of a pair ({FORWARD_K}): the bounds go 1.2q, 3.2q, 5.2q,
     * 8.2q, 11.2q, 15.2q, 19.2q, 24.2q, each layer's input below the 23q Montgomery limit, so no layer needs a
     * reduction.
     */
    function forward(uint256 p, uint256 words, uint256 twiddles) internal pure {
        (uint256 left, uint256 kq) = _forward(p, 0, words, twiddles);
        assembly ("memory-safe") {
            if left {
                // An odd number of layers: the last, d = 1, pairs neighbouring words, block b using ζ[words/2 + b].
                let zetas := add(twiddles, words)
                for { let end := add(p, shl(5, words)) } lt(p, end) {
                    p := add(p, 0x40)
                    zetas := add(zetas, 2)
                } {
                    let a := mload(p)
                    let t := mul(mload(add(p, 0x20)), shr(240, mload(zetas)))
                    t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                    mstore(p, add(a, t))
                    mstore(add(p, 0x20), sub(add(a, kq), t))
                }
            }
        }
    }

    /**
     * @dev {forward} then {multiply} by the key residues at `key` (non-zero), for `words` = 64 or 128 (Falcon-512 or
     * Falcon-1024) only, the product fused into the last pass:
     * a lone layer (Falcon-1024) or a pair of layers on blocks of four consecutive words (Falcon-512). Each output
     * is multiplied before it is stored, which saves a store, a load and the loop of {multiply} per word; after a
     * pair, each block's four products then go through the first pair of layers of {inverse} (a block is one of its
     * groups) before they are stored, which saves that pass's loads and stores. `inverseFrom` is the distance at
     * which {inverse} or {inverseNorm} must continue: 4 after that pair, 2 after the lone layer (which runs
     * {inverse}'s first layer on its two products in the same way). `reduced` is {multiply}'s: whether
     * every key lane is below q (the result is meaningless otherwise).
     */
    function forwardMultiply(uint256 p, uint256 key, uint256 words, uint256 twiddles)
        internal
        pure
        returns (bool reduced, uint256 inverseFrom)
    {
        (, uint256 kq) = _forward(p, key, words, twiddles);
        uint256 high;
        // Falcon's sizes leave one of the two: 128 words (seven layers) a lone layer, 64 words (six) a pair. Tested
        // on `words`, a constant in each verifier, so that each holds only its own branch.
        if (words == 128) {
            high = _loneLayerMultiplyInverse(p, key, words, twiddles, kq);
            inverseFrom = 2;
        } else {
            high = _lastPairMultiplyInverse(p, key, twiddles);
            inverseFrom = 4;
        }
        reduced = high & BIT31 == 0;
    }

    /**
     * @dev {forward}'s pairs of layers: all of them but a last pair with a non-zero `key` (for a fused routine).
     * `left` is the distance d of the pass left (0: none, 1: a lone layer, 2: a pair of layers), `lastKq` its K·q.
     */
    function _forward(uint256 p, uint256 key, uint256 words, uint256 twiddles)
        private
        pure
        returns (uint256 left, uint256 lastKq)
    {
        assembly ("memory-safe") {
            let pass := 0
            let last := add(p, shl(5, words))
            let d := shr(1, words)
            let fuse := iszero(iszero(key))
            for {} and(gt(d, 1), iszero(and(eq(d, 2), fuse))) { d := shr(2, d) } {
                let blocks := div(shr(1, words), d)
                let quarter := shl(4, d)
                let kq := mul(byte(pass, FORWARD_K), Q_LANES)
                // Block b at p + b·4·quarter, its twiddles ζ[blocks + b] and ζ[2(blocks + b)], ζ[2(blocks + b) + 1]
                // through pointers that advance with b.
                let zas := add(twiddles, shl(1, blocks))
                let zbs := add(twiddles, shl(2, blocks))
                for { let blockStart := p } lt(blockStart, last) {
                    blockStart := add(blockStart, shl(2, quarter))
                    zas := add(zas, 2)
                    zbs := add(zbs, 4)
                } {
                    let za := shr(240, mload(zas))
                    let zb := shr(224, mload(zbs))
                    // Montgomery reductions written out: Yul functions are not inlined here.
                    for {
                        let p0 := blockStart
                        let end := add(blockStart, quarter)
                    } lt(p0, end) { p0 := add(p0, 0x20) } {
                        let p1 := add(p0, quarter)
                        let p2 := add(p1, quarter)
                        let p3 := add(p2, quarter)
                        let x0 := mload(p0)
                        let x1 := mload(p1)
                        let t := mul(mload(p2), za)
                        t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                        let x2 := sub(add(x0, kq), t)
                        x0 := add(x0, t)
                        t := mul(mload(p3), za)
                        t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                        let x3 := sub(add(x1, kq), t)
                        x1 := add(x1, t)
                        t := mul(x1, shr(16, zb))
                        t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                        mstore(p0, add(x0, t))
                        mstore(p1, sub(add(x0, kq), t))
                        t := mul(x3, and(zb, 0xffff))
                        t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                        mstore(p2, add(x2, t))
                        mstore(p3, sub(add(x2, kq), t))
                    }
                }
                pass := add(pass, 1)
            }
            // The last pass, to {forward} (d = 1) or, with a key, {_loneLayerMultiplyInverse} (d = 1) or
            // {_lastPairMultiplyInverse} (d = 2); none when d = 0.
            left := d
            lastKq := mul(byte(pass, FORWARD_K), Q_LANES)
        }
    }

    /**
     * @dev The lone last layer of {forward} (d = 1, K·q = `kq`), each output then multiplied as in {multiply}: word
     * w by the key residue at `key` + 32w and (ζ[words + w]² − 1)·R, then the first layer of {inverse} (d = 1, the
     * same pairs of words) on the two products before they are stored, which saves that layer a pass of its own
     * and leaves {inverseNorm} an even number of layers. This pass comes only after three pairs (Falcon-1024: seven
     * layers, words = 128), so the twiddles' offsets are constants. Returns {multiply}'s range bits of the key.
     */
    function _loneLayerMultiplyInverse(uint256 p, uint256 key, uint256 words, uint256 twiddles, uint256 kq)
        private
        pure
        returns (uint256 high)
    {
        assembly ("memory-safe") {
            let zetas := add(twiddles, words)
            let squares := add(twiddles, add(SQUARE_OFFSET, shl(1, words)))
            // Stack space is short: `twiddles` becomes 2·twiddles + 638, from which the inverse layer's twiddle
            // address is zetas below (see there).
            twiddles := add(shl(1, twiddles), 638)
            for { let end := add(p, shl(5, words)) } lt(p, end) {
                p := add(p, 0x40)
                zetas := add(zetas, 2)
                key := add(key, 0x40)
                squares := add(squares, 4)
            } {
                let x := mload(p)
                let t := mul(mload(add(p, 0x20)), shr(240, mload(zetas)))
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                // The layer's outputs x + t and x + K·q − t, lanes below 25q; then {multiply}'s steps on each.
                let y := sub(add(x, kq), t)
                x := add(x, t)
                x := sub(x, mul(and(shr(26, mul(x, 5460)), LO6), Q))
                let h := mload(key)
                high := or(high, or(h, add(h, GE_Q)))
                let folded := shl(32, mul(x, h))
                h := mulmod(x, h, not(0))
                folded := shr(16, add(folded, mul(and(mul(and(folded, LO16), Q_NEG_INV), LO16), Q)))
                x := add(mulmod(h, 0x100000000, not(0)), mul(folded, shr(240, mload(squares))))
                x := shr(16, add(x, mul(and(mul(and(x, LO16), Q_NEG_INV), LO16), Q)))
                y := sub(y, mul(and(shr(26, mul(y, 5460)), LO6), Q))
                h := mload(add(key, 0x20))
                high := or(high, or(h, add(h, GE_Q)))
                folded := shl(32, mul(y, h))
                h := mulmod(y, h, not(0))
                folded := shr(16, add(folded, mul(and(mul(and(folded, LO16), Q_NEG_INV), LO16), Q)))
                y := add(mulmod(h, 0x100000000, not(0)), mul(folded, shr(240, mload(add(squares, 2)))))
                y := shr(16, add(y, mul(and(mul(and(y, LO16), Q_NEG_INV), LO16), Q)))
                // {inverse}'s first layer on the products x, y (below 4.8q): block b = (zetas − T − words)/2, T the
                // table's address, uses −ζ[words − 1 − b], at T + INVERSE_OFFSET + 2·(words − 1 − b) = 2T + 638 − zetas
                // for words = 128, that is `twiddles` − zetas. The sum, below 9.6q, is Barrett-reduced below 2q (as a
                // pair's second layer would), the difference x + 5q − y (below 9.8q) multiplied and Montgomery-reduced
                // below 2.9q: both below the 4.8q that {inverse} and {inverseNorm} take.
                t := mul(sub(add(x, FIVE_Q), y), shr(240, mload(sub(twiddles, zetas))))
                x := add(x, y)
                mstore(p, sub(x, mul(and(shr(26, mul(x, 5460)), LO6), Q)))
                mstore(add(p, 0x20), shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q))))
            }
        }
    }

    /**
     * @dev The last pass of {forward} when it is a pair of layers (d = 2 and 1: blocks of four
     * consecutive words), each output then multiplied as in {multiply}: word w by the key residue at `key` + 32w
     * and (ζ[words + w]² − 1)·R, then the first pair of layers of {inverse} on each block. Returns {multiply}'s
     * range bits of the key. This pass comes only after two pairs (Falcon-512: six layers, words = 64), so its K·q
     * is {FORWARD_K}'s third, 4q, a constant (the stack has no room for it), and so are the twiddles' offsets.
     */
    function _lastPairMultiplyInverse(uint256 p, uint256 key, uint256 twiddles)
        private
        pure
        returns (uint256 high)
    {
        assembly ("memory-safe") {
            // Block b's twiddle entries are addressed from `twiddles` by offsets linear in u = 32 + 2b, the byte
            // offset of ζ[words/4 + b] (words = 64).
            for {
                let u := 32
                let end := add(p, 2048)
            } lt(p, end) {
                p := add(p, 0x80)
                u := add(u, 2)
                key := add(key, 0x80)
            } {
                // Block b's twiddles: ζ[words/4 + b], then ζ[words/2 + 2b] and the entry after it.
                let z := shr(240, mload(add(twiddles, u)))
                let x0 := mload(p)
                let x1 := mload(add(p, 0x20))
                let t := mul(mload(add(p, 0x40)), z)
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                let x2 := sub(add(x0, FOUR_Q), t)
                x0 := add(x0, t)
                t := mul(mload(add(p, 0x60)), z)
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                let x3 := sub(add(x1, FOUR_Q), t)
                // At twiddles + words + 4b = twiddles + 2u.
                z := shr(224, mload(add(twiddles, shl(1, u))))
                t := mul(add(x1, t), shr(16, z))
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                // x1 := the output x0 + K·q − t; x0 := x0 + t. Then {multiply}'s steps on each output.
                x1 := sub(add(x0, FOUR_Q), t)
                x0 := add(x0, t)
                t := mul(x3, and(z, 0xffff))
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                x3 := sub(add(x2, FOUR_Q), t)
                x2 := add(x2, t)
                // {multiply}'s steps on each output (t and z reused for the key residue and the low half). The fold
                // factors of words 4b … 4b + 3 at SQUARE_OFFSET + twiddles + 2·words + 8b = twiddles + 4u + SQUARE_OFFSET
                // (no variable of their own: the stack is full).
                let squares := add(add(twiddles, shl(2, u)), SQUARE_OFFSET)
                x0 := sub(x0, mul(and(shr(26, mul(x0, 5460)), LO6), Q))
                t := mload(key)
                high := or(high, or(t, add(t, GE_Q)))
                z := shl(32, mul(x0, t))
                t := mulmod(x0, t, not(0))
                z := shr(16, add(z, mul(and(mul(and(z, LO16), Q_NEG_INV), LO16), Q)))
                x0 := add(or(shl(32, t), shr(224, t)), mul(z, shr(240, mload(squares))))
                x0 := shr(16, add(x0, mul(and(mul(and(x0, LO16), Q_NEG_INV), LO16), Q)))
                x1 := sub(x1, mul(and(shr(26, mul(x1, 5460)), LO6), Q))
                t := mload(add(key, 0x20))
                high := or(high, or(t, add(t, GE_Q)))
                z := shl(32, mul(x1, t))
                t := mulmod(x1, t, not(0))
                z := shr(16, add(z, mul(and(mul(and(z, LO16), Q_NEG_INV), LO16), Q)))
                x1 := add(or(shl(32, t), shr(224, t)), mul(z, shr(240, mload(add(squares, 2)))))
                x1 := shr(16, add(x1, mul(and(mul(and(x1, LO16), Q_NEG_INV), LO16), Q)))
                x2 := sub(x2, mul(and(shr(26, mul(x2, 5460)), LO6), Q))
                t := mload(add(key, 0x40))
                high := or(high, or(t, add(t, GE_Q)))
                z := shl(32, mul(x2, t))
                t := mulmod(x2, t, not(0))
                z := shr(16, add(z, mul(and(mul(and(z, LO16), Q_NEG_INV), LO16), Q)))
                x2 := add(or(shl(32, t), shr(224, t)), mul(z, shr(240, mload(add(squares, 4)))))
                x2 := shr(16, add(x2, mul(and(mul(and(x2, LO16), Q_NEG_INV), LO16), Q)))
                x3 := sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q))
                t := mload(add(key, 0x60))
                high := or(high, or(t, add(t, GE_Q)))
                z := shl(32, mul(x3, t))
                t := mulmod(x3, t, not(0))
                z := shr(16, add(z, mul(and(mul(and(z, LO16), Q_NEG_INV), LO16), Q)))
                x3 := add(or(shl(32, t), shr(224, t)), mul(z, shr(240, mload(add(squares, 6)))))
                x3 := shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q)))
                // The inverse transform's first pair of layers (d = 1 and 2) on the four products (below 4.8q), a
                // group of its own, exactly as {_inverse} runs it: −ζ[words − 2 − 2b] and the entry after it for
                // d = 1, −ζ[words/2 − 1 − b] for d = 2, at twiddles + INVERSE_OFFSET + 2·index: for words = 64 and
                // u = 32 + 2b, at twiddles + 444 − 2u and twiddles + 350 − u.
                z := shr(224, mload(sub(add(twiddles, 444), shl(1, u))))
                t := mul(sub(add(x0, FIVE_Q), x1), and(z, 0xffff))
                x0 := add(x0, x1)
                x1 := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                t := mul(sub(add(x2, FIVE_Q), x3), shr(16, z))
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                x2 := add(x2, x3)
                z := shr(240, mload(sub(add(twiddles, 350), u)))
                x3 := add(x0, x2)
                mstore(p, sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q)))
                x3 := mul(sub(add(x0, TEN_Q), x2), z)
                mstore(add(p, 0x40), shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q))))
                x3 := add(x1, t)
                mstore(add(p, 0x20), sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q)))
                x3 := mul(sub(add(x1, TEN_Q), t), z)
                mstore(add(p, 0x60), shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q))))
            }
        }
    }

    /**
     * @dev In-place product of the transformed polynomial at `p` (lanes below 25q) with the public key's residues
     * at `key`, divided by R = 2^16 (Montgomery): word w becomes p_w·key_w/R mod (X^8 − r_w). Lanes are below 4.8q
     * on output. `reduced` is whether every key lane is below q; the product holds only then (the range check of
     * the expanded key rides on this loop, which reads every key word once).
     *
     * After a Barrett reduction of p_w to lanes below 2q, the 512-bit integer product of the packed words is the
     * convolution c_0 … c_14 of their coefficients, one per 32-bit lane (its low word holds c_7 … c_14, its high word
     * c_0 … c_6): no lane carries, as each lane of the sums below adds at most eight products below 2q·q, 8·2q² < 2^32.
     * X^8 = r_w folds c_(k+8) onto c_k as c_k + c_(k+8) + (r_w − 1)·c_(k+8): MULMOD by 2^256 − 1 is the sum of the
     * two words, whose lanes rotated by one are c_k + c_(k+8) (below 8·2q²); the low word shifted by one lane is
     * c_(k+8) (k < 7; below 7·2q²), Montgomery-reduced (below q + 7·2q²/R < 3.7q) and multiplied by
     * (r_w − 1)·R mod q. The sum, below 8·2q² + 3.7q² < 2^32 − q·R, is Montgomery-reduced once more to
     * (c_k + r_w·c_(k+8))/R, below q + 3.0·10^9/R < 4.8q.
     */
    function multiply(uint256 p, uint256 key, uint256 words, uint256 twiddles) internal pure returns (bool reduced) {
        uint256 high;
        assembly ("memory-safe") {
            let squares := add(twiddles, add(SQUARE_OFFSET, shl(1, words)))
            for { let end := add(p, shl(5, words)) } lt(p, end) {
                p := add(p, 0x20)
                key := add(key, 0x20)
                squares := add(squares, 2)
            } {
                let a := mload(p)
                a := sub(a, mul(and(shr(26, mul(a, 5460)), LO6), Q))
                let h := mload(key)
                high := or(high, or(h, add(h, GE_Q)))
                // Lane k < 7 of the low word shifted by a lane is c_(k+8); MULMOD by 2^256 − 1 adds the high word
                // to the low one, lane k + 1 of the sum being c_k + c_(k+8) (lane 0: c_7): one lane's rotation,
                // itself a MULMOD by 2^32 (the top lane wraps to the bottom).
                let folded := shl(32, mul(a, h))
                h := mulmod(a, h, not(0))
                folded := shr(16, add(folded, mul(and(mul(and(folded, LO16), Q_NEG_INV), LO16), Q)))
                let e := add(mulmod(h, 0x100000000, not(0)), mul(folded, shr(240, mload(squares))))
                mstore(p, shr(16, add(e, mul(and(mul(and(e, LO16), Q_NEG_INV), LO16), Q))))
            }
        }
        reduced = high & BIT31 == 0;
    }

    /**
     * @dev In-place inverse of {forward} (Gentleman–Sande layers d = 1, 2, … words/2, block b of words/(2d) using
     * −ζ[words/d − 1 − b]), without the scaling by (n/8)⁻¹, which the expanded public key carries, from the layer of
     * distance `from` on: 1, or the `inverseFrom` of {forwardMultiply}, which may have run the first pair. Lanes must
     * be below 4.8q on input (as a pair leaves them too); on output they are below 9.6q.
     *
     * Layers run two at a time (d and 2d on four words held on the stack), the last one alone when their number is
     * odd. Sums a + b are Barrett-reduced on the second layer of each pair; differences a + K·q − b are multiplied
     * by (q − ζ)·R and Montgomery-reduced. From inputs below 4.8q, a pair's first layer gives sums below 9.6q and
     * products (K = 5) below 2.9q, its second sums below 2q and products (K = 10, differences below 19.6q) below
     * 4.7q; a lone last layer gives sums below 9.6q.
     */
    function inverse(uint256 p, uint256 words, uint256 twiddles, uint256 from) internal pure {
        uint256 d = _inverse(p, words, twiddles, from, false);
        assembly ("memory-safe") {
            if lt(d, words) {
                // An odd number of layers: the last, d = words/2, pairs the two halves with −ζ[1].
                let z := shr(240, mload(add(twiddles, add(INVERSE_OFFSET, 2))))
                let half := shl(5, d)
                for { let end := add(p, half) } lt(p, end) { p := add(p, 0x20) } {
                    let a := mload(p)
                    let x := mload(add(p, half))
                    mstore(p, add(a, x))
                    let t := mul(sub(add(a, FIVE_Q), x), z)
                    mstore(add(p, half), shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q))))
                }
            }
        }
    }

    /**
     * @dev ‖s1‖² for s1 = c − {inverse}(p) mod q, centred in [−(q − 1)/2, (q − 1)/2], with the norm fused into the
     * last pass of the inverse transform, a pair of layers: its outputs are never stored, from the layer of distance
     * `from` on as in {inverse}, which must leave an even number of layers (`from` = 1 for words = 64, 2 for 128, or
     * the `inverseFrom` of {forwardMultiply}). `p` (lanes below 4.8q, as {multiply} and {forwardMultiply} leave them)
     * is overwritten with all but the last pass;
     * `c` holds `words` words whose lanes' low 16 bits are below 5q (the high 16 bits are ignored).
     *
     * Centring is skipped: with r = (c − s + (q − 1)/2) mod q in [0, q), the centred s1 is r − (q − 1)/2, so
     * ‖s1‖² = Σ r² − (q − 1)·Σ r + n·((q − 1)/2)². Σ r is summed lane-wise (below n/8·q per lane); Σ r² per word is
     * lane 3 of the product modulo 2^256 − 1 (MULMOD: the cyclic convolution of the lanes) of r with r's lanes
     * permuted by i → i xor 3 = 3 − i mod 8 (two swap steps), each lane of it a sum of eight products below q²
     * (two words' products are added before lane 3 is taken: sixteen, 16·(q − 1)² < 2^32, so none carries).
     * c + 10q + (q − 1)/2 − s has lanes below 15.5q (c below 5q, s below 9.6q); Barrett brings them below 2q, a
     * conditional subtraction below q.
     */
    function inverseNorm(uint256 p, uint256 c, uint256 words, uint256 twiddles, uint256 from)
        internal
        pure
        returns (uint256 norm)
    {
        // The pairs stop at d = words/4 (an even number of layers), passed on as a constant where `words` is one.
        _inverse(p, words, twiddles, from, true);
        uint256 cOffset;
        unchecked {
            // Wrapping when c lies below p: addresses are formed with ADD, modulo 2^256.
            cOffset = c - p;
        }
        (uint256 squares, uint256 sums) = _lastPairNorm(p, cOffset, words >> 2);
        assembly ("memory-safe") {
            // The lanes of `sums` summed as the top lane of its product with BIT0 (partial sums below 8·128·q).
            norm := sub(add(squares, mul(shl(3, words), mul(HALF_Q, HALF_Q))), mul(shl(1, HALF_Q), shr(224, mul(sums, BIT0))))
        }
    }

    /**
     * @dev {inverseNorm}'s last pass, a pair of layers (d = words/4 and words/2, one block: twiddles −ζ[1] for the
     * second layer, −ζ[2] and −ζ[3] for the first, as in {inverse}, whose table entries they are, (q − ζ[k])·R mod
     * q, written as constants): Σ r² and the lane-wise Σ r over its outputs, c's word for the word at address a
     * being at a + `cOffset`.
     */
    function _lastPairNorm(uint256 p, uint256 cOffset, uint256 d)
        private
        pure
        returns (uint256 squares, uint256 sums)
    {
        assembly ("memory-safe") {
            // `d` becomes the distance in bytes.
            d := shl(5, d)
            for { let end := add(p, d) } lt(p, end) { p := add(p, 0x20) } {
                let x0 := mload(p)
                let x1 := mload(add(p, d))
                let x2 := mload(add(p, shl(1, d)))
                let x3 := mload(add(p, mul(3, d)))
                let t := mul(sub(add(x0, FIVE_Q), x1), 0x0439)
                x0 := add(x0, x1)
                x1 := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                t := mul(sub(add(x2, FIVE_Q), x3), 0x04cd)
                t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                x2 := add(x2, x3)
                // Outputs: x0 + x2 (word 0, below 19.2q: subtracted from c + 20q + (q − 1)/2, lanes below 25.5q,
                // still in Barrett's range), Mont((x0 + 10q − x2)·ζ) (word 2, below 4.7q), x1 + t (word 1, below
                // 5.8q) and Mont((x1 + 10q − t)·ζ) (word 3); each then the norm steps, dead values as scratch. The
                // MULMOD products of words 0 and 2, then of words 1 and 3, are added before lane 3 is taken: each lane
                // of the sum adds sixteen products below q², 16·(q − 1)² < 2^32, so none carries.
                x3 := mul(sub(add(x0, TEN_Q), x2), 0x1131)
                // c's words at cp, cp + d, … (cp = p + cOffset).
                let cp := add(p, cOffset)
                x0 := sub(add(and(mload(cp), LO16), TWENTY_Q_HALF), add(x0, x2))
                x0 := sub(x0, mul(and(shr(26, mul(x0, 5460)), LO6), Q))
                x0 := sub(x0, mul(and(shr(31, add(x0, GE_Q)), BIT0), Q))
                sums := add(sums, x0)
                x2 := or(and(shr(64, x0), LO64), shl(64, and(x0, LO64)))
                x2 := or(and(shr(32, x2), LO32), shl(32, and(x2, LO32)))
                x2 := mulmod(x0, x2, not(0))
                x3 := shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q)))
                x3 := sub(add(and(mload(add(cp, shl(1, d))), LO16), TEN_Q_HALF), x3)
                x3 := sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q))
                x3 := sub(x3, mul(and(shr(31, add(x3, GE_Q)), BIT0), Q))
                sums := add(sums, x3)
                x0 := or(and(shr(64, x3), LO64), shl(64, and(x3, LO64)))
                x0 := or(and(shr(32, x0), LO32), shl(32, and(x0, LO32)))
                squares := add(squares, shr(224, shl(128, add(x2, mulmod(x3, x0, not(0))))))
                x2 := mul(sub(add(x1, TEN_Q), t), 0x1131)
                x1 := sub(add(and(mload(add(cp, d)), LO16), TEN_Q_HALF), add(x1, t))
                x1 := sub(x1, mul(and(shr(26, mul(x1, 5460)), LO6), Q))
                x1 := sub(x1, mul(and(shr(31, add(x1, GE_Q)), BIT0), Q))
                sums := add(sums, x1)
                t := or(and(shr(64, x1), LO64), shl(64, and(x1, LO64)))
                t := or(and(shr(32, t), LO32), shl(32, and(t, LO32)))
                t := mulmod(x1, t, not(0))
                x2 := shr(16, add(x2, mul(and(mul(and(x2, LO16), Q_NEG_INV), LO16), Q)))
                x2 := sub(add(and(mload(add(cp, mul(3, d))), LO16), TEN_Q_HALF), x2)
                x2 := sub(x2, mul(and(shr(26, mul(x2, 5460)), LO6), Q))
                x2 := sub(x2, mul(and(shr(31, add(x2, GE_Q)), BIT0), Q))
                sums := add(sums, x2)
                x0 := or(and(shr(64, x2), LO64), shl(64, and(x2, LO64)))
                x0 := or(and(shr(32, x0), LO32), shl(32, and(x0, LO32)))
                squares := add(squares, shr(224, shl(128, add(t, mulmod(x2, x0, not(0))))))
            }
        }
    }

    /**
     * @dev The pairs of layers of {inverse}, returning the distance d at which they stop: d = words/2 leaves a lone
     * layer, d = words nothing. With `fuse`, a last pair (d = words/4) is left too, for {inverseNorm}.
     */
    function _inverse(uint256 p, uint256 words, uint256 twiddles, uint256 from, bool fuse)
        private
        pure
        returns (uint256 d)
    {
        assembly ("memory-safe") {
            let inverses := add(twiddles, INVERSE_OFFSET)
            let last := add(p, shl(5, words))
            // The stop: d = words/4 with `fuse`, else 4·words (never reached: the loop ends at d ≥ words/2 first).
            let stopAt := shr(shl(2, fuse), shl(2, words))
            for { d := from } and(lt(shl(1, d), words), iszero(eq(d, stopAt))) { d := shl(2, d) } {
                // Groups of words w, w + d, w + 2d, w + 3d: block b of the pair's second layer (distance 2d) uses
                // −ζ[blocks·2 − 1 − b], blocks 2b and 2b + 1 of its first layer −ζ[blocks·4 − 1 − 2b] and the entry
                // before it, read together.
                let blocks := div(shr(2, words), d)
                let quarter := shl(5, d)
                // Block b at p + b·4·quarter; its twiddle entries through pointers that move back with b.
                let zbs := add(inverses, shl(1, sub(shl(1, blocks), 1)))
                let zas := add(inverses, shl(1, sub(shl(2, blocks), 2)))
                for { let blockStart := p } lt(blockStart, last) {
                blockStart := add(blockStart, shl(2, quarter))
                zbs := sub(zbs, 2)
                zas := sub(zas, 4)
                } {
                let zb := shr(240, mload(zbs))
                let za := shr(224, mload(zas))
                // Montgomery and Barrett reductions written out: Yul functions are not inlined here.
                for {
                    let p0 := blockStart
                    let end := add(blockStart, quarter)
                } lt(p0, end) { p0 := add(p0, 0x20) } {
                    let p1 := add(p0, quarter)
                    let p2 := add(p1, quarter)
                    let p3 := add(p2, quarter)
                    let x0 := mload(p0)
                    let x1 := mload(p1)
                    let x2 := mload(p2)
                    let x3 := mload(p3)
                    let t := mul(sub(add(x0, FIVE_Q), x1), and(za, 0xffff))
                    x0 := add(x0, x1)
                    x1 := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                    t := mul(sub(add(x2, FIVE_Q), x3), shr(16, za))
                    t := shr(16, add(t, mul(and(mul(and(t, LO16), Q_NEG_INV), LO16), Q)))
                    x2 := add(x2, x3)
                    x3 := add(x0, x2)
                    mstore(p0, sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q)))
                    x3 := mul(sub(add(x0, TEN_Q), x2), zb)
                    mstore(p2, shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q))))
                    x3 := add(x1, t)
                    mstore(p1, sub(x3, mul(and(shr(26, mul(x3, 5460)), LO6), Q)))
                    x3 := mul(sub(add(x1, TEN_Q), t), zb)
                    mstore(p3, shr(16, add(x3, mul(and(mul(and(x3, LO16), Q_NEG_INV), LO16), Q))))
                }
                }
            }
        }
    }
}
