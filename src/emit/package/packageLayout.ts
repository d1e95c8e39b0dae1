/** Directories every generated package installs to share/<package> (each one is written). */
export const INSTALLED_DIRECTORIES = ["urdf", "sdf", "config", "launch", "worlds", "meshes"] as const;
