import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readXml } from "../../parse/readXml.js";
import { niceTicks } from "./niceTicks.js";
import { svgFigure } from "./svgFigure.js";

describe("niceTicks", () => {
  it("covers the range with round steps (1, 2 or 5 × 10ⁿ) and a bounded count", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 12 }),
        (lo, span, target) => {
          const t = niceTicks(lo, lo + span, target);
          expect(t.min).toBeLessThanOrEqual(lo + 1e-9 * Math.abs(lo));
          expect(t.max).toBeGreaterThanOrEqual(lo + span - 1e-9 * Math.abs(lo + span));
          const mantissa = t.step / 10 ** Math.floor(Math.log10(t.step) + 1e-12);
          expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-9)).toBe(true);
          expect(t.values.length).toBeLessThanOrEqual(2 * target + 3);
        },
      ),
    );
  });

  it("gives clean labels (no 0.30000000000000004) and widens a zero range", () => {
    expect(niceTicks(0, 1, 10).values).toContain(0.3);
    expect(niceTicks(2, 2).values.length).toBeGreaterThan(1);
  });
});

describe("svgFigure", () => {
  const spec = {
    title: "a <title> & more",
    charts: [
      {
        xLabel: "t (s)",
        yLabel: "v",
        series: [
          { label: "x<y", x: [0, 1, 2, Number.NaN, 4], y: [0, 1, 0, 1, 2] },
          { label: "flat", x: [0, 4], y: [1, 1], dash: "dashed" as const },
        ],
      },
    ],
  };

  it("is well-formed XML with escaped text, one path per series and the labels", () => {
    const svg = svgFigure(spec);
    const { document, diagnostics } = readXml(svg, "fig.svg");
    expect(diagnostics).toEqual([]);
    expect(document.root?.name).toBe("svg");
    expect(svg).toContain("a &lt;title&gt; &amp; more");
    expect(svg).toContain(">x&lt;y<");
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('stroke-dasharray="6 4"');
  });

  it("parses as XML for any title and label, escape and control characters included", () => {
    // XML 1.0 (Fifth Edition) production [2] Char, over code points.
    const xmlChars = (t: string): boolean => /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u.test(t);
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({
        unit: fc.constantFrom("\u001b", "\u0000", "\ufffe", "\ud800", "\udc00", "&", "<", '"', "\n", "a", "é"),
      }),
    );
    fc.assert(
      fc.property(text, text, (title, label) => {
        const svg = svgFigure({
          title,
          charts: [{ xLabel: label, yLabel: "y", series: [{ label, x: [0, 1], y: [0, 1] }] }],
        });
        expect(xmlChars(svg)).toBe(true);
        const { document, diagnostics } = readXml(svg, "fig.svg");
        expect(diagnostics).toEqual([]);
        expect(document.root?.name).toBe("svg");
      }),
    );
  });

  it("shows a scenario name's escape character instead of dropping or writing it", () => {
    const svg = svgFigure({ title: "run\u001b[31m red\u0000", charts: [] });
    expect(svg).toContain(">run\\x1b[31m red\\x00</text>");
  });

  it("breaks a line at a non-finite point and is byte-stable", () => {
    const svg = svgFigure(spec);
    const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? "";
    expect(d.match(/M/g)).toHaveLength(2);
    expect(svgFigure(spec)).toBe(svg);
  });

  it("keeps equal scales on a trajectory chart", () => {
    const svg = svgFigure({
      charts: [
        {
          xLabel: "x",
          yLabel: "y",
          equalAspect: true,
          series: [{ label: "square", x: [0, 1, 1, 0, 0], y: [0, 0, 1, 1, 0] }],
        },
      ],
    });
    const d = /<path d="([^"]+)"/.exec(svg)?.[1] ?? "";
    const pts = [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const w = Math.abs((pts[1]?.[0] ?? 0) - (pts[0]?.[0] ?? 0));
    const h = Math.abs((pts[2]?.[1] ?? 0) - (pts[1]?.[1] ?? 0));
    expect(w).toBeGreaterThan(10);
    expect(Math.abs(w - h)).toBeLessThan(0.5);
  });
});
