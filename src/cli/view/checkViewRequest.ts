import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** A request that passed the boundary: its path below `/<token>/`, split and decoded. */
export interface ViewRequest {
  /** Path segments after the token, percent-decoded, none `.`, `..` or holding `/`, `\` or NUL. */
  readonly parts: readonly string[];
  /** `parts` joined with `/` (`""` for the page itself). */
  readonly rest: string;
  readonly query: URLSearchParams;
}

/** What {@link checkViewRequest} decided. */
export type ViewRequestCheck =
  | { readonly kind: "ok"; readonly request: ViewRequest }
  | { readonly kind: "answer"; readonly status: number; readonly message: string }
  | { readonly kind: "redirect"; readonly location: string };

/**
 * The view server's boundary (docs/security-view.md): a `Host` of `127.0.0.1:<port>` or
 * `localhost:<port>` (no DNS rebinding), no foreign `Origin`, no cross-site `Sec-Fetch-Site`,
 * GET or HEAD, and the per-run token as the first path segment (compared in constant time);
 * then a path of plain segments. `/<token>` alone redirects to `/<token>/`.
 */
export function checkViewRequest(req: IncomingMessage, port: number, token: Buffer): ViewRequestCheck {
  const deny = (why: string): ViewRequestCheck => ({ kind: "answer", status: 403, message: `forbidden: ${why}\n` });
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 still sends its own Host.
  if (!hosts.includes(req.headers.host ?? "")) return deny("Host must be 127.0.0.1 or localhost with this port");
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) return deny("foreign Origin");
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return deny("cross-site request");
  if (req.method !== "GET" && req.method !== "HEAD")
    return { kind: "answer", status: 405, message: "only GET and HEAD\n" };
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const pathname = q < 0 ? raw : raw.slice(0, q);
  const query = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
  const segments = pathname.split("/");
  // segments[0] is "" (the leading slash); segments[1] must be the token.
  const given = Buffer.from(segments[1] ?? "");
  if (!(given.length === token.length && timingSafeEqual(given, token)))
    return deny("missing or wrong token (open the address robokit view printed)");
  if (segments.length === 2) return { kind: "redirect", location: `/${token.toString()}/${q < 0 ? "" : raw.slice(q)}` };
  let parts: string[];
  try {
    parts = segments.slice(2).map((s) => decodeURIComponent(s));
  } catch {
    return { kind: "answer", status: 400, message: "malformed percent-escape in the path\n" };
  }
  if (parts.some((p) => p === ".." || p === "." || p.includes("/") || p.includes("\\") || p.includes("\0")))
    return { kind: "answer", status: 400, message: "bad path\n" };
  return { kind: "ok", request: { parts, rest: parts.join("/"), query } };
}
