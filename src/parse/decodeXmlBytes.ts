import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { severityPolicy } from "../diagnostics/severityPolicy.js";

/** Code and severity of a not-well-formed file, from the severity policy. */
const xmlError = { code: severityPolicy.xmlMalformed.code, severity: severityPolicy.xmlMalformed.severity };

/** Result of turning file bytes into text. `text` is undefined when the bytes cannot be decoded. */
export interface DecodedText {
  readonly text: string | undefined;
  readonly diagnostics: Diagnostic[];
}

/**
 * Decodes the bytes of an XML file: UTF-8 (with or without BOM), UTF-16 with a BOM, or
 * ISO-8859-1 when the XML declaration says so. Invalid UTF-8 is reported as XML_ERROR
 * with the line and column of the first bad byte, never thrown.
 */
export function decodeXmlBytes(bytes: Uint8Array, file: string): DecodedText {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), diagnostics: [] };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), diagnostics: [] };
  }
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared === "iso-8859-1" || declared === "latin1" || declared === "latin-1") {
    return { text: new TextDecoder("latin1").decode(bytes), diagnostics: [] };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), diagnostics: [] };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    let line = 1;
    let column = 1;
    for (let i = 0; i < bad; i++) {
      if (bytes[i] === 10) {
        line++;
        column = 1;
      } else if (((bytes[i] ?? 0) & 0xc0) !== 0x80) column++;
    }
    return {
      text: undefined,
      diagnostics: [
        {
          ...xmlError,
          message: `the file is not valid UTF-8 (byte 0x${(bytes[bad] ?? 0).toString(16)} at offset ${bad}); declare its encoding or save it as UTF-8`,
          file,
          line,
          column,
        },
      ],
    };
  }
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const n = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return Math.max(0, bytes.length - 1);
}
