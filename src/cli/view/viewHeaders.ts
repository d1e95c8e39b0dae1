/**
 * The page's Content-Security-Policy: scripts, styles (the page's own inline <style> too),
 * images and fetches only from the server itself (plus data: and blob: URLs, which three.js
 * makes from bytes it already has). No remote host can be reached, no frame can embed it.
 */
export const VIEW_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' data: blob:; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The Content-Security-Policy of the file routes (meshes, textures): a sandbox with nothing
 * allowed, so a file opened as a page (a mesh named `x.html`) runs no script, on no origin.
 */
export const VIEW_FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** Headers on every answer: no caching, no sniffing, no referrer (the token is in the path), the CSP. */
export const VIEW_COMMON_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
  "content-security-policy": VIEW_CSP,
} as const;

/**
 * Content types of the page's own files. Meshes and textures are always
 * `application/octet-stream` whatever their name: the viewer reads them as bytes, and a
 * name must not make one a page or a script.
 */
export const VIEW_PAGE_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
};
