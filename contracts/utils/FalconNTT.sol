// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Number-theoretic transform over Z_q[X]/(X^n + 1), q = 12289, n = 512 or 1024, for Falcon verification.
 *
 * Polynomials live in memory as n/8 words of eight 32-bit lanes: coefficient 8w + j sits in lane j of word w,
 * lane 0 being the most significant. One EVM operation thus acts on eight coefficients, as long as no lane
 * overflows into its neighbour; every routine below states the lane bounds it needs and guarantees:
 *
 * - Shoup multiplication by a twiddle ζ < q with ζ' = ⌊ζ·2^16/q⌋: for b < 2^16, b·ζ − q·⌊b·ζ'/2^16⌋ lies in
 *   [0, 2q) and is ≡ b·ζ; b·ζ and b·ζ' are below 2^32, so a lane-wise product is one MUL of the word by ζ.
 * - Barrett reduction: for x < 2^19.5, x − q·⌊x·5460/2^26⌋ lies in [0, 2q) (5460/2^26 is just below 1/q).
 * - Montgomery reduction with R = 2^16: for p < q·2^16, (p + q·((p·(−q⁻¹)) mod 2^16))/2^16 lies in [0, 2q) and is
 *   ≡ p/2^16; every intermediate stays below 2^32.
 *
 * Results are exact modulo q but lazily reduced: lanes hold some representative below the stated bound.
 *
 * The transforms are those of the SDK's `ntt` / `inverseNtt` (Cooley–Tukey forward from natural to bit-reversed
 * order, Gentleman–Sande back, twiddles ζ[k] = 7^brv10(k)), without the inverse's final scaling by n⁻¹, which the
 * expanded public key carries. Layers whose butterflies pair coefficients eight or more apart work on whole
 * words with one twiddle per block; the last three layers pair lanes of one word and multiply masked lane groups
 * by their own twiddles.
 */
