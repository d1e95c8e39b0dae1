import type { Diagnostic as LspDiagnostic, Hover } from "vscode-languageserver";

import { type DiagnosticCode, diagnosticCodes } from "../diagnostics/codes.js";
import { type SeverityEntry, severityPolicy } from "../diagnostics/severityPolicy.js";
import { cursorContext, wordAt } from "./cursorContext.js";
import { enclosingMacro } from "./navigation.js";
import type { SpecAttribute, SpecElement } from "./SpecElement.js";
import { specAt } from "./specAt.js";
import type { Workspace, WorkspaceFile } from "./Workspace.js";
import { assertNever } from "../util/assertNever.js";
import { escapeMarkdown } from "../util/escapeMarkdown.js";
import { markdownCodeSpan } from "../util/markdownCodeSpan.js";

/** What a diagnostic code means: the registry's sentence and the severity policy's findings. */
export function explainCode(code: string): string {
  const sentence = (diagnosticCodes as Record<string, string>)[code];
  const findings = (Object.values(severityPolicy) as SeverityEntry[]).filter((f) => f.code === code);
  const lines = findings.map((f) => `- **${f.severity}**: ${f.what} — ${f.consequence}`);
  return [`**${code}**${sentence === undefined ? "" : `: ${sentence}`}`, ...lines].join("\n");
}

function markdown(value: string): Hover {
  return { contents: { kind: "markdown", value } };
}

function describeElement(e: SpecElement): string {
  const facts = [
    e.type === undefined ? undefined : `type \`${e.type}\``,
    e.default === undefined || e.default === "" ? undefined : `default \`${e.default}\``,
    e.required === undefined ? undefined : `required ${e.required}`,
  ].filter((f) => f !== undefined);
  return [`**<${e.name}>**${facts.length > 0 ? ` — ${facts.join(", ")}` : ""}`, "", e.description ?? ""].join("\n");
}

function describeAttribute(element: string, a: SpecAttribute): string {
  const facts = [
    a.type === undefined ? undefined : `type \`${a.type}\``,
    a.default === undefined || a.default === "" ? undefined : `default \`${a.default}\``,
    a.required ? "required" : undefined,
  ].filter((f) => f !== undefined);
  return [`**${element}@${a.name}**${facts.length > 0 ? ` — ${facts.join(", ")}` : ""}`, "", a.description ?? ""].join(
    "\n",
  );
}

/**
 * Hover: the explanation of a diagnostic under the cursor; a xacro macro's parameters, a
 * property's value, an argument's default; else the specification of the element or attribute
 * (SDF for the file's version, urdfdom's URDF).
 */
export function hover(
  ws: Workspace,
  file: WorkspaceFile,
  offset: number,
  diagnostics: readonly LspDiagnostic[],
): Hover | null {
  const position = file.document.positionAt(offset);
  const onDiagnostic = diagnostics.filter((d) => {
    const s = file.document.offsetAt(d.range.start);
    const e = file.document.offsetAt(d.range.end);
    return offset >= s && offset <= Math.max(e, s + 1) && d.range.start.line === position.line;
  });
  const xacro = xacroHover(ws, file, offset);
  if (xacro !== undefined) return markdown(xacro);
  const spec = specHover(file, offset);
  const parts = [...onDiagnostic.map((d) => explainCode(String(d.code ?? ""))), ...(spec === undefined ? [] : [spec])];
  return parts.length === 0 ? null : markdown(parts.join("\n\n---\n\n"));
}

function specHover(file: WorkspaceFile, offset: number): string | undefined {
  const ctx = cursorContext(file.index.scanned, offset);
  switch (ctx.kind) {
    case "elementName": {
      if (ctx.tag === undefined) return undefined;
      const e = specAt(file, [...ctx.path, ctx.tag.name]);
      return e === undefined ? undefined : describeElement(e);
    }
    case "attributeName":
    case "attributeValue": {
      const e = specAt(file, ctx.path);
      const a = e?.attributes.find((x) => x.name === ctx.attribute?.name);
      return e === undefined || a === undefined ? undefined : describeAttribute(e.name, a);
    }
    case "content":
    case "none":
      return undefined;
    default:
      return assertNever(ctx, "cursor context");
  }
}

function xacroHover(ws: Workspace, file: WorkspaceFile, offset: number): string | undefined {
  const text = file.document.getText();
  const tag = file.index.scanned.tags.find((t) => offset >= t.nameStart && offset <= t.nameEnd);
  const scope = (): WorkspaceFile[] => ws.scope(file.path);
  if (tag?.name.startsWith("xacro:") === true) {
    const name = tag.name.slice("xacro:".length);
    const macro = scope()
      .flatMap((f) => f.index.macros)
      .find((m) => m.name === name);
    if (macro !== undefined)
      return `**macro ${escapeMarkdown(macro.name)}**(${macro.params.map(markdownCodeSpan).join(", ")})`;
    return undefined;
  }
  const { word } = wordAt(text, offset);
  if (word === "") return undefined;
  const before = text.slice(Math.max(0, offset - word.length - 16), offset);
  if (/\$\(arg\s+[\w.-]*$/.test(before)) {
    const arg = scope()
      .flatMap((f) => f.index.args)
      .find((a) => a.name === word);
    if (arg !== undefined)
      return `**arg ${escapeMarkdown(arg.name)}**${arg.value === undefined ? "" : ` default ${markdownCodeSpan(arg.value)}`}`;
  }
  if (!insideExpression(text, offset)) return undefined;
  const macro = enclosingMacro(file, offset);
  const param = macro?.params.find((p) => p.replace(/^\*+/, "").split(":=")[0] === word);
  if (param !== undefined) return `**parameter ${markdownCodeSpan(param)}** of macro ${escapeMarkdown(macro!.name)}`;
  const prop = scope()
    .flatMap((f) => f.index.properties)
    .find((p) => p.name === word);
  if (prop !== undefined)
    return `**property ${escapeMarkdown(prop.name)}** = ${prop.value === undefined ? "(block)" : markdownCodeSpan(prop.value)}`;
  return undefined;
}

/** True when the offset is inside `${…}`. */
function insideExpression(text: string, offset: number): boolean {
  const open = text.lastIndexOf("${", offset);
  if (open === -1) return false;
  const close = text.indexOf("}", open);
  return close === -1 || close >= offset;
}

/** The code of every diagnostic the registry knows (for tests and completions of codes). */
export function knownCode(code: string): code is DiagnosticCode {
  return code in diagnosticCodes;
}
