/**
 * Thrown by a rename whose new name the files it would edit cannot hold (a quote in an XML
 * attribute, `::` in an SDF name, `,` in a YAML list): the message says why, for the editor to show.
 */
export class RenameRefused extends Error {}
