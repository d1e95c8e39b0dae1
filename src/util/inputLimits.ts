/**
 * The limits robokit puts on what it reads (README, section SECURITY). Each one that is hit
 * is reported as an error diagnostic with its own code, and the CLI exits 1: robokit never
 * runs out of memory or stack on a hostile file.
 */
export const INPUT_LIMITS = {
  /** Largest input file read (robot document, URDF, SDF, scenario, FMU), bytes: 64 MiB. */
  maxFileBytes: 64 * 1024 * 1024,
  /** Largest modelDescription.xml inflated from an FMU, bytes: 16 MiB. */
  maxArchiveEntryBytes: 16 * 1024 * 1024,
  /** Deepest element nesting in XML and in YAML/JSON documents. */
  maxDepth: 256,
  /** Most XML elements in one file (a 100,000-link chain has about 1.1 million). */
  maxElements: 2_000_000,
  /** Most alias nodes a YAML document may resolve, counted with their expansion (yaml's maxAliasCount). */
  maxYamlAliases: 10_000,
  /** Longest text of one number, characters. */
  maxNumberText: 4_096,
} as const;
