import type { MainModule } from "mujoco-js";

import { wasmMemoryProblem } from "./wasmMemoryProblem.js";

let modulePromise: Promise<MainModule> | undefined;
const messages: string[] = [];
const MAX_MESSAGES = 20;

function remember(text: string): void {
  messages.push(text);
  if (messages.length > MAX_MESSAGES) messages.shift();
}

/**
 * The MuJoCo WebAssembly module (mujoco-js, MuJoCo 3.x), instantiated once per process and
 * shared: instantiating compiles ~11 MB of WebAssembly (about 0.1 s). The module is
 * self-contained (the binary is embedded), so this reads no file. What MuJoCo prints (e.g.
 * "Loading error: XML parse error …") is kept for error messages instead of going to stdout:
 * see {@link takeMujocoMessages}. Rejects at once, saying why, where WebAssembly cannot reserve
 * its memory ({@link wasmMemoryProblem}).
 */
export function loadMujoco(): Promise<MainModule> {
  if (modulePromise === undefined) {
    const problem = wasmMemoryProblem();
    if (problem !== undefined) return Promise.reject(new Error(problem));
    modulePromise = import("mujoco-js").then((m) => m.default({ print: remember, printErr: remember }));
  }
  return modulePromise;
}

/** Lines MuJoCo printed since the last call (at most the last 20), oldest first; clears them. */
export function takeMujocoMessages(): string[] {
  return messages.splice(0, messages.length);
}
