/**
 * The limits robokit puts on what it reads (docs/security.md#limits). Each one that is hit
 * is reported as an error diagnostic with its own code, and the CLI exits 1: robokit never
 * runs out of memory or stack on a hostile file.
 */
export const INPUT_LIMITS = {
  /** Largest URDF or SDF file read, bytes: 128 MiB (a 100,000-link chain is 74 MB as URDF, 110 MB as SDF). */
  maxXmlBytes: 128 * 1024 * 1024,
  /** Largest robot document (YAML/JSON) or scenario file read, bytes: 128 MiB (a 100,000-link chain is 57 MB as JSON). */
  maxDocumentBytes: 128 * 1024 * 1024,
  /** Largest wheel-state CSV read by `robokit odom`, bytes: 64 MiB. */
  maxCsvBytes: 64 * 1024 * 1024,
  /** Largest FMU file read, bytes: 256 MiB (only its modelDescription.xml is inflated). */
  maxArchiveBytes: 256 * 1024 * 1024,
  /** Largest modelDescription.xml inflated from an FMU, bytes: 16 MiB. */
  maxArchiveEntryBytes: 16 * 1024 * 1024,
  /** Deepest element nesting in XML and in YAML/JSON documents. */
  maxDepth: 256,
  /**
   * Most XML elements in one file, counted before parsing: a 100,000-link chain written as SDF
   * has 2.95 million (29 per link), as URDF 1.8 million.
   */
  maxElements: 3_200_000,
  /**
   * Most `<link>` plus `<joint>` elements in one XML file, counted with the elements (a
   * 100,000-link chain has 199,999). The model and the rules cost up to 2.5 KB per link, so this,
   * not the element count, bounds the memory of a file of millions of bare links.
   */
  maxLinksAndJoints: 400_000,
  /** Most links, and most joints, in one robot document (YAML/JSON), checked before its schema. */
  maxDocumentLinks: 200_000,
  /**
   * Most separators (`,` `:` `-` `[` `{` `?`) in a YAML document, counted before parsing: an
   * upper bound of its values. The YAML parser takes about 500 bytes per value, so this keeps
   * it under 1 GB (about 18,000 chain links written as YAML).
   */
  maxYamlNodes: 2_000_000,
  /**
   * Most separators in a JSON document (read by JSON.parse, about 20 times leaner): a 100,000-link
   * chain has 11 million. JSON documents above maxYamlNodes get no line:column in diagnostics,
   * only their JSON pointer.
   */
  maxJsonNodes: 16_000_000,
  /** Most alias nodes a YAML document may resolve, counted with their expansion (yaml's maxAliasCount). */
  maxYamlAliases: 10_000,
  /**
   * Most schema errors reported for one document: past it, robokit stops checking the document
   * against its schema and says so (TOO_MANY_ERRORS), so millions of failing items cannot
   * exhaust memory.
   */
  maxSchemaErrors: 10_000,
  /** Most diagnostics of one code reported for one file: the rest are counted in one TOO_MANY_ERRORS note. */
  maxDiagnosticsPerCode: 10_000,
  /** Longest text of one number, characters. */
  maxNumberText: 4_096,
  /**
   * Largest magnitude of a number given on the command line (`ik`'s twist) or in a wheel-state
   * CSV (`odom`'s times and joint positions), in SI units: no robot comes near 1e9 m/s, rad/s,
   * s or rad, and bounding them keeps every product the kinematics forms finite.
   */
  maxMagnitude: 1e9,
} as const;
