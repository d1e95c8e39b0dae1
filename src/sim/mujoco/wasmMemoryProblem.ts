/** The one WebAssembly constructor used here (the DOM library that types it is not loaded). */
interface WasmMemoryApi {
  readonly Memory: new (descriptor: { initial: number }) => unknown;
}

/**
 * Why MuJoCo's WebAssembly could not run here, or undefined when it can: V8 reserves about
 * 10 GB of address space for each WebAssembly memory (guard regions), so a virtual-memory limit
 * (`ulimit -v`) below that refuses it however little the simulation needs. Asked before the
 * module is instantiated, whose own failure path then hangs the process.
 */
export function wasmMemoryProblem(): string | undefined {
  try {
    new (globalThis as unknown as { WebAssembly: WasmMemoryApi }).WebAssembly.Memory({ initial: 1 });
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `MuJoCo cannot run: WebAssembly could not reserve its memory (${reason}). V8 reserves about 10 GB of address space for it; a virtual-memory limit (ulimit -v) below that prevents it: raise or remove the limit`;
  }
}
