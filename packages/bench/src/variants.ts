import { type Hex, concatHex, keccak256, slice, stringToHex } from "viem";
import {
  falcon512KeccakVerifierAbi,
  falcon512KeccakVerifierBytecode,
  falcon512Signer,
  getPQ4337Addresses,
  measureVerifyGas,
} from "@pq4337/sdk";
import { expandFalconPublicKey } from "@pq4337/sdk/falcon";
import type { Measurement, Row } from "./dataset.js";
import { falconKeccakAnchors } from "./anchors.js";
import type { Environment } from "./environment.js";

/**
 * ETHFALCON's own published vector: `testVector0` of ZKNoxHQ/ETHFALCON@03ed0d6, test/ethfalcon.t.sol (its key given
 * there as NTT(h), here as the round-3 encoding of h; the signature in ETHFALCON's `salt ‖ s2` form; the message is
 * the 32-byte string "My name is Renaud from ZKNOX!!!!"). test/fixtures/falcon512keccak-ethfalcon.jsonl holds it too.
 */
export const ethfalconVector = {
  publicKey: ("0x" +
    "0984ba693543c7570b11c2e6045d02020912d55ea1b7259e6f91e2db7524c03df90263c681743bbbcf534e29a030a34dec46ad869453649b6e2a4849" +
    "f64dc45915a50555d8055460c5d962a3eea72b7e4939f9592a9f059088620ace124dc1603f4e5f2905e747dad64720441cb109d3f3076dcfd2e18553" +
    "9c1c8ae1318864be568f6711c8ac86927a3af8693d3ba1db71fee609173d9026fd1149ae4e20229b6700494226930d94e28602da3bbb09ed74b0e74b" +
    "c2d9ec0449ee11996e627e6d8f42150d7e53cec0e7f290083941b2b73fe42451ec2cd96dab5129996b52a94f9d7b29fd31ed14f09b999899a2872d97" +
    "f09d36bf6b45735a2eca5480420f7ebf1bcb961d04a508c51e29778af9a6018fe2c74ad625a0b4408f0b10f3599f6adfbf411a73e3e3ff069223fb8e" +
    "e7ec3d2aab2374eed544acb55164ddf455c534d684afd95b1cdcabe2e8150c1c37eb4b164a3b8ad96913a6ab5bc270d900a2357c8ab4f33ed2ab9406" +
    "f8c95a0bad15f2bb905e1df694c2affa0300378be0dc37e448316b02c716055691bc32ee08bb47648bdd14a8bea39e4051cac9d3245f72deedb94118" +
    "66219c6264022f6d0dc0e7d25aa2a71bae059b2a62625635c5c8b90924adfa29a1158afb69e687c96c5cdb1f319a16e6488ebcfad9da41c861b26a73" +
    "993ec06d544d4b37082bc33df97e510a4d825646f966ce446e6f1028804761ff0192f5167f5cd16a506b593ee7473ea4dd974e801c427402fbc2db91" +
    "141aa02344ccd03a68cfb788d964057afd5ae306a964c81502ce40b08d8c9bb75e8b3d73e66282778b4d089e4f61b68d7c7a2e71a0d30ff7846539b8" +
    "f0efdd824a9fa6ad650d74b50b584c69872be93f05c1db8a04a84783685c2ab3d53317a9057497a6c6b19b8c117bbaf9b68d806a6a68ec7933c0b430" +
    "700e45f8262f353e8ea34300e8b6181c627ddaeba9fc9a9670a63f6b5961d5bd62bd300d29011bcf1326fd3ed15a16c1568c6c64959d14886d22d742" +
    "1c4690cc6b798f9a2a5e84b844d8a1a62534b3263c2e0a0c1d03b6e825c61f6d24c690843579a1dbe036405a948511b1c1c4875ea2c7a4ec4d37019a" +
    "f5094c2024969029c034925034d48e92356ca17a308cc9575c1b8729b7dae7236f13107b661da0604cf842d0339c7840acfb40b62956a5f51d84efa7" +
    "006ad40ec6ff23928cbceb50af104d17d2e06688a6842db821ab131ae9a36dc577865864a54dd75aa76c858e1007328c94aea434d7e4de49c0") as Hex,
  message: "0x4d79206e616d652069732052656e6175642066726f6d205a4b4e4f5821212121" as Hex,
  signature: ("0x" +
    "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f2002f872ea62f8900872f802fb200cb00cf2f7001df" +
    "2fb62fe92f9d2fcb0006009d2fe52fbd0134010c2e542f80008f005e2fbb2fa02f9e002d2fe500192e5a2f542f9a008b00b42e4c2ff32f1200d32f99" +
    "2f5f00390020001b2fb92fa92e752fff00932fcf009100042fbe2fe700c42f6000d12ff600c52f5c006200622fb5004e007a2fe82eef01872f0b2ffe" +
    "2fff007900332fef2fd1009b2f842faf002f00fe001a2f0c2ec02fdc2fdd2f712fb8004e00022ff02f1700a02f172f532f142f4c2fd400582f7a2ff0" +
    "0060002100622f0401102feb2fd800532f822f5c002200dd017600d92ff92f43002000e32f942fdd2fd22edb00dc2f570025008b004b00202f162f36" +
    "005c2fb9005300ae003e00592f9501cb2fc6008d2f01000d2fc82fbd008c2eeb011f2ffd2f762f7c00d02fa52ffd2ed80032018300872f9f2f8f0109" +
    "2f5400d82f0f2eef00ed00e4008000352fcb2f260068010e0067003b2fba00502f9d2eff2faa00bb0053003e2f5700ae2fbb2f0a2f5400132fd82fd8" +
    "0087009b00cd2fc32f422fcf2fc0004701072fee2fb4001900112fac2fab00ae007f001c2fce001000352ff52f9500de2fc82eeb00b2000f00142fb4" +
    "2f6c00422f7700072f92001b2f7f2f9f0012000501b300df00762fe12f332ffe00c5002e019401042ef0009c2fe72fc600b42fce00242ff12fcd2fb7" +
    "006f000400de00522f852f692e4000e12fd02f842f562f182f7e2f5701302ff02faf00102f44004100382f692f912e9100a700ad01412f5900142fda" +
    "2f6100522f6a009e2fad2f6201752fb700a9003a2e2902422fb12f4600e4002f2ebe00992f422ffa00a3012a009800ac000a2fc02ecd00352fc1004f" +
    "0027006200f6007a0104007a009200512f6d005c00922f6a2f6600a1002b2ffe011e015e2fc12f8500142fa20025007401b72f4e2fa400b100c8010a" +
    "00a12f5c2f3a00ff2ffc2f972f372ef200b12fb000a90016008700352f9f0074008e00582f242f32007c2ffa2eea2f82003900862fc32ff501270071" +
    "00ee00c1007b2e4c2f8f2f3f00942ffd2fed2fe9005b2f672f962fa2010b2eca2f4d2fda00d72ff22fe4005b2ff801692f1e2f3300b82f8900ca0035" +
    "0039006d00ae0180011700632f9300e92f7b00a42efe00442fac2f312f8600692fea00562fd4001900b72e3f2fba00a22f220024000a2f630015001d" +
    "2ff600a22fca2fde2f002fb900ac00080059004a00b02fec01432fbe004d2f2800622ff500bc00172f902f682fa32f652f1c2f4c011a2ff800f02fc9" +
    "2fef008b00442eff2f862f4b002f004d2fc1007b004101120053008f000501c5000b00122fd92f4200a0009800732f9c2fe72f7e2f9d2e73010d2f7d" +
    "01a72ecd0162004b2f282fef010000302fdb001e00a62ff9011d014000282ff02fb92ff72f682fb72f692fc1") as Hex,
};

