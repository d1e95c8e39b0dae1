import { isAlias, isMap, isPair, isScalar, isSeq, type Document } from "yaml";

/**
 * Thrown by {@link yamlToJs} when aliases would stand for more than the allowed number of
 * nodes (a "billion laughs" document), or when an alias names no anchor before it.
 */
export class YamlAliasError extends Error {
  constructor(
    /** `"limit"`: the expansion limit was passed; `"unresolved"`: no such anchor before the alias. */
    readonly reason: "limit" | "unresolved",
    message: string,
    /** Source offset of the alias (0-based UTF-16), when known. */
    readonly offset?: number,
  ) {
    super(message);
  }
}

/** Thrown for a shape the robot and scenario documents never use (a collection as a map key). */
class Unsupported extends Error {}

interface Anchored {
  readonly value: unknown;
  /** Nodes the anchored node stands for, its aliases expanded. */
  readonly size: number;
}

/**
 * The plain JavaScript value of a parsed YAML document, as `doc.toJS()` gives it (maps become
 * objects with string keys, sequences arrays, an alias the same value as its anchor), in one walk
 * linear in the document. The yaml package resolves each alias by scanning every anchor and
 * alias before it, and counts nested aliases by walking the document again, which makes a
 * document of many aliases quadratic (30,000 aliases: over a minute). Here anchors are kept in a
 * map as the walk meets them, and each alias adds the size of what it stands for to one
 * counter, so a document whose aliases expand past `maxAliasNodes` nodes stops at once.
 *
 * Falls back to `doc.toJS` for a map key that is a collection (valid YAML that no robokit
 * document uses), with the yaml package's own alias limit.
 *
 * @throws YamlAliasError when the expansion passes `maxAliasNodes` or an alias is unresolved.
 */
export function yamlToJs(doc: Document, maxAliasNodes: number): unknown {
  const anchors = new Map<string, Anchored>();
  let expanded = 0;

  // Returns the value and the node count it stands for.
  const walk = (node: unknown): Anchored => {
    let result: Anchored;
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target === undefined)
        throw new YamlAliasError(
          "unresolved",
          `alias *${node.source} has no anchor &${node.source} before it (an alias inside its own anchor is refused too)`,
          node.range?.[0],
        );
      expanded += target.size;
      if (expanded > maxAliasNodes)
        throw new YamlAliasError("limit", `aliases expand to more than ${maxAliasNodes} nodes`, node.range?.[0]);
      return target;
    }
    if (isScalar(node)) {
      result = { value: node.value, size: 1 };
    } else if (isSeq(node)) {
      const out: unknown[] = [];
      let size = 1;
      for (const item of node.items) {
        const r = walk(item);
        out.push(r.value);
        size += r.size;
      }
      result = { value: out, size };
    } else if (isMap(node)) {
      const out: Record<string, unknown> = {};
      let size = 1;
      for (const pair of node.items) {
        if (!isPair(pair)) throw new Unsupported();
        const key = pair.key;
        if (key !== null && !isScalar(key)) throw new Unsupported();
        const k = key === null || key.value === null ? "" : String(key.value);
        const r = walk(pair.value);
        // As the yaml package does: "__proto__" becomes an own property, never the prototype.
        if (k === "__proto__")
          Object.defineProperty(out, k, { value: r.value, writable: true, enumerable: true, configurable: true });
        else out[k] = r.value;
        size += r.size;
      }
      result = { value: out, size };
    } else if (node === null || node === undefined) {
      result = { value: null, size: 1 };
    } else {
      throw new Unsupported();
    }
    const anchor = typeof node === "object" && node !== null ? (node as { anchor?: string }).anchor : undefined;
    if (anchor !== undefined) anchors.set(anchor, result);
    return result;
  };

  try {
    return walk(doc.contents).value;
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    try {
      return doc.toJS({ maxAliasCount: maxAliasNodes });
    } catch (inner) {
      if (inner instanceof ReferenceError) throw new YamlAliasError("limit", inner.message);
      throw inner;
    }
  }
}
