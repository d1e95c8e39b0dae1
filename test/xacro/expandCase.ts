import { readFileSync } from "node:fs";
import { join } from "node:path";

import { expandXacro } from "../../src/parse/xacro/expandXacro.js";
import { writeXacroXml } from "../../src/parse/xacro/writeXacroXml.js";
import type { XacroElement } from "../../src/parse/xacro/XacroNode.js";
import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { casePackages, xacroDataRoot, type XacroCase } from "./xacroTestSet.js";

/** Expands one test-set case with robokit (packages of the case's repository, no environment). */
export function expandCase(c: XacroCase): {
  root: XacroElement | undefined;
  outside: { readonly before: readonly string[]; readonly after: readonly string[] } | undefined;
  text: string | undefined;
  diagnostics: Diagnostic[];
  packages: Map<string, string>;
  dependencies: string[];
} {
  const packages = casePackages(c);
  const path = join(xacroDataRoot, c.file);
  const r = expandXacro(readFileSync(path, "utf8"), path, {
    path,
    args: c.args,
    host: {
      readFile: (p) => {
        try {
          return readFileSync(p, "utf8");
        } catch {
          return undefined;
        }
      },
      findPackage: (n) => packages.get(n),
      env: () => undefined,
    },
  });
  return {
    root: r.root,
    outside: r.outside,
    text: r.root === undefined ? undefined : writeXacroXml(r.root).text,
    diagnostics: r.diagnostics,
    packages,
    dependencies: [...new Set(r.dependencies)],
  };
}
