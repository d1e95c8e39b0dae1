/** One attribute of an element, with the 1-based position of its name in the source. */
export interface XmlAttribute {
  readonly name: string;
  readonly value: string;
  readonly line: number;
  readonly column: number;
}

/**
 * One element of a parsed XML document. Positions are 1-based and point at the `<` of the
 * start tag. `xmlPath` names the element the way libsdformat does, e.g.
 * `/sdf/model[@name="mario"]/joint[@name="servo1"]/axis/xyz`.
 */
export interface XmlElement {
  readonly name: string;
  /** Attributes in document order. */
  readonly attributes: readonly XmlAttribute[];
  /** Child elements in document order (comments and processing instructions dropped). */
  readonly children: readonly XmlElement[];
  /** Concatenated text and CDATA content directly inside this element (not trimmed). */
  readonly text: string;
  readonly line: number;
  readonly column: number;
  /** 0-based UTF-16 offset of the start tag in the source text. */
  readonly offset: number;
  readonly xmlPath: string;
  /** Nesting depth; the root element has depth 0. */
  readonly depth: number;
  /**
   * The first child element named `name`, when the reader has a faster way to it than
   * `children` (a subtree kept as text is then not read again whole to find one leaf).
   * Used by {@link child}; absent on most elements.
   */
  readonly firstChild?: (name: string) => XmlElement | undefined;
}

/** A parsed document: the root element (absent when the text had none) plus the source name. */
export interface XmlDocument {
  readonly file: string;
  readonly root: XmlElement | undefined;
}

/** The value of attribute `name`, or undefined. */
export function attr(element: XmlElement, name: string): string | undefined {
  for (const a of element.attributes) if (a.name === name) return a.value;
  return undefined;
}

/** The attribute object named `name`, or undefined. */
export function attrNode(element: XmlElement, name: string): XmlAttribute | undefined {
  for (const a of element.attributes) if (a.name === name) return a;
  return undefined;
}

/** Child elements named `name`, in document order. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The first child element named `name`, or undefined. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  if (element.firstChild !== undefined) return element.firstChild(name);
  for (const c of element.children) if (c.name === name) return c;
  return undefined;
}

/** Trimmed text of the first child named `name`, or undefined when there is no such child. */
export function childText(element: XmlElement, name: string): string | undefined {
  const c = child(element, name);
  return c === undefined ? undefined : c.text.trim();
}
