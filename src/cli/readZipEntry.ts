import { inflateRawSync } from "node:zlib";

import { INPUT_LIMITS } from "../util/inputLimits.js";
import { InputError } from "./errors.js";

/**
 * Reads one file from a ZIP archive (an FMU) through the central directory: finds the
 * end-of-central-directory record, walks the entries, and inflates the named one (stored
 * or deflate). Returns undefined when the entry does not exist; throws Error with a clear
 * message on a damaged archive. ZIP64 and encryption are not supported (FMUs do not need them).
 * An entry that is, says it is, or inflates to more than `maxBytes` is ARCHIVE_ENTRY_TOO_LARGE
 * (InputError): inflation stops at the limit, so a zip bomb costs at most `maxBytes` of memory.
 */
export function readZipEntry(
  zip: Uint8Array,
  name: string,
  maxBytes: number = INPUT_LIMITS.maxArchiveEntryBytes,
): Uint8Array | undefined {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a zip archive (no end-of-central-directory record)");
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > zip.length || view.getUint32(p, true) !== 0x02014b50) throw new Error("damaged zip central directory");
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const declared = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const entryName = decoder.decode(zip.subarray(p + 46, p + 46 + nameLength));
    if (entryName === name) {
      if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50)
        throw new Error(`damaged zip local header for ${name}`);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = zip.subarray(start, start + compressed);
      const tooLarge = (size: string): InputError =>
        new InputError(`${name} is too large`, [
          {
            code: "ARCHIVE_ENTRY_TOO_LARGE",
            severity: "error",
            message: `${name} ${size}; robokit inflates at most ${maxBytes} bytes`,
            file: name,
          },
        ]);
      if (declared > maxBytes) throw tooLarge(`declares ${declared} bytes`);
      if (method === 0) {
        if (data.length > maxBytes) throw tooLarge(`holds ${data.length} bytes`);
        return data;
      }
      if (method === 8) {
        try {
          return new Uint8Array(inflateRawSync(data, { maxOutputLength: maxBytes }));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
            throw tooLarge("inflates to more bytes than it declares");
          throw new Error(`${name}: damaged deflate data (${(error as Error).message})`);
        }
      }
      throw new Error(`${name}: unsupported zip compression method ${method}`);
    }
    p += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}
