import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Wallet, encryptKeystoreJsonSync } from "ethers";
import { type Hex, keccak256, stringToHex } from "viem";
import { InvalidKeyFileError, KeyFileDecryptionError } from "../errors/keyFile.js";
import { schemes } from "../schemes.js";
import { createPlaintextKeyFile, decryptKeyFile, encryptKeyFile, generateKeyFileSecret, keyFileSchemes, parseKeyFile } from "./keyFile.js";

// Cheap scrypt for tests; files written by the CLI use the default (N = 2¹⁸).
const scrypt = { n: 2 ** 10, r: 8, p: 1 };
const hash = keccak256(stringToHex("key file"));

describe("encryptKeyFile / decryptKeyFile", () => {
  for (const scheme of keyFileSchemes) {
    it(`${scheme}: round-trips through JSON and gives a signer whose signatures verify`, async () => {
      const secret = generateKeyFileSecret(scheme);
      const keyFile = await encryptKeyFile({ scheme, secret, passphrase: "correct horse", scrypt });
      assert.equal(JSON.stringify(keyFile).includes(secret.slice(2)), false, "the secret is not in the file");
      const opened = await decryptKeyFile({ keyFile: JSON.stringify(keyFile), passphrase: "correct horse" });
      assert.equal(opened.scheme, scheme);
      assert.equal(opened.secret, secret);
      assert.equal(opened.signer.publicKey, keyFile.publicKey);
      assert.equal(schemes[scheme]!.verify(opened.signer.publicKey, hash, await opened.signer.sign({ hash })), true);
    });
  }

  it("refuses a wrong passphrase, an altered ciphertext and a swapped public key with KeyFileDecryptionError", async () => {
    const keyFile = await encryptKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa"), passphrase: "right", scrypt });
    await assert.rejects(decryptKeyFile({ keyFile, passphrase: "wrong" }), KeyFileDecryptionError);
    assert.equal(keyFile.crypto.cipher, "aes-256-gcm");
    if (keyFile.crypto.cipher !== "aes-256-gcm") return;
    const ciphertext = keyFile.crypto.ciphertext;
    const flipped = `${ciphertext.slice(0, -1)}${ciphertext.endsWith("0") ? "1" : "0"}` as Hex;
    await assert.rejects(decryptKeyFile({ keyFile: { ...keyFile, crypto: { ...keyFile.crypto, ciphertext: flipped } }, passphrase: "right" }), KeyFileDecryptionError);
    const other = createPlaintextKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa") });
    await assert.rejects(decryptKeyFile({ keyFile: { ...keyFile, publicKey: other.publicKey }, passphrase: "right" }), KeyFileDecryptionError);
  });

  it("a plaintext file opens without a passphrase; an encrypted one does not", async () => {
    const secret = generateKeyFileSecret("falcon512");
    const plaintext = createPlaintextKeyFile({ scheme: "falcon512", secret });
    assert.equal((await decryptKeyFile({ keyFile: plaintext })).secret, secret);
    const encrypted = await encryptKeyFile({ scheme: "falcon512", secret, passphrase: "p", scrypt });
    assert.equal(encrypted.publicKey, plaintext.publicKey);
    await assert.rejects(decryptKeyFile({ keyFile: encrypted }), /no passphrase was given/);
  });

  it("rejects malformed files with InvalidKeyFileError naming the problem", async () => {
    const valid = createPlaintextKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa") });
    const cases: [unknown, RegExp][] = [
      ["not json", /not JSON/],
      [[], /JSON object/],
      [{ ...valid, kind: "other" }, /pq4337-key/],
      [{ ...valid, scheme: "rsa" }, /unknown scheme "rsa"/],
      [{ ...valid, publicKey: "abcd" }, /"publicKey" must be non-empty 0x-prefixed hex/],
      [{ ...valid, crypto: { cipher: "none", plaintextSecret: "0x1234" } }, /ecdsa secret is malformed/],
      [{ ...valid, publicKey: createPlaintextKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa") }).publicKey }, /public key is not the secret's/],
      [{ ...valid, crypto: { cipher: "aes-256-gcm", kdf: "scrypt", kdfparams: { n: 2 ** 24, r: 8, p: 1, dklen: 32, salt: "0x00" } } }, /more than 1 GiB/],
      [{ ...valid, crypto: { cipher: "aes-256-gcm", kdf: "scrypt", kdfparams: { n: 1000, r: 8, p: 1, dklen: 32, salt: "0x00" } } }, /power of two/],
    ];
    for (const [keyFile, message] of cases) {
      await assert.rejects(decryptKeyFile({ keyFile, passphrase: "p" }), (error: Error) => error instanceof InvalidKeyFileError && message.test(error.message));
    }
    assert.throws(() => parseKeyFile({ version: 3 }), InvalidKeyFileError);
  });
});

describe("decryptKeyFile with Ethereum V3 keystores", () => {
  it("opens a keystore written by ethers (scrypt) and refuses a wrong passphrase", async () => {
    const wallet = Wallet.createRandom();
    const keystore = encryptKeystoreJsonSync({ address: wallet.address, privateKey: wallet.privateKey }, "ethers passphrase", { scrypt: { N: 2 ** 10 } });
    const opened = await decryptKeyFile({ keyFile: keystore, passphrase: "ethers passphrase" });
    assert.equal(opened.scheme, "ecdsa");
    assert.equal(opened.secret, wallet.privateKey);
    assert.equal(opened.signer.key, wallet.address);
    await assert.rejects(decryptKeyFile({ keyFile: keystore, passphrase: "wrong" }), KeyFileDecryptionError);
  });

  // The two test vectors of the Web3 Secret Storage Definition (password "testpassword").
  const vectorKey = "0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d";
  it("opens the specification's PBKDF2 test vector", async () => {
    const keystore = {
      version: 3,
      crypto: {
        cipher: "aes-128-ctr",
        cipherparams: { iv: "6087dab2f9fdbbfaddc31a909735c1e6" },
        ciphertext: "5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46",
        kdf: "pbkdf2",
        kdfparams: { c: 262144, dklen: 32, prf: "hmac-sha256", salt: "ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd" },
        mac: "517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2",
      },
    };
    assert.equal((await decryptKeyFile({ keyFile: keystore, passphrase: "testpassword" })).secret, vectorKey);
  });

  it("opens the specification's scrypt test vector", async () => {
    const keystore = {
      version: 3,
      crypto: {
        cipher: "aes-128-ctr",
        cipherparams: { iv: "83dbcc02d8ccb40e466191a123791e0e" },
        ciphertext: "d172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c",
        kdf: "scrypt",
        kdfparams: { dklen: 32, n: 262144, p: 8, r: 1, salt: "ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19" },
        mac: "2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097",
      },
    };
    assert.equal((await decryptKeyFile({ keyFile: keystore, passphrase: "testpassword" })).secret, vectorKey);
  });
});
