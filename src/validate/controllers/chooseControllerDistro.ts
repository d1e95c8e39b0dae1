import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../../diagnostics/severityPolicy.js";
import { CONTROLLER_DISTROS, type ControllerDistro } from "./ControllerDefinitions.js";
import type { ParameterFileInput } from "./checkControllerParameters.js";

/** A distro with the reason it was chosen, for the user to read. */
export interface DistroChoice {
  readonly distro: ControllerDistro;
  readonly reason: string;
  /** The file and line that name it, when one does. */
  readonly at?: { readonly file: string; readonly line: number };
}

/** What may name the distro, most binding first. */
export interface DistroSources {
  /** The user's choice for this run (`robokit validate --distro`). */
  readonly explicit?: ControllerDistro;
  /** The parameter files. */
  readonly files: readonly ParameterFileInput[];
  /** The package.xml of the files' package (beside them or up the tree). */
  readonly packageXml?: ParameterFileInput;
  /** `ROS_DISTRO` of a sourced ROS environment. */
  readonly environment?: string;
  /** The default the caller was configured with (the editor's setting, `robokit lsp --distro`), and its name. */
  readonly fallback?: { readonly distro: ControllerDistro; readonly by: string };
}

/** The distro robokit's generated headers name (`… target=gz, distro=humble) …`), in the first lines. */
const HEADER = /^\s*(?:#|<!--).*\brobokit\b.*\bdistro=([a-z]+)/;
const HEADER_LINES = 5;

/**
 * The ROS 2 distro whose controllers check the files, and why: `--distro`, else robokit's
 * generated header in a parameter file, else the one in its package.xml, else `ROS_DISTRO`,
 * else the caller's configured default, else jazzy. A package.xml's dependencies are not read:
 * package names do not change between distros, and `$ROS_DISTRO` conditions name every distro
 * a package supports, not the one it runs on.
 */
export function chooseControllerDistro(sources: DistroSources): DistroChoice {
  if (sources.explicit !== undefined) return { distro: sources.explicit, reason: "--distro" };
  for (const f of sources.files) {
    const named = headerDistro(f);
    if (named !== undefined) return { ...named, reason: `robokit's header in ${f.path} says distro=${named.distro}` };
  }
  if (sources.packageXml !== undefined) {
    const named = headerDistro(sources.packageXml);
    if (named !== undefined)
      return {
        distro: named.distro,
        reason: `robokit's header in ${sources.packageXml.path} says distro=${named.distro}`,
      };
  }
  const env = sources.environment;
  if (env !== undefined && isDistro(env)) return { distro: env, reason: `ROS_DISTRO=${env} in the environment` };
  const nothing = "as neither the files nor their package.xml name a distro (package.xml dependencies do not pin one)";
  if (sources.fallback !== undefined)
    return { distro: sources.fallback.distro, reason: `${sources.fallback.by}, ${nothing}` };
  return { distro: "jazzy", reason: `robokit's default, ${nothing}; give --distro to choose another` };
}

/** The note saying which distro the files are checked for and why, at the line that names it (else line 1 of `firstFile`). */
export function distroNote(choice: DistroChoice, firstFile: string): Diagnostic {
  return policyDiagnostic("controllerDistroChosen", `checked for ROS 2 ${choice.distro}: ${choice.reason}`, {
    file: choice.at?.file ?? firstFile,
    line: choice.at?.line ?? 1,
    column: 1,
  });
}

function headerDistro(
  f: ParameterFileInput,
): { distro: ControllerDistro; at: { file: string; line: number } } | undefined {
  const lines = f.text.slice(0, 4096).split("\n", HEADER_LINES);
  for (let i = 0; i < lines.length; i++) {
    const m = HEADER.exec(lines[i]!);
    if (m !== null && isDistro(m[1]!)) return { distro: m[1], at: { file: f.path, line: i + 1 } };
  }
  return undefined;
}

function isDistro(name: string): name is ControllerDistro {
  return (CONTROLLER_DISTROS as readonly string[]).includes(name);
}