/** The labelled keccak variant's row scheme: Falcon-512's parameters, no NIST standing. */
export const falcon512KeccakScheme = { name: "falcon512-keccak", variant: "keccak (ETHFALCON, not FIPS 206)", securityBits: 128, nistCategory: undefined };

/**
 * Falcon-512 and its keccak variant verified side by side through the ERC-7913 gas meter (`eth_call`, verifier
 * warm): `Falcon512Verifier` on an SDK signature (CT form, fewest SHAKE256 blocks, as the account signer makes it),
 * and `Falcon512KeccakVerifier`, deployed here, on ETHFALCON's own vector. Both must verify.
 */
export async function measureKeccakVariant(environment: Environment): Promise<{ standard: Measurement; variant: Measurement }> {
  const { client, walletClient } = environment;
  const deployment = await walletClient.deployContract({ abi: falcon512KeccakVerifierAbi, bytecode: falcon512KeccakVerifierBytecode });
  const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployment });
  const expanded = expandFalconPublicKey(ethfalconVector.publicKey);
  const keccak = await measureVerifyGas({
    client,
    verifier: contractAddress!,
    key: expanded.key,
    hash: ethfalconVector.message,
    signature: ethfalconVector.signature,
    expandedKey: expanded.bytes,
  });
  if (!keccak.valid) throw new Error("Falcon512KeccakVerifier rejected ETHFALCON's own test vector");

  // A fixed 48-byte key-generation seed.
  const seed = concatHex([keccak256(stringToHex("pq4337-bench/falcon512/variants")), slice(keccak256(stringToHex("pq4337-bench/variants")), 0, 16)]);
  const signer = falcon512Signer({ seed, deterministic: true });
  const hash = keccak256(stringToHex("pq4337-bench/falcon512/variants/hash"));
  const standard = await measureVerifyGas({
    client,
    verifier: getPQ4337Addresses().verifiers.falcon512!,
    key: signer.key,
    hash,
    signature: await signer.sign({ hash }),
    expandedKey: signer.expandedKey.bytes,
  });
  if (!standard.valid) throw new Error("Falcon512Verifier rejected the SDK's signature");
  const note = "eth_call through ERC7913GasMeter (verifier warm)";
  return {
    standard: { bench_name: "variant.verify", surface: "variant", unit: "gas", gas: standard.gas, notes: `Falcon512Verifier, SDK signature (CT, fewest SHAKE256 blocks); ${note}` },
    variant: { bench_name: "variant.verify", surface: "variant", unit: "gas", gas: keccak.gas, notes: `Falcon512KeccakVerifier, ETHFALCON test/ethfalcon.t.sol testVector0; ${note}` },
  };
}

