// Generates schemas/robot.schema.json from the Robot type in src/model (the single source of
// truth: TSDoc comments become schema descriptions). Run: npm run generate:robot-schema
// With --check, exits 1 when the committed file differs from a fresh generation.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { createGenerator } from "ts-json-schema-generator";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "schemas", "robot.schema.json");

const schema = createGenerator({
  path: join(root, "src", "model", "Robot.ts"),
  tsconfig: join(root, "tsconfig.json"),
  type: "Robot",
  expose: "export",
  topRef: true,
  jsDoc: "extended",
  sortProps: true,
  strictTuples: true,
  additionalProperties: false,
  skipTypeCheck: true,
  discriminatorType: "json-schema",
}).createSchema("Robot");

const withId = {
  $id: "https://robokit.dev/schemas/robot.schema.json",
  title: "robokit robot",
  ...schema,
};
const text = `${JSON.stringify(withId, null, 2)}\n`;

if (process.argv.includes("--check")) {
  const current = readFileSync(target, "utf8");
  if (current !== text) {
    console.error("schemas/robot.schema.json is out of date: run npm run generate:robot-schema");
    process.exit(1);
  }
  console.log("schemas/robot.schema.json is up to date");
} else {
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
  console.log(`wrote ${target}`);
}
