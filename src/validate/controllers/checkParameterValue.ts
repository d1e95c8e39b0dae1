import type { DefValue, ParamDef, ParamType } from "./ControllerDefinitions.js";
import type { RosValue } from "./readParameterFile.js";
import { assertNever } from "../../util/assertNever.js";

/** The validators robokit evaluates: generate_parameter_library's built-in ones and control_filters' NaN-tolerant bounds. */
export const EVALUATED_VALIDATORS: readonly string[] = [
  "gt",
  "gt_eq",
  "lt",
  "lt_eq",
  "lower_bounds",
  "upper_bounds",
  "bounds",
  "not_empty",
  "one_of",
  "size_gt",
  "size_lt",
  "fixed_size",
  "unique",
  "element_bounds",
  "lower_element_bounds",
  "upper_element_bounds",
  "subset_of",
  "control_filters::gt_eq_or_nan",
  "control_filters::lt_eq_or_nan",
];

/** True when a value of ROS type `actual` is accepted for a parameter declared `declared` (no conversion: rclcpp converts none). */
export function typeAccepts(declared: ParamType, actual: RosValue["type"]): boolean {
  if (declared === "none") return true;
  if (actual === "empty_array") return declared.endsWith("_array");
  return declared === actual;
}

/** A definition's default as a ROS value of its declared type (undefined when it has none). */
export function defaultValue(def: ParamDef): RosValue | undefined {
  if (def.d === undefined) return undefined;
  const scalar = (v: DefValue): boolean | number | string =>
    v === "NaN"
      ? Number.NaN
      : v === "Infinity"
        ? Number.POSITIVE_INFINITY
        : v === "-Infinity"
          ? Number.NEGATIVE_INFINITY
          : (v as boolean | number | string);
  const list = (Array.isArray(def.d) ? def.d : [def.d]).map(scalar);
  switch (def.t) {
    case "bool":
      return { type: "bool", value: Boolean(list[0]) };
    case "int":
      return { type: "int", value: Number(list[0]) };
    case "double":
      return { type: "double", value: typeof list[0] === "number" ? list[0] : Number(list[0]) };
    case "string":
      return { type: "string", value: String(list[0] ?? "") };
    case "bool_array":
      return { type: "bool_array", value: list.map(Boolean) };
    case "int_array":
      return { type: "int_array", value: list.map(Number) };
    case "double_array":
      return { type: "double_array", value: list.map(Number) };
    case "string_array":
      return { type: "string_array", value: list.map(String) };
    case "none":
      return undefined;
    default:
      return assertNever(def.t, "parameter type");
  }
}

/** A validator that fails on a value: its name, arguments and what it wanted. */
export interface FailedValidator {
  readonly name: string;
  readonly wanted: string;
}

/**
 * The first validator of `def` that `value` fails, or undefined. Validators robokit does not
 * evaluate (C++ functions of a controller) are skipped; see {@link uncheckedValidators}.
 */
export function failedValidator(def: ParamDef, value: RosValue): FailedValidator | undefined {
  for (const [name, ...args] of def.v ?? []) {
    const wanted = validatorFails(name, args.map(decode), value);
    if (wanted !== undefined) return { name, wanted };
  }
  return undefined;
}

/** The validators of `def` robokit does not evaluate. */
export function uncheckedValidators(def: ParamDef): string[] {
  return (def.v ?? []).map(([name]) => name).filter((name) => !EVALUATED_VALIDATORS.includes(name));
}

function decode(v: DefValue): unknown {
  if (v === "NaN") return Number.NaN;
  if (v === "Infinity") return Number.POSITIVE_INFINITY;
  if (v === "-Infinity") return Number.NEGATIVE_INFINITY;
  if (Array.isArray(v)) return v.map(decode);
  return v;
}

function lengthOf(value: RosValue): number | undefined {
  if (value.type === "string") return value.value.length;
  if (Array.isArray(value.value)) return value.value.length;
  return undefined;
}

function show(v: unknown, double = false): string {
  if (Array.isArray(v)) return `[${v.map((e) => show(e, double)).join(", ")}]`;
  if (typeof v === "number" && double && Number.isInteger(v)) return `${v}.0`;
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

/** What the validator wants when `value` fails it, else undefined (also for a validator not evaluated). */
function validatorFails(name: string, args: readonly unknown[], value: RosValue): string | undefined {
  const scalar = value.value as unknown;
  const num = typeof scalar === "number" ? scalar : undefined;
  const elements = Array.isArray(value.value) ? (value.value as readonly unknown[]) : undefined;
  const a = args[0];
  const b = args[1];
  const length = lengthOf(value);
  const bad = (ok: boolean, wanted: string): string | undefined => (ok ? undefined : wanted);
  switch (name) {
    case "gt":
      return num === undefined ? undefined : bad(num > Number(a), `greater than ${show(a)}`);
    case "gt_eq":
    case "lower_bounds":
      return num === undefined ? undefined : bad(num >= Number(a), `at least ${show(a)}`);
    case "lt":
      return num === undefined ? undefined : bad(num < Number(a), `less than ${show(a)}`);
    case "lt_eq":
    case "upper_bounds":
      return num === undefined ? undefined : bad(num <= Number(a), `at most ${show(a)}`);
    case "bounds":
      return num === undefined
        ? undefined
        : bad(num >= Number(a) && num <= Number(b), `within [${show(a)}, ${show(b)}]`);
    case "control_filters::gt_eq_or_nan":
      return num === undefined ? undefined : bad(Number.isNaN(num) || num >= Number(a), `NaN or at least ${show(a)}`);
    case "control_filters::lt_eq_or_nan":
      return num === undefined ? undefined : bad(Number.isNaN(num) || num <= Number(a), `NaN or at most ${show(a)}`);
    case "not_empty":
      return length === undefined ? undefined : bad(length > 0, "not empty");
    case "size_gt":
      return length === undefined
        ? undefined
        : bad(length > Number(a), `more than ${show(a)} ${value.type === "string" ? "characters" : "elements"}`);
    case "size_lt":
      return length === undefined
        ? undefined
        : bad(length < Number(a), `fewer than ${show(a)} ${value.type === "string" ? "characters" : "elements"}`);
    case "fixed_size":
      return length === undefined
        ? undefined
        : bad(length === Number(a), `exactly ${show(a)} ${value.type === "string" ? "characters" : "elements"}`);
    case "one_of":
      return Array.isArray(a) && elements === undefined ? bad(a.includes(scalar), `one of ${show(a)}`) : undefined;
    case "subset_of":
      return Array.isArray(a) && elements !== undefined
        ? bad(
            elements.every((e) => a.includes(e)),
            `elements from ${show(a)}`,
          )
        : undefined;
    case "unique":
      return elements === undefined
        ? undefined
        : bad(new Set(elements).size === elements.length, "no repeated element");
    case "element_bounds":
      return elements === undefined
        ? undefined
        : bad(
            elements.every((e) => Number(e) >= Number(a) && Number(e) <= Number(b)),
            `every element within [${show(a)}, ${show(b)}]`,
          );
    case "lower_element_bounds":
      return elements === undefined
        ? undefined
        : bad(
            elements.every((e) => Number(e) >= Number(a)),
            `every element at least ${show(a)}`,
          );
    case "upper_element_bounds":
      return elements === undefined
        ? undefined
        : bad(
            elements.every((e) => Number(e) <= Number(a)),
            `every element at most ${show(a)}`,
          );
    default:
      return undefined;
  }
}

/** A value as the file shows it, for messages. */
export function showValue(value: RosValue): string {
  return show(value.value, value.type === "double" || value.type === "double_array");
}
