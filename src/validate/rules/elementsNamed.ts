import type { XmlElement } from "../../parse/XmlDocument.js";

/**
 * True for subtrees the description rules do not look into: `<plugin>` bodies, namespaced
 * custom elements (`<ns:x>`), and URDF `<gazebo>` extension blocks.
 */
export function isExtensionSubtree(element: XmlElement): boolean {
  return element.name === "plugin" || element.name === "gazebo" || element.name.includes(":");
}

/**
 * Every `<name>` element of the description, outside extension subtrees, without looking
 * inside a match (joints and links do not nest in themselves).
 */
export function elementsNamed(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (isExtensionSubtree(element)) continue;
    if (element.name === name) found.push(element);
    else for (const item of element.children) stack.push(item);
  }
  return found;
}
