import { type Abi, type Hex, keccak256, stringToHex } from "viem";
import {
  falcon512KeccakVerifierAbi,
  falcon512KeccakVerifierBytecode,
  getPQ4337Addresses,
  measureVerifyGas,
  mldsa44KeccakVerifierAbi,
  mldsa44KeccakVerifierBytecode,
  schemes as registry,
} from "@pq4337/sdk";
import { expandFalconPublicKey } from "@pq4337/sdk/falcon";
import { expandMldsa44KeccakPublicKey } from "@pq4337/sdk/mldsa44";
import { type KeccakAnchor, falconKeccakAnchors, mldsa44KeccakAnchors } from "./anchors.js";
import type { Measurement, Row } from "./dataset.js";
import type { Environment } from "./environment.js";
import { ethdilithiumVector, ethfalconVector } from "./variantVectors.js";

/** A labelled keccak variant and the standard scheme it varies. */
type KeccakVariant = {
  /** The standard scheme's registry name. */
  standard: "falcon512" | "mldsa44";
  /** The variant's row scheme: the standard's parameters, no NIST standing. */
  scheme: { name: string; variant: string; securityBits: number; nistCategory: undefined };
  title: string;
  standardVerifier: string;
  standardStatus: string;
  variantVerifier: string;
  variantStatus: string;
  abi: Abi;
  bytecode: Hex;
  /** The variant's own test vector and its ERC-7913 key. */
  vector: { publicKey: Hex; message: Hex; signature: Hex };
  vectorSource: string;
  expand: (publicKey: Hex) => { key: Hex; bytes: Hex };
  anchors: readonly KeccakAnchor[];
};

export const keccakVariants: KeccakVariant[] = [
  {
    standard: "falcon512",
    // The registry's scheme: the main tables measure its user operations too.
    scheme: { name: "falcon512keccak", variant: "keccak", securityBits: 128, nistCategory: undefined },
    title: "Falcon-512",
    standardVerifier: "Falcon512Verifier (SHAKE256)",
    standardStatus: "round-3 Falcon, what FIPS 206 (draft) standardises",
    variantVerifier: "Falcon512KeccakVerifier (ETHFALCON, keccak-CTR HashToPoint)",
    variantStatus: "variant: not FIPS 206, not NIST-approved",
    abi: falcon512KeccakVerifierAbi,
    bytecode: falcon512KeccakVerifierBytecode,
    vector: ethfalconVector,
    vectorSource: "ETHFALCON test/ethfalcon.t.sol testVector0",
    expand: (publicKey) => expandFalconPublicKey(publicKey),
    anchors: falconKeccakAnchors,
  },
  {
    standard: "mldsa44",
    // The registry's scheme: the main tables measure its user operations too.
    scheme: { name: "mldsa44keccak", variant: "keccak", securityBits: 128, nistCategory: undefined },
    title: "ML-DSA-44",
    standardVerifier: "MLDSA44Verifier (SHAKE)",
    standardStatus: "FIPS 204",
    variantVerifier: "MLDSA44KeccakVerifier (ETHDILITHIUM, keccak-CTR hashes)",
    variantStatus: "variant: not FIPS 204, not NIST-approved",
    abi: mldsa44KeccakVerifierAbi,
    bytecode: mldsa44KeccakVerifierBytecode,
    vector: ethdilithiumVector,
    vectorSource: "ETHDILITHIUM's Python signer",
    expand: (publicKey) => expandMldsa44KeccakPublicKey(publicKey),
    anchors: mldsa44KeccakAnchors,
  },
];

/**
 * A standard scheme and its keccak variant verified side by side through the ERC-7913 gas meter (`eth_call`,
 * verifier warm): the standard's verifier on a signature of the registry's deterministic signer, and the variant's
 * verifier, deployed here, on a signature its authors' code made. Both must verify.
 */
export async function measureKeccakVariant(environment: Environment, variant: KeccakVariant): Promise<{ standard: Measurement; variant: Measurement }> {
  const { client, walletClient } = environment;
  const deployment = await walletClient.deployContract({ abi: variant.abi, bytecode: variant.bytecode });
  const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployment });
  const expanded = variant.expand(variant.vector.publicKey);
  const keccak = await measureVerifyGas({
    client,
    verifier: contractAddress!,
    key: expanded.key,
    hash: variant.vector.message,
    signature: variant.vector.signature,
    expandedKey: expanded.bytes,
  });
  if (!keccak.valid) throw new Error(`${variant.variantVerifier} rejected ${variant.vectorSource}`);

  const signer = registry[variant.standard]!.createSigner(keccak256(stringToHex(`pq4337-bench/${variant.standard}/variants`)));
  const hash = keccak256(stringToHex(`pq4337-bench/${variant.standard}/variants/hash`));
  const standard = await measureVerifyGas({
    client,
    verifier: getPQ4337Addresses().verifiers[variant.standard]!,
    key: signer.key,
    hash,
    signature: await signer.sign({ hash }),
    expandedKey: signer.expandedKey?.bytes,
  });
  if (!standard.valid) throw new Error(`${variant.standardVerifier} rejected the SDK's signature`);
  const note = "eth_call through ERC7913GasMeter (verifier warm)";
  return {
    standard: { bench_name: "variant.verify", surface: "variant", unit: "gas", gas: standard.gas, notes: `${variant.standardVerifier}, SDK signature; ${note}` },
    variant: { bench_name: "variant.verify", surface: "variant", unit: "gas", gas: keccak.gas, notes: `${variant.variantVerifier}, ${variant.vectorSource}; ${note}` },
  };
}

