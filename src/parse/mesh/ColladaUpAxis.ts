/**
 * What a COLLADA reader does with `<asset><up_axis>`: `"apply"` turns the declared up axis to
 * +z, as the COLLADA spec says; `"ignore"` keeps the coordinates as written, as Gazebo
 * (gz-common's and Gazebo Classic's ColladaLoader) and RViz load them.
 */
export type ColladaUpAxis = "apply" | "ignore";

/** The values COLLADA allows in `<up_axis>`. */
export type ColladaUpAxisName = "X_UP" | "Y_UP" | "Z_UP";

/**
 * robokit's default for {@link ColladaUpAxis}: `"ignore"`, what Gazebo simulates and RViz shows,
 * so that a mesh is judged in the pose the simulator gives it.
 */
export const DEFAULT_COLLADA_UP_AXIS: ColladaUpAxis = "ignore";
