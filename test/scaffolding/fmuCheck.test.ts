import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";

import { describe, expect, it, vi } from "vitest";

import { readZipEntry } from "../../src/cli/readZipEntry.js";
import { fmuCommand } from "../../src/cli/commands/fmuCommand.js";
import { InputError } from "../../src/cli/errors.js";

/** Runs `fmu …` as the CLI does: InputError → exit 1 with its message on stderr. */
async function runFmu(args: readonly string[]): Promise<number> {
  try {
    await fmuCommand()
      .exitOverride()
      .parseAsync([...args], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      process.stderr.write(`robokit: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** Builds a zip archive (stored or deflated entries) from bytes, with a central directory. */
function zip(entries: Record<string, string>, method: 0 | 8): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(n.length, 26);
    locals.push(local, n, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

function modelDescription(vars: readonly [string, string][]): string {
  const sv = vars
    .map(([n, c]) => `<ScalarVariable name="${n}" valueReference="1" causality="${c}"><Real/></ScalarVariable>`)
    .join("");
  return `<?xml version="1.0"?><fmiModelDescription fmiVersion="2.0" modelName="m" guid="g"><CoSimulation modelIdentifier="m"/><ModelVariables>${sv}</ModelVariables></fmiModelDescription>`;
}

const complete: [string, string][] = [
  ["actuatorInput", "input"],
  ["jointPosition", "input"],
  ["jointVelocity", "input"],
  ["jointAcceleration", "input"],
  ["jointTorque", "output"],
];

async function check(bytes: Uint8Array): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), "robokit-fmu-"));
  const file = join(dir, "motor.fmu");
  writeFileSync(file, bytes);
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  try {
    return { code: await runFmu(["check", file]), out };
  } finally {
    spy.mockRestore();
    err.mockRestore();
  }
}

describe("zip reader", () => {
  it("reads stored and deflated entries and reports absent ones", () => {
    for (const method of [0, 8] as const) {
      const z = zip({ "a.txt": "hello", "modelDescription.xml": "<x/>" }, method);
      expect(new TextDecoder().decode(readZipEntry(z, "modelDescription.xml"))).toBe("<x/>");
      expect(readZipEntry(z, "missing")).toBeUndefined();
    }
  });
  it("rejects bytes that are not a zip", () => {
    expect(() => readZipEntry(new Uint8Array(40), "x")).toThrow(/not a zip/);
  });
});

describe("robokit fmu check", () => {
  it("exits 0 and reports each variable when all five are declared with the right causality", async () => {
    const r = await check(zip({ "modelDescription.xml": modelDescription(complete) }, 8));
    expect(r.code).toBe(0);
    for (const [name, c] of complete) expect(r.out).toMatch(new RegExp(`ok\\s+${name}\\s+Real ${c}`));
  });
  it.each(complete.map(([n]) => n))("exits 1 naming %s when it is missing", async (missing) => {
    const r = await check(
      zip({ "modelDescription.xml": modelDescription(complete.filter(([n]) => n !== missing)) }, 8),
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(new RegExp(`MISSING ${missing}\\s+missing`));
  });
  it("exits 1 on a wrong causality", async () => {
    const r = await check(
      zip(
        { "modelDescription.xml": modelDescription(complete.map(([n, c]) => [n, n === "jointTorque" ? "input" : c])) },
        0,
      ),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain("need Real output");
  });
  it("exits 1 with a message for a file that is not an FMU", async () => {
    const r = await check(new Uint8Array([1, 2, 3]));
    expect(r.code).toBe(1);
    expect(r.out).toContain("not a zip");
  });
});
