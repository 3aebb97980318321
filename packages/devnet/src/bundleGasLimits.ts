/** EIP-7825 (Osaka): the most gas a transaction may declare, 2^24. */
export const transactionGasCap = 16_777_216n;

/**
 * The most gas the devnet's Alto packs into one bundle (`--max-gas-per-bundle`) and accepts for one user
 * operation (`--max-gas-per-user-op`), chosen so that no bundle transaction declares more than
 * {@link transactionGasCap}. Alto 0.0.20 sums each operation's gas floor (callGasLimit + 10,000 scaled by 64/63,
 * verificationGasLimit, 30,000 and the calldata of a one-operation handleOps) up to this bound, then declares the
 * sum plus 5 %, rounded up to a multiple of 4,337: at most sum × 105 / 100 + 4,336 gas.
 */
export const maxBundleGas = ((transactionGasCap - 4_336n) * 100n) / 105n;
