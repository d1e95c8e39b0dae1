import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { type CallSite, captureCallSite } from "./CallSite.js";
import { defineRobot } from "./defineRobot.js";
import type { Drive } from "./Drive.js";
import type { ImportedAsRead } from "./ImportedAsRead.js";
import type { Joint } from "./Joint.js";
import type { Link } from "./Link.js";
import type { Material } from "./Material.js";
import type { Pose } from "./Pose.js";
import type { PackageInfo, Robot } from "./Robot.js";
import type { Rgba } from "./Vector.js";
import type { XmlBlock } from "./XmlBlock.js";
import { RobotModelError } from "./RobotModelError.js";

/**
 * Incremental, typed construction of a {@link Robot}: what xacro macros do, with types.
 * A reusable part is an ordinary function that takes the builder and adds links and
 * joints. `build()` checks the whole model at once, as a robot document is checked, so a
 * module run without type-checking (`.js`, `.mjs`, or `.ts` with its types stripped) gets every check the
 * types would have made; a problem is reported at the file:line:col of the call that added it.
 *
 * @example
 * const b = new RobotBuilder("rover").material("grey", [0.5, 0.5, 0.5, 1]);
 * b.link(solidLink("base_link", { shape: box(0.5, 0.4, 0.2), mass: 10, material: "grey" }));
 * const robot = b.build();
 */
export class RobotBuilder {
  readonly #name: string;
  readonly #materials: Material[] = [];
  readonly #links: Link[] = [];
  readonly #joints: Joint[] = [];
  #drive: Drive | undefined;
  #package: PackageInfo | undefined;
  readonly #xmlBlocks: XmlBlock[] = [];
  #pose: Pose | undefined;
  #imported: ImportedAsRead | undefined;
  /** Where each part was added, by the JSON pointer of the model it becomes: `/joints/3` → the `joint()` call. */
  readonly #sites = new Map<string, () => CallSite | undefined>();

  /** @param name - the robot's name (URDF `<robot name>`, SDF `<model name>`). */
  constructor(name: string) {
    this.#name = name;
    this.#sites.set("/name", captureCallSite(RobotBuilder));
  }

  /** Declares a material once; visuals refer to it by name. */
  material(name: string, rgba: Rgba, texture?: string): this {
    this.#sites.set(`/materials/${this.#materials.length}`, captureCallSite(this.material));
    this.#materials.push(texture === undefined ? { name, rgba } : { name, rgba, texture });
    return this;
  }

  /** Adds a link (declaration order is kept in every output). */
  link(link: Link): this {
    this.#sites.set(`/links/${this.#links.length}`, captureCallSite(this.link));
    this.#links.push(link);
    return this;
  }

  /** Adds a joint. */
  joint(joint: Joint): this {
    this.#sites.set(`/joints/${this.#joints.length}`, captureCallSite(this.joint));
    this.#joints.push(joint);
    return this;
  }

  /** Declares which joints move the base (kinematics, controllers and simulation read it). */
  drive(drive: Drive): this {
    this.#sites.set("/drive", captureCallSite(this.drive));
    this.#drive = drive;
    return this;
  }

  /** Metadata for the generated ROS package. */
  packageInfo(info: PackageInfo): this {
    this.#sites.set("/package", captureCallSite(this.packageInfo));
    this.#package = info;
    return this;
  }

  /** Keeps an XML extension block verbatim; the URDF emitter writes it back after the joints. */
  xmlBlock(format: XmlBlock["format"], xml: string): this {
    this.#sites.set(`/xmlBlocks/${this.#xmlBlocks.length}`, captureCallSite(this.xmlBlock));
    this.#xmlBlocks.push({ format, xml });
    return this;
  }

  /** Places the robot in the world: `world_T_root` (SDF `<model><pose>`; URDF cannot hold it). */
  pose(pose: Pose): this {
    this.#sites.set("/pose", captureCallSite(this.pose));
    this.#pose = pose;
    return this;
  }

  /**
   * Marks the robot as imported from a file and kept as that file says: `build()` then reports
   * zero mass, impossible tensors, zero-size shapes and unusual names as warnings, not errors.
   * `findings` are the model check's messages at import, kept for the reader.
   */
  importedAsRead(findings: readonly string[] = []): this {
    this.#imported = findings.length === 0 ? { lenient: true } : { lenient: true, findings: [...findings] };
    return this;
  }

  /**
   * Returns the checked, frozen robot; throws RobotModelError listing every problem, each at
   * the file:line:col of the builder call that added the part it concerns.
   */
  build(): Robot {
    const robot: Robot = {
      name: this.#name,
      materials: [...this.#materials],
      links: [...this.#links],
      joints: [...this.#joints],
      ...(this.#drive === undefined ? {} : { drive: this.#drive }),
      ...(this.#package === undefined ? {} : { package: this.#package }),
      ...(this.#xmlBlocks.length === 0 ? {} : { xmlBlocks: [...this.#xmlBlocks] }),
      ...(this.#pose === undefined ? {} : { pose: this.#pose }),
      ...(this.#imported === undefined ? {} : { imported: this.#imported }),
    };
    try {
      return defineRobot(robot);
    } catch (error) {
      if (!(error instanceof RobotModelError)) throw error;
      throw new RobotModelError(
        this.#name,
        error.diagnostics.map((d) => this.#placed(d)),
      );
    }
  }

  /** A diagnostic without a line, at the call that added the part its JSON pointer is in. */
  #placed(d: Diagnostic): Diagnostic {
    if (d.line !== undefined || d.jsonPath === undefined) return d;
    const [, collection, index] = d.jsonPath.split("/");
    const site = (this.#sites.get(`/${collection}/${index}`) ?? this.#sites.get(`/${collection}`))?.();
    return site === undefined ? d : { ...d, file: site.file, line: site.line, column: site.column };
  }
}
