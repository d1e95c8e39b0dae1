// Runs the validator over the public robot files in test/data/realworld and compares robokit's
// verdict with check_urdf's (urdfdom 3.0.1) and libsdformat 12.3's (test/data/realworld/expectations.tsv).
// Used by scripts/realworld-conformance.ts (writes REPORT.md and results.json) and realworld.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { validatePath } from "../../src/cli/commands/validateCommand.js";

const here = dirname(fileURLToPath(import.meta.url));

export { realworldRoot } from "../support/testData.js";
import { realworldRoot } from "../support/testData.js";

/** A stated reason for a disagreement. */
export interface Reason {
  readonly kind: "our bug" | "their bug" | "their blind spot" | "deliberate";
  readonly reason: string;
}

/** How the reference tools judged a file. */
export type TheirVerdict = "accept" | "reject" | "no verdict";

/** One file's outcome. */
export interface RealworldRow {
  readonly path: string;
  readonly kind: "urdf" | "sdf";
  /** SDF version, or "urdf". */
  readonly version: string;
  /** check_urdf exit code ("" for SDF). */
  readonly checkUrdf: string;
  /** libsdformat 12.3 exit code. */
  readonly libsdformat: string;
  readonly libsdformatFirstError: string;
  readonly theirs: TheirVerdict;
  /** Why there is no verdict, when there is none. */
  readonly noVerdictBecause: string;
  readonly ours: "valid" | "invalid";
  readonly errorCodes: readonly string[];
  readonly warningCodes: readonly string[];
  /** First error, for the report. */
  readonly firstError: string;
  readonly internalError: boolean;
  readonly milliseconds: number;
  readonly reason: Reason | undefined;
}

/** Counts for one comparison class. */
export interface Tally {
  readonly files: number;
  readonly robokitErrors: number;
  /** Disagreements with a reason that is not a robokit bug (their bug, blind spot, deliberate). */
  readonly explained: number;
  /** Disagreements that are robokit bugs (listed with their reason). */
  readonly ourBugs: number;
}

/** Everything the report states. */
export interface RealworldResult {
  readonly rows: readonly RealworldRow[];
  readonly bothAccept: { readonly urdf: Tally; readonly sdf: Tally; readonly all: Tally };
  readonly toolRejects: { readonly urdf: Tally; readonly sdf: Tally; readonly all: Tally };
  readonly checkUrdfRejects: Tally;
  readonly noVerdict: number;
  readonly internalErrors: number;
  readonly slowFiles: readonly string[];
}

/** Folders that hold model folders (a folder with a model.config), as Gazebo resource paths. */
export function resourcePaths(root: string): string[] {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const abs = join(dir, entry);
      if (!statSync(abs).isDirectory()) continue;
      if (existsSync(join(abs, "model.config"))) out.add(dir);
      walk(abs);
    }
  };
  walk(root);
  return [...out].sort();
}

function theirVerdict(
  kind: string,
  version: string,
  cu: string,
  sc: string,
  first: string,
): { theirs: TheirVerdict; because: string } {
  if (kind === "urdf") return { theirs: cu === "0" && sc === "0" ? "accept" : "reject", because: "" };
  const minor = Number(/^1\.(\d+)$/.exec(version)?.[1] ?? Number.NaN);
  if (minor >= 10) return { theirs: "no verdict", because: `SDF ${version}: libsdformat 12.3 reads SDF up to 1.9` };
  if (/URI_LOOKUP/.test(first))
    return { theirs: "no verdict", because: "includes a model from the online model library (not reachable offline)" };
  if (/TIMEOUT/.test(first))
    return { theirs: "no verdict", because: "libsdformat did not finish in 30 s (it tries to fetch an online model)" };
  return { theirs: sc === "0" ? "accept" : "reject", because: "" };
}

