import { attr, type XmlElement } from "../../parse/XmlDocument.js";

const SIZED = new Set(["box", "sphere", "cylinder", "capsule", "ellipsoid"]);

function numbers(e: XmlElement, name: string): number[] | undefined {
  return attr(e, name)?.trim().split(/\s+/).map(Number);
}

/**
 * What MuJoCo (2.2.2 and 3.x) refuses in one MJCF element's values, as its compiler says it,
 * or undefined: a limited joint or actuator whose range does not increase ("range[0] should be
 * smaller than range[1]"), a `diaginertia` with a negative moment or breaking the triangle
 * inequality ("inertia must satisfy A + B >= C"), and a primitive geom with a size that is not
 * positive ("sizes must be positive"). `materials` are the declared material names: a geom
 * naming another is refused too ("material not found").
 */
export function mjcfValueProblem(e: XmlElement, materials: ReadonlySet<string>): string | undefined {
  for (const key of ["range", "ctrlrange", "forcerange"]) {
    const r = numbers(e, key);
    const limited = attr(e, key === "range" ? "limited" : key === "ctrlrange" ? "ctrllimited" : "forcelimited");
    // Non-finite numbers are reported on their own (checkMjcf).
    if (r !== undefined && limited === "true" && r.every(Number.isFinite) && !(r[0]! < r[1]!))
      return `<${e.name}> ${key}="${attr(e, key)}" does not increase, which MuJoCo refuses`;
  }
  if (e.name === "inertial") {
    const d = numbers(e, "diaginertia");
    if (d !== undefined) {
      const [a, b, c] = [...d].sort((x, y) => x - y) as [number, number, number];
      if (a < 0)
        return `<inertial> diaginertia="${attr(e, "diaginertia")}" has a negative moment, which MuJoCo refuses`;
      if (a + b < c)
        return `<inertial> diaginertia="${attr(e, "diaginertia")}" breaks the triangle inequality A + B >= C, which MuJoCo refuses`;
    }
  }
  if (e.name === "geom") {
    const type = attr(e, "type") ?? "sphere";
    const size = numbers(e, "size");
    if (SIZED.has(type) && size !== undefined && attr(e, "mesh") === undefined && attr(e, "fromto") === undefined) {
      const used = type === "sphere" ? 1 : type === "cylinder" || type === "capsule" ? 2 : 3;
      if (size.slice(0, used).some((s) => Number.isFinite(s) && !(s > 0)))
        return `<geom> ${type} size="${attr(e, "size")}" is not positive, which MuJoCo refuses`;
    }
    const material = attr(e, "material");
    if (material !== undefined && !materials.has(material))
      return `<geom> material "${material}" is not declared, which MuJoCo refuses`;
  }
  return undefined;
}
