/** One attribute a format's specification defines for an element. */
export interface SpecAttribute {
  readonly name: string;
  readonly description?: string;
  /** The spec's value type (SDF's `double`, `vector3`, `pose`, …). */
  readonly type?: string;
  readonly default?: string;
  readonly required: boolean;
}

/** What a format's specification says about one element at one place. */
export interface SpecElement {
  readonly name: string;
  readonly description?: string;
  /** Type of the element's text value, when it has one. */
  readonly type?: string;
  readonly default?: string;
  /** SDF's `required` ("0", "1", "*", "+", "-1"), when known. */
  readonly required?: string;
  readonly attributes: readonly SpecAttribute[];
  /** Child elements allowed here. */
  readonly children: readonly string[];
}
