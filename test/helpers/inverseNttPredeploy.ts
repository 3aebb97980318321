// A Hardhat plugin for the tests' in-process chains: each one starts with ML-DSA's inverse NTT contract at its
// address (contracts/utils/MLDSAInverseNTT.sol), as on a chain where `deployPQ4337` ran, so that tests can deploy
// ML-DSA verifiers, mocks and profilers directly. The code is the creation code's runtime, placed with
// `hardhat_setCode`; the real route (the CREATE2 deployer) is what test/e2e/deploy.e2e.test.ts and the devnet run,
// and test/utils/MLDSANTT.test.ts checks that both give this code at this address.
import { definePlugin } from "hardhat/plugins";
import { inverseNttCode } from "../../scripts/inverse-ntt-code.mjs";

/** Code that returns 2,048 zero bytes to any call: a look-alike the verifiers must refuse at the inverse NTT's address. */
export const inverseNttLookAlike = "0x6108005ff3" as const;

export default definePlugin({
  id: "pq4337-inverse-ntt-predeploy",
  hookHandlers: {
    network: async () => ({
      default: async () => ({
        async newConnection(context, next) {
          const connection = await next(context);
          if (connection.networkConfig.type === "edr-simulated") {
            const { address, runtimeCode } = inverseNttCode();
            await connection.provider.request({ method: "hardhat_setCode", params: [address, runtimeCode] });
          }
          return connection;
        },
      }),
    }),
  },
});
