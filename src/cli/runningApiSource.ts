/**
 * Where a process that has loaded its robokit API keeps it (globalThis, under
 * `Symbol.for(RUNNING_API_KEY)`): specifier (`robokit`, `robokit/emit`, …) → that entry point's
 * exports (runningApi.ts).
 */
export const RUNNING_API_KEY = "robokit.runningApi";

/**
 * The ES module a robot module gets for `import … from specifier` (`robokit`, `robokit/emit`,
 * …): each of `names` exported with the value the running robokit's entry point has, read from
 * globalThis when the module is evaluated, in the thread that loaded that API. The module hooks
 * build it (they run in their own thread and only get the names).
 */
export function runningApiSource(specifier: string, names: readonly string[]): string {
  const lines = [
    `const api = globalThis[Symbol.for(${JSON.stringify(RUNNING_API_KEY)})]?.[${JSON.stringify(specifier)}];`,
    `if (api === undefined) throw new Error(${JSON.stringify(`robokit: ${specifier} is not loaded in this thread`)});`,
  ];
  // String export names (ES2022): any name the entry point has, a reserved word included.
  const exported = names.map((name, i) => {
    lines.push(`const e${i} = api[${JSON.stringify(name)}];`);
    return `e${i} as ${JSON.stringify(name)}`;
  });
  if (exported.length > 0) lines.push(`export { ${exported.join(", ")} };`);
  return `${lines.join("\n")}\n`;
}
