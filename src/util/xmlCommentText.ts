/**
 * Text made safe inside an XML comment (`<!--…-->`), the one escaper of that context: XML 1.0
 * forbids `--` in a comment and a `-` just before its end, so every `-` followed by another gets
 * a space after it (`arm--v2` is written `arm- -v2`) and a final `-` gets one too; characters XML
 * does not allow at all (C0 controls but tab, line feed and carriage return; lone surrogates;
 * U+FFFE and U+FFFF) become visible `\xHH` or `\uHHHH` escapes. Text holding none of these is
 * unchanged, and escaped text escapes to itself.
 */
export function xmlCommentText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => {
        const code = c.charCodeAt(0);
        return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
      },
    )
    .replace(/-(?=-|$)/g, "- ");
}
