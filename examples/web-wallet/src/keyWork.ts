// The page's side of keyWorker.ts: one worker, one request at a time, and the signer rebuilt from what it returns.
import type { Hex } from "viem";
import {
  type KeyFile,
  type PQ4337Signer,
  type SchemeName,
  InvalidKeyFileError,
  KeyFileDecryptionError,
  PQ4337Error,
  decryptKeyFile,
  falcon1024Signer,
  falcon512KeccakSigner,
  falcon512Signer,
} from "@pq4337/sdk";

export type KeyWorkRequest = { type: "create"; scheme: SchemeName; passphrase: string } | { type: "unlock"; keyFile: KeyFile; passphrase: string };

export type KeyWorkResponse =
  | { ok: true; keyFile: KeyFile; secret: Hex; falconSecretKey: Hex | undefined }
  | { ok: false; name: string; message: string };

let worker: Worker | undefined;

/** Runs one request in the key worker (started on first use) and rebuilds the signer on this thread. */
export async function runKeyWork(request: KeyWorkRequest): Promise<{ keyFile: KeyFile; signer: PQ4337Signer }> {
  worker ??= new Worker(new URL("./keyWorker.js", import.meta.url), { type: "module" });
  const response = await new Promise<KeyWorkResponse>((resolve, reject) => {
    worker!.onmessage = ({ data }: MessageEvent<KeyWorkResponse>) => resolve(data);
    worker!.onerror = (event) => reject(new Error(`The key worker failed: ${event.message}`));
    worker!.postMessage(request);
  });
  if (!response.ok) throw rebuildError(response);
  return { keyFile: response.keyFile, signer: await signerFromSecret(response.keyFile, response.secret, response.falconSecretKey) };
}

/** A Falcon signer from its secret key (no key generation); any other from a plaintext key file of its secret. */
async function signerFromSecret(keyFile: KeyFile, secret: Hex, falconSecretKey: Hex | undefined): Promise<PQ4337Signer> {
  const { scheme, publicKey } = keyFile;
  if (falconSecretKey !== undefined) {
    if (scheme === "falcon512") return falcon512Signer({ secretKey: falconSecretKey });
    if (scheme === "falcon1024") return falcon1024Signer({ secretKey: falconSecretKey });
    if (scheme === "falcon512keccak") return falcon512KeccakSigner({ secretKey: falconSecretKey });
  }
  return (await decryptKeyFile({ keyFile: { version: 1, kind: "pq4337-key", scheme, publicKey, crypto: { cipher: "none", plaintextSecret: secret } } })).signer;
}

/** The SDK's typed errors survive the trip from the worker, so that describeError still tells them apart. */
function rebuildError({ name, message }: { name: string; message: string }): Error {
  if (name === "KeyFileDecryptionError") return new KeyFileDecryptionError();
  if (name === "InvalidKeyFileError") return new InvalidKeyFileError({ reason: message.replace(/^Not a valid key file: /, "").replace(/\.$/, "") });
  const error = new PQ4337Error(message);
  return Object.assign(error, { name });
}
