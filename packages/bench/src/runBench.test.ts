import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { startDevnet } from "@pq4337/devnet";
import { columns } from "./dataset.js";
import { routineSchemes, runBench } from "./runBench.js";

const out = mkdtempSync(join(tmpdir(), "pq4337-bench-"));
after(() => rmSync(out, { recursive: true, force: true }));

describe("pnpm bench --quick on the devnet", () => {
  it("writes the dataset, report and charts with every field, for every scheme", async () => {
    const rows = await runBench({ out, ops: 1, quick: true });
    for (const file of ["results.jsonl", "results.csv", "report.md", "gas-per-secure-bit.svg", "handleops-breakdown.svg"])
      assert.ok(existsSync(join(out, file)), file);

    const lines = readFileSync(join(out, "results.jsonl"), "utf8").trimEnd().split("\n");
    assert.equal(lines.length, rows.length);
    for (const line of lines) assert.deepEqual(Object.keys(JSON.parse(line)).sort(), [...columns].sort());
    assert.equal(readFileSync(join(out, "results.csv"), "utf8").split("\n")[0], columns.join(","));

    for (const scheme of new Set(rows.filter((row) => !routineSchemes.includes(row.scheme) && row.surface !== "variant").map((row) => row.scheme))) {
      const surfaces = new Set(rows.filter((row) => row.scheme === scheme).map((row) => row.surface));
      for (const surface of ["verify", "validateUserOp", "handleOps", "setup", "offchain", "size", "latency"])
        assert.ok(surfaces.has(surface as never), `${scheme} lacks ${surface}`);
      const verify = rows.find((row) => row.scheme === scheme && row.surface === "verify")!;
      const handleOps = rows.find((row) => row.scheme === scheme && row.bench_name === "handleOps.transfer")!;
      assert.ok(verify.gas! > 0 && handleOps.gas! > verify.gas!, "a bundle costs more than its signature check");
      assert.equal(handleOps.gas_per_secure_bit, Math.round((handleOps.gas! / handleOps.security_bits) * 100) / 100);
      assert.match(handleOps.commit, /^([0-9a-f]{40}|unknown)$/);
      assert.match(handleOps.chain_profile, /anvil/);
    }
    for (const scheme of new Set(rows.filter((row) => row.bench_name.startsWith("verify.stage.")).map((row) => row.scheme))) {
      const stages = rows.filter((row) => row.scheme === scheme && row.bench_name.startsWith("verify.stage.")).reduce((sum, row) => sum + row.gas!, 0);
      // The profile replays the last operation's signature: compare with that operation's traced verify.
      const verify = rows.filter((row) => row.scheme === scheme && row.bench_name === "verify").at(-1)!.gas!;
      // The laps leave out the verifier's own framing (the call, the message's copy, memory): about 1 % for ML-DSA.
      assert.ok(Math.abs(stages - verify) < verify * 0.02, `${scheme}: the profile (${stages}) accounts for verify (${verify})`);
    }
    // Ed25519's multi-scalar multiplication by parts: the fixed part (every scalar zero) and what each scalar alone
    // adds to it. The chain starts at the highest digit, so each scalar's part carries its own doublings: the step
    // costs at least the fixed part with the dearest scalar's, and less than all parts together, which count the
    // doublings three times. Each scalar's part costs at least its additions' arithmetic (8 MULMODs each).
    const parts = rows.filter((row) => row.scheme === "ed25519" && row.bench_name.startsWith("verify.ed25519_msm."));
    const multiplication = rows.find((row) => row.scheme === "ed25519" && row.bench_name.startsWith("verify.stage.") && row.notes.startsWith("[b]B"))!.gas!;
    assert.equal(parts.length, 4);
    const [fixed, ...scalars] = parts.map((row) => row.gas!);
    const sum = fixed! + scalars.reduce((total, gas) => total + gas, 0);
    assert.ok(fixed! + Math.max(...scalars) <= multiplication && multiplication < sum, `Ed25519 parts ${[fixed, ...scalars].join(", ")} against the step ${multiplication}`);
    for (const part of parts.slice(1)) assert.ok(part.value! > 5 && part.gas! > part.value! * 64, `${part.notes}: ${part.gas} for ${part.value}`);
    // By table width: the deployed width (8) measures what the profile's step does; width 4 makes far more
    // additions (about 2 × 128 / 5 against 2 × 128 / 9) and costs more; 9 and 10 are counted, not measured.
    const widths = new Map(rows.filter((row) => row.bench_name.startsWith("verify.ed25519_table_width.")).map((row) => [Number(row.bench_name.split(".").at(-1)), row]));
    assert.deepEqual([...widths.keys()], [4, 5, 6, 7, 8, 9, 10]);
    assert.ok(Math.abs(widths.get(8)!.gas! - multiplication) < multiplication * 0.03, `width 8: ${widths.get(8)!.gas} against the step ${multiplication}`);
    for (const width of [4, 5, 6, 7]) assert.ok(widths.get(width)!.gas! > 0 && widths.get(width)!.value! > 0);
    assert.ok(widths.get(4)!.value! > widths.get(8)!.value! + 8 && widths.get(4)!.gas! > widths.get(8)!.gas!, "width 4 makes more additions than 8 and costs more");
    for (const width of [9, 10]) assert.ok(widths.get(width)!.gas === null && widths.get(width)!.value! > 0);
    // The routines measured alone, each in its own scheme.
    for (const bench of ["keccak_f1600.permutation", "sha512.compression", "ntt.forward", "ntt.inverse"]) {
      const row = rows.find((candidate) => candidate.bench_name === bench)!;
      assert.ok(row.gas! > 1000 && routineSchemes.includes(row.scheme), bench);
    }
    // anvil has no erc7562Tracer: the ERC-7562 rows judge the gas bound and say the rules were not checked.
    for (const kind of ["first_operation", "steady_state"])
      assert.match(rows.find((row) => row.scheme === "falcon512" && row.bench_name === `erc7562.${kind}`)!.notes, /^gas bound: (fits|exceeds); rules: not checked/);
    // Through the ERC-7579 module: each frame holds the next (account ⊃ module ⊃ verifiers), and the bundle all three.
    for (const scheme of ["falcon512", "ecdsa+mldsa65"]) {
      const gas = (bench: string) => rows.find((row) => row.scheme === scheme && row.bench_name === bench)?.gas ?? 0;
      assert.ok(gas("module.verify") > 0, `${scheme}: module.verify`);
      assert.ok(gas("module.validator") > gas("module.verify") && gas("module.validateUserOp") > gas("module.validator"), scheme);
      assert.ok(gas("module.handleOps.transfer") > gas("module.validateUserOp") && gas("module.setup.install") > 0, scheme);
    }
    const report = readFileSync(join(out, "report.md"), "utf8");
    assert.match(report, /## Through the ERC-7579 validator module/);
    assert.match(report, /\| falcon512 \| ERC-7579 \+ module \| [\d,]+ \|/);
    assert.match(report, /## Gas per user operation/);
    assert.match(report, /## Ed25519: inside the multi-scalar multiplication/);
    assert.match(report, /## Ed25519: base-point table width/);
    assert.match(report, /Published reference figures/);
    // The keccak variants are measured beside their standards, and labelled.
    const variant = rows.find((row) => row.scheme === "falcon512keccak" && row.bench_name === "variant.verify")!;
    const standard = rows.find((row) => row.scheme === "falcon512" && row.bench_name === "variant.verify")!;
    assert.ok(variant.gas! > 0 && variant.gas! < standard.gas!, "keccak-CTR HashToPoint is cheaper than SHAKE256");
    // The dataset's variant field is the registry's ("keccak"); the report spells out what that means.
    assert.equal(variant.variant, "keccak");
    assert.match(report, /\| Falcon512KeccakVerifier \(ETHFALCON, keccak-CTR HashToPoint\) \| variant: not FIPS 206, not NIST-approved \|/);
    assert.ok(rows.find((row) => row.scheme === "mldsa44keccak" && row.bench_name === "variant.verify")!.gas! > 0);
    assert.match(report, /## Standard and keccak variants/);
    assert.match(readFileSync(join(out, "gas-per-secure-bit.svg"), "utf8"), /^<svg/);
  });

  it("gives identical gas rows on a second run of the same commit on a fresh devnet", async () => {
    const gasRows = (rows: Awaited<ReturnType<typeof runBench>>) =>
      rows.filter((row) => row.gas !== null).map(({ scheme, bench_name, gas, calldata_bytes }) => ({ scheme, bench_name, gas, calldata_bytes }));
    const first = await runBench({ out: join(out, "first"), ops: 2, quick: true });
    const second = await runBench({ out: join(out, "second"), ops: 2, quick: true });
    assert.ok(gasRows(first).length > 0);
    assert.deepEqual(gasRows(second), gasRows(first));
  });

  it("sets the forks side by side and measures bundles of 1 to 8 operations, the predicted fit and a mixed bundle", async () => {
    const rows = await runBench({ out: join(out, "forks"), schemes: ["ecdsa", "webauthn"], forks: ["prague", "osaka"], bundles: true, ops: 1, quick: true });
    const gas = (scheme: string, bench: string, hardfork = "osaka") => rows.find((row) => row.scheme === scheme && row.bench_name === bench && row.hardfork === hardfork)?.gas;
    for (const hardfork of ["prague", "osaka"]) assert.ok(gas("ecdsa", "handleOps.transfer", hardfork)! > 0, hardfork);
    // EIP-7951's P-256 precompile: a passkey's verify is far cheaper on Osaka.
    assert.ok(gas("webauthn", "verify")! * 2 < gas("webauthn", "verify", "prague")!, `${gas("webauthn", "verify")} vs ${gas("webauthn", "verify", "prague")}`);

    for (const scheme of ["ecdsa", "webauthn"]) {
      const perOperation = [1, 2, 4, 8].map((n) => gas(scheme, `bundle.n${n}.per_operation`)!);
      for (let index = 1; index < perOperation.length; index++) assert.ok(perOperation[index]! < perOperation[index - 1]!, `${scheme}: ${perOperation}`);
      assert.ok(gas(scheme, "bundle.n8.gas_limit")! <= 2 ** 24 && gas(scheme, "bundle.n8.gas_limit")! >= gas(scheme, "bundle.n8.transaction")!);
      const value = (bench: string) => rows.find((row) => row.scheme === scheme && row.bench_name === bench)!.value!;
      assert.ok(value("bundle.fit_predicted") > 8 && value("bundle.fit_by_gas_used") >= value("bundle.fit_predicted"), scheme);
    }
    assert.ok(gas("ecdsa+falcon512+mldsa65", "bundle.mixed.transaction")! < gas("ecdsa+falcon512+mldsa65", "bundle.mixed.alone")!);
    const report = readFileSync(join(out, "forks", "report.md"), "utf8");
    assert.match(report, /## By fork\n/);
    assert.match(report, /\| webauthn \| [\d,]+ \| [\d,]+ \| -\d/, "verify under prague and osaka, and the change: a saving");
    assert.match(report, /## Bundles of many operations/);
    assert.match(report, /Mixed bundle \(ecdsa, falcon512, mldsa65/);
  });

  it("runs against an existing chain and bundler with a funded key", async () => {
    const devnet = await startDevnet();
    try {
      const rows = await runBench({
        out: join(out, "existing"),
        schemes: ["ecdsa"],
        ops: 1,
        quick: true,
        rpcUrl: devnet.rpcUrl,
        bundlerUrl: devnet.bundlerUrl,
        privateKey: devnet.funderPrivateKey,
      });
      assert.ok(rows.some((row) => row.bench_name === "handleOps.transfer" && row.gas! > 0));
      assert.match(rows[0]!.chain_profile, /^chain id 31337, anvil/);
    } finally {
      await devnet.stop();
    }
  });
});
