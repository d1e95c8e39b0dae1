import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { parse } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "data", "ros2_controllers");

/** One parameter a generate_parameter_library definition declares. */
export interface ParameterDefinition {
  readonly type: string;
  /** Absent when the definition gives none: the parameter is then required. */
  readonly defaultValue?: unknown;
  readonly validation: Readonly<Record<string, unknown>>;
}

/**
 * The parameters a controller package declares on a distro, by dotted name (`linear.x.max_velocity`),
 * read from data/ros2_controllers/<distro>/<package>/src/*.yaml; `extraPackages` adds shared
 * definitions (steering_controllers_library for the steering controllers).
 */
export function parameterDefinitions(
  distro: string,
  pkg: string,
  extraPackages: readonly string[] = [],
): Map<string, ParameterDefinition> {
  const out = new Map<string, ParameterDefinition>();
  for (const p of [pkg, ...extraPackages]) {
    const dir = join(root, distro, p, "src");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
      const doc = parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
      // The top-level key is the generated struct's name, not part of the parameter names.
      for (const body of Object.values(doc)) collect(body, "", out);
    }
  }
  return out;
}

function collect(node: unknown, prefix: string, out: Map<string, ParameterDefinition>): void {
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value !== null && typeof value === "object" && "type" in value) {
      const v = value as { type: string; default_value?: unknown; validation?: Record<string, unknown> };
      out.set(`${prefix}${key}`, {
        type: v.type,
        ...("default_value" in v ? { defaultValue: v.default_value } : {}),
        validation: v.validation ?? {},
      });
    } else collect(value, `${prefix}${key}.`, out);
  }
}

/** Whether the package's plugin description (a `<package>/*.xml`) declares the class. */
export function declaresClass(distro: string, pkg: string, className: string): boolean {
  const dir = join(root, distro, pkg);
  if (!existsSync(dir)) return false;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".xml"))
    .some((f) => readFileSync(join(dir, f), "utf8").includes(`name="${className}"`));
}

/**
 * Problems of one controller's `ros__parameters` against its definitions, as rclcpp and
 * generate_parameter_library see them: a key the controller does not declare; a value of the
 * wrong type (`params` must come from yaml's `parse(text, { intAsBigInt: true })`, so that an
 * integer token is a bigint and a double token a number, as rcl_yaml_param_parser tells them
 * apart); a failed validator; a required parameter missing (no default, or a default its own
 * validators refuse). Unknown validators are reported too, so nothing passes unchecked.
 */
export function parameterProblems(
  definitions: ReadonlyMap<string, ParameterDefinition>,
  params: Readonly<Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  const given = new Map<string, unknown>();
  flatten(params, "", given);
  for (const [name, value] of given) {
    const def = definitions.get(name);
    if (def === undefined) {
      problems.push(`${name}: not declared`);
      continue;
    }
    const typeProblem = checkType(def.type, value);
    if (typeProblem !== undefined) problems.push(`${name}: ${typeProblem}`);
    else for (const p of validate(def.validation, value)) problems.push(`${name}: ${p}`);
  }
  for (const [name, def] of definitions) {
    if (given.has(name)) continue;
    if (!("defaultValue" in def)) problems.push(`${name}: required, not given`);
    else if (def.defaultValue !== null && validate(def.validation, def.defaultValue).length > 0)
      problems.push(`${name}: its default ${JSON.stringify(def.defaultValue)} fails its validation, not given`);
  }
  return problems;
}

function flatten(node: Readonly<Record<string, unknown>>, prefix: string, out: Map<string, unknown>): void {
  for (const [k, v] of Object.entries(node)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v))
      flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else out.set(`${prefix}${k}`, v);
  }
}

function checkType(type: string, value: unknown): string | undefined {
  const scalar = (t: string, v: unknown): boolean => {
    switch (t) {
      case "double":
        return typeof v === "number";
      case "int":
        return typeof v === "bigint";
      case "bool":
        return typeof v === "boolean";
      case "string":
        return typeof v === "string";
      default:
        return false;
    }
  };
  const base = type.replace(/_fixed_\d+$/, "");
  if (base.endsWith("_array")) {
    const t = base.slice(0, -"_array".length);
    return Array.isArray(value) && value.every((v) => scalar(t, v))
      ? undefined
      : `expected ${type}, got ${describe(value)}`;
  }
  return scalar(base, value) ? undefined : `expected ${type}, got ${describe(value)}`;
}

function describe(v: unknown): string {
  return typeof v === "bigint"
    ? `integer ${v}`
    : Array.isArray(v)
      ? `[${v.map(describe).join(", ")}]`
      : `${typeof v} ${String(v)}`;
}

function validate(validation: Readonly<Record<string, unknown>>, value: unknown): string[] {
  const problems: string[] = [];
  const num = (v: unknown): number => Number(v);
  for (const [rule, raw] of Object.entries(validation)) {
    const args = Array.isArray(raw) ? raw : raw === null ? [] : [raw];
    const name = rule.replace(/<.*>$/, "").replace(/^control_filters::/, "");
    const length = Array.isArray(value) || typeof value === "string" ? value.length : Number.NaN;
    let ok: boolean;
    switch (name) {
      case "gt":
        ok = num(value) > num(args[0]);
        break;
      case "gt_eq":
        ok = num(value) >= num(args[0]);
        break;
      case "lt":
        ok = num(value) < num(args[0]);
        break;
      case "lt_eq":
        ok = num(value) <= num(args[0]);
        break;
      case "gt_eq_or_nan":
        ok = Number.isNaN(num(value)) || num(value) >= num(args[0]);
        break;
      case "lt_eq_or_nan":
        ok = Number.isNaN(num(value)) || num(value) <= num(args[0]);
        break;
      case "bounds":
        ok = num(value) >= num(args[0]) && num(value) <= num(args[1]);
        break;
      case "not_empty":
        ok = length > 0;
        break;
      case "size_lt":
        ok = length < num(args[0]);
        break;
      case "size_gt":
        ok = length > num(args[0]);
        break;
      case "unique":
        ok = Array.isArray(value) && new Set(value).size === value.length;
        break;
      case "one_of":
        ok = Array.isArray(args[0]) && (args[0] as unknown[]).includes(value);
        break;
      default:
        problems.push(`validator ${rule} is not known to this reader`);
        continue;
    }
    if (!ok)
      problems.push(
        `${JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}` : v))} fails ${rule} ${JSON.stringify(args)}`,
      );
  }
  return problems;
}
