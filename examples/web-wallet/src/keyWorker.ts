// The wallet's key work, off the page's main thread: scrypt (N = 2¹⁸, about 2 s) and key generation (Falcon's takes
// a tenth of a second). The page stays responsive and shows progress meanwhile. Bundled by build.ts as keyWorker.js.
import type { Hex } from "viem";
import { type KeyFile, type SchemeName, PQ4337Error, decryptKeyFile, encryptKeyFile, generateKeyFileSecret } from "@pq4337/sdk";
import type { KeyWorkRequest, KeyWorkResponse } from "./keyWork.js";

/** What the page needs to rebuild the signer cheaply: a Falcon signer from its secret key skips the key generation. */
function unlocked(keyFile: KeyFile, secret: Hex, signer: { secretKey?: unknown }): KeyWorkResponse {
  const falconSecretKey = keyFile.scheme.startsWith("falcon") && typeof signer.secretKey === "string" ? (signer.secretKey as Hex) : undefined;
  return { ok: true, keyFile, secret, falconSecretKey };
}

self.onmessage = async ({ data }: MessageEvent<KeyWorkRequest>) => {
  let response: KeyWorkResponse;
  try {
    if (data.type === "create") {
      const scheme: SchemeName = data.scheme;
      const secret = generateKeyFileSecret(scheme);
      const keyFile = await encryptKeyFile({ scheme, secret, passphrase: data.passphrase });
      const { signer } = await decryptKeyFile({ keyFile: { ...keyFile, crypto: { cipher: "none", plaintextSecret: secret } } });
      response = unlocked(keyFile, secret, signer as { secretKey?: unknown });
    } else {
      const { secret, signer } = await decryptKeyFile({ keyFile: data.keyFile, passphrase: data.passphrase });
      response = unlocked(data.keyFile, secret, signer as { secretKey?: unknown });
    }
  } catch (error) {
    const message = error instanceof PQ4337Error ? error.shortMessage : error instanceof Error ? error.message : String(error);
    response = { ok: false, name: error instanceof Error ? error.name : "Error", message };
  }
  self.postMessage(response);
};
