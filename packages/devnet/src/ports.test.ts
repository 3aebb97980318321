import assert from "node:assert/strict";
import { type Server, createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { choosePort } from "./ports.js";

describe("choosePort", () => {
  let busy: Server;
  let busyPort: number;
  before(async () => {
    busy = createServer();
    busyPort = await new Promise((resolve) => busy.listen(0, "127.0.0.1", () => resolve((busy.address() as { port: number }).port)));
  });
  after(() => busy.close());

  it("refuses a requested port that is busy, out of range, or already the devnet's", async () => {
    await assert.rejects(choosePort({ requested: busyPort, preferred: 8545, what: "anvil" }), new RegExp(`^Error: anvil port ${busyPort} is in use on 127\\.0\\.0\\.1$`));
    for (const port of [0, 65_536, 1.5])
      await assert.rejects(choosePort({ requested: port, preferred: 8545, what: "anvil" }), /port must be an integer from 1 to 65535/);
    await assert.rejects(choosePort({ requested: 4000, preferred: 4337, taken: 4000, what: "bundler" }), /bundler port 4000 is in use/);
  });

  it("uses a requested port that is free", async () => {
    const free = await choosePort({ requested: undefined, preferred: busyPort, what: "anvil" });
    assert.equal(await choosePort({ requested: free, preferred: busyPort, what: "anvil" }), free);
  });

  it("falls back from a busy or taken default to a free port", async () => {
    const fallback = await choosePort({ requested: undefined, preferred: busyPort, what: "anvil" });
    assert.notEqual(fallback, busyPort);
    assert.ok(fallback > 0);
    const preferred = await choosePort({ requested: undefined, preferred: fallback, what: "anvil" });
    assert.equal(preferred, fallback, "a free default is kept");
    assert.notEqual(await choosePort({ requested: undefined, preferred: fallback, taken: fallback, what: "bundler" }), fallback);
  });
});
