/**
 * Public Solidity Ed25519 verifiers measured beside pq4337's `Ed25519Verifier` in one anvil run (Osaka, anvil
 * 1.7.1, 2026-11-24): each fetched at the cited commit and compiled with the solc version and settings of its own
 * project configuration, all called through one harness (the gasleft() difference around a STATICCALL, less the same
 * call to an empty contract) with the same vectors: RFC 8032 TEST 1–3, five noble keys over 32-byte messages and
 * the same keys over 41-byte messages (the only length NEAR's verifier takes). Each was checked to accept every valid
 * vector and to refuse a one-bit change of S and S + L. Their code is not part of this repository, so the figures
 * are recorded here, with how they were made, rather than re-measured by `pnpm bench`. pq4337's own row is each run's
 * measurement (its verifier has changed since: 407,859–411,114 then, with the same vectors).
 */
export const ed25519Anchors = [
  {
    implementation: "NEAR rainbow-bridge Ed25519.check",
    source: "near/rainbow-bridge@0a20a93, contracts/eth/nearbridge/contracts/Ed25519.sol",
    compiler: "solc 0.8.3, 1,000 runs",
    gas32: "– (41-byte messages only)",
    gas41: "303,301",
    nonCanonicalKey: "accepted (y ≥ p, and x = 0 with the sign bit)",
  },
  {
    implementation: "SCL (ZKNox) SCL_EIP6565.Verify_LE",
    source: "get-smooth/crypto-lib@d714e98, src/lib/libSCL_EIP6565.sol",
    compiler: "solc 0.8.30, 1,000,000 runs",
    gas32: "450,739–454,369 (mean 453,038)",
    gas41: "452,744",
    nonCanonicalKey: "n/a: takes a key precomputed off-chain (decompression not measured)",
  },
  {
    implementation: "mel-project ed25519-sol Ed25519.verify",
    source: "mel-project/ed25519-sol@3b36ec8, src/Ed25519.sol",
    compiler: "solc 0.8.13, 200 runs",
    gas32: "660,048–664,951 (mean 662,426)",
    gas41: "665,522",
    nonCanonicalKey: "accepted",
  },
  {
    implementation: "chengwenxi Ed25519 (optimizer on)",
    source: "chengwenxi/Ed25519@34d8c57, contracts/libraries/Ed25519.sol",
    compiler: "solc 0.6.8, 200 runs (its own configuration has the optimizer off: mean 770,459)",
    gas32: "688,863–713,191 (mean 700,644)",
    gas41: "699,982",
    nonCanonicalKey: "accepted",
  },
  {
    implementation: "farcaster-solidity Ed25519.verify",
    source: "pavlovdog/farcaster-solidity@cbb770d, contracts/libraries/Ed25519.sol",
    compiler: "solc 0.8.19, optimizer off (its configuration)",
    gas32: "934,459–940,442 (mean 937,368)",
    gas41: "940,965",
    nonCanonicalKey: "accepted",
  },
] as const;

/**
 * The report's "Ed25519 beside public verifiers" section: pq4337's verifier as this run measured it (`ours`: its
 * verify gas over 32-byte hashes and the compiler), then the public verifiers as measured once.
 */
export function ed25519AnchorSection(ours: { gas32: string; compiler: string }): string[] {
  return [
    "## Ed25519 beside public Solidity verifiers",
    "",
    "pq4337's row is this run's (the ERC-7913 gas meter, as the gas table). The others were measured once, in one anvil run under Osaka, with one harness and the same vectors (see `packages/bench/src/anchors.ts` for how; on pq4337's earlier verifier that harness and the meter agreed within 0.5 %); not re-measured by this run. Execution gas per verify.",
    "",
    "| implementation | source | compiler | 32-byte message | 41-byte message | non-canonical key (y ≥ p, −0) |",
    "|---|---|---|---:|---:|---|",
    `| pq4337 Ed25519Verifier.verify (this run) | this repository, contracts/verifiers/Ed25519Verifier.sol | ${ours.compiler} | ${ours.gas32} | – | refused |`,
    ...ed25519Anchors.map((anchor) => `| ${anchor.implementation} | ${anchor.source} | ${anchor.compiler} | ${anchor.gas32} | ${anchor.gas41} | ${anchor.nonCanonicalKey} |`),
  ];
}

/** An implementation of a keccak variant by its authors, measured once beside pq4337's. */
export type KeccakAnchor = { implementation: string; gas: string };

/**
 * ZKNox's own verifier of ETHFALCON beside pq4337's `Falcon512KeccakVerifier`, measured once in one anvil run (anvil
 * 1.7.1, Osaka, 2026-11-25) through the same ERC-7913 gas meter (`eth_call`, verifier warm), on the same 17 ETHFALCON
 * signatures of 32-byte messages (test/fixtures/falcon512keccak-ethfalcon.jsonl: the 5 of ETHFALCON's Solidity test,
 * the 12 of its Python signer), where ours took 139,157–139,794 (mean 139,532). ZKNOX_ethfalcon was compiled from
 * ZKNoxHQ/ETHFALCON@03ed0d6 with its own foundry.toml settings (solc 0.8.25, 10,000 runs, Cancun, no IR), its key
 * stored with its own `setKey` (SSTORE2); the ISigVerifier interface of its InterfaceVerifier submodule, not in the
 * snapshot, was rebuilt from a copy of that file (an interface: selectors only). Both accept all 17 and refuse a
 * flipped bit; ZKNox's also accepts each s2 coefficient written as itself plus q (251 of 251 tried on one
 * signature), which pq4337's refuses. Not re-measured by `pnpm bench`: the other project's code is not part of this
 * repository.
 */
export const falconKeccakAnchors: readonly KeccakAnchor[] = [
  { implementation: "ZKNox ZKNOX_ethfalcon.verify (ZKNoxHQ/ETHFALCON@03ed0d6; accepts s2 + q aliases)", gas: "1,443,583–1,445,279 (mean 1,444,505)" },
];

/**
 * ZKNox's own verifier of ETHDILITHIUM beside pq4337's `MLDSA44KeccakVerifier`, measured once as
 * {@link falconKeccakAnchors} (anvil 1.7.1, Osaka, 2026-11-25, the same meter) on the same 6 ETHDILITHIUM signatures
 * of 32-byte hashes by its Python signer (test/fixtures/mldsa44keccak-ethdilithium.jsonl), where ours took
 * 624,687–628,503 (mean 626,737). ZKNOX_ethdilithium was compiled from ZKNoxHQ/ETHDILITHIUM@6c51547 with its own
 * foundry.toml settings (solc 0.8.30, 10,000 runs, Osaka, no IR), its key (Â, tr, t̂1 from its own `pk_for_eth`)
 * stored with its own `setKey` (a PKContract; 5.23M gas per key), the ISigVerifier interface rebuilt as for
 * ETHFALCON. Both accept all 6 and refuse a flipped bit of z.
 */
export const mldsa44KeccakAnchors: readonly KeccakAnchor[] = [
  { implementation: "ZKNox ZKNOX_ethdilithium.verify (ZKNoxHQ/ETHDILITHIUM@6c51547)", gas: "4,929,111–4,934,233 (mean 4,931,692)" },
];
