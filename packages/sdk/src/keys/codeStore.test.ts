import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { network } from "hardhat";
import {
  type Address,
  type Hex,
  bytesToHex,
  concatHex,
  createPublicClient,
  createWalletClient,
  custom,
  getContractAddress,
  keccak256,
  size,
  sliceHex,
} from "viem";
import { hardhat } from "viem/chains";
import { create2DeployerAddress } from "../constants.js";
import { Create2DeployerMissingError } from "../errors/deploy.js";
import { CodeChunksNotDeployedError, InvalidHexError } from "../errors/keys.js";
import { codeChunkMaxSize, codeChunksCommitment, deployCodeChunks, toCodeChunks } from "./codeStore.js";

/** Runtime code of the deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy). */
const create2DeployerCode: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

const zeroSalt: Hex = `0x${"00".repeat(32)}`;
/** The size of an ML-DSA-65 expanded key, the data this store was built for. */
const expandedKeySize = 36_928;
const data = shake256(new TextEncoder().encode("code store test data"), { dkLen: expandedKeySize });

describe("toCodeChunks", () => {
  it("cuts 36,928 bytes into a full chunk and a 12,353-byte one, in order", () => {
    const chunks = toCodeChunks(data);
    assert.deepEqual(
      chunks.map(({ data }) => size(data)),
      [24_575, 12_353],
    );
    assert.equal(concatHex(chunks.map(({ data }) => data)), bytesToHex(data));
  });

  it("builds 0x00 ‖ chunk runtime code behind the fixed 10-byte copier, at its CREATE2 address", () => {
    for (const chunk of toCodeChunks(data)) {
      const length = size(chunk.data) + 1;
      assert.equal(chunk.runtimeCode, concatHex(["0x00", chunk.data]));
      assert.equal(
        chunk.initCode,
        concatHex([`0x61${length.toString(16).padStart(4, "0")}`, "0x80600a3d393df3", chunk.runtimeCode]),
      );
      assert.equal(size(chunk.initCode), 10 + length);
      assert.equal(
        chunk.address,
        getContractAddress({ opcode: "CREATE2", from: create2DeployerAddress, salt: zeroSalt, bytecode: chunk.initCode }),
      );
    }
  });

  it("accepts hex and bytes alike and depends only on the content", () => {
    assert.deepEqual(toCodeChunks(bytesToHex(data)), toCodeChunks(data));
    const other = data.slice();
    other[30_000] ^= 1;
    const [first, second] = toCodeChunks(other);
    assert.equal(first.address, toCodeChunks(data)[0].address);
    assert.notEqual(second.address, toCodeChunks(data)[1].address);
  });

  it("fills chunks up to the EIP-170 limit and not beyond", () => {
    assert.equal(codeChunkMaxSize, 24_576 - 1);
    assert.deepEqual(
      toCodeChunks(new Uint8Array(codeChunkMaxSize)).map(({ runtimeCode }) => size(runtimeCode)),
      [24_576],
    );
    assert.deepEqual(
      toCodeChunks(new Uint8Array(codeChunkMaxSize + 1)).map(({ data }) => size(data)),
      [codeChunkMaxSize, 1],
    );
    assert.deepEqual(toCodeChunks(new Uint8Array(0)), []);
  });

  it("rejects malformed hex instead of padding it", () => {
    assert.throws(() => toCodeChunks("0xabc"), InvalidHexError);
    assert.throws(() => toCodeChunks("0xzz" as Hex), InvalidHexError);
  });
});

describe("codeChunksCommitment", () => {
  it("is keccak256 of the chunks' code hashes keccak256(0x00 ‖ data_i), in order, not of the data", () => {
    const chunks = toCodeChunks(data);
    for (const chunk of chunks) assert.equal(chunk.codeHash, keccak256(concatHex(["0x00", chunk.data])));
    const commitment = codeChunksCommitment(chunks);
    assert.equal(commitment, keccak256(concatHex([keccak256(concatHex(["0x00", chunks[0].data])), keccak256(concatHex(["0x00", chunks[1].data]))])));
    assert.notEqual(commitment, keccak256(data));
    assert.notEqual(codeChunksCommitment(chunks.slice().reverse()), commitment);
    assert.notEqual(codeChunksCommitment([chunks[0], chunks[0]]), commitment);
    assert.equal(codeChunksCommitment([]), keccak256("0x"));
  });
});

describe("deployCodeChunks (in-process EVM)", () => {
  let connection: Awaited<ReturnType<typeof network.connect>>;
  let publicClient: ReturnType<typeof createClients>["publicClient"];
  let walletClient: ReturnType<typeof createClients>["walletClient"];

  before(async () => {
    connection = await network.connect();
    ({ publicClient, walletClient } = await clientsFor(connection));
  });
  after(() => connection.close());

  it("runs each init code to exactly 0x00 ‖ chunk", async () => {
    for (const chunk of toCodeChunks(data)) {
      const { data: returned } = await publicClient.call({ data: chunk.initCode });
      assert.equal(returned, chunk.runtimeCode);
    }
  });

  it("reports missing chunks when it has no wallet to deploy them", async () => {
    await assert.rejects(deployCodeChunks({ client: publicClient, data }), CodeChunksNotDeployedError);
  });

  it("fails with a typed error when the CREATE2 deployer is absent", async () => {
    await assert.rejects(deployCodeChunks({ client: publicClient, walletClient, data }), Create2DeployerMissingError);
  });

  it("deploys every chunk once, then sends nothing", async () => {
    await connection.provider.request({ method: "hardhat_setCode", params: [create2DeployerAddress, create2DeployerCode] });

    const first = await deployCodeChunks({ client: publicClient, walletClient, data });
    assert.equal(first.transactionHashes.length, 2);
    assert.deepEqual(
      first.addresses,
      toCodeChunks(data).map(({ address }) => address),
    );
    for (const chunk of first.chunks) {
      assert.equal(await publicClient.getCode({ address: chunk.address }), chunk.runtimeCode);
      // What a verifier reads with EXTCODECOPY(address, 1, size): the data itself.
      assert.equal(sliceHex((await publicClient.getCode({ address: chunk.address }))!, 1), chunk.data);
    }

    const second = await deployCodeChunks({ client: publicClient, walletClient, data });
    assert.deepEqual(second.transactionHashes, []);
    assert.deepEqual(second.addresses, first.addresses);
    // Once deployed, no wallet is needed to confirm it.
    assert.deepEqual((await deployCodeChunks({ client: publicClient, data })).addresses, first.addresses);
  });

  it("deploys only the chunks that are missing", async () => {
    const grown = new Uint8Array(data.length + 10);
    grown.set(data);
    const result = await deployCodeChunks({ client: publicClient, walletClient, data: grown });
    // The first chunk is unchanged and already on chain; only the new second chunk is sent.
    assert.equal(result.transactionHashes.length, 1);
    assert.equal(result.addresses[0], toCodeChunks(data)[0].address);
  });
});

function createClients(provider: Parameters<typeof custom>[0], account: Address) {
  return {
    publicClient: createPublicClient({ chain: hardhat, transport: custom(provider) }),
    walletClient: createWalletClient({ account, chain: hardhat, transport: custom(provider) }),
  };
}

async function clientsFor(connection: Awaited<ReturnType<typeof network.connect>>) {
  const [account] = (await connection.provider.request({ method: "eth_accounts" })) as Address[];
  return createClients(connection.provider, account);
}
