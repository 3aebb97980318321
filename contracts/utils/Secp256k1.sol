// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev secp256k1 point helpers for SEC1-encoded public keys: on-curve check, decompression and the
 * Ethereum address of a point. Square roots use the modexp precompile (p ≡ 3 mod 4, so √a = a^((p+1)/4)).
 */
library Secp256k1 {
    uint256 internal constant P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F;
    uint256 private constant SQRT_EXPONENT = (P + 1) / 4;

    /// @dev Whether (x, y) is an affine point of y² = x³ + 7 with both coordinates reduced mod p.
    function isOnCurve(uint256 x, uint256 y) internal pure returns (bool) {
        if (x >= P || y >= P) return false;
        return mulmod(y, y, P) == addmod(mulmod(mulmod(x, x, P), x, P), 7, P);
    }

    /**
     * @dev The y coordinate of the point with abscissa `x` and the parity given by a SEC1 `prefix`
     * (0x02 even, 0x03 odd). Returns `false` for another prefix or an `x` that is not on the curve.
     */
    function decompress(uint8 prefix, uint256 x) internal view returns (bool, uint256) {
        if ((prefix != 0x02 && prefix != 0x03) || x >= P) return (false, 0);
        uint256 rhs = addmod(mulmod(mulmod(x, x, P), x, P), 7, P);
        (bool ok, uint256 y) = _modExp(rhs, SQRT_EXPONENT, P);
        if (!ok || mulmod(y, y, P) != rhs) return (false, 0);
        if (y & 1 != prefix & 1) y = P - y;
        return (true, y);
    }

    /// @dev The Ethereum address of the public key (x, y): the last 20 bytes of keccak256(x ‖ y).
    function toAddress(uint256 x, uint256 y) internal pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encode(x, y)))));
    }

    function _modExp(uint256 base, uint256 exponent, uint256 modulus) private view returns (bool, uint256) {
        (bool ok, bytes memory result) = address(0x05).staticcall(
            abi.encodePacked(uint256(32), uint256(32), uint256(32), base, exponent, modulus)
        );
        return (ok && result.length == 32, ok && result.length == 32 ? abi.decode(result, (uint256)) : 0);
    }
}