library FalconNTT {
    uint256 internal constant Q = 12289;

    /// @dev q in every lane, twice.
    uint256 private constant TWO_Q = 0x0000600200006002000060020000600200006002000060020000600200006002;
    /// @dev The low 16 bits of every lane.
    uint256 private constant LO16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    /// @dev The low 6 bits of every lane: a Barrett quotient.
    uint256 private constant LO6 = 0x0000003f0000003f0000003f0000003f0000003f0000003f0000003f0000003f;
    /// @dev −q⁻¹ mod 2^16.
    uint256 private constant Q_NEG_INV = 12287;

    /// @dev Lanes 4–7, the second operands of the length-4 butterflies, and 2q in each of them.
    uint256 private constant B4 = 0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff;
    uint256 private constant TWO_Q_B4 = 0x0000000000000000000000000000000000006002000060020000600200006002;
    /// @dev Lanes 2, 3, 6, 7, the second operands of the length-2 butterflies (blocks: lanes 2–3 and 6–7).
    uint256 private constant B2 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant B2_0 = 0x0000000000000000ffffffffffffffff00000000000000000000000000000000;
    uint256 private constant B2_1 = 0x000000000000000000000000000000000000000000000000ffffffffffffffff;
    uint256 private constant TWO_Q_B2 = 0x0000000000000000000060020000600200000000000000000000600200006002;
    /// @dev Lanes 1, 3, 5, 7, the second operands of the length-1 butterflies, each its own block.
    uint256 private constant B1 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    uint256 private constant B1_0 = 0x00000000ffffffff000000000000000000000000000000000000000000000000;
    uint256 private constant B1_1 = 0x000000000000000000000000ffffffff00000000000000000000000000000000;
    uint256 private constant B1_2 = 0x0000000000000000000000000000000000000000ffffffff0000000000000000;
    uint256 private constant B1_3 = 0x00000000000000000000000000000000000000000000000000000000ffffffff;
    uint256 private constant TWO_Q_B1 = 0x0000000000006002000000000000600200000000000060020000000000006002;

    /**
     * @dev Twiddles: entry k (4 bytes) is ζ'[k] ‖ ζ[k] (16 bits each), ζ[k] = 7^brv10(k) mod q, ζ'[k] = ⌊ζ[k]·2^16/q⌋.
     * 7 is a primitive 2048th root of unity mod q and brv10(k) = 2·brv9(k) for k < 512, so the first 512 entries
     * are the Falcon-512 twiddles 49^brv9(k).
     */
    bytes private constant ZETAS =
        hex"00050001e1302a3a94cc1be754380fcbe4d02ae80f0a02d2777d1668a9e11fdb49c90dd6b7012251cafb26104b6e0e25ddb62993193f04bc428e0c7b7a1216e4"
        hex"9b921d2c36f90a4fc95125c0ec3b2c4cf4452dcec2062462c1612443c6d6254977521660a05c1e1268a3139f796816c4baac230187a71970984c1c8f1c240547"
        hex"304e090fe7a02b6fec1b2c46ef8b2cebbd5123803ec90bc669f313dee4602ad364f312eec6c62546beb123c24d530e80641812c5b5fc2220e9e02bdbd036270b"
        hex"40630c13fe502fb0a6011f21eb2b2c19c246246e9a021ce1c07124163149093ee77b2b68a75c1f62ddf0299ec6562531fd152f75d96628c49ff21dfef0e02d2b"
        hex"1a3f04ec5b681124607d1218881d19863289097a06f5014e1dbf0594235406a029ef07ddbb7c23280f2f02d943830ca93c040b4144690cd495ec1c1dd47b27d8"
        hex"b30c2193941c1bc6db5b2922b2c6218646730d36f89a2e9ecaeb260da7dc1f7a4bc30e35480e0d83030500918c8d1a5bc71b2556ae1720a59a221ce784dd18ea"
        hex"c4cb24e709ff01e0154a03fe002f0009cc96265d070f015378a2169f0b550220dd262978591e10b690f21b2e98121c84a8fc1fb0b55622011cc40565cb662624"
        hex"ec252c48b1ec215d113a033b78221687339409ac027500762dc4089596721c3652430f6dbb5623215cbe116431e9095ca54c1eff02b500823b190b15900c1b03"
        hex"32040961093501ba95bc1c14e9c52bd6081f0186101a0305b02621084eb30ec2075f0162654312fdc35624a176b2164268681394cc5126503b8e0b2bea3b2bec"
        hex"152f03f99a3c1cec21ff066096171c25008f001bc0212407b19c214ee2002a6120040601050a00f26233126aa9b11fd2c836258b4d290e78688d139bf4a52de0"
        hex"14df03ea6863139369fd13e0a6c11f4598571c91de8629bab141213dedc52c96cd3b267c4bf30e3e7d7217863e390babca8b25fbd27027768232186acd8b268b"
        hex"e9d02bd82ca4085ff7952e6d9f3c1ddc185404906ded149de6db2b4a43a90cb00a4501edaaac20018e971abd3199094da5a71f10f6f02e4e1cb4056227d40778"
        hex"2d1f0876518e0f4bfda52f9099871ccafcaa2f6141990c4dfff02ffe5c6e11554bbe0e3466dd134a6e3814ab38540a90e24b2a6f9f0c1dd322a4067fdafb2910"
        hex"46130d24232f069954830fd9bbdc233ac4b124e2a40c1ec32d49087e5b13111496f71c4fcffb2700546e0fd537190a556c38144bc61625259a071ce21eea05cc"
        hex"bc5c2352c80b2583ad212077c2262468cea126bf3bae0b316f1314d4491e0db621f4065ed3b627b370a2151f425e0c72e7fb2b80c3eb24bdd1262738abac2031"
        hex"ce0626a2b92c22b993dc1bbabeac23c1c18124490dfa029f3ed40bc8050f00f38c321a4a08bf01a4d2a0277f2029060853030f91662d1329498e0dcb09ea01dc"
        hex"010500311a4f04ef7b38171b1ee405cbcbeb263de0fb2a30df0629d2843718cb1f7f05e8074a015eda3028ea702215076fd814f9d52627f8bd4c237f5d98118d"
        hex"c6f6254f85c219158887199a374e0a5fc15124402344069d039f00ae0f0f02d3d6db284ab1bc2154073a015b3cee0b6dbaf1230ef7202e5726b4074263081292"
        hex"3f1e0bd655b81013312e0939d99b28ce3c940b5c048a00da47890d6ab67c2238528e0f7b0bff02407ff217fecd06267228b407a2d54627fec3f624bfda6628f4"
        hex"53230f97ad512080c65b2532033f009c2f8408e97a6816f4d5b028126f1814d54e930ebc08b501a27b121714f6902e3c711815359c8c1d5b9d521d801aef050d"
        hex"062501277f0d17d3781d16860d95028cac57205154ee0fedb1a1214fc331249a06c50145e2c02a85e8202b87ec402c4d7cc8176618240487b2562171aba72030"
        hex"45590d01598810cafc802f5938140a847c2d174995a21c0fd72028572134063a80771817cac6260694021bc1e7002b511c54055052680f748087181a6e5814b1"
        hex"ab072012e9f52bdf1334039a092f01b928c907a65a0810e2172a04582b49081e54480fce0ec502c5be6123b31b7a052758531090b5a1220f81a71850ee9b2cbe"
        hex"3339099b0e3a02ab4c290e48feaa2fc1df6029e378721696c296247dcbdb263abef123cedb9b292ec06124138db71a93a3a71eb084b218e24fde0efa927c1b78"
        hex"92d21b88c32b2499a9271fb8bedc23ca8e171aa5150a03f2b776226710640313695813c161dd125a639312acb83c228cfc002f411b84052966531330d5502800"
        hex"0e1a02a585a2190f81dd185aba8122f91b8f052bc6612533feea2fcd421e0c6620e4062bf7052e52cbd126387b081712526e0f75c4db24ea03250097d3b027b2"
        hex"feca2fc7fafa2f1049930dcceb1b2c1628bf07a497a71c70ed902c8c82d71889486e0d9589a719d002f5008ee8fb2bb0c4c124e5479e0d6eebb02c3257be1074"
        hex"c0e6242c8b771a27639d12ae7a9d16fea83c1f8c0a7f01f82ff408fef3652da4f73a2e5cab0120114b090e127e6817b4b50121f143f90cbf7e9817bd9fac1df1"
        hex"a2f11e8e9c3c1d4c8ca71a6062ed128d5cae11618e571ab1fcf02f6eb11121347f7217e6b076211718ca04a6c81b258650680f14716d1545a1811e49ea202be7"
        hex"69cd13d7bc0c23432d2f0879f5202df7a5ec1f1d66681334ab1c20166eb814c3e5602b03cf2b26d9291907b58be21a3bb6cc2247ea502bf07b6d1725eacb2c07"
        hex"0d9f028e4a430ded237406a6296407c38cd21a686c73145642a30c7ffed52fc97fd217f885e2191b8f321adab41c21c6671313548027180808550190dc002941"
        hex"6f3814db717215464d490e7e7eed17cd09bf01d4acec206d0695013cf80a2e83d5a62810acb7206350ce0f2728090782e3b02ab28ec71ac6144403cde5e02b1b"
        hex"0025000728540790119a034d4d8e0e8b41b30c52694813be446e0cd5a52c1ef9047f00d8010a00328ce21a6b100403010ffa02ffb0bc2124d1e6275c56831039"
        hex"40fe0c3080d218288137183b759d160eade7209c4e2e0ea949a90dd06fdd14fa43430c9d6288127adc76295751d80f591ab40502b596220d2a1907e5c50124f1"
        hex"52280f685563100374bd15e48ccd1a672d39087bb7812269e5a52b103ea40bbfc2a624806f6d14e536d90a491d4a057ebcac2361f9e52edc652312f7b17c2148"
        hex"c2bb2484f4302dca8a0d19e36e2d14a94fee0efd360e0a2343190c95590310b1545e0fd293871baa1194034c6c5d1452eb952c2df1ca2d575f9e11ee96221c27"
        hex"b7bc22747fdd17faa3711ea6b8cc22a761c3125530b40922d03b270cf7502e602589070a206406136a4d13efd89b289ea41c1ec6dee029cb197a04c7cf6126e3"
        hex"e5552b010cca0266ff802fe9e3702aa6ed2b2c79cc3b264c8c721a5697071c52125a0371f8652e94152403f7d7db287a71c21555c2a1247f36ee0a4da20c1e63"
        hex"6193124c45fe0d2095071bf2014f003f981c1c86316e09454c730e564f530ee00c0a02426fd314f8f6a02e3f287f07989ee71dccf5602e03c96125c38fcd1af7"
        hex"750815f2dd7629877898169d48f30dae690d13b31134033a405e0c121d1f05763fd90bf91f5f05e2893219ba5d631183851718f512f4038e9db21d92f05a2d12"
        hex"5e1e11a640730c16182a0488646812d438de0aaa70b81523d110273426e9074c339e09aec4d624e9575e10623ee40bcbdadb290a96371c2ba0e71e2c679d136e"
        hex"944c1bcf37a90a70edfb2ca01aa404ff03ef00bd40e90c2cdb46291e2e0408a1e0202a072349069eaf6720e4a3dc1eba797d16c81c1f0546dbe0293bb086211a"
        hex"921c1b66dab62903e5f02b1e8f4d1adf2a6407f315aa0410d8cb28a7806718149ca21d5f13aa03b06e2314a7b39121ac89d219d8c11624358f621ae39ed21dc8"
        hex"64b312e2387e0a98c51624f55aa81100aa511ff0017f00484ffe0f00d9a028cf47e30d7baab72003e6252b285b33111a8792196cc091241cc8f125ae16cf0447"
        hex"3bd90b393ae40b0bef852cea32b40982e8ab2ba1cb31261aff902fec870219511234036ad0102704038a00aa8a4d19ef300e0903595810c1f2802d79fce02f6b"
        hex"ea8b2bfbf64a2e2f4f990eed2304069160d812297c5817513d040b717d88178a20c40625afe120fb4f030ed181b21852f58a2e0b6a9d13fe36340a2ad8662894"
        hex"2684073978521690bbec233d4f0e0ed3a6671f34a1c71e56098501c9ffd52ff9edb02c92c9fb25e0147403d6d096271d57de107a5b731126b80c2283b1b62153"
        hex"a22c1e691034030a0b0a021236b40a424a890dfa61d81259b7cc2277236f06a5d56028033d3e0b7cc2662474e1252a3845190cf5cb41261d02e5008b45690d04"
        hex"07250157b82c22895e8811bad840288d93721ba626df074a192a04b89d871d8adc7b295833090992f7552e6110f4032e0eea02ccd40b27c32d1408748f2d1ad9"
        hex"70bd1524a8511f90bbb623338327189849390dbbf6e02e4b195f04c2696d13c5e0002a01dc2629483299097daa871ffa1c9a055dc1e1245b0eef02cdb53c21fc"
        hex"b9d622d9580e10835848108ef3402d9da80c1f831fca05f6f4c02de5fd652f8441e30c5b53fe0fc07fa217ef9b2c1d191cef056dd4eb27ed5bbe1134f8ca2ea7"
        hex"45f90d1fbd3c237c6c83145916bf04444c9e0e5e58d810a9d7d6287909aa01d0260907223cf40b6e5d831189bdf1239e17aa047047d90d794d3e0e7cbc8c235b"
        hex"2b040811795d16c248ce0da75f1311d4b661223352830f79db6b2925565810312f6408e33344099d58e310ab75c21615697813c7a9011fb1e0602a13b191214c"
        hex"e5702b0672bd1584e7802b69888d199b653d12fc176f0465e1e52a5ce8702b968347189e8b6d1a250c0f024351030f31c651253040de0c2a83b718b3046a00d4"
        hex"ad31207a65b8131386721936404e0c0f1d840589763d162ca2271e682f0408d14dfe0ea06763136334a909e0c05624116a4813eef76a2e658b971a2d863d192c"
        hex"6693133c639812ad151f03f6f6aa2e411ba4052f4b230e17521e0f6693021b9138990a9d013f003c42a90c80e0052a02799216cca0e11e2b2f1408d4016a0044"
        hex"03bf00b45633102aa0111e0438040a81e2a52a8093471b9e043f00cc72c21585e16b2a45ad112074b90622b209a501cfe4002ac1c0a1241fcc46264ed53627fb"
        hex"62b81283a7711f668d0d1a73198a04cac0eb242d6ca81460f86a2e95ced626c9e6402b2dc126243892b71b835d38117b41030c316203126116040421c9d625d9"
        hex"f78a2e6bdcdb296a030a00926dbd14941d3a057b2594070c7ef217ce93e71bbcfb052f12c39624ad14b403e25ede11ca6148123ef5552e0171d215586633132a"
        hex"464e0d2fd046270eb95122c05a4e10ef99a71cd0497e0dc84fae0ef1a7c71f76c29b247ead0c20730d3f027c74d815e9f30a2d93dbd02938762816285db81193"
        hex"749d15de45a90d10d896289db48121d988c219a5e4652ad4ea902bfcd77b28687c221747d340279dad87208a78c216a532de098a19ff04e06a8d13fb66e3134b"
        hex"e4a02adf245406d03c490b4eb3e121bb897719c7ccdb266aadc72096070a015245a30d0faa311fea1fb405f2d330279aff952fed6833138a5ffe12006b8d142b"
        hex"5f5e11e207da0179f8302e8a21bf0654d9c028d5f7252e58d27b2778f7d52e797ec217c5a9311fbaea602bf3ecc52c66d186274a811718353a540af0040500c1"
        hex"0a8a01fa1a2404e71cff0570787d1698443e0cccba7622f72e1408a4c84b258fd78b286bb90122b135a40a0f1844048d39d40ad8e7752b678de21a9b49230db7";

    /// @dev Copies the twiddle table to memory and returns a pointer to its first entry.
    function loadZetas() internal pure returns (uint256 zetas) {
        bytes memory table = ZETAS;
        assembly ("memory-safe") {
            zetas := add(table, 0x20)
        }
    }

    /**
     * @dev In-place forward transform of the `words`-word polynomial at `p` (n = 8·words). Lanes must be below
     * 2^16 on input; on output they are below 4q.
     */
    function forward(uint256 p, uint256 words, uint256 zetas) internal pure {
        assembly ("memory-safe") {
            function barrett(x) -> r {
                r := sub(x, mul(and(shr(26, mul(x, 5460)), LO6), Q))
            }
            function entry(zetas_, k) -> e {
                e := shr(224, mload(add(zetas_, shl(2, k))))
            }

            // Word-pair layers, len = 8d coefficients apart; block b of len uses ζ[n/(2·len) + b] = ζ[blocks + b].
            // Inputs grow by 2q per layer (from < 2^16 to < 2q·(log2(words) + 1) ≤ 16q), so the multiplied
            // operand is Barrett-reduced first to keep it below 2^16.
            for { let d := shr(1, words) } d { d := shr(1, d) } {
                let blocks := div(words, shl(1, d))
                let half := shl(5, d)
                for { let b := 0 } lt(b, blocks) { b := add(b, 1) } {
                    let e := entry(zetas, add(blocks, b))
                    let z := and(e, 0xffff)
                    let zt := shr(16, e)
                    let pa := add(p, mul(b, shl(1, half)))
                    for { let end := add(pa, half) } lt(pa, end) { pa := add(pa, 0x20) } {
                        let pb := add(pa, half)
                        let a := mload(pa)
                        let x := barrett(mload(pb))
                        let t := sub(mul(x, z), mul(and(shr(16, mul(x, zt)), LO16), Q))
                        mstore(pa, add(a, t))
                        mstore(pb, sub(add(a, TWO_Q), t))
                    }
                }
            }

            // In-word layers len = 4, 2, 1 on each word w: blocks w, 2w + g, 4w + g with twiddles at k = words + w,
            // 2·words + 2w + g, 4·words + 4w + g. Each starts from a Barrett-reduced word (< 2q), so outputs are < 4q.
            for { let w := 0 } lt(w, words) { w := add(w, 1) } {
                let pw := add(p, shl(5, w))
                let x := barrett(mload(pw))
                {
                    let e := entry(zetas, add(words, w))
                    let bl := and(x, B4)
                    let al := shr(128, x)
                    let t := sub(mul(bl, and(e, 0xffff)), mul(and(shr(16, mul(bl, shr(16, e))), LO16), Q))
                    x := barrett(or(shl(128, add(al, t)), sub(add(al, TWO_Q_B4), t)))
                }
                {
                    let e := shr(192, mload(add(zetas, shl(2, add(shl(1, words), shl(1, w))))))
                    let e0 := shr(32, e)
                    let e1 := and(e, 0xffffffff)
                    let b0 := and(x, B2_0)
                    let b1 := and(x, B2_1)
                    let al := and(shr(64, x), B2)
                    let t := sub(
                        add(mul(b0, and(e0, 0xffff)), mul(b1, and(e1, 0xffff))),
                        mul(and(shr(16, add(mul(b0, shr(16, e0)), mul(b1, shr(16, e1)))), LO16), Q)
                    )
                    x := barrett(or(shl(64, add(al, t)), sub(add(al, TWO_Q_B2), t)))
                }
                {
                    let e := shr(128, mload(add(zetas, shl(2, add(shl(2, words), shl(2, w))))))
                    let e0 := shr(96, e)
                    let e1 := and(shr(64, e), 0xffffffff)
                    let e2 := and(shr(32, e), 0xffffffff)
                    let e3 := and(e, 0xffffffff)
                    let b0 := and(x, B1_0)
                    let b1 := and(x, B1_1)
                    let b2 := and(x, B1_2)
                    let b3 := and(x, B1_3)
                    let al := and(shr(32, x), B1)
                    let prod := add(
                        add(mul(b0, and(e0, 0xffff)), mul(b1, and(e1, 0xffff))),
                        add(mul(b2, and(e2, 0xffff)), mul(b3, and(e3, 0xffff)))
                    )
                    let quot := add(
                        add(mul(b0, shr(16, e0)), mul(b1, shr(16, e1))),
                        add(mul(b2, shr(16, e2)), mul(b3, shr(16, e3)))
                    )
                    let t := sub(prod, mul(and(shr(16, quot), LO16), Q))
                    mstore(pw, or(shl(32, add(al, t)), sub(add(al, TWO_Q_B1), t)))
                }
            }
        }
    }

    /**
     * @dev In-place coefficient-wise product of the polynomial at `p` (lanes below 2^19.5) with the one at `e`
     * (lanes below q), divided by 2^16 (Montgomery): lanes below 2q on output.
     */
    function multiplyMontgomery(uint256 p, uint256 e, uint256 words) internal pure {
        assembly ("memory-safe") {
            for { let end := add(p, shl(5, words)) } lt(p, end) {
                p := add(p, 0x20)
                e := add(e, 0x20)
            } {
                // Lane j of x (moved to bit 0) times lane j of h (in place) lands in lane j; each product is below
                // 2q·q < 2^29 and the lanes add without carries.
                let x := mload(p)
                x := sub(x, mul(and(shr(26, mul(x, 5460)), LO6), Q))
                let h := mload(e)
                let prod := add(
                    add(
                        add(mul(shr(224, x), and(h, 0xffffffff00000000000000000000000000000000000000000000000000000000)),
                            mul(and(shr(192, x), 0xffffffff), and(h, 0x00000000ffffffff000000000000000000000000000000000000000000000000))),
                        add(mul(and(shr(160, x), 0xffffffff), and(h, 0x0000000000000000ffffffff0000000000000000000000000000000000000000)),
                            mul(and(shr(128, x), 0xffffffff), and(h, 0x000000000000000000000000ffffffff00000000000000000000000000000000)))
                    ),
                    add(
                        add(mul(and(shr(96, x), 0xffffffff), and(h, 0x00000000000000000000000000000000ffffffff000000000000000000000000)),
                            mul(and(shr(64, x), 0xffffffff), and(h, 0x0000000000000000000000000000000000000000ffffffff0000000000000000))),
                        add(mul(and(shr(32, x), 0xffffffff), and(h, 0x000000000000000000000000000000000000000000000000ffffffff00000000)),
                            mul(and(x, 0xffffffff), and(h, 0xffffffff)))
                    )
                )
                let m := and(mul(and(prod, LO16), Q_NEG_INV), LO16)
                mstore(p, shr(16, add(prod, mul(m, Q))))
            }
        }
    }

    /**
     * @dev In-place inverse transform of the `words`-word polynomial at `p`, without the scaling by n⁻¹. Lanes must
     * be below 2q on input and are below 2q on output.
     */
    function inverse(uint256 p, uint256 words, uint256 zetas) internal pure {
        assembly ("memory-safe") {
            function barrett(x) -> r {
                r := sub(x, mul(and(shr(26, mul(x, 5460)), LO6), Q))
            }

            // In-word layers len = 1, 2, 4 on each word w. Block b of len uses −ζ[n/len − 1 − b]; the Shoup
            // factor of q − ζ is 65535 − ζ' (ζ·2^16/q is never an integer). Sums are Barrett-reduced and
            // differences offset by 2q, so every lane stays below 2q.
            let n := shl(3, words)
            for { let w := 0 } lt(w, words) { w := add(w, 1) } {
                let pw := add(p, shl(5, w))
                let x := mload(pw)
                {
                    // Entries n − 4 − 4w … n − 1 − 4w belong to blocks 4w + 3 … 4w (lanes 6–7 … 0–1).
                    let e := shr(128, mload(add(zetas, shl(2, sub(n, add(4, shl(2, w)))))))
                    let e3 := shr(96, e)
                    let e2 := and(shr(64, e), 0xffffffff)
                    let e1 := and(shr(32, e), 0xffffffff)
                    let e0 := and(e, 0xffffffff)
                    let bl := and(x, B1)
                    let al := and(shr(32, x), B1)
                    let s := barrett(add(al, bl))
                    let d := sub(add(al, TWO_Q_B1), bl)
                    let d0 := and(d, B1_0)
                    let d1 := and(d, B1_1)
                    let d2 := and(d, B1_2)
                    let d3 := and(d, B1_3)
                    let prod := add(
                        add(mul(d0, sub(Q, and(e0, 0xffff))), mul(d1, sub(Q, and(e1, 0xffff)))),
                        add(mul(d2, sub(Q, and(e2, 0xffff))), mul(d3, sub(Q, and(e3, 0xffff))))
                    )
                    let quot := add(
                        add(mul(d0, sub(0xffff, shr(16, e0))), mul(d1, sub(0xffff, shr(16, e1)))),
                        add(mul(d2, sub(0xffff, shr(16, e2))), mul(d3, sub(0xffff, shr(16, e3))))
                    )
                    x := or(shl(32, s), sub(prod, mul(and(shr(16, quot), LO16), Q)))
                }
                {
                    // Entries n/2 − 2 − 2w, n/2 − 1 − 2w belong to blocks 2w + 1 (lanes 4–7), 2w (lanes 0–3).
                    let e := shr(192, mload(add(zetas, shl(2, sub(shr(1, n), add(2, shl(1, w)))))))
                    let e1 := shr(32, e)
                    let e0 := and(e, 0xffffffff)
                    let bl := and(x, B2)
                    let al := and(shr(64, x), B2)
                    let s := barrett(add(al, bl))
                    let d := sub(add(al, TWO_Q_B2), bl)
                    let d0 := and(d, B2_0)
                    let d1 := and(d, B2_1)
                    let prod := add(mul(d0, sub(Q, and(e0, 0xffff))), mul(d1, sub(Q, and(e1, 0xffff))))
                    let quot := add(mul(d0, sub(0xffff, shr(16, e0))), mul(d1, sub(0xffff, shr(16, e1))))
                    x := or(shl(64, s), sub(prod, mul(and(shr(16, quot), LO16), Q)))
                }
                {
                    let e := shr(224, mload(add(zetas, shl(2, sub(shr(2, n), add(1, w))))))
                    let z := sub(Q, and(e, 0xffff))
                    let zt := sub(0xffff, shr(16, e))
                    let bl := and(x, B4)
                    let al := shr(128, x)
                    let s := barrett(add(al, bl))
                    let d := sub(add(al, TWO_Q_B4), bl)
                    mstore(pw, or(shl(128, s), sub(mul(d, z), mul(and(shr(16, mul(d, zt)), LO16), Q))))
                }
            }

            // Word-pair layers, len = 8d; block b uses −ζ[n/len − 1 − b] = −ζ[2·blocks − 1 − b].
            for { let d := 1 } lt(d, words) { d := shl(1, d) } {
                let blocks := div(words, shl(1, d))
                let half := shl(5, d)
                for { let b := 0 } lt(b, blocks) { b := add(b, 1) } {
                    let e := shr(224, mload(add(zetas, shl(2, sub(sub(shl(1, blocks), 1), b)))))
                    let z := sub(Q, and(e, 0xffff))
                    let zt := sub(0xffff, shr(16, e))
                    let pa := add(p, mul(b, shl(1, half)))
                    for { let end := add(pa, half) } lt(pa, end) { pa := add(pa, 0x20) } {
                        let pb := add(pa, half)
                        let a := mload(pa)
                        let x := mload(pb)
                        mstore(pa, barrett(add(a, x)))
                        let diff := sub(add(a, TWO_Q), x)
                        mstore(pb, sub(mul(diff, z), mul(and(shr(16, mul(diff, zt)), LO16), Q)))
                    }
                }
            }
        }
    }
}
