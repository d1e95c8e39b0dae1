/**
 * The V8 flags every robokit command but `xacro` runs with, set with `v8.setFlagsFromString`
 * once the CLI is loaded and before any schema validator is compiled. V8 accepts a code cache
 * only under the flags it was made with: the CLI's own cache is made under V8's defaults (so
 * that a module hooks thread booting meanwhile compiles Node's modules from Node's cache, made
 * under them too), the validators' under these (scripts/build-code-cache.mjs).
 *
 * - `--heap-growing-percent=50`: V8 lets the heap grow to several times what is alive before it
 *   collects; robokit's readers make much short-lived garbage on large robots, and a
 *   100,000-link file would then take 1.5 GB for 0.5 GB of live data. The factor is read at
 *   each collection, so it can be set after start-up.
 * - `--interrupt-budget=270336` (4× V8's default): a function is optimised after four times the
 *   bytecode V8 waits for by default. Most runs are short (`validate` of one file, `build`), and
 *   there TurboFan's background compiles finish after the work they were for, while the process
 *   waits for them to exit: 15–20 ms of a 110 ms run. A long run is optimised a little later
 *   (a 10,000-link URDF: within 3 %; a 1,000-link one 12 % faster).
 * - `--wasm-lazy-validation`: a WebAssembly function is validated when it is first compiled,
 *   as lazily as V8 compiles it, instead of the whole module up front. amaro (the `.ts`
 *   stripper) is 2.6 MB of WebAssembly of which one stripping calls a small part: 5 ms less.
 *   robokit compiles only its own dependencies' WebAssembly (amaro, mujoco-js), never a user's.
 * - `--wasm-tiering-budget=18000000` (10× V8's default): a WebAssembly function is optimised
 *   after ten times the work. Stripping one robot module otherwise starts TurboFan on a few
 *   of amaro's functions that are never called again, 20–30 ms of CPU on the other core while
 *   the CLI runs, and the process waits for them to exit. A simulation's hot loop runs far
 *   longer than that budget.
 */
export const CLI_V8_FLAGS =
  "--heap-growing-percent=50 --interrupt-budget=270336 --wasm-lazy-validation --wasm-tiering-budget=18000000";
