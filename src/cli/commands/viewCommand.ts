import { Command, Option } from "commander";
import { helpExamples } from "../helpExamples.js";

/**
 * `robokit view <robot | file.urdf | file.sdf | model folder> [--open] [--port] [-I dir] [--trace CSV]
 * [--inertia] [--screenshot PNG --camera iso|top|front|side]`: serves the 3-D viewer on 127.0.0.1 (a free
 * port and a per-run token, printed as one address), or renders one picture in headless
 * Chromium and exits. What it serves and refuses: docs/security-view.md.
 */
export function viewCommand(): Command {
  return new Command("view")
    .description(
      "see the robot in the browser: frames, joints, inertia, sensors, diagnostics, live reload, simulation playback",
    )
    .addHelpText(
      "after",
      helpExamples(
        "robokit view mario --open",
        "robokit view robot.urdf --inertia",
        "robokit view mario --screenshot mario.png --camera top",
      ),
    )
    .argument("<robot>", "bundled example name, robot module/document, .urdf or .sdf file, or model folder")
    .option("--open", "open the page in the default browser")
    .option("--port <port>", "TCP port (default: a free one)", (v) => Number(v))
    .option(
      "-I, --include-path <dir...>",
      "folders searched for model:// and relative mesh URIs, and served from (also SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH; package:// in ROS_PACKAGE_PATH)",
    )
    .option("--model <name>", "for an SDF world: which inline <model> to show (default: the one with the most links)")
    .option(
      "--inertia",
      "start with the inertia display on: each link's box of equal mass and principal moments, and its shapes' (the page's toggle; ?inertia=1)",
    )
    .option("--trace <trace.csv>", "play back a `robokit sim` trace (time slider, velocity and trajectory plots)")
    .option("--screenshot <out.png>", "render headless (Chromium) to a PNG and exit")
    .addOption(
      new Option("--camera <view>", "camera for --screenshot").choices(["iso", "top", "front", "side"]).default("iso"),
    )
    .option("--size <WxH>", "picture size for --screenshot (px)", "1280x800")
    .option("--time <s>", "with --trace and --screenshot: the moment of the run to show (s)", (v) => Number(v))
    .option("--no-watch", "do not reload when the files change")
    .action(async (robotArg: string, opts: ViewOptions) => {
      const { runView } = await import("../view/runView.js");
      await runView(robotArg, opts);
    });
}

/** Options of `robokit view`. */
export interface ViewOptions {
  readonly open?: boolean;
  readonly port?: number;
  readonly trace?: string;
  readonly model?: string;
  /** -I folders: searched for meshes, and the only folders besides the robot's own (and the search paths) files are served from. */
  readonly includePath?: readonly string[];
  readonly screenshot?: string;
  /** Start with the inertia boxes shown (`?inertia=1`). */
  readonly inertia?: boolean;
  readonly camera: "iso" | "top" | "front" | "side";
  readonly size: string;
  readonly time?: number;
  readonly watch: boolean;
}
