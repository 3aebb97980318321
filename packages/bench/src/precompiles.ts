import { type Abi, type Address, type Hex, concatHex, decodeFunctionResult, encodeFunctionData, keccak256, maxUint256, padHex, slice, stringToHex, zeroAddress } from "viem";
import {
  type PQ4337Signer,
  type PrecompileName,
  falcon512Signer,
  falconSeedLength,
  falcon512VerifierAbi,
  falcon512VerifierBytecode,
  measureVerifyGas,
  mldsa44VerifierAbi,
  mldsa44VerifierBytecode,
  mldsa65VerifierAbi,
  mldsa65VerifierBytecode,
  mldsa87VerifierAbi,
  mldsa87VerifierBytecode,
  schemes as registry,
} from "@pq4337/sdk";
import type { Measurement, Row } from "./dataset.js";
import type { Environment } from "./environment.js";
import { keccakVariants } from "./variants.js";
import {
  falcon512VerifierForStandInsAbi,
  falcon512VerifierForStandInsBytecode,
  falconCorePrecompileStandInAbi,
  falconCorePrecompileStandInBytecode,
  falconHashToPointPrecompileStandInAbi,
  falconHashToPointPrecompileStandInBytecode,
  mldsa44PrecompileStandInAbi,
  mldsa44PrecompileStandInBytecode,
  mldsa44VerifierForStandInsAbi,
  mldsa44VerifierForStandInsBytecode,
  mldsa65PrecompileStandInAbi,
  mldsa65PrecompileStandInBytecode,
  mldsa65VerifierForStandInsAbi,
  mldsa65VerifierForStandInsBytecode,
  mldsa87PrecompileStandInAbi,
  mldsa87PrecompileStandInBytecode,
  mldsa87VerifierForStandInsAbi,
  mldsa87VerifierForStandInsBytecode,
  precompileCallProbeAbi,
  precompileCallProbeBytecode,
} from "./generated/instruments.js";

/** One precompile a verifier calls: where the bench places its stand-in, its published price, and its input. */
type PrecompileCall = {
  name: PrecompileName;
  address: Address;
  standIn: { abi: Abi; bytecode: Hex };
  /** The EIP's published gas for this call (a Draft EIP's figure: the EIP may still change it). */
  price: number;
};

/** A standard scheme whose verifier can ask a precompile, and how the bench exercises it. */
export type PrecompileSubject = {
  standard: "falcon512" | "mldsa44" | "mldsa65" | "mldsa87";
  standardStatus: string;
  eip: string;
  verifier: { abi: Abi; bytecode: Hex };
  /**
   * The verifier's harness for the stand-ins (contracts/mocks/precompiles/*VerifierForStandIns): the same code with
   * gas allowances the Solidity stand-ins fit in (the verifier's own, a multiple of the EIP's price, do not), passed
   * after the precompile addresses.
   */
  forStandIns: { abi: Abi; bytecode: Hex; gas: bigint[] };
  calls: PrecompileCall[];
  /** The signer: the precompiles take Falcon's padded format only, so Falcon signs padded here. */
  createSigner: (seed: Hex) => PQ4337Signer;
  /** The inputs of the verifier's calls for `hash` and `signature`, in order; a call may need the previous output. */
  inputs: (publicKey: Hex, hash: Hex, signature: Hex, previousOutput: Hex | undefined) => Hex;
};

const at = (address: Hex) => padHex(address, { size: 20 });
/** EIP-8355's price for a 32-byte message: the base plus 6 gas for its one word. */
const eip8355 = (base: number) => base + 6;
const mldsaInput = (publicKey: Hex, hash: Hex, signature: Hex) => concatHex([publicKey, signature, hash]);

