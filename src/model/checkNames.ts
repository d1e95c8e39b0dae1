import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { Link } from "./Link.js";
import type { Robot } from "./Robot.js";

/** A robot name: it becomes file names, a ROS package, CMake, launch and xacro text. */
const ROBOT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,127}$/;
/** A ROS package name (REP 144). */
const PACKAGE_NAME = /^[a-z][a-z0-9_]{0,127}$/;
/**
 * What an element name may not hold: characters XML 1.0 cannot carry (C0 controls, NUL,
 * U+FFFE/U+FFFF, lone surrogates), whitespace, and the characters that change meaning in
 * XML, YAML, shell, Python and CMake text (`& < > " ' \` $ { } \ ;`).
 */
// eslint-disable-next-line no-control-regex
const BAD_CHARACTER = /[\u0000-\u001f\u007f\s&<>"'`${}\\;\ufffe\uffff\ud800-\udfff]/u;
const MAX_NAME = 256;

/**
 * Checks the names the emitters write into files and paths: the robot name (letters,
 * digits, `_`, starting with a letter), `package.name` (REP 144), and every link, joint,
 * material and sensor name (non-empty, at most 256 characters, none of the characters in
 * BAD_CHARACTER). Returns NAME_INVALID errors with JSON pointers.
 */
export function checkNames(robot: Robot, imported = false): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A file written elsewhere (URDF, SDF) keeps its names: its consumers accepted them, so for
  // it they are warnings; robots authored in robokit must have names every output can hold.
  const add = (jsonPath: string, message: string): void => {
    out.push({ code: "NAME_INVALID", severity: imported ? "warning" : "error", message, jsonPath });
  };
  if (typeof robot.name === "string" && robot.name.length > 0 && !ROBOT_NAME.test(robot.name)) {
    add(
      "/name",
      `robot ${show(robot.name)}: the name must start with a letter and hold only letters, digits and "_" (at most 128); it names files, the ROS package, launch and xacro files`,
    );
  }
  const pkg = robot.package?.name;
  if (pkg !== undefined && !PACKAGE_NAME.test(pkg))
    add(
      "/package/name",
      `package.name ${show(pkg)} must be a ROS package name: lowercase letters, digits and "_", starting with a letter`,
    );
  const element = (kind: string, name: unknown, path: string): void => {
    if (typeof name !== "string") return; // the schema or the other rules report it
    if (name.length === 0) add(path, `${kind}: the name must not be empty`);
    else if (name.length > MAX_NAME)
      add(path, `${kind} ${show(name)}: the name has ${name.length} characters; at most ${MAX_NAME}`);
    else {
      const bad = BAD_CHARACTER.exec(name);
      if (bad !== null)
        add(
          path,
          `${kind} ${show(name)}: the name holds ${describe(bad[0])}, which cannot be written safely into XML, YAML and launch files`,
        );
    }
  };
  (Array.isArray(robot.materials) ? robot.materials : []).forEach((m, i) =>
    element("material", m.name, `/materials/${i}/name`),
  );
  const links: readonly Link[] = Array.isArray(robot.links) ? robot.links : [];
  links.forEach((l, i) => {
    element("link", l.name, `/links/${i}/name`);
    (l.sensors ?? []).forEach((s, k) => element("sensor", s.name, `/links/${i}/sensors/${k}/name`));
  });
  (Array.isArray(robot.joints) ? robot.joints : []).forEach((j, i) => element("joint", j.name, `/joints/${i}/name`));
  return out;
}

function show(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
}

function describe(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (/\s/u.test(c) && code >= 0x20) return "whitespace";
  if (code < 0x20 || code === 0x7f || code >= 0xd800)
    return `the character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return `"${c}"`;
}
