import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Hex } from "viem";
import { InvalidHexError } from "../errors/keys.js";
import { toBytes } from "./toBytes.js";

describe("toBytes", () => {
  it("passes bytes through and decodes whole-byte hex", () => {
    const bytes = Uint8Array.of(1, 2);
    assert.equal(toBytes(bytes, "x"), bytes);
    assert.deepEqual(toBytes("0x0102", "x"), bytes);
    assert.deepEqual(toBytes("0x", "x"), new Uint8Array(0));
  });

  it("rejects odd-length and non-hex strings instead of padding them", () => {
    assert.throws(() => toBytes("0x123", "publicKey"), InvalidHexError);
    assert.throws(() => toBytes("0xgg" as Hex, "publicKey"), InvalidHexError);
    assert.throws(() => toBytes("1234" as Hex, "publicKey"), /`publicKey` is not valid hex/);
  });
});
