import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { closestName } from "../../util/closestName.js";
import type { ControllerDistro, ParamDef, SectionDef } from "./ControllerDefinitions.js";
import { checkControllerType, type ControllerClass } from "./checkControllerType.js";
import { checkNodeParameters, checkValue, isNodeParameter, type NodeParam } from "./checkNodeParameters.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { checkAgainstRobot } from "./checkAgainstRobot.js";
import { loadControllerDefinitions } from "./loadControllerDefinitions.js";
import { mergeSections } from "./lookupParameter.js";
import { otherPackageVerdict } from "./otherPackageVerdict.js";
import { type FilePlace, type NodeBlock, type RosParam, readParameterFile } from "./readParameterFile.js";

/** A parameter file's name and text. */
export interface ParameterFileInput {
  readonly path: string;
  readonly text: string;
}

/** The robot controllers are checked against: its file's name and text, and its model when read already. */
export interface RobotInput extends ParameterFileInput {
  /** The robot `text` reads as, when the caller has read it (it is then not read again). */
  readonly model?: Robot;
}

/** Options of {@link checkControllerParameters}. */
export interface ControllerCheckOptions {
  /** The ROS 2 distro whose controllers and controller_manager read the files (default jazzy). */
  readonly distro?: ControllerDistro;
  /** The robot the controllers drive: URDF text (xacro already expanded) or SDF; joints, interfaces and wheel geometry are checked against it. */
  readonly robot?: RobotInput;
  /** Controller types no file gives (a spawner's `--controller-type`), by controller name. */
  readonly types?: Readonly<Record<string, string>>;
}

/** One controller controller_manager loads, with everything the files say about it. */
export interface LoadedController {
  readonly name: string;
  readonly type: string;
  /** Where the type is given. */
  readonly typeAt: FilePlace;
  /** The class when it is a ros2_controllers class of the distro. */
  readonly cls?: ControllerClass;
  /** Its parameters after merging every file (wildcard blocks first, later files win). */
  readonly params: ReadonlyMap<string, NodeParam>;
}

/** controller_manager's keys per controller (`<name>.type`, …), with their types; humble reads only the first two. */
const PER_CONTROLLER_KEYS: Readonly<Record<string, readonly ParamDef[]>> = {
  type: [{ t: "string" }],
  params_file: [{ t: "string" }, { t: "string_array" }],
  fallback_controllers: [{ t: "string_array" }],
  node_options_args: [{ t: "string_array" }],
};

function perControllerKeys(distro: ControllerDistro): string[] {
  const keys = Object.keys(PER_CONTROLLER_KEYS);
  return distro === "humble" ? keys.slice(0, 2) : keys;
}

/** Parameters every controller declares (controller_interface's ControllerInterfaceBase), and `type`, which the spawner reads. */
function controllerBase(distro: ControllerDistro): SectionDef {
  return {
    s: {
      update_rate: { t: "int", d: 0 },
      type: { t: "string", d: "" },
      ...(distro === "humble" ? {} : { is_async: { t: "bool", d: false }, thread_priority: { t: "int", d: -100 } }),
    },
  };
}

/**
 * Checks ros2_control parameter files as controller_manager and the controllers would read
 * them, for one distro: controller types, every parameter declared and of its declared type,
 * validators, parameters without a default given (across all files), and with `robot` the
 * joints, interfaces and drive geometry. Pure and never throws for bad input; the diagnostics
 * are sorted by file, line and column.
 */
export function checkControllerParameters(
  files: readonly ParameterFileInput[],
  options: ControllerCheckOptions = {},
): Diagnostic[] {
  return readControllers(files, options).diagnostics;
}

/**
 * The controllers controller_manager loads from the files, each with its merged parameters,
 * and the diagnostics of {@link checkControllerParameters} (sorted by place).
 */
