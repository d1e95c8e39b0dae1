// Compiles generate_parameter_library's parameter definitions (data/ros2_controllers/<distro>/
// <package>/src/*.yaml, data/ros2_control/<distro>/controller_manager/src/*.yaml) and the pluginlib
// class lists (<package>/*.xml) into data/controller-definitions/<distro>.json and index.json,
// the compact form `robokit validate` reads (src/validate/controllers/ControllerDefinitions.ts).
// Descriptions are dropped. `--check` fails when the JSON files are stale (npm run check:generated).
import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { parse } from "yaml";

import {
  CONTROLLER_DISTROS,
  type ClassDef,
  type ControllerDistro,
  type DefinitionsIndex,
  type DefNode,
  type DefValue,
  type DistroDefinitions,
  type ParamDef,
  type ParamType,
  type SectionDef,
} from "../src/validate/controllers/ControllerDefinitions.js";

const repo = join(import.meta.dirname, "..");
const controllersDir = join(repo, "data", "ros2_controllers");
const managerDir = join(repo, "data", "ros2_control");
const outDir = join(repo, "data", "controller-definitions");

/** The classes that derive from ForwardCommandController and set its `interface_name` in on_init. */
const JOINT_GROUP_PRESETS: Record<string, string> = {
  "position_controllers/JointGroupPositionController": "position",
  "velocity_controllers/JointGroupVelocityController": "velocity",
  "effort_controllers/JointGroupEffortController": "effort",
};

/** Packages whose controllers also declare the parameters of steering_controllers_library. */
const STEERING_PACKAGES = new Set([
  "ackermann_steering_controller",
  "bicycle_steering_controller",
  "tricycle_steering_controller",
]);

/**
 * Humble's controller_manager has no definition file: it reads `update_rate` (integer, default
 * 100) with get_parameter in controller_manager.cpp.
 */
const HUMBLE_CONTROLLER_MANAGER: SectionDef = { s: { update_rate: { t: "int", d: 100 } } };

/**
 * controller_manager declares `overruns.print_warnings` itself (true, or false with
 * use_sim_time) before its generated listener reads it, so the file's missing default is not a
 * missing parameter.
 */
const MANAGER_DEFAULTS: Record<string, DefValue> = { "overruns.print_warnings": true };

const PARAM_TYPES = new Set<string>([
  "bool",
  "int",
  "double",
  "string",
  "bool_array",
  "int_array",
  "double_array",
  "string_array",
  "none",
]);

/** YAML text with every double-quoted description emptied: some wrap lines under-indented, which the strict reader refuses. */
function withoutDescriptions(text: string): string {
  return text.replace(/description:\s*"(?:[^"\\]|\\.)*"/gs, 'description: ""');
}

function readYaml(file: string): Record<string, unknown> {
  return parse(withoutDescriptions(readFileSync(file, "utf8"))) as Record<string, unknown>;
}

function toDefValue(value: unknown, where: string): DefValue {
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (value === Number.POSITIVE_INFINITY) return "Infinity";
    if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
    return value;
  }
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((v) => toDefValue(v, where));
  if (value === null) return "";
  throw new Error(`${where}: unexpected value ${JSON.stringify(value)}`);
}

function compileParam(raw: Record<string, unknown>, where: string): ParamDef {
  let type = String(raw["type"]);
  let fixed: number | undefined;
  const m = /^(.*)_fixed_(\d+)$/.exec(type);
  if (m !== null) {
    type = m[1]!;
    fixed = Number(m[2]);
  }
  if (!PARAM_TYPES.has(type)) throw new Error(`${where}: unknown parameter type ${type}`);
  const validators: [string, ...DefValue[]][] = [];
  const validation = raw["validation"];
  if (validation !== undefined && validation !== null) {
    for (const [key, args] of Object.entries(validation as Record<string, unknown>)) {
      const name = key.replace(/<[^>]*>$/, "");
      const list = args === null || args === undefined ? [] : Array.isArray(args) ? args : [args];
      validators.push([name, ...list.map((a) => toDefValue(a, where))]);
    }
  }
  return {
    t: type as ParamType,
    ...("default_value" in raw ? { d: toDefValue(raw["default_value"], where) } : {}),
    ...(validators.length > 0 ? { v: validators } : {}),
    ...(fixed !== undefined ? { n: fixed } : {}),
  };
}

function isParamNode(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["type"] === "string";
}

function compileSection(raw: Record<string, unknown>, where: string): SectionDef {
  const children: Record<string, DefNode> = {};
  let map: SectionDef["m"];
  for (const [key, value] of Object.entries(raw)) {
    const at = `${where}.${key}`;
    if (key.startsWith("__map_")) {
      if (map !== undefined) throw new Error(`${at}: two __map_ keys in one section`);
      map = { k: key.slice("__map_".length), n: compileSection(value as Record<string, unknown>, at) };
    } else if (isParamNode(value)) {
      children[key] = compileParam(value, at);
    } else if (typeof value === "object" && value !== null) {
      children[key] = compileSection(value as Record<string, unknown>, at);
    } else {
      throw new Error(`${at}: neither a parameter nor a section`);
    }
  }
  return { ...(Object.keys(children).length > 0 ? { s: children } : {}), ...(map !== undefined ? { m: map } : {}) };
}

function sortedDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

function classNames(pkgDir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(pkgDir).sort()) {
    if (!f.endsWith(".xml")) continue;
    for (const m of readFileSync(join(pkgDir, f), "utf8").matchAll(/<class\s[^>]*\bname="([^"]+)"/g)) out.push(m[1]!);
  }
  return out;
}

function setsOf(cls: string, pkg: string, own: readonly string[]): ClassDef {
  const preset = JOINT_GROUP_PRESETS[cls];
  if (preset !== undefined)
    return { pkg, sets: ["forward_command_controller/forward_command_controller"], preset: { interface_name: preset } };
  if (cls === "forward_command_controller/MultiInterfaceForwardCommandController")
    return { pkg, sets: ["forward_command_controller/multi_interface_forward_command_controller"] };
  const library = STEERING_PACKAGES.has(pkg) ? ["steering_controllers_library/steering_controllers_library"] : [];
  if (own.length <= 1) return { pkg, sets: [...library, ...own] };
  const same = own.find((s) => s === `${pkg}/${pkg}`);
  if (same === undefined) throw new Error(`${cls}: ${pkg} has ${own.join(", ")}; say which one the class reads`);
  return { pkg, sets: [...library, same] };
}

function compileDistro(distro: ControllerDistro): DistroDefinitions {
  const root = join(controllersDir, distro);
  const sets: Record<string, SectionDef> = {};
  const classes: Record<string, ClassDef> = {};
  const packages = sortedDirs(root);
  const ownSets = new Map<string, string[]>();
  for (const pkg of packages) {
    const src = join(root, pkg, "src");
    const own: string[] = [];
    if (existsSync(src)) {
      for (const f of readdirSync(src).sort()) {
        if (!f.endsWith(".yaml")) continue;
        for (const [ns, body] of Object.entries(readYaml(join(src, f)))) {
          const key = `${pkg}/${ns}`;
          sets[key] = compileSection(body as Record<string, unknown>, `${distro}/${pkg}/${f}:${ns}`);
          own.push(key);
        }
      }
    }
    ownSets.set(pkg, own);
  }
  for (const pkg of packages)
    for (const cls of classNames(join(root, pkg))) classes[cls] = setsOf(cls, pkg, ownSets.get(pkg) ?? []);
  return { distro, controllerManager: managerDefinitions(distro), classes, sets, packages };
}

function managerDefinitions(distro: ControllerDistro): SectionDef {
  const file = join(managerDir, distro, "controller_manager", "src", "controller_manager_parameters.yaml");
  if (!existsSync(file)) return HUMBLE_CONTROLLER_MANAGER;
  const body = readYaml(file)["controller_manager"] as Record<string, unknown>;
  const section = compileSection(body, `${distro}/controller_manager`);
  return withDefaults(section, MANAGER_DEFAULTS);
}

function withDefaults(section: SectionDef, defaults: Record<string, DefValue>): SectionDef {
  const copy = structuredClone(section) as { s?: Record<string, DefNode> };
  for (const [name, value] of Object.entries(defaults)) {
    const path = name.split(".");
    let node: DefNode | undefined = copy as SectionDef;
    for (const p of path) node = node !== undefined && !("t" in node) ? node.s?.[p] : undefined;
    if (node === undefined || !("t" in node)) throw new Error(`controller_manager has no parameter ${name}`);
    (node as { d?: DefValue }).d = value;
  }
  return copy as SectionDef;
}

function outputs(): Map<string, string> {
  const files = new Map<string, string>();
  const classDistros: Record<string, ControllerDistro[]> = {};
  const allPackages = new Set<string>();
  for (const distro of CONTROLLER_DISTROS) {
    const defs = compileDistro(distro);
    files.set(`${distro}.json`, `${JSON.stringify(defs)}\n`);
    for (const cls of Object.keys(defs.classes)) (classDistros[cls] ??= []).push(distro);
    for (const p of defs.packages) allPackages.add(p);
  }
  const sortedClasses: Record<string, ControllerDistro[]> = {};
  for (const cls of Object.keys(classDistros).sort()) sortedClasses[cls] = classDistros[cls]!;
  const index: DefinitionsIndex = { classes: sortedClasses, packages: [...allPackages].sort() };
  files.set("index.json", `${JSON.stringify(index)}\n`);
  return files;
}

const files = outputs();
if (process.argv.includes("--check")) {
  const stale = [...files].filter(([name, text]) => {
    const path = join(outDir, name);
    return !existsSync(path) || readFileSync(path, "utf8") !== text;
  });
  if (stale.length > 0) {
    process.stderr.write(
      `data/controller-definitions is stale (${stale.map(([n]) => n).join(", ")}): run npx tsx scripts/generate-controller-definitions.ts\n`,
    );
    process.exit(1);
  }
  process.stdout.write("data/controller-definitions is up to date\n");
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
  process.stdout.write(`wrote ${[...files.keys()].map((n) => `data/controller-definitions/${n}`).join(", ")}\n`);
}
