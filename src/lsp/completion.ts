import { type CompletionItem, CompletionItemKind } from "vscode-languageserver";

import { cursorContext } from "./cursorContext.js";
import { jointSlotAt } from "./indexControllerYaml.js";
import { type NameKind, XACRO_KEYWORDS } from "./indexDocument.js";
import { enclosingMacro } from "./navigation.js";
import { specAt, specPath } from "./specAt.js";
import type { Workspace, WorkspaceFile } from "./Workspace.js";
import { assertNever } from "../util/assertNever.js";

/** Attributes whose value names a link or joint, by element and attribute. */
function nameKindOf(path: readonly string[], element: string, attribute: string): NameKind | undefined {
  const parent = path[path.length - 2];
  if ((element === "parent" || element === "child") && attribute === "link") return "link";
  if (element === "gazebo" && attribute === "reference") return "either";
  if (element === "mimic" && attribute === "joint") return "joint";
  if (element === "joint" && attribute === "name" && (parent === "ros2_control" || parent === "transmission"))
    return "joint";
  return undefined;
}

function namesIn(ws: Workspace, file: WorkspaceFile, kind: NameKind): CompletionItem[] {
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const f of ws.scope(file.path))
    for (const s of f.index.names) {
      if (s.role !== "definition" || seen.has(s.name)) continue;
      if (kind !== "either" && s.kind !== kind) continue;
      seen.add(s.name);
      out.push({
        label: s.name,
        kind: s.kind === "link" ? CompletionItemKind.Class : CompletionItemKind.Interface,
        detail: s.kind,
      });
    }
  return out;
}

function macrosIn(ws: Workspace, file: WorkspaceFile): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const f of ws.scope(file.path))
    for (const m of f.index.macros)
      out.push({ label: `xacro:${m.name}`, kind: CompletionItemKind.Function, detail: m.params.join(" ") });
  return out;
}

/**
 * Completion at the offset: child elements the spec allows under the parent (SDF per version,
 * URDF as urdfdom reads it) and xacro macros; attributes of the element or a macro's
 * parameters; link and joint names where a name is expected; properties inside `${`.
 */
export function completion(ws: Workspace, file: WorkspaceFile, offset: number): CompletionItem[] {
  if (file.kind === "controller-parameters")
    return jointSlotAt(file.document.getText(), offset) ? namesIn(ws, file, "joint") : [];
  const ctx = cursorContext(file.index.scanned, offset);
  const xacro = file.kind === "xacro" || file.index.macros.length > 0;
  switch (ctx.kind) {
    case "elementName": {
      const spec = specAt(file, ctx.path);
      const items: CompletionItem[] = (spec?.children ?? []).map((c) => ({
        label: c,
        kind: CompletionItemKind.Property,
      }));
      if (ctx.path.length === 0 && file.kind !== "sdf")
        items.push({ label: "robot", kind: CompletionItemKind.Property });
      if (xacro) {
        items.push(...macrosIn(ws, file));
        for (const k of XACRO_KEYWORDS) items.push({ label: `xacro:${k}`, kind: CompletionItemKind.Keyword });
      }
      return items;
    }
    case "attributeName": {
      const present = new Set(ctx.tag.attributes.map((a) => a.name));
      if (ctx.tag.name.startsWith("xacro:")) {
        const name = ctx.tag.name.slice("xacro:".length);
        const macro = ws
          .scope(file.path)
          .flatMap((f) => f.index.macros)
          .find((m) => m.name === name);
        return (macro?.params ?? [])
          .filter((p) => !p.startsWith("*"))
          .map((p) => p.split(":=")[0]!)
          .filter((p) => !present.has(p))
          .map((p) => ({ label: p, kind: CompletionItemKind.Field, insertText: `${p}="$1"`, insertTextFormat: 2 }));
      }
      const spec = specAt(file, ctx.path);
      return (spec?.attributes ?? [])
        .filter((a) => !present.has(a.name))
        .map((a) => ({
          label: a.name,
          kind: CompletionItemKind.Field,
          ...(a.description === undefined ? {} : { documentation: a.description }),
          insertText: `${a.name}="$1"`,
          insertTextFormat: 2,
        }));
    }
    case "attributeValue": {
      const text = file.document.getText();
      const typed = text.slice(ctx.attribute.valueStart, offset);
      // Inside `${…}`: the last `${` is not closed yet (found from the end, not by a pattern per `${`).
      const open = typed.lastIndexOf("${");
      if (open !== -1 && typed.indexOf("}", open) === -1) return expressionNames(ws, file, offset);
      const kind = nameKindOf(specPath(ctx.path), ctx.tag.name, ctx.attribute.name);
      if (kind !== undefined) return namesIn(ws, file, kind);
      if (ctx.tag.name === "joint" && ctx.attribute.name === "type")
        return ["revolute", "continuous", "prismatic", "fixed", "floating", "planar"].map((t) => ({
          label: t,
          kind: CompletionItemKind.EnumMember,
        }));
      return [];
    }
    case "content": {
      const p = specPath(ctx.path);
      const parent = p[p.length - 2];
      if ((ctx.tag.name === "parent" || ctx.tag.name === "child") && parent === "joint")
        return namesIn(ws, file, "link");
      if (ctx.tag.name === "joint_name") return namesIn(ws, file, "joint");
      return [];
    }
    case "none":
      return [];
    default:
      return assertNever(ctx, "cursor context");
  }
}

/** Properties in scope and the enclosing macro's parameters, inside `${…}`. */
function expressionNames(ws: Workspace, file: WorkspaceFile, offset: number): CompletionItem[] {
  const macro = enclosingMacro(file, offset);
  const params = (macro?.params ?? [])
    .filter((p) => !p.startsWith("*"))
    .map((p) => ({
      label: p.split(":=")[0]!,
      kind: CompletionItemKind.Variable,
      detail: `parameter of ${macro!.name}`,
    }));
  const props = ws
    .scope(file.path)
    .flatMap((f) => f.index.properties)
    .map((p) => ({ label: p.name, kind: CompletionItemKind.Constant, detail: p.value ?? "" }));
  return [...params, ...props];
}
