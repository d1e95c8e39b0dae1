import { constants, deflateRawSync } from "node:zlib";

/** One entry of a test archive: its bytes as stored, the method, and the sizes to declare. */
export interface ZipEntrySpec {
  readonly name: string;
  readonly data: Uint8Array;
  readonly method: 0 | 8;
  readonly declaredSize: number;
}

/** An entry from text: deflated (method 8) or stored (0), declaring its true size. */
export function textEntry(name: string, text: string, method: 0 | 8 = 8): ZipEntrySpec {
  const raw = Buffer.from(text);
  return { name, data: method === 8 ? deflateRawSync(raw) : raw, method, declaredSize: raw.length };
}

/**
 * A deflate stream of `megabytes` MiB of spaces built from one flushed 1 MiB block repeated,
 * so a bomb of gigabytes costs about 1 KiB per MiB to build and no time to compress.
 */
export function whitespaceBomb(megabytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const parts: Buffer[] = [];
  for (let i = 0; i < megabytes; i++) parts.push(block);
  parts.push(end);
  return Buffer.concat(parts);
}

/** Builds a zip archive with a central directory from entries. */
export function zipArchive(entries: readonly ZipEntrySpec[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const n = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(n.length, 26);
    locals.push(local, n, Buffer.from(e.data));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, n);
    offset += 30 + n.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
