import { inflateRawSync } from "node:zlib";

import { decodeUtf8 } from "../util/decodeUtf8.js";

/**
 * How scripts/packValidator.ts stores a large validator's code inside its module: deflated,
 * base64-encoded, in the one `Buffer.from("…","base64")` of the module.
 */
export const VALIDATOR_PAYLOAD = /Buffer\.from\("([A-Za-z0-9+/=]*)","base64"\)/;

/**
 * The CommonJS code of a precompiled validator module (schemas/validators/*.cjs) given its
 * text: the inflated code of a packed module, the text itself otherwise. Either runs with
 * `module`, `exports` and `require` and sets `module.exports` to the validator.
 */
export function validatorModuleCode(text: string): string {
  const m = VALIDATOR_PAYLOAD.exec(text);
  return m === null ? text : decodeUtf8(inflateRawSync(Buffer.from(m[1]!, "base64")));
}
