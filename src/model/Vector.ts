/** A 3-vector in SI units (m, rad, or unitless for directions), x y z order. */
export type Vec3 = readonly [number, number, number];

/** An RGBA colour, each channel in [0, 1]. */
export type Rgba = readonly [number, number, number, number];

/** A unit quaternion in [x, y, z, w] order (gl-matrix's and ROS's order). */
export type Quat = readonly [number, number, number, number];
