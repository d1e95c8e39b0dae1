import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";

import { afterAll, describe, expect, it } from "vitest";

import { InputError } from "../../src/cli/errors.js";
import { readZipEntry } from "../../src/cli/readZipEntry.js";
import { runCliInProcess } from "../support/runCliInProcess.js";
import { textEntry, whitespaceBomb, zipArchive } from "../support/zipArchive.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-fmu-bomb-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("FMU entries are inflated with a size cap", () => {
  it("the bomb builder makes what it says (checked on a small one)", () => {
    expect(inflateRawSync(whitespaceBomb(3)).length).toBe(3 * 1024 * 1024);
  });

  it("a ~4 MB FMU whose modelDescription.xml inflates to 4 GB: exit 1 ARCHIVE_ENTRY_TOO_LARGE, fast, small memory", async () => {
    const data = whitespaceBomb(4095);
    // It declares a small size, so only the streamed cap stops it.
    const fmu = join(dir, "bomb.fmu");
    writeFileSync(fmu, zipArchive([{ name: "modelDescription.xml", data, method: 8, declaredSize: 1000 }]));
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const r = await runCliInProcess(["fmu", "check", fmu]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("ARCHIVE_ENTRY_TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * 1024 * 1024);
  });

  it("an entry that declares more than the cap is refused before inflating", () => {
    const zip = zipArchive([{ ...textEntry("modelDescription.xml", "<x/>"), declaredSize: 100 * 1024 * 1024 }]);
    expect(() => readZipEntry(zip, "modelDescription.xml")).toThrow(InputError);
  });

  it("100 MB of whitespace is refused at the cap instead of taking gigabytes", async () => {
    const fmu = join(dir, "spaces.fmu");
    writeFileSync(
      fmu,
      zipArchive([
        { name: "modelDescription.xml", data: whitespaceBomb(100), method: 8, declaredSize: 100 * 1024 * 1024 },
      ]),
    );
    const r = await runCliInProcess(["fmu", "check", fmu]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ARCHIVE_ENTRY_TOO_LARGE.*declares 104857600 bytes/);
  });

  it("a stored (uncompressed) entry larger than the cap is refused", () => {
    const big = `<a>${" ".repeat(2000)}</a>`;
    expect(() =>
      readZipEntry(zipArchive([textEntry("modelDescription.xml", big, 0)]), "modelDescription.xml", 1000),
    ).toThrow(/too large/);
    expect(
      readZipEntry(zipArchive([textEntry("modelDescription.xml", big, 0)]), "modelDescription.xml", 5000)?.length,
    ).toBe(big.length);
  });
});

describe("the largest accepted modelDescription.xml stays cheap", () => {
  it("15 MiB of whitespace between tags checks in well under a second's worth of work", async () => {
    const { checkModelDescription } = await import("../../src/cli/commands/fmuCommand.js");
    const text = `<fmiModelDescription>${" ".repeat(15 * 1024 * 1024)}<ModelVariables> </ModelVariables></fmiModelDescription>`;
    const report = checkModelDescription(text);
    expect(report.map((r) => r.ok)).toEqual([false, false, false, false, false]);
  });
});
