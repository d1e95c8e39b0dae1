/**
 * Robots that ship with robokit, usable by name (`robokit build mario`). Each is imported
 * only when named, by a static path (relative to this file, valid from src/ and dist/src/),
 * so the bundled CLI carries the example in its own chunk.
 */
export const bundledExamples: Readonly<
  Record<string, { readonly load: () => Promise<Record<string, unknown>>; readonly exportName: string }>
> = {
  mario: {
    load: async () => (await import("../../examples/mario/mario.js")) as Record<string, unknown>,
    exportName: "mario",
  },
  robotino: {
    load: async () => (await import("../../examples/robotino/robotino.js")) as Record<string, unknown>,
    exportName: "robotino",
  },
  cart: {
    load: async () => (await import("../../examples/cart/cart.js")) as Record<string, unknown>,
    exportName: "cart",
  },
  skidsteer: {
    load: async () => (await import("../../examples/skidsteer/skidsteer.js")) as Record<string, unknown>,
    exportName: "skidsteer",
  },
  mecanum: {
    load: async () => (await import("../../examples/mecanum/mecanum.js")) as Record<string, unknown>,
    exportName: "mecanum",
  },
  ackermann: {
    load: async () => (await import("../../examples/ackermann/ackermann.js")) as Record<string, unknown>,
    exportName: "ackermann",
  },
  bicycle: {
    load: async () => (await import("../../examples/bicycle/bicycle.js")) as Record<string, unknown>,
    exportName: "bicycle",
  },
  tricycle: {
    load: async () => (await import("../../examples/tricycle/tricycle.js")) as Record<string, unknown>,
    exportName: "tricycle",
  },
};