export const precompileSubjects: PrecompileSubject[] = [
  {
    standard: "falcon512",
    standardStatus: "round-3 Falcon, what FIPS 206 (draft) standardises",
    eip: "EIP-8052",
    verifier: { abi: falcon512VerifierAbi, bytecode: falcon512VerifierBytecode },
    forStandIns: { abi: falcon512VerifierForStandInsAbi, bytecode: falcon512VerifierForStandInsBytecode, gas: [1_000_000n, 2_000_000n] },
    // EIP-8052 assigns no addresses yet: these are the bench's, in EIP-1352's precompile range.
    calls: [
      { name: "FALCON_HASH_TO_POINT_SHAKE256", address: at("0x8052"), standIn: { abi: falconHashToPointPrecompileStandInAbi, bytecode: falconHashToPointPrecompileStandInBytecode }, price: 1_000 },
      { name: "FALCON_CORE", address: at("0x8053"), standIn: { abi: falconCorePrecompileStandInAbi, bytecode: falconCorePrecompileStandInBytecode }, price: 2_000 },
    ],
    // A Falcon seed is 48 bytes: two keccak256 blocks of the bench's seed.
    createSigner: (seed) =>
      falcon512Signer({ seed: slice(concatHex([keccak256(seed), keccak256(concatHex([seed, "0x01"]))]), 0, falconSeedLength), format: "padded", deterministic: true }),
    inputs: (publicKey, hash, signature, challenge) => (challenge === undefined ? concatHex([hash, signature]) : concatHex([signature, publicKey, challenge])),
  },
  ...(
    [
      ["mldsa44", "0x12", 6_500, mldsa44VerifierAbi, mldsa44VerifierBytecode, mldsa44PrecompileStandInAbi, mldsa44PrecompileStandInBytecode, mldsa44VerifierForStandInsAbi, mldsa44VerifierForStandInsBytecode],
      ["mldsa65", "0x13", 9_000, mldsa65VerifierAbi, mldsa65VerifierBytecode, mldsa65PrecompileStandInAbi, mldsa65PrecompileStandInBytecode, mldsa65VerifierForStandInsAbi, mldsa65VerifierForStandInsBytecode],
      ["mldsa87", "0x14", 13_500, mldsa87VerifierAbi, mldsa87VerifierBytecode, mldsa87PrecompileStandInAbi, mldsa87PrecompileStandInBytecode, mldsa87VerifierForStandInsAbi, mldsa87VerifierForStandInsBytecode],
    ] as const
  ).map(([standard, address, base, abi, bytecode, standInAbi, standInBytecode, harnessAbi, harnessBytecode]): PrecompileSubject => ({
    standard,
    standardStatus: "FIPS 204",
    eip: "EIP-8355",
    verifier: { abi, bytecode },
    // The ML-DSA stand-ins need millions of gas (ML-DSA-87 about 14.4M): the call is given all it has.
    forStandIns: { abi: harnessAbi, bytecode: harnessBytecode, gas: [maxUint256] },
    calls: [{ name: `VERIFY_${standard.toUpperCase()}` as PrecompileName, address: at(address), standIn: { abi: standInAbi, bytecode: standInBytecode }, price: eip8355(base) }],
    createSigner: (seed) => registry[standard]!.createSigner(seed),
    inputs: (publicKey, hash, signature) => mldsaInput(publicKey, hash, signature),
  })),
];

/** A cold account access (EIP-2929) costs 2,600, a precompile's 100: it is always warm. */
const coldSurcharge = 2_600 - 100;

/**
 * A standard verifier with and without its chain's precompile, on one signature through the ERC-7913 gas meter
 * (`eth_call`, verifier warm): deployed with no precompile (the Solidity path), with precompile addresses where no
 * code is (a chain before the fork), and with the precompiles' stand-ins placed there by `anvil_setCode`, through
 * the verifier's harness whose allowances fit the stand-ins (the verifier's own do not; the code is otherwise the
 * same). The stand-ins are Solidity (contracts/mocks/precompiles), so the "with precompile" figure is computed: the measured
 * gas through the stand-ins, less what the stand-ins themselves spent (each called alone, warm, through
 * PrecompileCallProbe) and the cold-access surcharge of each address (a precompile is warm), plus the EIP's
 * published price. Needs anvil (`anvil_setCode`).
 */
