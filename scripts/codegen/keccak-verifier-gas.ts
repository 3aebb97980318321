// Verify gas of the verifiers that run Keccak-f[1600] (Falcon-512 through HashToPoint, ML-DSA-65 through SHAKE), on
// fixed keys (the bench's seed naming) and a fixed hash, measured as the SDK measures it (ERC7913GasMeter through an
// eth_call state override). Needs compiled artifacts. Usage: node --import tsx scripts/codegen/keccak-verifier-gas.ts
import { keccak256, stringToHex, zeroAddress } from "viem";
import { network } from "hardhat";
import { deployCodeChunks, measureVerifyGas, schemes } from "@pq4337/sdk";
import { deployFixture } from "../../test/helpers/deployment.js";

const connection = await network.create();
const fixture = await deployFixture(connection);
const seed = (scheme: string) => keccak256(stringToHex(`pq4337-bench/${scheme}/account`));
const hash = keccak256(stringToHex("pq4337 Keccak-f verifier gas"));
const subjects = [
  { name: "Falcon512Verifier", signer: schemes.falcon512!.createSigner(seed("falcon512")), args: [zeroAddress, zeroAddress] },
  { name: "MLDSA65Verifier", signer: schemes.mldsa65!.createSigner(seed("mldsa65")), args: [zeroAddress] },
] as const;
for (const { name, signer, args } of subjects) {
  const verifier = await connection.viem.deployContract(name, args as never);
  await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: (signer as unknown as { expandedKey: { bytes: Uint8Array } }).expandedKey.bytes });
  const signature = await signer.sign({ hash });
  const { valid, gas } = await measureVerifyGas({ client: fixture.client, verifier: verifier.address, key: signer.key, hash, signature });
  console.log(`${name}.verify: ${gas} gas (valid: ${valid})`);
}
