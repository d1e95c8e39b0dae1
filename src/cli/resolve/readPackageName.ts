import { join } from "node:path";

import { readRegularFile } from "./readRegularFile.js";

/** Largest package.xml whose `<name>` is read, bytes: real manifests are a few kB. */
export const MAX_PACKAGE_XML_BYTES = 1024 * 1024;

/**
 * What `dir/package.xml` says about the folder: `absent` (no package.xml), `unreadable` (a
 * FIFO, device, folder, over {@link MAX_PACKAGE_XML_BYTES} or an I/O error: never opened
 * blocking, never read past the limit), or the `<name>` it declares (undefined when it names none).
 */
export function readPackageName(
  dir: string,
): { readonly state: "absent" | "unreadable" } | { readonly state: "read"; readonly name: string | undefined } {
  const read = readRegularFile(join(dir, "package.xml"), MAX_PACKAGE_XML_BYTES);
  if ("problem" in read)
    return { state: read.problem === "unreadable" && /^(ENOENT|ENOTDIR)$/.test(read.detail) ? "absent" : "unreadable" };
  return { state: "read", name: /<name>\s*([^<\s]+)\s*<\/name>/.exec(read.bytes.toString("utf8"))?.[1] };
}
