// Documents that made the language service's scanners quadratic or backtrack, shared by the
// attack suite on the language service and the server's latency test.

/** Documents that stalled the old language service, by file name. */
export const HOSTILE_DOCUMENTS: readonly { readonly name: string; readonly file: string; readonly text: string }[] = [
  {
    name: "35,000 open elements, then 35,000 end tags that match none (each searched the open stack)",
    file: "/ws/unmatched.urdf",
    text: `<robot>${"<a>".repeat(35_000)}${"</b>".repeat(35_000)}`,
  },
  {
    name: "720,000 end tags without `>` (each searched to the end for one)",
    file: "/ws/unfinished.urdf",
    text: `<robot>${"</a".repeat(720_000)}`,
  },
  {
    name: "200,000 unclosed attributes and no `<` after them (each searched to the end for one)",
    file: "/ws/attributes.urdf",
    text: `<robot>${"<link a='x b=".repeat(200_000)}`,
  },
  {
    name: "100,000 nested unclosed <joint_name> (each read its content to the end)",
    file: "/ws/names.urdf",
    text: `<robot>${"<joint_name> j".repeat(100_000)}`,
  },
  {
    name: "50,000 nested joints (each searched every tag inside it for <parent>)",
    file: "/ws/joints.urdf",
    text: `<robot>${'<joint name="j" type="fixed">'.repeat(50_000)}`,
  },
  {
    name: "a chain of 30,000 links (the outline recursed and matched joints per link)",
    file: "/ws/chain.urdf",
    text: `<robot>${Array.from(
      { length: 30_000 },
      (_, i) =>
        `<link name="l${i}"/><joint name="j${i}" type="fixed"><parent link="l${i}"/><child link="l${i + 1}"/></joint>`,
    ).join("")}</robot>`,
  },
  {
    name: "64 KB of blank lines in a YAML file (a multiline ^\\s* pattern at every line start)",
    file: "/ws/blank.yaml",
    text: `${"\n".repeat(64 * 1024)}x: 1\n`,
  },
  {
    name: "a controller file with a joint list of one long run of spaces (\\s+#.*$ per position)",
    file: "/ws/controllers.yaml",
    text: `c:\n  ros__parameters:\n    joints: [a${" ".repeat(200_000)}b]\n    joint: a${" ".repeat(200_000)}b\n`,
  },
  {
    name: "a controller key line with spaces after `:` and a carriage return (KEY_LINE backtracked)",
    file: "/ws/cr.yaml",
    text: `ros__parameters:\n  joints:${" ".repeat(100_000)}x\ry\n`,
  },
];