export function readControllers(
  files: readonly ParameterFileInput[],
  options: ControllerCheckOptions = {},
): { controllers: LoadedController[]; diagnostics: Diagnostic[] } {
  const distro = options.distro ?? "jazzy";
  const defs = loadControllerDefinitions(distro);
  const out: Diagnostic[] = [];
  const blocks: NodeBlock[] = [];
  for (const f of files) {
    const read = readParameterFile(f.text, f.path);
    out.push(...read.diagnostics);
    blocks.push(...read.blocks);
  }
  const wildcards = blocks.filter((b) => b.wildcard);
  const managers = blocks.filter((b) => !b.wildcard && b.nodeName === "controller_manager");
  const managerParams = mergeParams([...wildcards, ...managers]);
  const declaredWildcards = new Set<RosParam>();
  const controllers = controllersOf(distro, managerParams, blocks, options.types ?? {});
  out.push(...checkManager(distro, defs.controllerManager, managerParams, controllers, declaredWildcards, managers));
  const firstFile: FilePlace = { file: files[0]?.path ?? "", line: 1, column: 1 };
  const loaded: LoadedController[] = [];
  for (const [name, given] of controllers) {
    const nodeBlocks = [...wildcards, ...blocks.filter((b) => !b.wildcard && b.nodeName === name)];
    const params = mergeParams(nodeBlocks);
    const typeParam = given.type ?? params.get("type")?.param;
    const typeText = given.typeText ?? (typeParam?.value.type === "string" ? typeParam.value.value : undefined);
    if (typeText === undefined) continue;
    const typeAt = typeParam?.at ?? nodeBlocks.find((b) => !b.wildcard)?.at ?? firstFile;
    const verdict = checkControllerType(distro, defs, name, typeText, typeAt);
    out.push(...verdict.diagnostics);
    const cls = verdict.cls;
    if (cls === undefined || cls.sets.length === 0) {
      loaded.push({ name, type: typeText, typeAt, ...(cls !== undefined ? { cls } : {}), params });
      continue;
    }
    const tree = mergeSections([controllerBase(distro), ...cls.sets.map((set) => defs.sets[set] ?? {})]);
    const who = `controller "${name}" (${typeText})`;
    const other = otherPackageVerdict(who, tree, params, typeAt);
    if (other !== undefined) {
      out.push(other);
      loaded.push({ name, type: typeText, typeAt, params });
      continue;
    }
    loaded.push({ name, type: typeText, typeAt, cls, params });
    const found = checkNodeParameters(who, tree, params, typeAt, declaredWildcards, cls.preset ?? {});
    // A block named like it (a typo) is its block too: its parameters really are missing.
    const ownBlock = blocks.some(
      (b) =>
        !b.wildcard &&
        (b.nodeName === name || (!controllers.has(b.nodeName) && closestName(b.nodeName, [name]) !== undefined)),
    );
    out.push(...(ownBlock ? found : setElsewhere(who, found, typeAt)));
  }
  if (controllers.size === 0 && managers.length === 0) out.push(...unloadedBlocks(blocks));
  out.push(...strayBlocks(blocks, controllers));
  if (controllers.size > 0 || managers.length > 0) out.push(...unusedWildcards(wildcards, declaredWildcards));
  if (options.robot !== undefined) out.push(...checkAgainstRobot(loaded, options.robot));
  return { controllers: loaded, diagnostics: sortByPlace(out) };
}

/** How a controller's type is given: controller_manager's `<name>.type`, its own `type`, or the caller's `types`. */
interface GivenType {
  readonly type: RosParam | undefined;
  readonly typeText?: string;
}

/**
 * The controllers controller_manager loads: its `<name>.type` keys, then the caller's types,
 * then blocks with their own `pkg/Class` type. After humble, the spawner given a controller's
 * parameter file sets controller_manager's `<name>.type` to the file's own `type` before it
 * loads the controller, so there the controller's own type wins over controller_manager's.
 */
function controllersOf(
  distro: ControllerDistro,
  managerParams: ReadonlyMap<string, NodeParam>,
  blocks: readonly NodeBlock[],
  types: Readonly<Record<string, string>>,
): Map<string, GivenType> {
  const controllers = new Map<string, GivenType>();
  for (const [name, { param }] of managerParams) {
    const m = /^([^.]+)\.type$/.exec(name);
    if (m !== null) controllers.set(m[1]!, { type: param });
  }
  for (const [name, type] of Object.entries(types))
    if (!controllers.has(name)) controllers.set(name, { type: undefined, typeText: type });
  for (const b of blocks) {
    if (b.wildcard || b.nodeName === "controller_manager") continue;
    if (controllers.has(b.nodeName) && distro === "humble") continue;
    const own = b.params.find((p) => p.name === "type");
    if (own?.value.type === "string" && own.value.value.includes("/")) controllers.set(b.nodeName, { type: own });
  }
  return controllers;
}

/**
 * A controller with no parameter block in the files given: a launch file loads another
 * parameter file for it. Its missing parameters become one note asking for that file.
 */
function setElsewhere(who: string, found: readonly Diagnostic[], at: FilePlace): Diagnostic[] {
  const missing = found.filter((d) => d.code === "PARAMETER_MISSING");
  if (missing.length === 0) return [...found];
  const names = missing.map((d) => /\): "([^"]+)"/.exec(d.message)?.[1] ?? "").filter((n) => n !== "");
  return [
    ...found.filter((d) => d.code !== "PARAMETER_MISSING"),
    controllerDiagnostic(
      "parametersElsewhere",
      `${who}: no file given has its parameter block, and ${names.join(", ")} must be set; give the parameter file that sets them (all files are read as one)`,
      at,
    ),
  ];
}

