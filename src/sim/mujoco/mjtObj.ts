/** MuJoCo object types (mjtObj) used by name lookups; values from MuJoCo's mjmodel.h. */
export const MJ_OBJ = {
  body: 1,
  joint: 3,
  geom: 5,
  site: 6,
  camera: 7,
  actuator: 19,
  sensor: 20,
} as const;

/** A MuJoCo object type robokit looks up by name. */
export type MjObjKind = keyof typeof MJ_OBJ;
