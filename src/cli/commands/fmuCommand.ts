import { Command } from "commander";
import { XMLParser } from "fast-xml-parser";

import { InputError } from "../errors.js";
import { readInputFile } from "../readInputFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { readZipEntry } from "../readZipEntry.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";

/** The variables gazebo-fmi's actuator plugin needs, with the causality each must have. */
export const FMI_ACTUATOR_VARIABLES = [
  { name: "actuatorInput", causality: "input" },
  { name: "jointPosition", causality: "input" },
  { name: "jointVelocity", causality: "input" },
  { name: "jointAcceleration", causality: "input" },
  { name: "jointTorque", causality: "output" },
] as const;

/** One required variable and what the FMU declares for it. */
export interface FmuVariableReport {
  readonly name: string;
  readonly expected: string;
  /** Declared causality, or undefined when the FMU does not declare the variable. */
  readonly causality: string | undefined;
  /** Declared type element (Real, Integer, …). */
  readonly type: string | undefined;
  readonly ok: boolean;
}

/** Checks a modelDescription.xml text for the actuator plugin's variables (Real, right causality). */
export function checkModelDescription(xml: string): FmuVariableReport[] {
  // Whitespace between tags carries nothing here; dropping it first keeps a padded file cheap.
  const compact = xml.replace(/>\s+</g, "><");
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(compact) as Record<
    string,
    unknown
  >;
  const md = doc["fmiModelDescription"] as Record<string, unknown> | undefined;
  if (md === undefined) throw new Error("modelDescription.xml has no <fmiModelDescription> root");
  const vars = (md["ModelVariables"] as Record<string, unknown> | undefined)?.["ScalarVariable"];
  const list = (vars === undefined ? [] : Array.isArray(vars) ? vars : [vars]) as Record<string, unknown>[];
  return FMI_ACTUATOR_VARIABLES.map((req) => {
    const v = list.find((x) => x["@name"] === req.name);
    const causality = v === undefined ? undefined : String(v["@causality"] ?? "local");
    const type =
      v === undefined ? undefined : ["Real", "Integer", "Boolean", "String", "Enumeration"].find((t) => t in v);
    return {
      name: req.name,
      expected: req.causality,
      causality,
      type,
      ok: causality === req.causality && type === "Real",
    };
  });
}

/** `robokit fmu check FILE.fmu`: does the FMU declare what gazebo-fmi's actuator plugin needs? */
export function fmuCommand(): Command {
  const fmu = new Command("fmu")
    .description("inspect FMI 2.0 co-simulation units (FMUs)")
    .addHelpText("after", helpExamples("robokit fmu check actuator.fmu"));
  fmu
    .command("check")
    .description(
      "report whether an FMU declares actuatorInput, jointPosition, jointVelocity, jointAcceleration (inputs) and jointTorque (output)",
    )
    .addHelpText("after", helpExamples("robokit fmu check actuator.fmu"))
    .argument("<file>", "FMU file (a zip with modelDescription.xml)")
    .action((file: string) => {
      const bytes = readInputFile(file, INPUT_LIMITS.maxArchiveBytes);
      let report: FmuVariableReport[];
      try {
        const entry = readZipEntry(bytes, "modelDescription.xml");
        if (entry === undefined) throw new Error("the archive has no modelDescription.xml");
        report = checkModelDescription(new TextDecoder().decode(entry));
      } catch (error) {
        if (error instanceof InputError)
          throw new InputError(
            `${file}: ${error.message}`,
            error.diagnostics.map((d) => ({ ...d, file: `${file}:${d.file ?? ""}` })),
          );
        throw new InputError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      for (const r of report) {
        const found = r.causality === undefined ? "missing" : `${r.type ?? "?"} ${r.causality}`;
        process.stdout.write(
          `${escapeTerminal(`${r.ok ? "ok     " : "MISSING"} ${r.name.padEnd(18)} ${found}${r.ok ? "" : ` (need Real ${r.expected})`}`)}\n`,
        );
      }
      const bad = report.filter((r) => !r.ok);
      if (bad.length > 0)
        throw new InputError(
          `${file}: not usable by the gazebo-fmi actuator plugin (${bad.map((r) => r.name).join(", ")})`,
        );
    });
  return fmu;
}
