import { Command, Option } from "commander";

/**
 * `robokit view <robot | file.urdf | file.sdf | model folder> [--open] [--port] [--trace CSV]
 * [--screenshot PNG --camera iso|top|front|side]`: serves the 3-D viewer on 127.0.0.1 (a free
 * port, printed), or renders one picture in headless Chromium and exits.
 */
export function viewCommand(): Command {
  return new Command("view")
    .description("see the robot in the browser: frames, joints, inertia, sensors, diagnostics, live reload, simulation playback")
    .argument("<robot>", "bundled example name, robot module/document, .urdf or .sdf file, or model folder")
    .option("--open", "open the page in the default browser")
    .option("--port <port>", "TCP port (default: a free one)", (v) => Number(v))
    .option("--model <name>", "for an SDF world: which inline <model> to show (default: the one with the most links)")
    .option("--trace <trace.csv>", "play back a `robokit sim` trace (time slider, velocity and trajectory plots)")
    .option("--screenshot <out.png>", "render headless (Chromium) to a PNG and exit")
    .addOption(new Option("--camera <view>", "camera for --screenshot").choices(["iso", "top", "front", "side"]).default("iso"))
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
  readonly screenshot?: string;
  readonly camera: "iso" | "top" | "front" | "side";
  readonly size: string;
  readonly time?: number;
  readonly watch: boolean;
}
