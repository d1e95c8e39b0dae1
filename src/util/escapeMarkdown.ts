import { escapeTerminal } from "../diagnostics/escapeTerminal.js";

/**
 * Input text (a scenario name, a description) made inert inside one line of Markdown: line
 * breaks and other control characters become visible escapes (`\n`, `\x1b`, as
 * {@link escapeTerminal} writes them), so the text cannot start lines, headings or table rows of
 * its own; then every ASCII punctuation character is backslash-escaped (CommonMark lets any be),
 * so `|`, `*`, `[`, `<` and `` ` `` are shown, never read as a table cell, emphasis, link, HTML or
 * code. Rendered, the text reads as written.
 */
export function escapeMarkdown(text: string): string {
  return escapeTerminal(text).replace(/[!-/:-@[-`{-~]/g, "\\$&");
}