/** ERC-7562's MAX_VERIFICATION_GAS. */
const verificationBound = 500_000;

/**
 * The report's "standard vs keccak variant" section: each standard verifier beside its labelled keccak variant,
 * both measured by this run with one harness, with the standard's ERC-7562 standing from the main tables, and the
 * variant's authors' own verifier as measured beside ours once (`anchors.ts`). Empty when the run measured no
 * variant.
 */
export function variantSection(rows: Row[]): string[] {
  const measured = rows.filter((row) => row.surface === "variant" && row.gas !== null);
  const pairs = keccakVariants
    .map((variant) => ({
      variant,
      standardRow: measured.find((row) => row.scheme === variant.standard),
      variantRow: measured.find((row) => row.scheme === variant.scheme.name),
    }))
    .filter(({ standardRow, variantRow }) => standardRow && variantRow);
  if (pairs.length === 0) return [];
  const fmt = (value: number) => value.toLocaleString("en-US");
  const perBit = (gas: number) => fmt(Math.round(gas / 128));
  const lines = [
    "## Standard and keccak variants",
    "",
    "The keccak variants (ZKNox's ETHFALCON and ETHDILITHIUM) replace SHAKE by a keccak-CTR stream: they are not FIPS 204/206 and not NIST-approved, and are labelled so wherever they appear. Each pair measured by this run through the ERC-7913 gas meter (`eth_call`, verifier warm): the standard on an SDK signature, the variant on a signature its authors' code made. 128 bits by the convention above (the standard's parameters). Below each pair, the variant's authors' own verifier, measured once beside ours with the same meter and signatures (`packages/bench/src/anchors.ts`; not re-measured by this run).",
    "",
    "| scheme | verifier | standard status | verify | gas / secure bit | ERC-7562 (steady state) |",
    "|---|---|---|---:|---:|---|",
  ];
  for (const { variant, standardRow, variantRow } of pairs) {
    const declared = rows.find(
      (row) => row.scheme === variant.standard && row.bench_name === "validateUserOp.verificationGasLimit" && row.hardfork === standardRow!.hardfork,
    );
    const fit = declared?.gas ? `${declared.gas <= verificationBound ? "fits" : "exceeds"} (declared verificationGasLimit ${fmt(declared.gas)})` : "–";
    const share = Math.round((100 * variantRow!.gas!) / verificationBound);
    const variantDeclared = rows.find(
      (row) => row.scheme === variant.scheme.name && row.bench_name === "validateUserOp.verificationGasLimit" && row.hardfork === variantRow!.hardfork,
    );
    const variantFit = variantDeclared?.gas
      ? `${variantDeclared.gas <= verificationBound ? "fits" : "exceeds"} (declared verificationGasLimit ${fmt(variantDeclared.gas)})`
      : variantRow!.gas! > verificationBound
        ? `exceeds: verify alone is over the ${fmt(verificationBound)} bound`
        : `not measured: the SDK has no signer for it (verify alone is ${share} % of the ${fmt(verificationBound)} bound)`;
    lines.push(
      `| ${variant.title} | ${variant.standardVerifier} | ${variant.standardStatus} | ${fmt(standardRow!.gas!)} | ${perBit(standardRow!.gas!)} | ${fit} |`,
      `| ${variant.title} | ${variant.variantVerifier} | ${variant.variantStatus} | ${fmt(variantRow!.gas!)} | ${perBit(variantRow!.gas!)} | ${variantFit} |`,
      ...variant.anchors.map((anchor) => `| ${variant.title} | ${anchor.implementation} (measured once) | ${variant.variantStatus} | ${anchor.gas} | – | – |`),
    );
  }
  lines.push(
    "",
    "Precompiles: EIP-8052 (draft) prices Falcon-512 at 3,000 gas and EIP-8355 (draft) ML-DSA-44/65/87 at 6,500/9,000/13,500; the standard verifiers ask them first where a chain has them (next section).",
  );
  return lines;
}
