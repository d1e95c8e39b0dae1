import { severityPolicy, type SeverityBasis } from "./severityPolicy.js";

const basisText: Record<SeverityBasis, string> = {
  consumer: "consumer rejects",
  spec: "spec forbids",
  physics: "physically impossible",
  loads: "loads, suspect",
  note: "note",
};

/**
 * The severity policy as a Markdown document (src/validate/rules/SEVERITY.md), generated from
 * {@link severityPolicy} so the table beside the rules cannot drift from the code.
 */
export function renderSeverityTable(): string {
  const out: string[] = [
    "# Severity policy of the validator",
    "",
    "Generated from src/diagnostics/severityPolicy.ts by `npm run severity-table`; do not edit (test/validate/severityPolicy.test.ts fails when it is stale).",
    "",
    "- **error**: a consumer of the format rejects the file (urdfdom for URDF, libsdformat for SDF, MuJoCo for MJCF), the spec forbids it, or it is physically impossible (negative mass, a negative principal moment, a violated triangle inequality, NaN).",
    "- **warning**: the file loads, but the finding is suspect; the message ends with what Gazebo, MuJoCo or RViz do with it.",
    "- `--strict` reports every warning as an error.",
    "",
    "| Finding | Code | Severity | Why | What it is | Consumer / reason |",
    "|---|---|---|---|---|---|",
  ];
  for (const [finding, entry] of Object.entries(severityPolicy)) {
    out.push(
      `| ${finding} | ${entry.code} | ${entry.severity} | ${basisText[entry.basis]} | ${cell(entry.what)} | ${cell(entry.consequence)} |`,
    );
  }
  out.push("");
  return out.join("\n");
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
