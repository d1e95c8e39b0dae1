import { type Scalar, stringify } from "yaml";

import { formatNumber } from "../../util/formatNumber.js";

/**
 * A floating-point ROS parameter. ROS 2 parameters are typed: a double parameter given as
 * `0` is read as an integer and rejected, so doubles always print with a decimal point or
 * an exponent (`0.0`, `50.0`, `1e-7`), through the one number formatter.
 */
export class RosDouble {
  readonly value: number;

  constructor(value: number) {
    this.value = value;
  }
}

/** Shorthand for {@link RosDouble}. */
export function rosDouble(value: number): RosDouble {
  return new RosDouble(value);
}

/** Text of a double parameter: formatNumber, plus ".0" when that has no point or exponent. */
export function formatRosDouble(value: number): string {
  const text = formatNumber(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

const doubleTag = {
  identify: (value: unknown): boolean => value instanceof RosDouble,
  tag: "tag:yaml.org,2002:float",
  default: true,
  resolve: (text: string): number => Number(text),
  stringify: (item: Scalar): string => formatRosDouble((item.value as RosDouble).value),
};

/**
 * YAML text of plain data (objects keep insertion order; {@link RosDouble} for doubles,
 * integers as JS integers). 2-space indent, no line folding, trailing newline.
 */
export function stringifyRosYaml(data: unknown, headerComment?: string): string {
  const body = stringify(data, { customTags: [doubleTag], indent: 2, lineWidth: 0 });
  return headerComment === undefined ? body : `# ${headerComment}\n${body}`;
}
