const DEFAULT_VALUE = String.raw`\$\{.*?\}|\$\(.*?\)|(?:'.*?'|".*?"|[^\s'"]+)+|`;

const MACRO_ARG = new RegExp(
  String.raw`^\s*([^\s:=]+?)\s*:?=\s*(\^\|?)?(` + DEFAULT_VALUE + String.raw`)(?:\s+|$)(.*)`,
);

/** Splits a macro's `params` like xacro: `name`, `name:=default`, `name:=^`, `name:=^|default`, `*block`, `**block`. */
export function parseMacroParams(params: string): {
  params: string[];
  defaults: Map<string, [string | null, string | null]>;
} {
  const out: string[] = [];
  const defaults = new Map<string, [string | null, string | null]>();
  let rest = params;
  while (rest !== "") {
    const m = MACRO_ARG.exec(rest);
    if (m !== null) {
      const [, param = "", forward, dflt, tail = ""] = m;
      out.push(param);
      defaults.set(param, [
        forward !== undefined && forward !== "" ? param : null,
        dflt === undefined || dflt === "" ? null : dflt,
      ]);
      rest = tail;
    } else {
      const t = rest.trimStart();
      const sp = t.search(/\s/);
      if (t === "") break;
      out.push(sp < 0 ? t : t.slice(0, sp));
      rest = sp < 0 ? "" : t.slice(sp).trimStart();
    }
  }
  return { params: out, defaults };
}
