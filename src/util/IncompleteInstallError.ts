/**
 * A file that ships with robokit (a schema, a validator, the controller definitions) cannot be
 * found: the installation is incomplete (a partial copy, a file removed). The CLI reports it in
 * one line naming the file, exit 3, as a file it cannot read, never as a robokit bug.
 */
export class IncompleteInstallError extends Error {
  /**
   * @param missing - the missing file, relative to robokit's package folder (`data/…`).
   * @param hint - what restores it in a clone of the repository, when not a reinstall alone.
   */
  constructor(
    readonly missing: string,
    hint = "",
  ) {
    super(
      `robokit's installation is incomplete: ${missing} is missing; reinstall robokit${hint === "" ? "" : ` (${hint})`}`,
    );
    this.name = "IncompleteInstallError";
  }
}
