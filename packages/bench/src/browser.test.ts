import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { browserSection, browserTimingsFile } from "./browser.js";

describe("browserSection", () => {
  it("tabulates the web wallet's Chromium timings when the folder has them, and is empty otherwise", () => {
    const dir = mkdtempSync(join(tmpdir(), "pq4337-browser-"));
    try {
      assert.deepEqual(browserSection(dir), []);
      const timing = (median: number) => ({ median, min: median / 2, max: median * 2, n: 5 });
      const falcon = { keygen: timing(40), sign: timing(4), verify: timing(1), key_expansion: timing(2) };
      writeFileSync(join(dir, browserTimingsFile), JSON.stringify({ browser: "Chromium 156", measuredAt: "2026-11-24T00:00:00Z", schemes: { falcon512: falcon } }));
      const lines = browserSection(dir);
      assert.match(lines[0]!, /^## Off-chain in the browser/);
      assert.match(lines[2]!, /^Chromium 156, 2026-11-24T00:00:00Z/);
      assert.equal(lines.at(-1), "| falcon512 | 40 [20–80], n=5 | 4 [2–8], n=5 | 1 [0.5–2], n=5 | 2 [1–4], n=5 |");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
