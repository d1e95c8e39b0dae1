import { type ScannedTags, type Tag, type TagAttribute, tagAt, tagPath } from "./scanTags.js";

/**
 * Where the cursor is in an XML document:
 * - `elementName`: in a start tag's name (or just after `<`);
 * - `attributeName`: in a start tag, between attributes or in an attribute's name;
 * - `attributeValue`: inside an attribute's quotes;
 * - `content`: in an element's text (between its tags);
 * - `none`: outside the root element.
 * `path` names the elements from the root to the one the cursor is in (for `elementName`, to
 * the parent of the element being typed).
 */
export type CursorContext =
  | {
      readonly kind: "elementName";
      readonly path: readonly string[];
      readonly tag: Tag | undefined;
      readonly prefix: string;
    }
  | {
      readonly kind: "attributeName";
      readonly path: readonly string[];
      readonly tag: Tag;
      readonly attribute: TagAttribute | undefined;
    }
  | {
      readonly kind: "attributeValue";
      readonly path: readonly string[];
      readonly tag: Tag;
      readonly attribute: TagAttribute;
    }
  | { readonly kind: "content"; readonly path: readonly string[]; readonly tag: Tag }
  | { readonly kind: "none" };

/** The context of `offset` (0-based UTF-16) in a scanned document. */
export function cursorContext(scanned: ScannedTags, offset: number): CursorContext {
  const index = tagAt(scanned, offset);
  // Just after a `<` that starts no tag yet (the scanner reads `<` + nothing as a nameless tag).
  if (index === -1) return { kind: "none" };
  const tag = scanned.tags[index]!;
  const path = tagPath(scanned, index);
  const inStartTag = offset > tag.start && (offset < tag.end || (!tag.complete && offset <= tag.end));
  if (!inStartTag) return { kind: "content", path, tag };
  if (offset <= tag.nameEnd)
    return { kind: "elementName", path: path.slice(0, -1), tag, prefix: scanned.text.slice(tag.nameStart, offset) };
  for (const a of tag.attributes) {
    if (offset >= a.nameStart && offset <= a.nameStart + a.name.length)
      return { kind: "attributeName", path, tag, attribute: a };
    if (offset >= a.valueStart && offset <= a.valueEnd && a.valueStart > a.nameStart + a.name.length)
      return { kind: "attributeValue", path, tag, attribute: a };
  }
  return { kind: "attributeName", path, tag, attribute: undefined };
}

/** The identifier-like word (letters, digits, `_`, `-`, `.`, `:`) around `offset`, with its range. */
export function wordAt(text: string, offset: number): { word: string; start: number; end: number } {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[\w.:-]/.test(c);
  let start = offset;
  while (start > 0 && isWord(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && isWord(text[end])) end++;
  return { word: text.slice(start, end), start, end };
}
