import { escapeTerminal } from "../diagnostics/escapeTerminal.js";

/**
 * Input text shown as a Markdown code span (CommonMark 0.31, "Code spans"): the text is fenced by
 * a run of backticks longer than any run inside it, so no backtick in the text can close the span
 * early, and nothing inside is read as a link, image, HTML or emphasis. A space pads the text when
 * it starts or ends with a backtick (so the fence stays separate) or with a space (CommonMark strips
 * one space from each side of a padded span). Line breaks are shown as spaces, as CommonMark does;
 * other control and reordering characters become visible escapes ({@link escapeTerminal}), since
 * a span shows them raw.
 */
export function markdownCodeSpan(text: string): string {
  const shown = escapeTerminal(text.replace(/\r\n?|\n/g, " "));
  // Two backticks alone would be a backtick string, not an empty span.
  if (shown === "") return "` `";
  let longest = 0;
  let run = 0;
  for (const c of shown) {
    run = c === "`" ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = "`".repeat(longest + 1);
  // Text of spaces alone is shown as it is (CommonMark strips nothing from it).
  const pad = shown.trim() !== "" && /^[` ]|[` ]$/.test(shown) ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}
