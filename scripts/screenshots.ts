// Renders the README's pictures of robokit view (docs/view/*.png) with the CLI's own
// --screenshot (headless Debian Chromium), and the Robotino rose run for the playback picture.
// Usage: npm run build && npx tsx scripts/screenshots.ts
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist/src/cli/main.js");
const out = join(root, "docs/view");
mkdirSync(out, { recursive: true });
const run = (args: readonly string[]): void => {
  process.stderr.write(`robokit ${args.join(" ")}\n`);
  execFileSync("node", [cli, ...args], { cwd: root, stdio: "inherit" });
};

const sim = join(root, "out/view-screenshots/robotino-rose");
run(["sim", "robotino", "--scenario", "rose", "--out", sim]);
const shots: readonly (readonly string[])[] = [
  ["mario", "--camera", "iso", "--screenshot", join(out, "mario.png")],
  ["mario", "--camera", "top", "--screenshot", join(out, "mario-top.png")],
  ["robotino", "--camera", "iso", "--screenshot", join(out, "robotino.png")],
  ["mario", "--inertia", "--camera", "iso", "--screenshot", join(out, "mario-inertia.png")],
  [
    "robotino",
    "--trace",
    join(sim, "trace.csv"),
    "--time",
    "12",
    "--camera",
    "iso",
    "--screenshot",
    join(out, "robotino-rose-playback.png"),
  ],
];
for (const shot of shots) run(["view", ...shot, "--size", "1280x760"]);
