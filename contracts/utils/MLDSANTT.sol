// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Number-theoretic transform of ML-DSA (FIPS 204 Algorithm 41) over q = 8,380,417 on packed
 * polynomials: 64 words of four 64-bit lanes, word w holding coefficients 4w..4w+3 with 4w in the top lane
 * (coefficient c is the big-endian 8 bytes at `a + 8c`). A polynomial takes 2 KiB.
 *
 * Layers whose butterflies pair different words (len 128 down to 4) run on all four lanes at once (SIMD within
 * a register): one MLOAD, ADD or SUB moves four coefficients, and the product by ζ is a lane-wise Montgomery
 * multiplication: for lanes y < 2^32 and ζ' = ζ·2^32 mod q,
 *
 *     u = (y·ζ' + ((y·ζ'') mod 2^32)·q) / 2^32,  ζ'' = ζ'·(−q^-1) mod 2^32,
 *
 * is ≡ yζ (mod q), below 2q, and no lane ever carries into the next (y·ζ'' < 2^64, y·ζ' + m·q < 2^56; the
 * low 32 bits of every lane of the sum are zero, so the shift brings nothing down from the lane above). The
 * two layers that pair lanes of one word (len 2 and 1) take each word apart and use MULMOD. Several layers are
 * merged per pass so that each word is loaded and stored once per pass. Forward: four layers on sixteen words
 * (their zetas literals), then the other two lane-parallel layers and the two in-word ones on blocks of eight
 * consecutive words. The inverse (Algorithm 42) is a contract of its own, {MLDSAInverseNTT}, generated from the
 * same layout and {zetaTable}.
 *
 * Values are kept non-negative with offsets that are multiples of q (2q in every lane, or more where sums
 * grow, or once per chain of subtractions) and reduced lazily; the bounds are stated per function.
 *
 * Zetas come from {zetaTable}; callers copy it to memory once and pass its data pointer to every transform.
 */
library MLDSANTT {
    /// @dev The ML-DSA modulus 2^23 - 2^13 + 1.
    uint256 internal constant Q = 8380417;

    /// @dev Bytes of a packed polynomial.
    uint256 internal constant POLY_BYTES = 2048;

    /// @dev {ntt}'s input lanes must be below this bound; its output lanes are below 2^28.
    uint256 internal constant NTT_INPUT_BOUND = 1 << 24;

    /// @dev Lane constants (the value in each of the four 64-bit lanes), written out because inline assembly
    /// only takes literals: the low 32 bits of a lane, and kq for the offsets that keep differences non-negative.
    uint256 private constant L32 = 0xffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    uint256 private constant Q2L = 0xffc0020000000000ffc0020000000000ffc0020000000000ffc002;
    uint256 private constant Q9L = 0x47ee00900000000047ee00900000000047ee00900000000047ee009;
    uint256 private constant Q3L = 0x17fa00300000000017fa00300000000017fa00300000000017fa003;
    uint256 private constant Q4L = 0x1ff80040000000001ff80040000000001ff80040000000001ff8004;
    /// @dev −q^-1 mod 2^32: ζ'' = ζ'·QINV mod 2^32 (see {zetaTable}), which {ntt}'s pass 2 applies to its products.
    uint256 private constant QINV = 0xfc7fdfff;

    /// @dev One lane, and the in-word zetas of words 2v and 2v + 1 in a pass-3 table word (see {zetaTable}).
    uint256 private constant M64 = 0xffffffffffffffff;
    uint256 private constant MASK_A0 = 0xffffffff0000000000000000000000000000000000000000;
    uint256 private constant MASK_B0 = 0x00ffffffff00000000000000000000000000000000;
    uint256 private constant MASK_C0 = 0xffffffff000000000000000000000000;
    uint256 private constant MASK_A1 = 0xffffffff0000000000000000;
    uint256 private constant MASK_B1 = 0xffffffff00000000;
    uint256 private constant MASK_C1 = 0xffffffff;
    /// @dev Lane 1 (bits 128..191), and q·2^128: {ntt}'s in-word layers of an odd word work on values scaled by 2^128.
    uint256 private constant LANE1 = 0xffffffffffffffff00000000000000000000000000000000;
    uint256 private constant Q128 = 0x7fe00100000000000000000000000000000000;

    /// @dev The packing multipliers of {ntt}'s in-word layers (lane values 1, 1, 1, 1; 1, 1, -1, -1; 0, 0, 1, -1
    /// as integers mod 2^256; the last, times v·2^128 - w, gives v, -v, -w, w).
    uint256 private constant ONES = 0x1000000000000000100000000000000010000000000000001;
    uint256 private constant T_MUL = 0x10000000000000000fffffffffffffffeffffffffffffffff;
    uint256 private constant W_MUL = 0xffffffffffffffff;

    /**
     * @dev The zetas ζ_m = ζ^brv8(m) mod q, ζ = 1753. Bytes 0..191 hold, for m = 8..31, the Montgomery pair
     * ζ'_m ‖ ζ''_m (4 + 4 bytes, see the library documentation; ζ_1..ζ_7 are literals in the passes that use them;
     * scripts/codegen/mldsa-inverse-ntt.mjs reads the table from here for {MLDSAInverseNTT}). Bytes 192..1215 hold 32
     * bytes for each pair of words (2v, 2v + 1), v = 0..31: ζ'_{32+v} ‖ ζ''_{32+v}, then for word e = 2v and
     * e = 2v + 1 the zetas of its two in-word layers, A_e = ζ_{64+e}, B_e = ζ_{128+2e}, C_e = ζ_{129+2e}, each
     * times 2^-k mod q where k is its bit position in the word (160, 128, 96, then 64, 32, 0): masking the word
     * leaves ζ·2^-k·2^k, which MULMOD takes as is, so no shift is needed to unpack them.
     */
    function zetaTable() internal pure returns (bytes memory) {
        return
            hex"001bde2bed9ec1d50023e92b6c36b6d5007a64ae51efdb52005ff48041100b80"
            hex"002f9a757301c58b0053db0ae14ae4f6002f7a49110765b70028e527dab23ad9"
            hex"00299658990b69a8000fa07083e25f90006f65a5515bfa5b0036b788ccd84878"
            hex"00777d919456626f006ecaa1f2bd155f0027f96814ab0698005fb37cd730cc84"
            hex"005f8dd79d6592290044fae8345e0518006a84f84af67b08004ddc992c9f0367"
            hex"001ad035ec5e8fcb007f9423927c0bdd003d32015602adff000445c545c31a3b"
            hex"00294a676e09d59900069d50002fa90c0038c4f30066ca43006208130069a8ef"
            hex"00017620613a89e000776254000df906002291c20005701000635858002a4e78"
            hex"002ef4cd53b76b330045f6020043b51a00404ea100244597006621a600435e87"
            hex"0035dec59271813b0059d53b0069efe0005e1d7c007f366d001b4d6b004728af"
            hex"00668504a0f8fafc0014b8a3000d94c8000fc23f0058238c0014c5ca005a6d80"
            hex"0049102d40314fd3006c19080006c904003cdd81000beec200321ea600468298"
            hex"005927d5712c382b0053e73a0021ecc700123538001a68b70067714f00465d8d"
            hex"003bbeaf236e6151001ef6fd0073b86b001c1fdf006906d000459560005a68b0"
            hex"0044f5860c0a4a7a00269df0006eb381005a1e1000143145001f04e200658591"
            hex"00516e7d1c5ef1830059a17a007ec3730029dbdf004f8909006772aa004f5859"
            hex"00368a962176b56a0051ea03000411d9004cb929001a6a17005ce8db00454df2"
            hex"00541e4294e3a1be003ff7ab0009719c006c0610007e33d2003d343e007faf80"
            hex"003604003f49fc00007390f7003fea5d000621440049b3c4000a8b5b0026587a"
            hex"007b4a4e853af5b2003c48d900392c06000024a6001089ee001ca624005e061e"
            hex"0023d69c6308a964001d38990011a49b00100f9f00627e0a001e794d004ae53c"
            hex"0077a55e41dc9aa2004cb1460001c0de00340cd00079c680004798e5005ea06c"
            hex"0065f23e68524dc200364747001a0e4e004c70b0005505230007406d0060d772"
            hex"0066cad735be552900149cf2007b80ff003d1086002cfc44004045140056038e"
            hex"00357e1ee706c1e20070b7f00062379e002e93e6004be47b0014ebf2006a9dfa"
            hex"00458f5a92cf30a600668b9c0019b94f003e72ea00720a9d0067dfca0063e1e3"
            hex"0035843f72c29bc10068c79d007e0d630049f2ff007906500073d331002decd4"
            hex"005f3618c4ddc9e800415c6800756bd3007fb7e0005ab8c800392b6a00427e23"
            hex"0067745dcb8ceba3000754f0002d8bba00051480002ca5040033e9f6001a4b5d"
            hex"0038738c87560c74001d713100658ec700480dd2001f692a001b5b67004c76c8"
            hex"000c63a8a77e9c580072e008006107a7002ed185001d3a6000135eec002e1669"
            hex"00081b9a6184a46600710d3100139caa000e008a0005fa8a0052c12200741e78"
            hex"000e8f761102b08a006e53cc0065ba410071e86600535e2d005e158500776d0b"
            hex"003b3853763a67ad0047202e0076115a0058889e002d7f57002ab6fe0068c559"
            hex"003b8534591dfacc0053accc001788a600681d9600044c15000f63d8005e6942"
            hex"0058dc3138a103cf000d28fc0036acc70023a4d60074e7260062f28b0079e1fe"
            hex"001f9d546635e2ac000e78a9006aeebb007aae000073fdb4001f2bd600464ade"
            hex"00552f2e38c510d20026685e0021c666006b69c0004ab9080025fd930074b6d7";
    }

    /**
     * @dev In-place forward NTT (Algorithm 41) of the packed polynomial at `a`, with lanes below
     * {NTT_INPUT_BOUND}. The result lanes are congruent mod q to FIPS 204's NTT (coefficient m of the result is
     * ŵ[m], in the standard bit-reversed order) and below 2^24 + 18q < 2^28, not reduced.
     */
    function ntt(uint256 a, uint256 zetas) internal pure {
        assembly ("memory-safe") {
            // Lane-parallel Cooley-Tukey butterfly (x, y) -> (x + u, x - u), u = ζy (Montgomery; y < 2^28 here, so
            // u < q + 2^28·ζ'/2^32 < 1.07q). No offset per butterfly: every x of a later layer descends, through
            // x's only, from an x of its pass's first layer, so a multiple of q added once to each of those, at
            // least the u's of its longest chain of x - u (more where later layers need it), keeps every lane
            // non-negative. An output is then such an x plus its offset plus at most one u per layer: below
            // 2^24 + 13.1q after pass 1, 2^24 + 14.1q after layer len 8, 2^24 + 15.2q before the in-word layers,
            // which add below 2q (bounds checked by interval arithmetic over the passes, for any ζ' < q; every
            // Montgomery input stays below 2^28).
            // Pass 1, layers len 128, 64, 32, 16: words w + 4m (m = 0..15) for w < 4; ζ_1, then ζ_2 and ζ_3, then
            // ζ_4..ζ_7, then ζ_8..ζ_15. Words m = 0..7 head chains of 4, 3, 2, 2, 1, 1, 1 and 1 subtractions:
            // offsets 5q, 4q, 3q, 3q, 2q, 2q, 2q, 2q, and 4q more on word 0, whose chain holds every x of layer len
            // 16, so every output of the pass: those lanes stay above 4.9q, enough for pass 2 without offsets.
            // Sixteen words measured 613 gas a transform less than eight words with layer len 16 in pass 2 (where
            // its zetas are loaded and unpacked), for 1,112 bytes more; L32, Q and 2q held in variables, each
            // pushed once instead of at each of its 32, 32 and 4 uses (the OR with a >> 255 = 0, a memory pointer,
            // keeps the optimizer from folding them back into literals), take back 1,003 of them for 27 gas. Each
            // layer-128 butterfly follows its two loads, each later butterfly comes once its inputs are final and
            // each output is stored as soon as it is final; the order among them (and the operand orders) is the
            // cheapest found by searches over them (solc's stack layout follows the statement order): about 260
            // orders measured, 96 gas a transform less than the order before, then a second search 36 gas less.
            for {
                let p := a
                let end := add(a, 128)
                let l32 := or(L32, shr(255, a))
                let qv := or(Q, shr(255, a))
                let q2 := or(Q2L, shr(255, a))
            } lt(p, end) {
                p := add(p, 32)
            } {
                let x0 := add(mload(p), Q9L)
                let u := 0
                let x8 := mload(add(p, 1024))
                u := shr(32, add(mul(x8, 0x64f7), mul(qv, and(mul(0x92e0bb09, x8), l32))))
                x8 := sub(x0, u)
                x0 := add(x0, u)
                let x3 := add(Q3L, mload(add(p, 384)))
                let x11 := mload(add(p, 1408))
                u := shr(32, add(mul(0x64f7, x11), mul(and(mul(0x92e0bb09, x11), l32), qv)))
                x11 := sub(x3, u)
                x3 := add(x3, u)
                let x2 := add(Q3L, mload(add(p, 256)))
                let x10 := mload(add(1280, p))
                u := shr(32, add(mul(x10, 0x64f7), mul(and(l32, mul(0x92e0bb09, x10)), qv)))
                x10 := sub(x2, u)
                x2 := add(x2, u)
                let x1 := add(mload(add(p, 128)), Q4L)
                let x9 := mload(add(p, 1152))
                u := shr(32, add(mul(x9, 0x64f7), mul(qv, and(mul(0x92e0bb09, x9), l32))))
                x9 := sub(x1, u)
                x1 := add(x1, u)
                let x5 := add(q2, mload(add(p, 640)))
                let x13 := mload(add(p, 1664))
                u := shr(32, add(mul(x13, 0x64f7), mul(and(mul(0x92e0bb09, x13), l32), qv)))
                x13 := sub(x5, u)
                x5 := add(x5, u)
                u := shr(32, add(mul(qv, and(mul(0x73078efd, x5), l32)), mul(x5, 0x581103)))
                x5 := sub(x1, u)
                x1 := add(x1, u)
                let x6 := add(mload(add(768, p)), q2)
                let x14 := mload(add(p, 1792))
                u := shr(32, add(mul(x14, 0x64f7), mul(and(l32, mul(x14, 0x92e0bb09)), qv)))
                x14 := sub(x6, u)
                x6 := add(x6, u)
                u := shr(32, add(mul(x6, 0x581103), mul(and(mul(0x73078efd, x6), l32), qv)))
                x6 := sub(x2, u)
                let x4 := add(mload(add(p, 512)), q2)
                x2 := add(x2, u)
                let x12 := mload(add(p, 1536))
                u := shr(32, add(mul(x12, 0x64f7), mul(and(l32, mul(0x92e0bb09, x12)), qv)))
                x12 := sub(x4, u)
                x4 := add(x4, u)
                u := shr(32, add(mul(x4, 0x581103), mul(and(mul(0x73078efd, x4), l32), qv)))
                x4 := sub(x0, u)
                x0 := add(x0, u)
                u := shr(32, add(mul(x6, 0x740119), mul(qv, and(mul(0xa7e8dee7, x6), l32))))
                x6 := sub(x4, u)
                x4 := add(x4, u)
                u := shr(32, add(mul(x2, 0x39e44), mul(and(l32, mul(0x9e33e1bc, x2)), qv)))
                x2 := sub(x0, u)
                x0 := add(x0, u)
                let x15 := mload(add(p, 1920))
                let x7 := add(mload(add(p, 896)), q2)
                u := shr(32, add(mul(x15, 0x64f7), mul(and(mul(0x92e0bb09, x15), l32), qv)))
                x15 := sub(x7, u)
                x7 := add(x7, u)
                u := shr(32, add(mul(x7, 0x581103), mul(and(mul(0x73078efd, x7), l32), qv)))
                x7 := sub(x3, u)
                x3 := add(x3, u)
                u := shr(32, add(mul(and(mul(x3, 0x9e33e1bc), l32), qv), mul(x3, 0x39e44)))
                x3 := sub(x1, u)
                x1 := add(x1, u)
                u := shr(32, add(mul(x1, 0x1bde2b), mul(and(l32, mul(0xed9ec1d5, x1)), qv)))
                mstore(add(p, 128), sub(x0, u))
                mstore(p, add(x0, u))
                u := shr(32, add(mul(0x23e92b, x3), mul(and(mul(x3, 0x6c36b6d5), l32), qv)))
                mstore(add(p, 384), sub(x2, u))
                mstore(add(p, 256), add(x2, u))
                u := shr(32, add(mul(x7, 0x740119), mul(and(mul(0xa7e8dee7, x7), l32), qv)))
                x7 := sub(x5, u)
                x5 := add(x5, u)
                u := shr(32, add(mul(and(l32, mul(0x51efdb52, x5)), qv), mul(0x7a64ae, x5)))
                mstore(add(p, 640), sub(x4, u))
                mstore(add(p, 512), add(x4, u))
                u := shr(32, add(mul(x7, 0x5ff480), mul(and(l32, mul(0x41100b80, x7)), qv)))
                mstore(add(p, 896), sub(x6, u))
                mstore(add(p, 768), add(u, x6))
                u := shr(32, add(mul(x12, 0x77f504), mul(and(l32, mul(0x72e78afc, x12)), qv)))
                x12 := sub(x8, u)
                x8 := add(x8, u)
                u := shr(32, add(mul(x14, 0x77f504), mul(and(mul(x14, 0x72e78afc), l32), qv)))
                x14 := sub(x10, u)
                x10 := add(x10, u)
                u := shr(32, add(mul(x10, 0x728129), mul(and(mul(0x9fe85ed7, x10), l32), qv)))
                x10 := sub(x8, u)
                x8 := add(x8, u)
                u := shr(32, add(mul(x15, 0x77f504), mul(and(mul(x15, 0x72e78afc), l32), qv)))
                x15 := sub(x11, u)
                x11 := add(x11, u)
                u := shr(32, add(mul(x13, 0x77f504), mul(and(mul(0x72e78afc, x13), l32), qv)))
                x13 := sub(x9, u)
                x9 := add(x9, u)
                u := shr(32, add(mul(and(mul(0x9fe85ed7, x11), l32), qv), mul(x11, 0x728129)))
                x11 := sub(x9, u)
                x9 := add(x9, u)
                u := shr(32, add(mul(x9, 0x2f9a75), mul(and(mul(0x7301c58b, x9), l32), qv)))
                mstore(add(1152, p), sub(x8, u))
                mstore(add(p, 1024), add(x8, u))
                u := shr(32, add(mul(x11, 0x53db0a), mul(and(l32, mul(0xe14ae4f6, x11)), qv)))
                mstore(add(p, 1408), sub(x10, u))
                mstore(add(1280, p), add(x10, u))
                u := shr(32, add(mul(x14, 0x71e24), mul(qv, and(mul(0x9e3461dc, x14), l32))))
                x14 := sub(x12, u)
                x12 := add(x12, u)
                u := shr(32, add(mul(x15, 0x71e24), mul(and(mul(0x9e3461dc, x15), l32), qv)))
                x15 := sub(x13, u)
                x13 := add(x13, u)
                u := shr(32, add(mul(x13, 0x2f7a49), mul(qv, and(mul(0x110765b7, x13), l32))))
                mstore(add(p, 1664), sub(x12, u))
                mstore(add(p, 1536), add(u, x12))
                u := shr(32, add(mul(x15, 0x28e527), mul(and(mul(0xdab23ad9, x15), l32), qv)))
                mstore(add(p, 1920), sub(x14, u))
                mstore(add(1792, p), add(x14, u))
            }
            // Pass 2, on block b of eight consecutive words (k = 0..7 for word 8b + k): layer len 8 with ζ_{16+2b} on
            // (0, 2), (1, 3) and ζ_{17+2b} on (4, 6), (5, 7), then for each pair of words (2v, 2v + 1), v = 4b + j,
            // layer len 4 with ζ_{32+v} and the two in-word layers, stored once. zq = zetas + 64 + 16b points at
            // ζ_{16+2b}'s pair and zt = zetas + 192 + 128b at the table word of v = 4b (see {zetaTable}).
            // Their Montgomery products take m = yζ'' mod 2^32 as ((yζ') mod 2^32)·QINV mod 2^32, from the product yζ'
            // they form anyway (below 2^51 a lane, and its low 32 bits times QINV below 2^64: no lane carries into the
            // next), instead of unpacking ζ'' from the table: two operations fewer per ζ'', 384 gas a transform less.
            // In-word layers: inside each word w, with A_w, then B_w and C_w, on the lanes taken apart, with MULMOD.
            // s = x3·(A_w as masked, at least 2^64) ≡ Ax3 is left unreduced (a MUL, below 2^28·2^192): it only feeds
            // the MULMODs, and as x3 ≥ 1 it exceeds h = x1 < 2^28, so s - h needs no offset. Every lane is then at
            // least 2.9q, so for lanes (x0, x1, x2, x3) the four outputs x0 + t + v, x0 + t - v, x0 - t - w,
            // x0 - t + w (t = Ax2, v = B(x1 + s), w = C(s - x1), all below q) are non-negative with no offset, and
            // below 2^24 + 18q < 2^64: the packed word is the plain integer x0·ONES + t·T_MUL + (v·2^128 - w)·W_MUL
            // (mod 2^256), whatever the signs of the multipliers. x2 and h = x1 are taken out with a shift and the
            // mask M64 or with two shifts, whichever measured cheaper word by word in the statement order below.
            // In the odd word of a pair (2v + 1), whose A, B and C sit at bits 64, 32 and 0, the same values scaled
            // by 2^128 come cheaper: s = x·(A masked)·2^128 keeps x3's product alone (below 2^28·2^23·2^192 = 2^243;
            // the other lanes' products are multiples of 2^256), ≡ 2^128·Ax3, and h = x masked to lane 1 is x1·2^128;
            // a MULMOD by q·2^128 of a multiple of 2^128 is 2^128 times the residue of the quotient's product, so
            // v·2^128 comes out in place and w costs one shift. Same outputs, 216 gas a transform less for 159 bytes.
            // Statement order: words 4..7 first (their loads, layer len 8, then pairs (6, 7) and (4, 5)), then words
            // 0..3 likewise, with ζ_{16+2b}'s pair loaded once before both; it and the operand orders are the
            // cheapest of about 450 measured by a search (solc's stack layout follows them; ζ'' was then unpacked): 384
            // gas a transform less than the order before (words 0..3 first).
            for {
                let p := a
                let end := add(a, 2048)
                let zq := add(zetas, 64)
                let zt := add(zetas, 192)
            } lt(p, end) {
                p := add(p, 256)
                zq := add(zq, 16)
                zt := add(zt, 128)
            } {
                let zo := mload(zq)
                let x4 := mload(add(p, 128))
                let x6 := mload(add(p, 192))
                let x5 := mload(add(p, 160))
                let x7 := mload(add(p, 224))
                {
                    let z1 := and(shr(160, zo), 0xffffffff)
                    let u := mul(x6, z1)
                    u := shr(32, add(u, mul(and(mul(and(u, L32), QINV), L32), Q)))
                    x6 := sub(x4, u)
                    x4 := add(x4, u)
                    u := mul(x7, z1)
                    u := shr(32, add(u, mul(and(mul(and(u, L32), QINV), L32), Q)))
                    x7 := sub(x5, u)
                    x5 := add(x5, u)
                }
                {
                    let zw := mload(add(zt, 96))
                    let u := mul(shr(224, zw), x7)
                    u := shr(32, add(u, mul(and(mul(and(u, L32), QINV), L32), Q)))
                    x7 := sub(x6, u)
                    x6 := add(x6, u)
                    {
                        let za := and(zw, MASK_A0)
                        let s := mul(za, and(x6, M64))
                        let h := shr(192, shl(64, x6))
                        mstore(
                            add(p, 192),
                            add(
                                mul(mulmod(shr(192, shl(128, x6)), za, Q), T_MUL),
                                add(
                                    mul(ONES, shr(192, x6)),
                                    mul(
                                        W_MUL,
                                        sub(
                                            shl(128, mulmod(add(h, s), and(zw, MASK_B0), Q)),
                                            mulmod(sub(s, h), and(zw, MASK_C0), Q)
                                        )
                                    )
                                )
                            )
                        )
                    }
                    {
                        let za := and(zw, MASK_A1)
                        let h := and(x7, LANE1)
                        let s := mul(x7, shl(128, za))
                        mstore(
                            add(p, 224),
                            add(
                                add(mul(T_MUL, mulmod(and(shr(64, x7), M64), za, Q)), mul(ONES, shr(192, x7))),
                                mul(
                                    W_MUL,
                                    sub(
                                        mulmod(add(h, s), and(zw, MASK_B1), Q128),
                                        shr(128, mulmod(sub(s, h), and(zw, MASK_C1), Q128))
                                    )
                                )
                            )
                        )
                    }
                }
                {
                    let zw := mload(add(zt, 64))
                    let u := mul(shr(224, zw), x5)
                    u := shr(32, add(u, mul(and(mul(and(u, L32), QINV), L32), Q)))
                    x5 := sub(x4, u)
                    x4 := add(x4, u)
                    {
                        let za := and(zw, MASK_A0)
                        let s := mul(za, and(x4, M64))
                        let h := and(shr(128, x4), M64)
                        mstore(
                            add(p, 128),
                            add(
                                mul(mulmod(shr(192, shl(128, x4)), za, Q), T_MUL),
                                add(
                                    mul(ONES, shr(192, x4)),
                                    mul(
                                        sub(
                                            shl(128, mulmod(add(h, s), and(zw, MASK_B0), Q)),
                                            mulmod(sub(s, h), and(zw, MASK_C0), Q)
                                        ),
                                        W_MUL
                                    )
                                )
                            )
                        )
                    }
                    {
                        let za := and(zw, MASK_A1)
                        let h := and(x5, LANE1)
                        let s := mul(x5, shl(128, za))
                        mstore(
                            add(p, 160),
                            add(
                                add(mul(T_MUL, mulmod(and(shr(64, x5), M64), za, Q)), mul(shr(192, x5), ONES)),
                                mul(
                                    sub(
                                        mulmod(add(h, s), and(zw, MASK_B1), Q128),
                                        shr(128, mulmod(sub(s, h), and(zw, MASK_C1), Q128))
                                    ),
                                    W_MUL
                                )
                            )
                        )
                    }
                }
                let x1 := mload(add(p, 32))
                let x0 := mload(p)
                let x2 := mload(add(p, 64))
                let x3 := mload(add(p, 96))
                {
                    let z1 := shr(224, zo)
                    let u := mul(z1, x3)
                    u := shr(32, add(mul(Q, and(mul(and(u, L32), QINV), L32)), u))
                    x3 := sub(x1, u)
                    x1 := add(x1, u)
                    u := mul(z1, x2)
                    u := shr(32, add(mul(Q, and(mul(and(u, L32), QINV), L32)), u))
                    x2 := sub(x0, u)
                    x0 := add(x0, u)
                }
                {
                    let zw := mload(zt)
                    let u := mul(shr(224, zw), x1)
                    u := shr(32, add(u, mul(and(mul(and(u, L32), QINV), L32), Q)))
                    x1 := sub(x0, u)
                    x0 := add(x0, u)
                    {
                        let za := and(zw, MASK_A0)
                        let s := mul(za, and(x0, M64))
                        let h := shr(192, shl(64, x0))
                        mstore(
                            p,
                            add(
                                mul(mulmod(and(shr(64, x0), M64), za, Q), T_MUL),
                                add(
                                    mul(ONES, shr(192, x0)),
                                    mul(
                                        sub(
                                            shl(128, mulmod(add(h, s), and(zw, MASK_B0), Q)),
                                            mulmod(sub(s, h), and(zw, MASK_C0), Q)
                                        ),
                                        W_MUL
                                    )
                                )
                            )
                        )
                    }
                    {
                        let za := and(zw, MASK_A1)
                        let h := and(x1, LANE1)
                        let s := mul(x1, shl(128, za))
                        mstore(
                            add(p, 32),
                            add(
                                add(mul(T_MUL, mulmod(and(shr(64, x1), M64), za, Q)), mul(ONES, shr(192, x1))),
                                mul(
                                    sub(
                                        mulmod(add(h, s), and(zw, MASK_B1), Q128),
                                        shr(128, mulmod(sub(s, h), and(zw, MASK_C1), Q128))
                                    ),
                                    W_MUL
                                )
                            )
                        )
                    }
                }
                {
                    let zw := mload(add(zt, 32))
                    let u := mul(shr(224, zw), x3)
                    u := shr(32, add(mul(Q, and(mul(and(u, L32), QINV), L32)), u))
                    x3 := sub(x2, u)
                    x2 := add(x2, u)
                    {
                        let za := and(zw, MASK_A0)
                        let s := mul(za, and(x2, M64))
                        let h := shr(192, shl(64, x2))
                        mstore(
                            add(p, 64),
                            add(
                                mul(T_MUL, mulmod(and(shr(64, x2), M64), za, Q)),
                                add(
                                    mul(ONES, shr(192, x2)),
                                    mul(
                                        W_MUL,
                                        sub(
                                            shl(128, mulmod(add(h, s), and(zw, MASK_B0), Q)),
                                            mulmod(sub(s, h), and(zw, MASK_C0), Q)
                                        )
                                    )
                                )
                            )
                        )
                    }
                    {
                        let za := and(zw, MASK_A1)
                        let s := mul(x3, shl(128, za))
                        let h := and(x3, LANE1)
                        mstore(
                            add(p, 96),
                            add(
                                mul(T_MUL, mulmod(and(shr(64, x3), M64), za, Q)),
                                add(
                                    mul(ONES, shr(192, x3)),
                                    mul(
                                        W_MUL,
                                        sub(
                                            mulmod(add(s, h), and(zw, MASK_B1), Q128),
                                            shr(128, mulmod(sub(s, h), and(zw, MASK_C1), Q128))
                                        )
                                    )
                                )
                            )
                        )
                    }
                }
            }
        }
    }
}
