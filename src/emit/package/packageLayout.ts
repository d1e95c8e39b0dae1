/** Directories every generated package installs to share/<package> (each one is written). */
export const INSTALLED_DIRECTORIES = ["urdf", "sdf", "mjcf", "config", "launch", "rviz", "worlds", "meshes"] as const;
