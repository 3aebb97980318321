import { concatBytes, concatHex, hexToBytes, keccak256, size, slice, stringToHex, toHex } from "viem";
import { type Scheme, falcon1024Signer, falcon512Signer, getPQ4337Addresses, measureVerifyGas } from "@pq4337/sdk";
import { falconHashToPointBlocks, falconMinHashToPointBlocks, transcodeFalconSignature } from "@pq4337/sdk/falcon";
import type { Environment } from "./environment.js";
import type { Measurement } from "./dataset.js";
import { calldataGas } from "./metrics.js";

/**
 * Falcon's `verify` gas by signature form and by how many SHAKE256 blocks HashToPoint reads: one key, two hashes
 * (one whose signature needs the fewest blocks, one that needs one more), each signature in the three forms the
 * verifiers accept. The account signer signs in CT with the fewest blocks; PQClean and noble produce the
 * compressed and padded forms, and a signer that does not pick its nonce gets one more block about 60 % of the time.
 * Measured with `eth_call` through the ERC-7913 gas meter (verifier warm), so the figures compare with each other,
 * not with the traced `verify` of a user operation.
 */
export async function measureFalconForms(environment: Environment, scheme: Scheme): Promise<Measurement[]> {
  const n = scheme.name === "falcon512" ? 512 : 1024;
  const createSigner = n === 512 ? falcon512Signer : falcon1024Signer;
  // A fixed 48-byte key-generation seed.
  const seed = concatHex([keccak256(stringToHex(`pq4337-bench/${scheme.name}/forms`)), slice(keccak256(stringToHex("pq4337-bench/forms")), 0, 16)]);
  const signer = createSigner({ seed, deterministic: true, minimizeHashToPoint: false, format: "compressed" });
  const verifier = getPQ4337Addresses().verifiers[scheme.name]!;
  const minimum = falconMinHashToPointBlocks(n);

  const measurements: Measurement[] = [];
  for (const blocks of [minimum, minimum + 1]) {
    // Deterministic hashes, the first whose deterministic signature needs `blocks` blocks.
    for (let index = 0; ; index++) {
      const hash = keccak256(toHex(`pq4337-bench/${scheme.name}/forms/${index}`));
      const compressed = hexToBytes(await signer.sign({ hash }));
      if (falconHashToPointBlocks(concatBytes([compressed.subarray(1, 41), hexToBytes(hash)]), n) !== blocks) continue;
      for (const format of ["ct", "padded", "compressed"] as const) {
        const signature = toHex(transcodeFalconSignature({ signature: compressed, n, format }));
        const { valid, gas } = await measureVerifyGas({
          client: environment.client,
          verifier,
          key: signer.key,
          hash,
          signature,
          expandedKey: signer.expandedKey.bytes,
        });
        if (!valid) throw new Error(`${scheme.name}: the verifier rejected a valid ${format} signature`);
        measurements.push({
          bench_name: `verify.falcon_form.${format}.${blocks}_blocks`,
          surface: "verify",
          unit: "gas",
          gas,
          calldata_bytes: size(signature),
          notes: `${format} form, HashToPoint reads ${blocks} SHAKE256 blocks; signature calldata ${calldataGas(hexToBytes(signature)).eip2028} gas (EIP-2028); eth_call through ERC7913GasMeter`,
        });
      }
      break;
    }
  }
  return measurements;
}
