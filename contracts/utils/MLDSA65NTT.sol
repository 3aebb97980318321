// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Number-theoretic transform of ML-DSA (FIPS 204 Algorithms 41, 42 and 45) over q = 8,380,417, on
 * polynomials held in memory as 256 consecutive 32-byte words (coefficient i at `a + 32 * i`).
 *
 * Reduction is lazy: MULMOD reduces any 256-bit operand, so only the products are reduced and the sums are
 * left to grow, which a 256-bit word absorbs with room to spare. Two layers are merged per pass (radix 4), so
 * every coefficient is loaded and stored 4 times per transform instead of 8. Each pass is written out with
 * literal offsets and its inner loop unrolled twice: no address arithmetic beyond one pointer per block.
 *
 * Zetas come from {zetaTable}: ζ^brv8(m) mod q for m = 0..255, 4-byte big-endian each, ζ = 1753. Callers
 * copy the table to memory once and pass its data pointer to every transform.
 */
library MLDSA65NTT {
    /// @dev The ML-DSA modulus 2^23 - 2^13 + 1.
    uint256 internal constant Q = 8380417;

    /// @dev Inputs of {ntt} and {invNtt} must be below this bound; their outputs are described there.
    uint256 internal constant INPUT_BOUND = 1 << 64;

    /**
     * @dev A multiple of q above every value the inverse transform subtracts (inputs below 2^64 grow to at
     * most 2^71 before the last pass), so `y + QBIG - x` never underflows and is ≡ y - x mod q. Written out
     * because inline assembly only takes literal constants.
     */
    /// @dev 2q: the forward transform's fourth output subtracts two reduced products.
    uint256 private constant Q2 = 16760834;

    uint256 private constant QBIG = 0x7fe001000000000000000000;

    /// @dev 256^-1 mod q, the final scaling of the inverse transform.
    uint256 private constant N_INV = 8347681;

    /// @dev ζ^brv8(1) · 256^-1 mod q: the zeta of the last inverse layer with the final scaling folded in.
    uint256 private constant ZETA1_N_INV = 8333727;

    /// @dev ζ^brv8(m) mod q for m = 0..255, 4-byte big-endian. Read with `shr(224, mload(add(table, 4m)))`.
    function zetaTable() internal pure returns (bytes memory) {
        return
            hex"0000000100495e020039756700396569004f062b0053df73004fe033004f066b"
            hex"0076b1ae00360dd50028edb000207fe4003972830070894a00088192006d3dc8"
            hex"004c72940041e0b40028a3d20066528a004a18a700794034000a52ee006b7d81"
            hex"004e9f1d001a2877002571df001649ee007611bd00492bb7002af6970022d8d5"
            hex"0036f72a0030911e0029d13f004926730050685f002010a2003887f70011b2c3"
            hex"000603a4000e2bed0010b72c004a5f35001f9d1500428cd4003177f40020e612"
            hex"00341c1d001ad873007366810049553f003952f60062564a0065ad0500439a1c"
            hex"0053aa5f0030b62200087f38003b0e6d002c83da001c496e00330e2b001c5b70"
            hex"002ee3f100137eb90057a930003ac6ef003fd54c004eb2ea00503ee1007bb175"
            hex"002648b4001ef256001d90a20045a6d4002ae59b0052589c006ef1f5003f7288"
            hex"0017510200075d59001187ba0052aca900773e9e000296d8002592ec004cff12"
            hex"00404ce8004aa582001e54e6004f16c1001a7e790003978f004e48170031b859"
            hex"005884cc001b4827005b63d0005d787a0035225e00400c7e006c09d1005bd532"
            hex"006bc4d300258ecb002e534c00097a6c003b8820006d285c002ca4f800337caa"
            hex"0014b2a0005585360028f1860055795d004af67000234a860075e8260078de66"
            hex"0005528c007adf59000f6e17005bf3da00459b7e00628b34005dbecb001a9e7b"
            hex"000006d9006257c500574b3c0069a8ef002898380064b5fe007ef8f5002a4e78"
            hex"00120a23000154a80009b7ff00435e8700437ff8005cd5b4004dc04e004728af"
            hex"007f735d000c8d0d000f66d5005a6d800061ab9800185d9600437f3100468298"
            hex"00662960004bd5790028de0600465d8d0049b0e30009b434007c0db3005a68b0"
            hex"00409ba90064d3d50021762a0065859100246e390048c39b007bc759004f5859"
            hex"00392db2002309230012eb6700454df20030c31c002854240013232e007faf80"
            hex"002dbfcb00022a0b007e832c0026587a006b337500095b76006be1cc005e061e"
            hex"0078e00d00628c37003da604004ae53c001f1d68006330bb007361b8005ea06c"
            hex"00671ac700201fc6005ba4ff0060d7720008f201006de02400080e6d0056038e"
            hex"00695688001e6d3e002603bd006a9dfa0007c017006dbfd40074d0bd0063e1e3"
            hex"00519573007ab60d002867ba002decd40058018c003f4cf5000b700900427e23"
            hex"003cbd370027333300673957001a4b5d00196926001ef2060011c14e004c76c8"
            hex"003cf42f007fb19a006af66c002e1669003352d6000347600008526000741e78"
            hex"002f6316006f0a110007c0f100776d0b000d1ff000345824000223d40068c559"
            hex"005e8885002faa320023fc65005e69420051e0ed0065adb3002ca5e60079e1fe"
            hex"007b40640035e1dd00433aac00464ade001cfe140073f1ce0010170e0074b6d7";
    }

    /**
     * @dev In-place forward NTT (Algorithm 41) of the polynomial at `a`, with coefficients below
     * {INPUT_BOUND}. The results are congruent mod q to FIPS 204's NTT and below the input bound plus 8q (each
     * layer adds at most q), not reduced to [0, q). `zetas` is the data pointer of {zetaTable}'s bytes.
     */
    function ntt(uint256 a, uint256 zetas) internal pure {
        assembly ("memory-safe") {
            let end := add(a, 8192)
            // Each pass merges the layers of length 2h and h (o = 32h bytes): block b of 4h coefficients uses
            // ζ[2^l + b] for the outer butterflies and ζ[2^(l+1) + 2b], ζ[2^(l+1) + 2b + 1] for the inner ones.
            // A butterfly maps (x, y) to (x + t, x + q - t) with t = ζy mod q, so values stay non-negative and grow
            // by at most q per layer; the four outputs below are those of the two layers composed.
            {
                let z1p := add(zetas, 4)
                let z2p := add(zetas, 8)
                for { let s := a } lt(s, end) { s := add(s, 8192) } {
                    let z1 := shr(224, mload(z1p))
                    let z2 := shr(224, mload(z2p))
                    let z3 := shr(224, mload(add(z2p, 4)))
                    z1p := add(z1p, 4)
                    z2p := add(z2p, 8)
                    for { let p := s } lt(p, add(s, 2048)) { p := add(p, 64) } {
                        {
                            let x0 := mload(p)
                            let t := mulmod(mload(add(p, 4096)), z1, Q)
                            let x1 := mload(add(p, 2048))
                            let u := mulmod(mload(add(p, 6144)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(p, add(add(x0, t), v))
                            mstore(add(p, 2048), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 4096), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 6144), sub(sub(add(x0, Q2), t), w))
                        }
                        {
                            let x0 := mload(add(p, 32))
                            let t := mulmod(mload(add(p, 4128)), z1, Q)
                            let x1 := mload(add(p, 2080))
                            let u := mulmod(mload(add(p, 6176)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(add(p, 32), add(add(x0, t), v))
                            mstore(add(p, 2080), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 4128), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 6176), sub(sub(add(x0, Q2), t), w))
                        }
                    }
                }
            }
            {
                let z1p := add(zetas, 16)
                let z2p := add(zetas, 32)
                for { let s := a } lt(s, end) { s := add(s, 2048) } {
                    let z1 := shr(224, mload(z1p))
                    let z2 := shr(224, mload(z2p))
                    let z3 := shr(224, mload(add(z2p, 4)))
                    z1p := add(z1p, 4)
                    z2p := add(z2p, 8)
                    for { let p := s } lt(p, add(s, 512)) { p := add(p, 64) } {
                        {
                            let x0 := mload(p)
                            let t := mulmod(mload(add(p, 1024)), z1, Q)
                            let x1 := mload(add(p, 512))
                            let u := mulmod(mload(add(p, 1536)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(p, add(add(x0, t), v))
                            mstore(add(p, 512), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 1024), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 1536), sub(sub(add(x0, Q2), t), w))
                        }
                        {
                            let x0 := mload(add(p, 32))
                            let t := mulmod(mload(add(p, 1056)), z1, Q)
                            let x1 := mload(add(p, 544))
                            let u := mulmod(mload(add(p, 1568)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(add(p, 32), add(add(x0, t), v))
                            mstore(add(p, 544), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 1056), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 1568), sub(sub(add(x0, Q2), t), w))
                        }
                    }
                }
            }
            {
                let z1p := add(zetas, 64)
                let z2p := add(zetas, 128)
                for { let s := a } lt(s, end) { s := add(s, 512) } {
                    let z1 := shr(224, mload(z1p))
                    let z2 := shr(224, mload(z2p))
                    let z3 := shr(224, mload(add(z2p, 4)))
                    z1p := add(z1p, 4)
                    z2p := add(z2p, 8)
                    for { let p := s } lt(p, add(s, 128)) { p := add(p, 64) } {
                        {
                            let x0 := mload(p)
                            let t := mulmod(mload(add(p, 256)), z1, Q)
                            let x1 := mload(add(p, 128))
                            let u := mulmod(mload(add(p, 384)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(p, add(add(x0, t), v))
                            mstore(add(p, 128), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 256), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 384), sub(sub(add(x0, Q2), t), w))
                        }
                        {
                            let x0 := mload(add(p, 32))
                            let t := mulmod(mload(add(p, 288)), z1, Q)
                            let x1 := mload(add(p, 160))
                            let u := mulmod(mload(add(p, 416)), z1, Q)
                            let v := mulmod(add(x1, u), z2, Q)
                            let w := mulmod(sub(add(x1, Q), u), z3, Q)
                            mstore(add(p, 32), add(add(x0, t), v))
                            mstore(add(p, 160), sub(add(add(x0, t), Q), v))
                            mstore(add(p, 288), add(sub(add(x0, Q), t), w))
                            mstore(add(p, 416), sub(sub(add(x0, Q2), t), w))
                        }
                    }
                }
            }
            {
                let z1p := add(zetas, 256)
                let z2p := add(zetas, 512)
                for { let s := a } lt(s, end) { s := add(s, 128) } {
                    let z1 := shr(224, mload(z1p))
                    let z2 := shr(224, mload(z2p))
                    let z3 := shr(224, mload(add(z2p, 4)))
                    z1p := add(z1p, 4)
                    z2p := add(z2p, 8)
                    let p := s
                    {
                        let x0 := mload(p)
                        let t := mulmod(mload(add(p, 64)), z1, Q)
                        let x1 := mload(add(p, 32))
                        let u := mulmod(mload(add(p, 96)), z1, Q)
                        let v := mulmod(add(x1, u), z2, Q)
                        let w := mulmod(sub(add(x1, Q), u), z3, Q)
                        mstore(p, add(add(x0, t), v))
                        mstore(add(p, 32), sub(add(add(x0, t), Q), v))
                        mstore(add(p, 64), add(sub(add(x0, Q), t), w))
                        mstore(add(p, 96), sub(sub(add(x0, Q2), t), w))
                    }
                }
            }
        }
    }

    /**
     * @dev In-place inverse NTT (Algorithm 42, including the scaling by 256^-1) of the polynomial at `a`,
     * with coefficients below {INPUT_BOUND}. The results are reduced to [0, q). `zetas` is the data pointer of
     * {zetaTable}'s bytes.
     */
    function invNtt(uint256 a, uint256 zetas) internal pure {
        assembly ("memory-safe") {
            let end := add(a, 8192)
            // Each pass merges the layers of length h and 2h (o = 32h bytes), l being the layer of length h: block b
            // of 4h coefficients uses ζ[2^(l+1) - 1 - 2b] (za), ζ[2^(l+1) - 2 - 2b] (zb) for its inner butterflies and
            // ζ[2^l - 1 - b] (zo) for the outer ones. A butterfly maps (x, y) to (x + y, ζ(y - x) mod q), which is
            // Algorithm 42's (x + y, -ζ(x - y)); QBIG keeps y - x non-negative. The last pass (h = 64) multiplies
            // both outputs by 256^-1, so every coefficient leaves reduced.
            {
                let zip := add(zetas, 1016)
                let zop := add(zetas, 508)
                for { let s := a } lt(s, end) { s := add(s, 128) } {
                    let zb := shr(224, mload(zip))
                    let za := shr(224, mload(add(zip, 4)))
                    let zo := shr(224, mload(zop))
                    zip := sub(zip, 8)
                    zop := sub(zop, 4)
                    let p := s
                    {
                        let x0 := mload(p)
                        let x1 := mload(add(p, 32))
                        let x2 := mload(add(p, 64))
                        let x3 := mload(add(p, 96))
                        let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                        let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                        x0 := add(x0, x1)
                        x2 := add(x2, x3)
                        mstore(p, add(x0, x2))
                        mstore(add(p, 64), mulmod(sub(add(x2, QBIG), x0), zo, Q))
                        mstore(add(p, 32), add(d01, d23))
                        mstore(add(p, 96), mulmod(sub(add(d23, Q), d01), zo, Q))
                    }
                }
            }
            {
                let zip := add(zetas, 248)
                let zop := add(zetas, 124)
                for { let s := a } lt(s, end) { s := add(s, 512) } {
                    let zb := shr(224, mload(zip))
                    let za := shr(224, mload(add(zip, 4)))
                    let zo := shr(224, mload(zop))
                    zip := sub(zip, 8)
                    zop := sub(zop, 4)
                    for { let p := s } lt(p, add(s, 128)) { p := add(p, 64) } {
                        {
                            let x0 := mload(p)
                            let x1 := mload(add(p, 128))
                            let x2 := mload(add(p, 256))
                            let x3 := mload(add(p, 384))
                            let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                            let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                            x0 := add(x0, x1)
                            x2 := add(x2, x3)
                            mstore(p, add(x0, x2))
                            mstore(add(p, 256), mulmod(sub(add(x2, QBIG), x0), zo, Q))
                            mstore(add(p, 128), add(d01, d23))
                            mstore(add(p, 384), mulmod(sub(add(d23, Q), d01), zo, Q))
                        }
                        {
                            let x0 := mload(add(p, 32))
                            let x1 := mload(add(p, 160))
                            let x2 := mload(add(p, 288))
                            let x3 := mload(add(p, 416))
                            let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                            let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                            x0 := add(x0, x1)
                            x2 := add(x2, x3)
                            mstore(add(p, 32), add(x0, x2))
                            mstore(add(p, 288), mulmod(sub(add(x2, QBIG), x0), zo, Q))
                            mstore(add(p, 160), add(d01, d23))
                            mstore(add(p, 416), mulmod(sub(add(d23, Q), d01), zo, Q))
                        }
                    }
                }
            }
            {
                let zip := add(zetas, 56)
                let zop := add(zetas, 28)
                for { let s := a } lt(s, end) { s := add(s, 2048) } {
                    let zb := shr(224, mload(zip))
                    let za := shr(224, mload(add(zip, 4)))
                    let zo := shr(224, mload(zop))
                    zip := sub(zip, 8)
                    zop := sub(zop, 4)
                    for { let p := s } lt(p, add(s, 512)) { p := add(p, 64) } {
                        {
                            let x0 := mload(p)
                            let x1 := mload(add(p, 512))
                            let x2 := mload(add(p, 1024))
                            let x3 := mload(add(p, 1536))
                            let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                            let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                            x0 := add(x0, x1)
                            x2 := add(x2, x3)
                            mstore(p, add(x0, x2))
                            mstore(add(p, 1024), mulmod(sub(add(x2, QBIG), x0), zo, Q))
                            mstore(add(p, 512), add(d01, d23))
                            mstore(add(p, 1536), mulmod(sub(add(d23, Q), d01), zo, Q))
                        }
                        {
                            let x0 := mload(add(p, 32))
                            let x1 := mload(add(p, 544))
                            let x2 := mload(add(p, 1056))
                            let x3 := mload(add(p, 1568))
                            let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                            let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                            x0 := add(x0, x1)
                            x2 := add(x2, x3)
                            mstore(add(p, 32), add(x0, x2))
                            mstore(add(p, 1056), mulmod(sub(add(x2, QBIG), x0), zo, Q))
                            mstore(add(p, 544), add(d01, d23))
                            mstore(add(p, 1568), mulmod(sub(add(d23, Q), d01), zo, Q))
                        }
                    }
                }
            }
            {
                let zb := shr(224, mload(add(zetas, 8)))
                let za := shr(224, mload(add(zetas, 12)))
                let s := a
                for { let p := s } lt(p, add(s, 2048)) { p := add(p, 64) } {
                    {
                        let x0 := mload(p)
                        let x1 := mload(add(p, 2048))
                        let x2 := mload(add(p, 4096))
                        let x3 := mload(add(p, 6144))
                        let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                        let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                        x0 := add(x0, x1)
                        x2 := add(x2, x3)
                        mstore(p, mulmod(add(x0, x2), N_INV, Q))
                        mstore(add(p, 4096), mulmod(sub(add(x2, QBIG), x0), ZETA1_N_INV, Q))
                        mstore(add(p, 2048), mulmod(add(d01, d23), N_INV, Q))
                        mstore(add(p, 6144), mulmod(sub(add(d23, Q), d01), ZETA1_N_INV, Q))
                    }
                    {
                        let x0 := mload(add(p, 32))
                        let x1 := mload(add(p, 2080))
                        let x2 := mload(add(p, 4128))
                        let x3 := mload(add(p, 6176))
                        let d01 := mulmod(sub(add(x1, QBIG), x0), za, Q)
                        let d23 := mulmod(sub(add(x3, QBIG), x2), zb, Q)
                        x0 := add(x0, x1)
                        x2 := add(x2, x3)
                        mstore(add(p, 32), mulmod(add(x0, x2), N_INV, Q))
                        mstore(add(p, 4128), mulmod(sub(add(x2, QBIG), x0), ZETA1_N_INV, Q))
                        mstore(add(p, 2080), mulmod(add(d01, d23), N_INV, Q))
                        mstore(add(p, 6176), mulmod(sub(add(d23, Q), d01), ZETA1_N_INV, Q))
                    }
                }
            }
        }
    }
}