export async function measurePrecompileSubject(environment: Environment, subject: PrecompileSubject): Promise<Measurement[]> {
  const { client, walletClient } = environment;
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[] = []) => {
    const hash = await walletClient.deployContract({ abi, bytecode, args });
    const { contractAddress } = await client.waitForTransactionReceipt({ hash });
    return contractAddress!;
  };
  for (const call of subject.calls) {
    const standIn = await deploy(call.standIn.abi, call.standIn.bytecode);
    await client.request({ method: "anvil_setCode" as never, params: [call.address, await client.getCode({ address: standIn })] as never });
  }
  const solidity = await deploy(subject.verifier.abi, subject.verifier.bytecode, subject.calls.map(() => zeroAddress));
  const withStandIns = await deploy(subject.forStandIns.abi, subject.forStandIns.bytecode, [...subject.calls.map(({ address }) => address), ...subject.forStandIns.gas]);
  // Addresses in the precompile range where no code is: a chain before the fork.
  const beforeFork = await deploy(subject.verifier.abi, subject.verifier.bytecode, subject.calls.map((_, index) => at(`0x${(0x9000 + index).toString(16)}`)));

  const signer = subject.createSigner(keccak256(stringToHex(`pq4337-bench/${subject.standard}/precompile`)));
  const hash = keccak256(stringToHex(`pq4337-bench/${subject.standard}/precompile/hash`));
  const signature = await signer.sign({ hash });
  const measure = async (verifier: Address, path: string) => {
    const { valid, gas } = await measureVerifyGas({ client, verifier, key: signer.key, hash, signature, expandedKey: signer.expandedKey?.bytes });
    if (!valid) throw new Error(`${registry[subject.standard]!.verifierName} (${path}) rejected the SDK's signature`);
    return gas;
  };
  const [viaSolidity, viaNoCode, viaStandIns] = [await measure(solidity, "Solidity"), await measure(beforeFork, "before the fork"), await measure(withStandIns, "stand-ins")];

  const probe = await deploy(precompileCallProbeAbi, precompileCallProbeBytecode);
  let standInsOwn = 0;
  let previousOutput: Hex | undefined;
  for (const call of subject.calls) {
    // EIP-7825 caps a call's gas at 2^24 on Osaka; the ML-DSA-87 stand-in needs about 14M of it.
    const { data } = await client.call({
      to: probe,
      data: encodeFunctionData({
        abi: precompileCallProbeAbi,
        functionName: "probe",
        args: [call.address, subject.inputs(signer.publicKey, hash, signature, previousOutput), 16_000_000n],
      }),
      gas: 16_777_216n,
    });
    const [success, gasUsed, output] = decodeFunctionResult({ abi: precompileCallProbeAbi, functionName: "probe", data: data! });
    if (!success) throw new Error(`the ${call.name} stand-in failed on the bench's signature`);
    standInsOwn += Number(gasUsed);
    previousOutput = output;
  }
  const price = subject.calls.reduce((sum, call) => sum + call.price, 0);
  const overhead = viaStandIns - standInsOwn - coldSurcharge * subject.calls.length;
  const names = subject.calls.map(({ name }) => name).join(" + ");
  const meter = "eth_call through ERC7913GasMeter (verifier warm)";
  const row = (bench_name: string, gas: number, notes: string): Measurement => ({ bench_name, surface: "precompile", unit: "gas", gas, notes });
  return [
    row("precompile.solidity", viaSolidity, `${subject.eip} verifier deployed without a precompile; ${meter}`),
    row("precompile.before_fork", viaNoCode, `precompile addresses set, no code there (a chain before the fork): Solidity path plus the empty call; ${meter}`),
    row("precompile.stand_in", viaStandIns, `through the Solidity stand-ins of ${names} placed by anvil_setCode (not the precompile's price); ${meter}`),
    row("precompile.stand_in_own", standInsOwn, `the stand-ins alone, warm, through PrecompileCallProbe`),
    row("precompile.overhead", overhead, `stand_in − stand_in_own − ${coldSurcharge.toLocaleString("en-US")} per address (cold vs warm access): reading E ‖ pk, building the input, the calls`),
    row("precompile.with_precompile", overhead + price, `computed: overhead + ${subject.eip}'s published price (${price.toLocaleString("en-US")}, Draft)`),
  ];
}

