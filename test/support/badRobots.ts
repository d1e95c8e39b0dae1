import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { twoLinkRobot } from "./twoLinkRobot.js";

export type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
export const mutate = (f: (r: Mutable<Robot>) => void): Robot => {
  const r = structuredClone(twoLinkRobot()) as Mutable<Robot>;
  f(r);
  return r as Robot;
};
export const joint0 = (r: Mutable<Robot>): Mutable<Joint> => r.joints![0]!;
export const link = (r: Mutable<Robot>, i: number): Mutable<Robot>["links"][number] => r.links[i]!;
const third = (): Mutable<Robot>["links"][number] => ({
  name: "tool",
  inertial: { mass: 0.1, inertia: { ixx: 1e-4, ixy: 0, ixz: 0, iyy: 1e-4, iyz: 0, izz: 1e-4 } },
});

/** Every rejection: the mutation, the code, the JSON pointer, and the exact message. */
/**
 * `documentMessage`: what a YAML/JSON document with the same mistake reports instead, where
 * the schema catches it before the model rules do (code DOCUMENT_INVALID).
 */
export const badRobots: readonly {
  name: string;
  robot: Robot;
  code: string;
  jsonPath: string;
  message: string;
  documentMessage?: string;
}[] = [
  {
    name: "duplicate link",
    robot: mutate((r) => r.links.push({ ...link(r, 1) })),
    code: "DUPLICATE_NAME",
    jsonPath: "/links/2/name",
    message: 'link "arm": name is declared more than once',
  },
  {
    name: "duplicate joint",
    robot: mutate((r) => {
      r.links.push(third());
      r.joints!.push({ ...joint0(r), child: "tool" } as Mutable<Joint>);
    }),
    code: "DUPLICATE_NAME",
    jsonPath: "/joints/1/name",
    message: 'joint "servo1": name is declared more than once',
  },
  {
    name: "missing parent",
    robot: mutate((r) => {
      joint0(r).parent = "bse";
    }),
    code: "JOINT_PARENT_LINK_INVALID",
    jsonPath: "/joints/0/parent",
    message: 'joint "servo1": parent link "bse" does not exist',
  },
  {
    name: "missing child",
    robot: mutate((r) => {
      joint0(r).child = "ram";
    }),
    code: "JOINT_CHILD_LINK_INVALID",
    jsonPath: "/joints/0/child",
    message: 'joint "servo1": child link "ram" does not exist',
  },
  {
    name: "parent equals child",
    robot: mutate((r) => {
      joint0(r).child = "base";
    }),
    code: "JOINT_PARENT_SAME_AS_CHILD",
    jsonPath: "/joints/0/child",
    message: 'joint "servo1": child link "base" is also its parent',
  },
  {
    name: "two parents",
    robot: mutate((r) => {
      r.links.push(third());
      r.joints!.push({ name: "j2", type: "fixed", parent: "tool", child: "arm" });
      r.joints!.push({ name: "j3", type: "fixed", parent: "base", child: "tool" });
    }),
    code: "LINK_MULTIPLE_PARENTS",
    jsonPath: "/joints/1/child",
    message: 'joint "j2": link "arm" already has parent joint "servo1"',
  },
  {
    name: "cycle",
    robot: mutate((r) => {
      r.links.push(third());
      r.joints = [
        { name: "a", type: "fixed", parent: "arm", child: "tool" },
        { name: "b", type: "fixed", parent: "tool", child: "arm" },
        { name: "c", type: "fixed", parent: "base", child: "base2" },
      ];
      r.links.push({ name: "base2" });
    }),
    code: "KINEMATIC_CYCLE",
    jsonPath: "/joints/1",
    message: 'joint "b": links "arm" → "tool" form a cycle',
  },
  {
    name: "two roots",
    robot: mutate((r) => {
      r.links.push(third());
    }),
    code: "MODEL_MULTIPLE_ROOTS",
    jsonPath: "/links/2",
    message: 'robot "arm": links "base", "tool" have no parent joint; exactly one root link is allowed',
  },
  {
    name: "NaN",
    robot: mutate((r) => {
      (joint0(r).origin!.xyz as number[])[1] = Number.NaN;
    }),
    code: "NUMBER_NOT_FINITE",
    jsonPath: "/joints/0/origin/xyz/1",
    message: 'joint "servo1": origin.xyz[1] is NaN; numbers must be finite',
  },
  {
    name: "infinite mass",
    robot: mutate((r) => {
      link(r, 1).inertial!.mass = Number.POSITIVE_INFINITY;
    }),
    code: "NUMBER_NOT_FINITE",
    jsonPath: "/links/1/inertial/mass",
    message: 'link "arm": inertial.mass is Infinity; numbers must be finite',
  },
  {
    name: "zero mass",
    robot: mutate((r) => {
      link(r, 1).inertial!.mass = 0;
    }),
    code: "LINK_INERTIA_INVALID",
    jsonPath: "/links/1/inertial/mass",
    message: 'link "arm": inertial.mass must be > 0 (got 0)',
  },
  {
    name: "negative mass",
    robot: mutate((r) => {
      link(r, 1).inertial!.mass = -1;
    }),
    code: "LINK_INERTIA_INVALID",
    jsonPath: "/links/1/inertial/mass",
    message: 'link "arm": inertial.mass must be > 0 (got -1)',
  },
  {
    name: "not positive definite",
    robot: mutate((r) => {
      link(r, 0).inertial!.inertia.ixy = 0.05;
    }),
    code: "LINK_INERTIA_INVALID",
    jsonPath: "/links/0/inertial/inertia",
    message: 'link "base": inertial.inertia must be positive definite',
  },
  {
    name: "triangle inequality",
    robot: mutate((r) => {
      link(r, 0).inertial!.inertia.izz = 0.03;
    }),
    code: "LINK_INERTIA_INVALID",
    jsonPath: "/links/0/inertial/inertia",
    message:
      'link "base": inertial.inertia breaks the triangle inequality (each principal moment must be ≤ the sum of the other two)',
  },
  {
    name: "zero axis",
    robot: mutate((r) => {
      (joint0(r) as Mutable<Extract<Joint, { type: "revolute" }>>).axis = [0, 0, 0];
    }),
    code: "JOINT_AXIS_ZERO",
    jsonPath: "/joints/0/axis",
    message: 'joint "servo1": axis must be non-zero',
  },
  {
    name: "revolute without limit",
    robot: mutate((r) => {
      delete (joint0(r) as { limit?: unknown }).limit;
    }),
    code: "JOINT_LIMIT_MISSING",
    jsonPath: "/joints/0/limit",
    message: 'joint "servo1": a revolute joint needs limit (lower, upper, effort, velocity)',
    documentMessage: 'joint "servo1": /joints/0: missing required field "limit"',
  },
  {
    name: "prismatic without limit",
    robot: mutate((r) => {
      r.joints![0] = { name: "slide", type: "prismatic", parent: "base", child: "arm" } as unknown as Mutable<Joint>;
    }),
    code: "JOINT_LIMIT_MISSING",
    jsonPath: "/joints/0/limit",
    message: 'joint "slide": a prismatic joint needs limit (lower, upper, effort, velocity)',
    documentMessage: 'joint "slide": /joints/0: missing required field "limit"',
  },
  {
    name: "lower > upper",
    robot: mutate((r) => {
      (joint0(r) as Mutable<Extract<Joint, { type: "revolute" }>>).limit.lower = 2;
    }),
    code: "JOINT_LIMIT_INVALID",
    jsonPath: "/joints/0/limit/lower",
    message: 'joint "servo1": limit.lower (2) must be ≤ limit.upper (1.5)',
  },
  {
    name: "undeclared material",
    robot: mutate((r) => {
      link(r, 0).visuals![0]!.material = "gray";
    }),
    code: "MATERIAL_UNDEFINED",
    jsonPath: "/links/0/visuals/0/material",
    message: 'link "base": visuals[0].material "gray" is not declared in materials',
  },
  {
    name: "negative radius",
    robot: mutate((r) => {
      link(r, 1).visuals![0]!.geometry = { type: "cylinder", radius: -0.03, length: 0.3 };
    }),
    code: "GEOMETRY_INVALID",
    jsonPath: "/links/1/visuals/0/geometry/radius",
    message: 'link "arm": visuals[0].geometry.radius must be > 0 (got -0.03)',
  },
  {
    name: "mimic of a missing joint",
    robot: mutate((r) => {
      (joint0(r) as Mutable<Extract<Joint, { type: "revolute" }>>).mimic = { joint: "ghost" };
    }),
    code: "JOINT_MIMIC_INVALID",
    jsonPath: "/joints/0/mimic/joint",
    message: 'joint "servo1": mimic.joint "ghost" does not exist',
  },
];
