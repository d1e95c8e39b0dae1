import type { Link } from "../../model/Link.js";
import type { SdfVersion } from "../sdf/SdfVersion.js";
import type { RosDistro } from "./RosDistro.js";
import type { SimTarget } from "./SimTarget.js";

/** Where a `<sensor>` is being written. */
export interface SensorContext {
  readonly target: SimTarget;
  /** Distro the file is for (gz sensor frame element). */
  readonly distro: RosDistro;
  /** SDF version of the file (URDF `<gazebo>` blocks: the version the simulator converts to). */
  readonly version: SdfVersion;
  readonly link: Link;
  /** Name the simulator gives the link's first collision (contact sensors). */
  readonly firstCollisionName: string | undefined;
}
