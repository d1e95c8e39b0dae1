import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Every `switch` in src/ on a union of literals (a discriminant such as a joint's `type`) that
 * has no `default` ending in assertNever: a value that escapes the type (a module run without
 * type-checking) would fall through silently there.
 */
function unguardedSwitches(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (config === undefined) throw new Error("cannot read tsconfig.json");
  const sources = config.fileNames.filter((f) => relative(root, f).startsWith("src") && !f.endsWith(".test.ts"));
  const program = ts.createProgram(sources, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const sf of program.getSourceFiles()) {
    const file = relative(root, sf.fileName);
    if (!file.startsWith("src")) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isSwitchStatement(node) && !ts.isTypeOfExpression(node.expression)) {
        const type = checker.getTypeAtLocation(node.expression);
        const parts = type.isUnion() ? type.types : [type];
        const literal = parts.every((p) => p.isLiteral() || (p.flags & ts.TypeFlags.BooleanLiteral) !== 0);
        const guard = node.caseBlock.clauses.find(ts.isDefaultClause);
        if (literal && (guard === undefined || !/\bassertNever\(/.test(guard.getText()))) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${file}:${line + 1} switch (${node.expression.getText()})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe("switches on a discriminant", () => {
  // The xacro evaluator's own guard raises a Python error; the parameter-file reader's default
  // reads every other array of its own parser's values as strings, on purpose; src/diagnostics
  // is the bottom layer and cannot import src/util (the severity is its own closed type).
  const deliberate = [
    join("src", "diagnostics", "formatDiagnosticsSarif.ts"),
    join("src", "parse", "xacro", "evaluatePython.ts"),
    join("src", "validate", "controllers", "readParameterFile.ts"),
  ];

  it("end in assertNever everywhere in src/", () => {
    expect(unguardedSwitches().filter((s) => !deliberate.some((d) => s.startsWith(`${d}:`)))).toEqual([]);
  }, 120_000);
});
