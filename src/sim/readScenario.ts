import { findNonFinite } from "../util/findNonFinite.js";
import { parseYamlDocument, schemaDiagnostics } from "../util/yamlDocument.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { loadValidator, type PrecompiledValidator } from "../schema/loadValidator.js";
import { joystickProfileProblem } from "./joystickProfile.js";
import type { Scenario } from "./Scenario.js";
import { scenarioDuration } from "./scenarioDuration.js";
import { SIMULATION_LIMITS, simulationLimitProblems } from "./simulationLimits.js";

/** Result of reading a scenario: the scenario when valid, and every problem with its place. */
export interface ScenarioResult {
  readonly scenario?: Scenario;
  readonly diagnostics: readonly Diagnostic[];
}

// schemas/scenario.schema.json, precompiled (scripts/precompile-validators.ts); loaded on
// first use, so commands that never read a scenario do not pay for it.
let compiledSchema: PrecompiledValidator | undefined;
function scenarioValidator(): PrecompiledValidator {
  compiledSchema ??= loadValidator("scenario.cjs");
  return compiledSchema;
}

/**
 * Reads a scenario written in YAML (or JSON), checks it against schemas/scenario.schema.json
 * and the rules a schema cannot state (time stamps strictly increasing, finite numbers, a
 * joystick profile's hold range in order and its moves within
 * `SIMULATION_LIMITS.maxJoystickMoves`, the simulation limits of `SIMULATION_LIMITS` on the
 * run's length, rate and steps), and
 * reports each problem at file:line:col with its JSON pointer. Pure: no I/O.
 *
 * @param text - the document text.
 * @param file - the name to report.
 */
export function readScenario(text: string, file: string): ScenarioResult {
  const parsed = parseYamlDocument(text, file);
  if (parsed.document === undefined) return { diagnostics: parsed.diagnostics };
  const { data, locate } = parsed.document;
  const at = (jsonPath: string, message: string): Diagnostic => ({
    code: "DOCUMENT_INVALID",
    severity: "error",
    message,
    file,
    jsonPath,
    ...locate(jsonPath),
  });
  const nonFinite: Diagnostic[] = [];
  findNonFinite(data, (p) => nonFinite.push(at(p, `${p}: must be a finite number`)));
  if (nonFinite.length > 0) return { diagnostics: nonFinite };
  const validate = scenarioValidator();
  if (!validate(data))
    return {
      diagnostics: schemaDiagnostics(validate.errors ?? [], file, locate, undefined, validate.truncated === true),
    };
  const scenario = data as unknown as Scenario;
  const diagnostics: Diagnostic[] = [];
  if (scenario.profile.type === "commands") {
    scenario.profile.points.forEach((p, i) => {
      const prev = scenario.profile.type === "commands" ? scenario.profile.points[i - 1] : undefined;
      if (prev !== undefined && !(p.t > prev.t)) {
        diagnostics.push(
          at(
            `/profile/points/${i}/t`,
            `/profile/points/${i}/t: time ${p.t} s must be later than the previous point's ${prev.t} s`,
          ),
        );
      }
    });
  }
  if (scenario.profile.type === "joystick") {
    const problem = joystickProfileProblem(scenario.profile);
    // The schema has checked each number; what is left is the hold order and the moves' count.
    if (problem !== undefined) {
      const path =
        problem.option === "hold" && typeof scenario.profile.hold !== "number"
          ? "/profile/hold/0"
          : `/profile/${problem.option}`;
      diagnostics.push({
        ...at(path, `${path}: ${problem.message}`),
        ...(problem.overLimit === true ? { code: "SCENARIO_LIMIT_EXCEEDED" } : {}),
      });
    }
  }
  if (diagnostics.length === 0) diagnostics.push(...limitDiagnostics(scenario, file, locate));
  return diagnostics.length > 0 ? { diagnostics } : { scenario, diagnostics };
}

/**
 * The simulation limits a valid scenario exceeds, each at the field that sets it: `duration`
 * when given, else what makes the profile that long (the last time stamp; a rose's rate).
 */
function limitDiagnostics(
  scenario: Scenario,
  file: string,
  locate: (jsonPath: string) => { line?: number; column?: number },
): Diagnostic[] {
  const p = scenario.profile;
  const lengthPath =
    scenario.duration !== undefined
      ? "/duration"
      : p.type === "commands"
        ? `/profile/points/${p.points.length - 1}/t`
        : p.type === "joystick"
          ? "/profile/duration"
          : "/profile/rate";
  const at = (jsonPath: string, message: string): Diagnostic => ({
    code: "SCENARIO_LIMIT_EXCEEDED",
    severity: "error",
    message: `${jsonPath}: ${message}`,
    file,
    jsonPath,
    ...locate(jsonPath),
  });
  const out: Diagnostic[] = [];
  if (p.type === "rose" && p.rate > SIMULATION_LIMITS.maxRoseRate)
    out.push(
      at(
        "/profile/rate",
        `a rose swept at ${p.rate} rad/s; robokit allows at most ${SIMULATION_LIMITS.maxRoseRate} rad/s`,
      ),
    );
  for (const problem of simulationLimitProblems(scenarioDuration(scenario), scenario.rate ?? 100)) {
    const path =
      problem.setting === "rate" ||
      (problem.setting === "steps" && scenario.duration === undefined && scenario.rate !== undefined)
        ? "/rate"
        : lengthPath;
    out.push(at(path, problem.message));
  }
  return out;
}
