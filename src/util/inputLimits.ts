/**
 * The limits robokit puts on what it reads (README, section SECURITY). Each one that is hit
 * is reported as an error diagnostic with its own code, and the CLI exits 1: robokit never
 * runs out of memory or stack on a hostile file.
 */
export const INPUT_LIMITS = {
  /** Largest URDF or SDF file read, bytes: 32 MiB (about 45,000 links; parsing takes ~60 bytes of memory per byte). */
  maxXmlBytes: 256 * 1024 * 1024,
  /** Largest robot document (YAML/JSON) or scenario file read, bytes: 16 MiB (about 20,000 links). */
  maxDocumentBytes: 128 * 1024 * 1024,
  /** Largest wheel-state CSV read by `robokit odom`, bytes: 64 MiB. */
  maxCsvBytes: 64 * 1024 * 1024,
  /** Largest FMU file read, bytes: 256 MiB (only its modelDescription.xml is inflated). */
  maxArchiveBytes: 256 * 1024 * 1024,
  /** Largest modelDescription.xml inflated from an FMU, bytes: 16 MiB. */
  maxArchiveEntryBytes: 16 * 1024 * 1024,
  /** Deepest element nesting in XML and in YAML/JSON documents. */
  maxDepth: 256,
  /** Most XML elements in one file, counted before parsing (a link of a chain has about 14). */
  maxElements: 4_000_000,
  /**
   * Most separators (`,` `:` `-` `[` `{` `?`) in a YAML/JSON document, counted before parsing: an
   * upper bound of its values (a chain link has about 60 values and 110 separators in JSON).
   */
  maxYamlNodes: 16_000_000,
  /** Most alias nodes a YAML document may resolve, counted with their expansion (yaml's maxAliasCount). */
  maxYamlAliases: 10_000,
  /** Longest text of one number, characters. */
  maxNumberText: 4_096,
} as const;
