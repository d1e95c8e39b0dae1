import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { closestName } from "../../util/closestName.js";
import type { ParamDef, SectionDef } from "./ControllerDefinitions.js";
import { defaultValue, failedValidator, showValue, typeAccepts, uncheckedValidators } from "./checkParameterValue.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { flattenDefinitions, lookupParameter } from "./lookupParameter.js";
import type { FilePlace, RosParam, RosValue } from "./readParameterFile.js";

/** A parameter set on a node, and whether it came from a wildcard block (`/**`). */
export interface NodeParam {
  readonly param: RosParam;
  readonly wildcard: boolean;
}

/** Parameters every ROS 2 node declares (rclcpp), by name. */
const NODE_PARAMETERS: Readonly<Record<string, ParamDef>> = {
  use_sim_time: { t: "bool", d: false },
  start_type_description_service: { t: "bool", d: true },
};

/** True for a parameter every rclcpp node accepts (`use_sim_time`, `qos_overrides.…`). */
export function isNodeParameter(name: string): boolean {
  return name in NODE_PARAMETERS || name.startsWith("qos_overrides.");
}

/**
 * Checks one node's parameters against its definitions: each declared (else a warning with the
 * closest declared name), of the declared type, passing the declared validators; and every
 * parameter without a usable default set. Parameters from wildcard blocks are not reported as
 * undeclared here: `declaredWildcards` collects the ones some node declares.
 *
 * @param who - the node in messages, e.g. `controller "diff_drive" (diff_drive_controller/DiffDriveController)`.
 * @param missingAt - where a missing parameter is reported (the controller's `type`, or its block).
 */
export function checkNodeParameters(
  who: string,
  defs: SectionDef,
  params: ReadonlyMap<string, NodeParam>,
  missingAt: FilePlace,
  declaredWildcards: Set<RosParam>,
  preset: Readonly<Record<string, unknown>> = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  let names: string[] | undefined;
  for (const [name, { param, wildcard }] of params) {
    const node = NODE_PARAMETERS[name];
    const found =
      node !== undefined ? ({ kind: "param", def: node, mapKeys: [] } as const) : lookupParameter(defs, name);
    if (found.kind === "dynamic" || (found.kind !== "param" && isNodeParameter(name))) {
      declaredWildcards.add(param);
      continue;
    }
    if (found.kind !== "param") {
      if (wildcard) continue;
      names ??= flattenDefinitions(defs).map((d) => d.name);
      const suggestion = suggest(name, names);
      out.push(
        controllerDiagnostic(
          "parameterUndeclared",
          found.kind === "section"
            ? `${who}: "${name}" is a section of parameters, not a parameter`
            : `${who} declares no parameter "${name}"`,
          param.key,
          suggestion === undefined ? undefined : `did you mean "${suggestion}"?`,
        ),
      );
      continue;
    }
    declaredWildcards.add(param);
    for (const { list, key } of found.mapKeys) {
      const listed = params.get(list)?.param.value;
      if (wildcard || listed === undefined || listed.type !== "string_array" || listed.value.includes(key)) continue;
      out.push(
        controllerDiagnostic(
          "parameterUndeclared",
          `${who}: "${name}" is for "${key}", which is not in ${list} [${listed.value.join(", ")}]`,
          param.key,
        ),
      );
    }
    out.push(...checkValue(who, name, found.def, param.value, param.at));
  }
  out.push(...missingParameters(who, defs, params, missingAt, preset));
  return out;
}

/** The closest declared name, comparing `__map_` placeholders with the name's own segment there. */
function suggest(name: string, declared: readonly string[]): string | undefined {
  const segments = name.split(".");
  const concrete = declared.map((d) => {
    const parts = d.split(".");
    return parts.length === segments.length
      ? parts.map((p, i) => (p.startsWith("<") ? (segments[i] ?? p) : p)).join(".")
      : d;
  });
  return closestName(name, concrete);
}

/** Type and validators of one value. */
export function checkValue(who: string, name: string, def: ParamDef, value: RosValue, at: FilePlace): Diagnostic[] {
  if (!typeAccepts(def.t, value.type)) {
    const asDouble =
      (def.t === "double" && value.type === "int") || (def.t === "double_array" && value.type === "int_array");
    return [
      controllerDiagnostic(
        "parameterTypeMismatch",
        `${who}: "${name}" is ${article(def.t)}, but ${showValue(value)} is ${article(value.type)}${asDouble ? " (write it with a decimal point, e.g. 1.0)" : ""}`,
        at,
      ),
    ];
  }
  const failed = failedValidator(def, value);
  const out: Diagnostic[] = [];
  if (failed !== undefined)
    out.push(
      controllerDiagnostic(
        "parameterValueInvalid",
        `${who}: "${name}" must be ${failed.wanted} (${failed.name}), but is ${showValue(value)}`,
        at,
      ),
    );
  const unchecked = uncheckedValidators(def);
  if (unchecked.length > 0)
    out.push(
      controllerDiagnostic(
        "parameterValidatorUnchecked",
        `${who}: "${name}" is also checked by ${unchecked.join(", ")} when the controller starts; robokit does not evaluate it`,
        at,
      ),
    );
  return out;
}

function article(type: RosValue["type"] | ParamDef["t"]): string {
  if (type === "empty_array") return "an empty array";
  const word = type === "int" ? "integer" : type.replace(/^int_array$/, "integer_array");
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** Parameters without a default, or whose default fails their own validators, that no file sets. */
function missingParameters(
  who: string,
  defs: SectionDef,
  params: ReadonlyMap<string, NodeParam>,
  at: FilePlace,
  preset: Readonly<Record<string, unknown>>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { name, def } of flattenDefinitions(defs)) {
    if (def.t === "none") continue;
    for (const concrete of concreteNames(name, params)) {
      if (params.has(concrete) || concrete in preset) continue;
      const d = defaultValue(def);
      if (d === undefined) {
        out.push(
          controllerDiagnostic(
            "parameterMissing",
            `${who}: "${concrete}" (${def.t}) has no default and is not set`,
            at,
          ),
        );
        continue;
      }
      const failed = failedValidator(def, d);
      if (failed !== undefined)
        out.push(
          controllerDiagnostic(
            "parameterMissing",
            `${who}: "${concrete}" is not set, and its default ${showValue(d)} is not ${failed.wanted} (${failed.name})`,
            at,
          ),
        );
    }
  }
  return out;
}

/** A name with `<list>` placeholders expanded over the list parameter's values (none when the list is unset or empty). */
function concreteNames(name: string, params: ReadonlyMap<string, NodeParam>): string[] {
  let names = [""];
  for (const part of name.split(".")) {
    let values = [part];
    if (part.startsWith("<")) {
      const list = params.get(part.slice(1, -1))?.param.value;
      values = list?.type === "string_array" ? [...list.value] : [];
    }
    names = names.flatMap((n) => values.map((v) => (n === "" ? v : `${n}.${v}`)));
  }
  return names;
}
