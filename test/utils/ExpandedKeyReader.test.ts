import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Address, type Hex, concatHex, custom, keccak256, numberToHex, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { codeChunkMaxSize, codeChunksCommitment, toCodeChunks } from "../../packages/sdk/src/keys/codeStore.js";
import { delegateEOA } from "../helpers/eip7702.js";

const connection = await network.create();
const client = await connection.viem.getPublicClient();
const mock = await connection.viem.deployContract("ExpandedKeyReaderMock");

let next = 0x7eed00;
/** Places `code` at a fresh address and returns it. */
async function place(code: Hex): Promise<Address> {
  const address = toHex(next++, { size: 20 });
  await connection.provider.request({ method: "hardhat_setCode", params: [address, code] });
  return address;
}

/** The code store's chunks of `data`, placed at fresh addresses; the honest key to them. */
async function store(data: Hex): Promise<{ key: Hex; commitment: Hex; addresses: Address[] }> {
  const chunks = toCodeChunks(data);
  const addresses = await Promise.all(chunks.map(({ runtimeCode }) => place(runtimeCode)));
  const commitment = codeChunksCommitment(chunks);
  return { key: concatHex([commitment, ...addresses]), commitment, addresses };
}

const random = (length: number): Hex => toHex(crypto.getRandomValues(new Uint8Array(length)));

/** Reads with the assembly and the reference, checks they agree, and returns the assembly's answer. */
async function read(key: Hex, length: number): Promise<readonly [boolean, Hex]> {
  const result = await mock.read.read([key, BigInt(length)]);
  assert.deepEqual(await mock.read.referenceRead([key, BigInt(length)]), result);
  return result;
}

describe("ExpandedKeyReader.commitmentOf (assembly) against the reference and the SDK's codeChunksCommitment", () => {
  it("agrees on every chunk boundary and leaves the data as it was", async () => {
    const lengths = [0, 1, 31, 32, 33, 2945, codeChunkMaxSize - 1, codeChunkMaxSize, codeChunkMaxSize + 1, 2 * codeChunkMaxSize + 33];
    for (const length of lengths) {
      const data = random(length);
      const [commitment, unchanged] = await mock.read.commitmentOf([data]);
      assert.equal(unchanged, true, `length ${length}`);
      assert.equal(commitment, await mock.read.referenceCommitmentOf([data]), `length ${length}`);
      assert.equal(commitment, codeChunksCommitment(toCodeChunks(data)), `length ${length}`);
    }
    // keccak256 of the code hashes, not of the data.
    const data = random(100);
    assert.equal(codeChunksCommitment(toCodeChunks(data)), keccak256(keccak256(concatHex(["0x00", data]))));
  });
});

describe("ExpandedKeyReader.read (assembly) against the reference: the code hashes bind the chunks", () => {
  for (const length of [2945, codeChunkMaxSize + 1000, 2 * codeChunkMaxSize + 500]) {
    it(`reads ${length} bytes from honest chunks and refuses every substitute (${Math.ceil(length / codeChunkMaxSize)} chunk(s))`, async () => {
      const data = random(length);
      const { key, commitment, addresses } = await store(data);
      assert.deepEqual(await read(key, length), [true, data]);

      const chunks = toCodeChunks(data);
      const last = chunks.length - 1;
      const lastData = chunks[last]!.data;
      const eoa = privateKeyToAccount(generatePrivateKey());
      await connection.provider.request({ method: "hardhat_setBalance", params: [eoa.address, numberToHex(10n ** 18n)] });
      const delegated = generatePrivateKey();
      const delegatedAddress = privateKeyToAccount(delegated).address;
      await connection.provider.request({ method: "hardhat_setBalance", params: [delegatedAddress, numberToHex(10n ** 18n)] });
      await delegateEOA({ client, transport: custom(connection.provider), privateKey: delegated, target: addresses[last]! });
      const withLast = (address: Address): Hex => concatHex([commitment, ...addresses.slice(0, last), address]);
      const substitutes: [string, Hex][] = [
        ["a chunk with an extra byte", withLast(await place(concatHex(["0x00", lastData, "0x00"])))],
        ["a chunk one byte short", withLast(await place(concatHex(["0x00", lastData]).slice(0, -2) as Hex))],
        ["0xff ‖ data", withLast(await place(concatHex(["0xff", lastData])))],
        ["the data without its STOP byte", withLast(await place(lastData))],
        ["the reader's own address", withLast(mock.address)],
        ["an EOA", withLast(eoa.address)],
        ["an EIP-7702 delegated EOA (0xef0100 ‖ the chunk's address)", withLast(delegatedAddress)],
        ["an address without an account", withLast("0x000000000000000000000000000000000000dead")],
        ["the commitment to other data", concatHex([keccak256(commitment), ...addresses])],
        ["keccak256 of the data (the old commitment)", concatHex([keccak256(data), ...addresses])],
        ["a key one address short", concatHex([commitment, ...addresses.slice(0, last)])],
        ["a key one address long", concatHex([key, addresses[0]!])],
      ];
      if (chunks.length > 1) {
        const [first, second, ...rest] = addresses;
        substitutes.push(["two chunks swapped", concatHex([commitment, second!, first!, ...rest])]);
        substitutes.push(["a chunk given twice", concatHex([commitment, first!, first!, ...rest])]);
      }
      for (const [name, candidate] of substitutes) assert.deepEqual(await read(candidate, length), [false, "0x"], name);
      assert.equal(await client.getCode({ address: delegatedAddress }), concatHex(["0xef0100", addresses[last]!]).toLowerCase());
    });
  }

  it("refuses a key committed to codes that are not the code store's, so the data read always has the key's commitment", async () => {
    // A key nobody could attest, its commitment over other codes: another first byte, a byte more, a byte less.
    const data = random(2945);
    for (const code of [concatHex(["0xff", data]), concatHex(["0x00", data, "0x01"]), concatHex(["0x00", data]).slice(0, -2) as Hex]) {
      const address = await place(code);
      assert.deepEqual(await read(concatHex([keccak256(keccak256(code)), address]), 2945), [false, "0x"], code.slice(0, 4));
    }
  });
});