/** Parameter blocks of a file that loads no controller (a launch file adds it to controller_manager's). */
function unloadedBlocks(blocks: readonly NodeBlock[]): Diagnostic[] {
  return blocks
    .filter((b) => !b.wildcard)
    .map((b) =>
      controllerDiagnostic(
        "parametersElsewhere",
        `parameters for "${b.nodeName}", but no file given loads a controller (controller_manager's ${b.nodeName}.type); give the file that does (all files are read as one) to check them`,
        b.at,
      ),
    );
}

/** Parameters a wildcard block sets that no node declares. */
function unusedWildcards(wildcards: readonly NodeBlock[], declared: ReadonlySet<RosParam>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of wildcards)
    for (const p of b.params)
      if (!declared.has(p))
        out.push(
          controllerDiagnostic(
            "parameterUndeclared",
            `no node declares "${p.name}" (set for every node by /${b.path})`,
            p.key,
          ),
        );
  return out;
}

/** Stable order: file, line, column (the validator's order, without importing the XML validator). */
function sortByPlace(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const fa = a.d.file ?? "";
      const fb = b.d.file ?? "";
      if (fa !== fb) return fa < fb ? -1 : 1;
      return (a.d.line ?? 0) - (b.d.line ?? 0) || (a.d.column ?? 0) - (b.d.column ?? 0) || a.i - b.i;
    })
    .map(({ d }) => d);
}

/** Parameters of blocks in order, later ones replacing earlier ones of the same name. */
function mergeParams(blocks: readonly NodeBlock[]): Map<string, NodeParam> {
  const params = new Map<string, NodeParam>();
  for (const b of blocks) for (const p of b.params) params.set(p.name, { param: p, wildcard: b.wildcard });
  return params;
}

function checkManager(
  distro: ControllerDistro,
  defs: SectionDef,
  params: ReadonlyMap<string, NodeParam>,
  controllers: ReadonlyMap<string, unknown>,
  declaredWildcards: Set<RosParam>,
  managers: readonly NodeBlock[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const own = new Map<string, NodeParam>();
  const who = `controller_manager (${distro})`;
  for (const [name, entry] of params) {
    const m = /^([^.]+)\.([^.]+)$/.exec(name);
    const keyTypes = m === null || !perControllerKeys(distro).includes(m[2]!) ? undefined : PER_CONTROLLER_KEYS[m[2]!];
    if (m !== null && controllers.has(m[1]!)) {
      declaredWildcards.add(entry.param);
      if (keyTypes === undefined) {
        if (entry.wildcard) continue;
        out.push(
          controllerDiagnostic(
            "parameterUndeclared",
            `${who} reads ${perControllerKeys(distro)
              .map((k) => `${m[1]}.${k}`)
              .join(", ")}, not "${name}"; a controller's own parameters go under its own node`,
            entry.param.key,
            closestKey(distro, m[1]!, m[2]!),
          ),
        );
      } else if (!keyTypes.some((t) => checkValue(who, name, t, entry.param.value, entry.param.at).length === 0)) {
        out.push(...checkValue(who, name, keyTypes[0]!, entry.param.value, entry.param.at));
      }
      continue;
    }
    if (m !== null && m[2] === "type") continue;
    own.set(name, entry);
  }
  if (managers.length === 0) {
    for (const { param } of own.values()) if (isNodeParameter(param.name)) declaredWildcards.add(param);
    return out;
  }
  // controller_manager declares every key it is given (automatically_declare_parameters_from_overrides):
  // an unknown key is ignored, and most likely a typo.
  return [...out, ...checkNodeParameters(who, defs, own, managers[0]!.at, declaredWildcards)];
}

function closestKey(distro: ControllerDistro, controller: string, key: string): string | undefined {
  const near = closestName(key, perControllerKeys(distro));
  return near === undefined ? undefined : `did you mean "${controller}.${near}"?`;
}

/** Blocks for a node that is not loaded but is named like a controller that is (a typo in either name). */
function strayBlocks(blocks: readonly NodeBlock[], controllers: ReadonlyMap<string, unknown>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const b of blocks) {
    if (b.wildcard || b.nodeName === "controller_manager" || controllers.has(b.nodeName)) continue;
    const near = closestName(b.nodeName, controllers.keys());
    if (near === undefined) continue;
    out.push(
      controllerDiagnostic(
        "controllerNotLoaded",
        `parameters for "${b.nodeName}", but controller_manager loads no controller of that name`,
        b.at,
        `did you mean "${near}"?`,
      ),
    );
  }
  return out;
}