/** Runs every file of test/data/realworld. */
export function runRealworld(): RealworldResult {
  const tsv = readFileSync(join(realworldRoot, "expectations.tsv"), "utf8").trim().split("\n").slice(1);
  const reasons = JSON.parse(readFileSync(join(here, "reasons.json"), "utf8")) as Record<string, Reason>;
  const searchPaths = resourcePaths(realworldRoot);
  // Warm-up: the first validation compiles the schemas; it is not the file's own time.
  validatePath(join(realworldRoot, tsv[0]?.split("\t")[0] ?? ""), { searchPaths, checkResources: false });
  const rows: RealworldRow[] = [];
  for (const line of tsv) {
    const [path = "", kind = "", version = "", cu = "", sc = "", first = ""] = line.split("\t");
    const start = performance.now();
    // test/data/realworld ships no mesh files (libsdformat and urdfdom never open meshes): resources are not checked.
    const { diagnostics } = validatePath(join(realworldRoot, path), {
      displayName: path,
      searchPaths,
      checkResources: false,
    });
    const milliseconds = performance.now() - start;
    const errors = diagnostics.filter((d) => d.severity === "error");
    const { theirs, because } = theirVerdict(kind, version, cu, sc, first);
    const base = {
      path,
      kind: kind === "urdf" ? ("urdf" as const) : ("sdf" as const),
      version,
      checkUrdf: cu,
      libsdformat: sc,
      libsdformatFirstError: first,
      theirs,
      noVerdictBecause: because,
      ours: errors.length > 0 ? ("invalid" as const) : ("valid" as const),
      errorCodes: [...new Set(errors.map((d) => d.code as string))].sort(),
      warningCodes: [
        ...new Set(diagnostics.filter((d) => d.severity === "warning").map((d) => d.code as string)),
      ].sort(),
      firstError:
        errors[0] === undefined ? "" : `${errors[0].code} (line ${errors[0].line ?? "?"}): ${errors[0].message}`,
      internalError: diagnostics.some((d) => d.code === "INTERNAL_ERROR"),
      milliseconds,
    };
    rows.push({ ...base, reason: reasons[path] });
  }
  const tally = (subset: readonly RealworldRow[], disagree: (r: RealworldRow) => boolean): Tally => ({
    files: subset.length,
    robokitErrors: subset.filter((r) => r.ours === "invalid").length,
    explained: subset.filter((r) => disagree(r) && r.reason !== undefined && r.reason.kind !== "our bug").length,
    ourBugs: subset.filter((r) => disagree(r) && r.reason?.kind === "our bug").length,
  });
  const both = rows.filter((r) => r.theirs === "accept");
  const rejects = rows.filter((r) => r.theirs === "reject");
  const falseError = (r: RealworldRow): boolean => r.ours === "invalid";
  const missed = (r: RealworldRow): boolean => r.ours === "valid";
  return {
    rows,
    bothAccept: {
      urdf: tally(
        both.filter((r) => r.kind === "urdf"),
        falseError,
      ),
      sdf: tally(
        both.filter((r) => r.kind === "sdf"),
        falseError,
      ),
      all: tally(both, falseError),
    },
    toolRejects: {
      urdf: tally(
        rejects.filter((r) => r.kind === "urdf"),
        missed,
      ),
      sdf: tally(
        rejects.filter((r) => r.kind === "sdf"),
        missed,
      ),
      all: tally(rejects, missed),
    },
    checkUrdfRejects: tally(
      rows.filter((r) => r.kind === "urdf" && r.checkUrdf !== "0"),
      missed,
    ),
    noVerdict: rows.filter((r) => r.theirs === "no verdict").length,
    internalErrors: rows.filter((r) => r.internalError).length,
    slowFiles: rows.filter((r) => r.milliseconds > 2000).map((r) => r.path),
  };
}