/** ERC-7562's MAX_VERIFICATION_GAS. */
const verificationBound = 500_000;

/**
 * The report's "standard, variant and precompile" section: for each scheme that can use a precompile, its verifier's
 * Solidity path, before the fork, and with the precompile (computed from the stand-in run), with the keccak variant
 * where there is one, per secure bit and against ERC-7562's bound for `verify` alone. Empty when the run measured none.
 */
export function precompileSection(rows: Row[]): string[] {
  const measured = rows.filter((row) => row.surface === "precompile" && row.gas !== null);
  const subjects = precompileSubjects.filter((subject) => measured.some((row) => row.scheme === subject.standard));
  if (subjects.length === 0) return [];
  const fmt = (value: number) => value.toLocaleString("en-US");
  const get = (scheme: string, bench: string) => measured.find((row) => row.scheme === scheme && row.bench_name === bench)?.gas ?? undefined;
  const fit = (gas: number) => (gas <= verificationBound ? "fits" : "exceeds");
  const lines = [
    "## Standard, keccak variant and precompile",
    "",
    "Each verifier can be deployed with its chain's precompile addresses (`pq4337 deploy --precompiles`): it asks the precompile first and verifies in Solidity when the chain gives no EIP answer. No chain has these precompiles yet (EIP-8052 and EIP-8355 are Drafts), so the bench places Solidity stand-ins at the addresses with `anvil_setCode` and computes the precompile row: the gas measured through the stand-ins, less the stand-ins' own gas and the cold-access surcharge, plus the EIP's published price. Falcon signs in the padded format, the one EIP-8052 takes (the other rows above use CT). ERC-7562: `verify` alone against the 500,000 bound. Every figure is this run's, through the ERC-7913 gas meter (`eth_call`, verifier warm).",
    "",
    "| scheme | path | standard status | verify | gas / secure bit | ERC-7562 |",
    "|---|---|---|---:|---:|---|",
  ];
  for (const subject of subjects) {
    const scheme = registry[subject.standard]!;
    const bits = scheme.securityBits;
    const names = subject.calls.map(({ name }) => name).join(" + ");
    const price = subject.calls.reduce((sum, call) => sum + call.price, 0);
    const entry = (path: string, gas: number | undefined, standing = subject.standardStatus) =>
      gas === undefined ? [] : [`| ${scheme.label} | ${path} | ${standing} | ${fmt(gas)} | ${fmt(Math.round(gas / bits))} | ${fit(gas)} |`];
    lines.push(
      ...entry(`${scheme.verifierName}, Solidity`, get(subject.standard, "precompile.solidity")),
      ...entry(`${scheme.verifierName}, precompile addresses without code (before the fork)`, get(subject.standard, "precompile.before_fork")),
      ...entry(
        `${scheme.verifierName} with ${subject.eip}'s ${names} (computed: ${fmt(price)} published + ${fmt(get(subject.standard, "precompile.overhead") ?? 0)} ours)`,
        get(subject.standard, "precompile.with_precompile"),
      ),
    );
    const variant = keccakVariants.find(({ standard }) => standard === subject.standard);
    const variantRow = variant && rows.find((row) => row.surface === "variant" && row.scheme === variant.scheme.name);
    if (variant && variantRow?.gas) lines.push(...entry(variant.variantVerifier, variantRow.gas, variant.variantStatus));
  }
  return lines;
}
