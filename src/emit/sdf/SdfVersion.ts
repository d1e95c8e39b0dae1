/** The SDF versions robokit writes, oldest first. 1.6 is Gazebo Classic 9/11's; 1.9 is read by every modern Gazebo. */
export const SDF_VERSIONS = ["1.6", "1.7", "1.8", "1.9", "1.10", "1.11"] as const;

/** One SDF version robokit writes. */
export type SdfVersion = (typeof SDF_VERSIONS)[number];

/** The version written when none is asked for: libsdformat 12 (checkable with `ign sdf -k`) and every modern Gazebo read it. */
export const DEFAULT_SDF_VERSION: SdfVersion = "1.9";

/** True when `text` names a version robokit writes. */
export function isSdfVersion(text: string): text is SdfVersion {
  return (SDF_VERSIONS as readonly string[]).includes(text);
}

/** Thrown by {@link toSdfVersion} for a version robokit does not write (API misuse, or a bad `--sdf-version`). */
export class UnsupportedSdfVersionError extends Error {
  /** The version text that was asked for. */
  readonly requested: string;

  constructor(requested: string) {
    super(`unsupported SDF version "${requested}": robokit writes ${SDF_VERSIONS.join(", ")}`);
    this.name = "UnsupportedSdfVersionError";
    this.requested = requested;
  }
}

/** `text` as an {@link SdfVersion}, or the default when undefined; throws {@link UnsupportedSdfVersionError} otherwise. */
export function toSdfVersion(text: string | undefined): SdfVersion {
  if (text === undefined) return DEFAULT_SDF_VERSION;
  if (!isSdfVersion(text)) throw new UnsupportedSdfVersionError(text);
  return text;
}

/** True when `version` is `minimum` or newer (numeric minor comparison: 1.10 > 1.9). */
export function sdfAtLeast(version: SdfVersion, minimum: SdfVersion): boolean {
  return SDF_VERSIONS.indexOf(version) >= SDF_VERSIONS.indexOf(minimum);
}
