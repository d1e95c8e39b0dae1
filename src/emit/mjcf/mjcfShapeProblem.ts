import type { Geometry } from "../../model/Geometry.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Why MuJoCo refuses a shape as a geom ("sizes must be positive"), or undefined when it takes
 * it: a box, sphere, cylinder or capsule with a size that is not positive (a zero-radius
 * sphere marks a point in some URDFs). Such a geom is left out and named.
 */
export function mjcfShapeProblem(g: Geometry): string | undefined {
  switch (g.type) {
    case "box":
      return g.size.every((s) => s > 0) ? undefined : `box size ${g.size.join(" ")} is not positive`;
    case "sphere":
      return g.radius > 0 ? undefined : `sphere radius ${g.radius} is not positive`;
    case "cylinder":
      return g.radius > 0 && g.length > 0
        ? undefined
        : `cylinder radius ${g.radius} and length ${g.length} are not both positive`;
    case "capsule":
      return g.radius > 0 && g.length > 0
        ? undefined
        : `capsule radius ${g.radius} and length ${g.length} are not both positive`;
    case "mesh":
    case "plane":
      return undefined;
    default:
      return assertNever(g, "geometry type");
  }
}
