import { existsSync, readFileSync, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, relative, resolve } from "node:path";

import { Command, Option } from "commander";

import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { readXml } from "../../parse/readXml.js";
import type { Diagnostic } from "../../validate/Diagnostic.js";
import { hasErrors } from "../../validate/Diagnostic.js";
import { formatDiagnostic } from "../../validate/formatDiagnostic.js";
import { formatDiagnosticsJson, type FileReport } from "../../validate/formatDiagnosticsJson.js";
import type { IncludeResolver } from "../../validate/RuleContext.js";
import { validateFile } from "../../validate/validateFile.js";
import { InputError } from "../errors.js";

/** `robokit validate FILE... [--strict] [--format text|json] [-I dir]`. Exit 1 when any file has errors. */
export function validateCommand(): Command {
  return new Command("validate")
    .description("check URDF and SDF files (format and version detected from the content)")
    .argument("<files...>", "URDF (.urdf) or SDF (.sdf, .world) files")
    .option("--strict", "report every warning as an error (see the severity policy in README)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .option("-I, --include-path <dir...>", "folders searched for <include> model URIs (also SDF_PATH, GZ_SIM_RESOURCE_PATH)")
    .action((files: string[], opts: { strict?: boolean; format: string; includePath?: string[] }) => {
      const searchPaths = [...(opts.includePath ?? []), ...envSearchPaths()];
      const reports = files.map((file) => validatePath(file, { strict: opts.strict === true, searchPaths }));
      if (opts.format === "json") process.stdout.write(formatDiagnosticsJson(reports));
      else for (const r of reports) for (const d of r.diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
      const bad = reports.filter((r) => hasErrors(r.diagnostics));
      if (bad.length > 0) {
        const errors = bad.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === "error").length, 0);
        throw new InputError(`${bad.length} of ${reports.length} file(s) invalid, ${errors} error(s)`);
      }
      if (opts.format === "text") process.stderr.write(`robokit: ${reports.length} file(s) valid\n`);
    });
}

/** Validates one file from disk, following includes with the disk resolver. Never throws. */
export function validatePath(path: string, options: { strict?: boolean; searchPaths?: readonly string[]; displayName?: string }): FileReport {
  const name = options.displayName ?? path;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : String(error);
    return { file: name, diagnostics: [{ code: "FILE_READ_ERROR", severity: "error", message: `cannot read ${path} (${reason})`, file: name }] };
  }
  const decoded = decodeXmlBytes(bytes, name);
  if (decoded.text === undefined) return { file: name, diagnostics: decoded.diagnostics };
  const resolver = diskIncludeResolver(options.searchPaths ?? [], path, name);
  const diagnostics: Diagnostic[] = validateFile(decoded.text, name, { strict: options.strict === true, resolveInclude: resolver });
  return { file: name, diagnostics };
}

function envSearchPaths(): string[] {
  const out: string[] = [];
  for (const v of ["SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH"]) {
    for (const p of (process.env[v] ?? "").split(delimiter)) if (p !== "") out.push(p);
  }
  return out;
}

/**
 * Resolves `<include><uri>` on disk like Gazebo does: `model://name`, a bare name or a
 * relative path, tried against the including file's folder and then each search path. A folder
 * must hold a model.config naming its SDF file. http(s) URIs are not fetched (no network).
 * Diagnostics name included files relative to the top-level file's folder.
 */
export function diskIncludeResolver(searchPaths: readonly string[], topPath: string, topName: string): IncludeResolver {
  const display = new Map<string, string>([[topName, resolve(topPath)]]);
  const toDisplay = (abs: string): string => {
    const rel = relative(dirname(resolve(topPath)), abs);
    const name = join(dirname(topName), rel);
    display.set(name, abs);
    return name;
  };
  return (uri, fromFile) => {
    if (/^[a-z]+:\/\//i.test(uri) && !/^(model|file):\/\//i.test(uri)) {
      return { error: `${uri.split(":")[0] ?? ""} URIs are not fetched; robokit validates offline`, offline: true };
    }
    const rel = uri.replace(/^(model|file):\/\//i, "");
    const fromAbs = display.get(fromFile) ?? resolve(fromFile);
    // Like gz, relative URIs are tried next to the including file, then next to the top-level
    // file (gz resolves against its working folder), then in each search path.
    const bases = [dirname(fromAbs), dirname(resolve(topPath)), ...searchPaths];
    const candidates = isAbsolute(rel) ? [rel] : [...new Set(bases.map((b) => resolve(b, rel)))];
    for (const candidate of candidates) {
      if (!existsSync(candidate)) continue;
      if (statSync(candidate).isDirectory()) {
        const config = join(candidate, "model.config");
        if (!existsSync(config)) return { error: `${toDisplay(candidate)} does not contain a model.config` };
        const sdfFile = modelConfigSdf(readFileSync(config, "utf8"), config);
        if (sdfFile === undefined) return { error: `${toDisplay(config)} names no <sdf> file` };
        const target = join(candidate, sdfFile);
        if (!existsSync(target)) return { error: `${toDisplay(config)} names ${sdfFile}, which does not exist` };
        return { file: toDisplay(target), text: readFileSync(target, "utf8") };
      }
      return { file: toDisplay(candidate), text: readFileSync(candidate, "utf8") };
    }
    return { error: `not found next to ${fromFile}${searchPaths.length > 0 ? " nor in the include path" : " (no include path given: -I or SDF_PATH)"}` };
  };
}

/** The SDF file a model.config names: the highest `<sdf version>` entry. */
function modelConfigSdf(text: string, file: string): string | undefined {
  const root = readXml(text, file).document.root;
  if (root === undefined) return undefined;
  const entries = root.children
    .filter((c) => c.name === "sdf")
    .map((c) => ({ version: Number((c.attributes.find((a) => a.name === "version")?.value ?? "0").split(".")[1] ?? 0), file: c.text.trim() }))
    .filter((e) => e.file !== "")
    .sort((a, b) => b.version - a.version);
  return entries[0]?.file;
}
