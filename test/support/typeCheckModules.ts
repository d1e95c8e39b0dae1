import { join } from "node:path";

import ts from "typescript";

import { repoRoot } from "../xacro/xacroTestSet.js";

let previous: ts.Program | undefined;

/**
 * Type-checks TypeScript files in-process with the project's compiler options (strict,
 * noUnusedLocals …) and returns the diagnostics of those files only, as `file:line:col: text`.
 * Successive calls reuse the previous program, so the modules they import (src/) are parsed
 * once per test file.
 */
export function typeCheckModules(files: readonly string[]): string[] {
  const config = ts.readConfigFile(join(repoRoot, "tsconfig.json"), (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true };
  const host = ts.createCompilerHost(options, true);
  const program = ts.createProgram({
    rootNames: [...files],
    options,
    host,
    ...(previous === undefined ? {} : { oldProgram: previous }),
  });
  previous = program;
  const out: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) {
      out.push(`${file}: not part of the program`);
      continue;
    }
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const where =
        d.start === undefined
          ? ""
          : (({ line, character }) => `:${line + 1}:${character + 1}`)(source.getLineAndCharacterOfPosition(d.start));
      out.push(`${file}${where}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    }
  }
  return out;
}
