/** Where an expanded element came from: its place in a source file, and the macro calls that produced it. */
export interface XacroOrigin {
  /** The file as the caller named it (the top-level file's name, or an included file's path). */
  readonly file: string;
  /** 1-based line and column of the element's `<` in that file. */
  readonly line: number;
  readonly column: number;
  /** The macro calls that expanded into this element, innermost first. */
  readonly calls: readonly XacroCall[];
}

/** One macro call on the expansion stack. */
export interface XacroCall {
  readonly macro: string;
  /** Where the call (`<xacro:NAME …>`) is. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Where the macro is defined. */
  readonly definedIn: string;
  readonly definedLine: number;
}

/** An element of a xacro document, mutable only while it is being expanded. */
export interface XacroElement {
  readonly type: "element";
  name: string;
  /** Attributes in document order. */
  attrs: [string, string][];
  children: XacroNode[];
  origin: XacroOrigin;
}

/** Text (entities already decoded). */
export interface XacroText {
  readonly type: "text";
  text: string;
}

/** A comment. */
export interface XacroComment {
  readonly type: "comment";
  text: string;
}

/** One node of a xacro document. */
export type XacroNode = XacroElement | XacroText | XacroComment;

/** A deep copy of a node (macro bodies and blocks are copied before each expansion). */
export function cloneXacroNode<T extends XacroNode>(node: T): T {
  if (node.type !== "element") return { ...node };
  return {
    type: "element",
    name: node.name,
    attrs: node.attrs.map(([k, v]) => [k, v]),
    children: node.children.map(cloneXacroNode),
    origin: node.origin,
  } as T;
}
