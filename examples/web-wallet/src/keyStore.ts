import { type KeyFile, parseKeyFile } from "@pq4337/sdk";

// Key files as the `pq4337 account` CLI writes them, kept in IndexedDB under the account's address.
const databaseName = "pq4337-web-wallet";
const storeName = "keyFiles";

export type StoredKey = { address: string; keyFile: KeyFile };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: "address" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact<result>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<result>): Promise<result> {
  const database = await open();
  try {
    return await new Promise((resolve, reject) => {
      const request = work(database.transaction(storeName, mode).objectStore(storeName));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

/** Saves a key file under its account's address, replacing an earlier copy. */
export function saveKey(stored: StoredKey): Promise<IDBValidKey> {
  return transact("readwrite", (store) => store.put(stored));
}

/** Every stored key file, each checked as the SDK parses key files. */
export async function listKeys(): Promise<StoredKey[]> {
  const stored = await transact("readonly", (store) => store.getAll() as IDBRequest<StoredKey[]>);
  return stored.map(({ address, keyFile }) => ({ address, keyFile: parseKeyFile(keyFile) }));
}
