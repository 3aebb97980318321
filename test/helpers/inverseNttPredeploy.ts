// A Hardhat plugin for the tests' in-process chains: each one starts with ML-DSA's inverse NTT contract at its
// address (contracts/utils/MLDSAInverseNTT.sol), as on a chain where `deployPQ4337` ran, so that tests can deploy
// ML-DSA verifiers, mocks and profilers directly. The code is the creation code's runtime, placed with
// `hardhat_setCode`; the real route (the CREATE2 deployer) is what test/e2e/deploy.e2e.test.ts and the devnet run,
// and test/utils/MLDSAInverseNTT.test.ts checks that both give this code at this address.
import { readFileSync } from "node:fs";
import { definePlugin } from "hardhat/plugins";

/** The inverse NTT's address, creation code and runtime code, read from its generated library. */
export function inverseNttDeployment(): { address: `0x${string}`; initCode: `0x${string}`; runtimeCode: `0x${string}` } {
  const source = readFileSync(new URL("../../contracts/utils/MLDSAInverseNTT.sol", import.meta.url), "utf8");
  const address = /address internal constant DEPLOYMENT = (0x[0-9a-fA-F]{40});/.exec(source)![1] as `0x${string}`;
  const initCode = [...source.matchAll(/hex"([0-9a-f]+)"/g)].map((match) => match[1]).join("");
  // The creation code is a 10-byte prefix that returns the runtime code after it.
  return { address, initCode: `0x${initCode}`, runtimeCode: `0x${initCode.slice(20)}` };
}

export default definePlugin({
  id: "pq4337-inverse-ntt-predeploy",
  hookHandlers: {
    network: async () => ({
      default: async () => ({
        async newConnection(context, next) {
          const connection = await next(context);
          if (connection.networkConfig.type === "edr-simulated") {
            const { address, runtimeCode } = inverseNttDeployment();
            await connection.provider.request({ method: "hardhat_setCode", params: [address, runtimeCode] });
          }
          return connection;
        },
      }),
    }),
  },
});