function pct(a: number, b: number): string {
  return b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)} %`;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/\s+/g, " ").slice(0, 400);
}

/** The committed Markdown report (deterministic: no timings, no absolute paths). */
export function renderReport(result: RealworldResult): string {
  const { bothAccept: a, toolRejects: r } = result;
  const out: string[] = [];
  out.push("# Real-world conformance", "");
  out.push(
    "Generated by `npm run realworld` (scripts/realworld-conformance.ts). Do not edit; test/realworld/realworld.test.ts fails when it is stale, so a flipped verdict shows as a diff of this file.",
    "",
  );
  out.push(
    `Files: the ${result.rows.length} URDF and SDF files of test/data/realworld (six public repositories; see its README.md and MANIFEST.tsv for licenses). The reference verdicts are data (test/data/realworld/expectations.tsv): check_urdf from urdfdom 3.0.1 for URDF, libsdformat 12.3 (\`sdf::Root::Load\` plus the checks of \`gz sdf -k\`) for SDF and, through its URDF reader, for URDF. robokit runs in default mode with the folders holding model folders (a model.config) as include paths, as the reference run had.`,
    "",
  );
  out.push(
    "A URDF counts as accepted when check_urdf and libsdformat both accept it, and as rejected when either rejects it. SDF files have libsdformat's verdict only, and none for SDF 1.10+ (libsdformat 12 reads up to 1.9), for includes of online models and for libsdformat's timeouts.",
    "",
  );
  out.push("| Measure | URDF | SDF | All | Target |", "|---|---|---|---|---|");
  out.push(`| Files both reference tools accept | ${a.urdf.files} | ${a.sdf.files} | ${a.all.files} | |`);
  out.push(
    `| … robokit reports errors | ${a.urdf.robokitErrors} (${pct(a.urdf.robokitErrors, a.urdf.files)}) | ${a.sdf.robokitErrors} (${pct(a.sdf.robokitErrors, a.sdf.files)}) | ${a.all.robokitErrors} (${pct(a.all.robokitErrors, a.all.files)}) | ≤ 1 %, each with a reason |`,
  );
  out.push(
    `| … of those, robokit stricter for a stated reason | ${a.urdf.explained} | ${a.sdf.explained} | ${a.all.explained} | |`,
  );
  out.push(`| … of those, robokit bugs (listed below) | ${a.urdf.ourBugs} | ${a.sdf.ourBugs} | ${a.all.ourBugs} | 0 |`);
  out.push(`| Files a reference tool rejects | ${r.urdf.files} | ${r.sdf.files} | ${r.all.files} | |`);
  out.push(
    `| … robokit reports errors | ${r.urdf.robokitErrors} (${pct(r.urdf.robokitErrors, r.urdf.files)}) | ${r.sdf.robokitErrors} (${pct(r.sdf.robokitErrors, r.sdf.files)}) | ${r.all.robokitErrors} (${pct(r.all.robokitErrors, r.all.files)}) | ≥ 95 % |`,
  );
  out.push(
    `| … robokit errors or states why the tool is wrong | ${r.urdf.robokitErrors + r.urdf.explained} (${pct(r.urdf.robokitErrors + r.urdf.explained, r.urdf.files)}) | ${r.sdf.robokitErrors + r.sdf.explained} (${pct(r.sdf.robokitErrors + r.sdf.explained, r.sdf.files)}) | ${r.all.robokitErrors + r.all.explained} (${pct(r.all.robokitErrors + r.all.explained, r.all.files)}) | 100 % |`,
  );
  out.push(
    `| … robokit accepts: robokit bugs (listed below) | ${r.urdf.ourBugs} | ${r.sdf.ourBugs} | ${r.all.ourBugs} | 0 |`,
  );
  out.push(
    `| URDFs check_urdf rejects: robokit reports errors | ${result.checkUrdfRejects.robokitErrors} / ${result.checkUrdfRejects.files} | | | all |`,
  );
  out.push(`| Files without a reference verdict | | | ${result.noVerdict} | |`);
  out.push(`| Crashes (INTERNAL_ERROR) | | | ${result.internalErrors} | 0 |`, "");
  out.push(
    "Time per file is not in this report (it depends on the machine): `npm run realworld` prints the slowest file.",
    "",
  );
  out.push("## robokit errors on files both tools accept", "");
  out.push("| File | robokit's first error | Kind | Reason |", "|---|---|---|---|");
  for (const row of result.rows.filter((x) => x.theirs === "accept" && x.ours === "invalid")) {
    out.push(
      `| ${row.path} | ${cell(row.firstError)} | ${row.reason?.kind ?? "UNEXPLAINED"} | ${cell(row.reason?.reason ?? "")} |`,
    );
  }
  out.push("", "## Files a reference tool rejects and robokit does not", "");
  out.push("| File | check_urdf | libsdformat 12.3 | Kind | Reason |", "|---|---|---|---|---|");
  for (const row of result.rows.filter((x) => x.theirs === "reject" && x.ours === "valid")) {
    out.push(
      `| ${row.path} | ${row.checkUrdf === "" ? "—" : row.checkUrdf === "0" ? "accepts" : "rejects"} | ${cell(row.libsdformatFirstError)} | ${row.reason?.kind ?? "UNEXPLAINED"} | ${cell(row.reason?.reason ?? "")} |`,
    );
  }
  out.push("", "## Files a reference tool rejects and robokit rejects too", "");
  out.push("| File | check_urdf | libsdformat 12.3 | robokit's first error |", "|---|---|---|---|");
  for (const row of result.rows.filter((x) => x.theirs === "reject" && x.ours === "invalid")) {
    out.push(
      `| ${row.path} | ${row.checkUrdf === "" ? "—" : row.checkUrdf === "0" ? "accepts" : "rejects"} | ${cell(row.libsdformatFirstError)} | ${cell(row.firstError)} |`,
    );
  }
  out.push("", "## Files without a reference verdict", "");
  out.push("| File | Why no verdict | robokit |", "|---|---|---|");
  for (const row of result.rows.filter((x) => x.theirs === "no verdict")) {
    out.push(`| ${row.path} | ${row.noVerdictBecause} | ${row.ours === "valid" ? "valid" : cell(row.firstError)} |`);
  }
  out.push("");
  return out.join("\n");
}

/** Machine-readable results (deterministic). */
export function renderResults(result: RealworldResult): string {
  const rows = result.rows.map((r) => ({
    path: r.path,
    kind: r.kind,
    version: r.version,
    checkUrdf: r.checkUrdf,
    libsdformat: r.libsdformat,
    theirs: r.theirs,
    ours: r.ours,
    errorCodes: r.errorCodes,
    warningCodes: r.warningCodes,
    reason: r.reason?.kind ?? null,
  }));
  const { bothAccept, toolRejects, checkUrdfRejects, noVerdict, internalErrors } = result;
  return `${JSON.stringify({ bothAccept, toolRejects, checkUrdfRejects, noVerdict, internalErrors, rows }, null, 2)}\n`;
}
