// The report's charts as a reader sees them: rendered by Chromium, every label inside the picture and none on top
// of another. Saves a screenshot of each under test-results/charts/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { type Browser, chromium } from "playwright-core";
import { groupedLogBars, stackedBars } from "./report.js";
import { benchSubjects } from "./runBench.js";

const chromiumPath = process.env.PQ4337_CHROMIUM ?? "/usr/bin/chromium";
const screenshots = new URL("../../../test-results/charts/", import.meta.url).pathname;

/** Every subject the bench reports, as in a full run, plus the shared Keccak-f row and a longer name than any. */
const groups = [...Object.keys(benchSubjects()), "keccak-f1600", "webauthn+falcon1024+mldsa87"];
const values = (scale: number) => groups.map((_, i) => Math.round(scale * (1 + ((i * 7) % 11))));

type Box = { left: number; top: number; right: number; bottom: number };
type Label = { kind: string; text: string; box: Box; turned: Box | null };

/** Each text element's box in the page and, for a turned x label, its box in the labels' own (unturned) frame. */
async function labelsOf(browser: Browser, svg: string, name: string): Promise<{ width: number; height: number; labels: Label[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    mkdirSync(screenshots, { recursive: true });
    await page.locator("svg").screenshot({ path: `${screenshots}${name}.png` });
    return await page.evaluate(() => {
      const svgElement = document.querySelector("svg")!;
      const [, , width, height] = svgElement.getAttribute("viewBox")!.split(" ").map(Number) as [number, number, number, number];
      const labels = [...svgElement.querySelectorAll("text")].map((text) => {
        const rect = text.getBoundingClientRect();
        const box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        // rotate(-a cx cy) maps p to c + R(p − c); turned back by R⁻¹ every label is its own box moved by R⁻¹c − c.
        const match = /rotate\((-?[\d.]+) ([\d.]+) ([\d.]+)\)/.exec(text.getAttribute("transform") ?? "");
        let turned = null;
        if (match && text.classList.contains("x-label")) {
          const [angle, cx, cy] = match.slice(1).map(Number) as [number, number, number];
          const radians = (-angle * Math.PI) / 180;
          const dx = Math.cos(radians) * cx - Math.sin(radians) * cy - cx;
          const dy = Math.sin(radians) * cx + Math.cos(radians) * cy - cy;
          const local = text.getBBox();
          turned = { left: local.x + dx, top: local.y + dy, right: local.x + local.width + dx, bottom: local.y + local.height + dy };
        }
        return { kind: text.getAttribute("class") ?? "title", text: text.textContent ?? "", box, turned };
      });
      return { width, height, labels };
    });
  } finally {
    await page.close();
  }
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe("the report's charts in Chromium", () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  });
  after(async () => {
    await browser?.close();
  });

  const charts = {
    "gas-per-secure-bit": () =>
      groupedLogBars("Gas per secure bit (log scale)", "gas per secure bit (gas/bit, log scale)", groups, [
        { label: "verify", values: values(300) },
        { label: "validateUserOp", values: values(400) },
        { label: "handleOps", values: values(600) },
      ]),
    "handleops-breakdown": () =>
      stackedBars("handleOps gas breakdown", "gas per user operation (gas)", groups, [
        { label: "verification (validateUserOp)", values: values(90_000) },
        { label: "calldata + intrinsic", values: values(20_000) },
        { label: "execution", values: values(5_000) },
        { label: "EntryPoint overhead", values: values(30_000) },
      ]),
  };

  for (const [name, render] of Object.entries(charts))
    it(`${name}: ${groups.length} turned x labels, both axis titles and the legend inside the picture, none overlapping`, async () => {
      const { width, height, labels } = await labelsOf(browser, render(), name);
      const xLabels = labels.filter(({ kind }) => kind === "x-label");
      assert.deepEqual(xLabels.map(({ text }) => text), groups, "one label per scheme, in order");
      assert.equal(labels.filter(({ kind }) => kind === "axis-title").length, 2, "a y title and an x title");
      assert.ok(labels.filter(({ kind }) => kind === "legend").length >= 3);
      for (const { text, box } of labels)
        assert.ok(box.left >= 0 && box.top >= 0 && box.right <= width && box.bottom <= height, `"${text}" leaves the ${width}×${height} picture: ${JSON.stringify(box)}`);
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) {
          // Two turned labels compare in their own frame, where their boxes are exact; anything else by its page box.
          const collide = a.turned && b.turned ? overlap(a.turned, b.turned) : overlap(a.box, b.box);
          assert.ok(!collide, `"${a.text}" (${a.kind}) overlaps "${b.text}" (${b.kind})`);
        }
    });
});