/** ERC-7562's MAX_VERIFICATION_GAS. */
const verificationBound = 500_000;

/**
 * The report's "standard vs keccak variant" section: Falcon-512's verifier beside its labelled keccak variant, both
 * measured by this run with one harness, with the standard's ERC-7562 standing from the main tables, and ZKNox's
 * own verifier of the variant as measured beside ours once ({@link falconKeccakAnchors}). Empty when the run did not
 * measure the variant.
 */
export function variantSection(rows: Row[]): string[] {
  const measured = rows.filter((row) => row.surface === "variant" && row.gas !== null);
  const standard = measured.find((row) => row.scheme === "falcon512");
  const variant = measured.find((row) => row.scheme === falcon512KeccakScheme.name);
  if (!standard || !variant) return [];
  const declared = rows.find((row) => row.scheme === "falcon512" && row.bench_name === "validateUserOp.verificationGasLimit" && row.hardfork === standard.hardfork);
  const fmt = (value: number) => value.toLocaleString("en-US");
  const perBit = (gas: number) => fmt(Math.round(gas / 128));
  const fit = declared?.gas ? `${declared.gas <= verificationBound ? "fits" : "exceeds"} (declared verificationGasLimit ${fmt(declared.gas)})` : "–";
  return [
    "## Falcon-512: standard and keccak variant",
    "",
    "The keccak variant (ETHFALCON, ZKNox's) replaces SHAKE256 by keccak-CTR in HashToPoint: it is not FIPS 206 and not NIST-approved, and is labelled so wherever it appears. Both verifiers measured by this run through the ERC-7913 gas meter (`eth_call`, verifier warm): the standard on an SDK signature, the variant on ETHFALCON's own test vector. 128 bits by the convention above (Falcon-512's parameters).",
    "",
    "| verifier | standard status | verify | gas / secure bit | ERC-7562 (steady state) |",
    "|---|---|---:|---:|---|",
    `| Falcon512Verifier (SHAKE256) | round-3 Falcon, what FIPS 206 (draft) standardises | ${fmt(standard.gas!)} | ${perBit(standard.gas!)} | ${fit} |`,
    `| Falcon512KeccakVerifier (keccak-CTR) | variant: not FIPS 206, not NIST-approved | ${fmt(variant.gas!)} | ${perBit(variant.gas!)} | not measured: the SDK has no ETHFALCON signer yet (verify alone is ${Math.round((100 * variant.gas!) / verificationBound)} % of the ${fmt(verificationBound)} bound) |`,
    "",
    "Beside ZKNox's own verifier of the variant, measured once with the same meter and vectors (see `packages/bench/src/anchors.ts`; not re-measured by this run):",
    "",
    "| implementation | verify, 17 ETHFALCON signatures | s2 coefficient written as itself + q |",
    "|---|---:|---|",
    ...falconKeccakAnchors.map((anchor) => `| ${anchor.implementation} | ${anchor.gas} | ${anchor.aliases} |`),
    "",
    "Precompiles: EIP-8052 (draft) prices Falcon-512 at 3,000 gas (hash-to-point 1,000 + core 2,000); our verifiers do not dispatch to a precompile yet.",
  ];
}
