import { escapeXml } from "../../util/escapeXml.js";
import { formatNumber } from "../../util/formatNumber.js";
import { niceTicks, type Ticks } from "./niceTicks.js";

/** One line of a chart. */
export interface Series {
  readonly label: string;
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  /** CSS colour; default from the palette by position. */
  readonly color?: string;
  /** Dashed line. Default solid. */
  readonly dash?: "solid" | "dashed" | "dotted";
  /** Stroke width (px). Default 1.5. */
  readonly width?: number;
}

/** A line chart: axes with ticks and labels, series, a legend. */
export interface ChartSpec {
  readonly title?: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
  /** Same scale on both axes (trajectories). Default false. */
  readonly equalAspect?: boolean;
}

/** Where a chart goes in its figure (px). */
export interface Frame {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"] as const;

const MARGIN = { left: 64, right: 16, top: 28, bottom: 44 } as const;
const DASH: Record<NonNullable<Series["dash"]>, string | undefined> = {
  solid: undefined,
  dashed: "6 4",
  dotted: "2 3",
};

/** A pixel coordinate, rounded to 0.1 px so files stay small and byte-stable. */
function px(v: number): string {
  return formatNumber(Math.round(v * 10) / 10);
}

function range(series: readonly Series[], key: "x" | "y"): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series) {
    const a = s[key];
    for (let i = 0; i < a.length; i++) {
      const v = a[i] as number;
      if (Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
  }
  return [lo, hi];
}

/**
 * SVG fragment (a `<g>`) of a line chart inside `frame`. Pure: the same spec gives the same
 * text. Points closer than half a pixel to the previous drawn point are skipped; a
 * non-finite point breaks the line.
 */
export function svgChart(spec: ChartSpec, frame: Frame): string {
  const plotW = frame.width - MARGIN.left - MARGIN.right;
  const plotH = frame.height - MARGIN.top - MARGIN.bottom;
  const [x0, x1] = range(spec.series, "x");
  const [y0, y1] = range(spec.series, "y");
  let xt: Ticks = niceTicks(x0, x1, Math.max(2, Math.round(plotW / 90)));
  let yt: Ticks = niceTicks(y0, y1, Math.max(2, Math.round(plotH / 50)));
  if (spec.equalAspect === true) {
    // Widen the tighter axis so one metre is as long on both.
    const sx = (xt.max - xt.min) / plotW;
    const sy = (yt.max - yt.min) / plotH;
    if (sx > sy) {
      const c = (y0 + y1) / 2;
      const half = (sx * plotH) / 2;
      yt = niceTicks(c - half, c + half, Math.max(2, Math.round(plotH / 50)));
    } else {
      const c = (x0 + x1) / 2;
      const half = (sy * plotW) / 2;
      xt = niceTicks(c - half, c + half, Math.max(2, Math.round(plotW / 90)));
    }
    const s = Math.max((xt.max - xt.min) / plotW, (yt.max - yt.min) / plotH);
    xt = { ...xt, min: (xt.min + xt.max) / 2 - (s * plotW) / 2, max: (xt.min + xt.max) / 2 + (s * plotW) / 2 };
    yt = { ...yt, min: (yt.min + yt.max) / 2 - (s * plotH) / 2, max: (yt.min + yt.max) / 2 + (s * plotH) / 2 };
  }
  const left = frame.x + MARGIN.left;
  const top = frame.y + MARGIN.top;
  const sx = (v: number): number => left + ((v - xt.min) / (xt.max - xt.min)) * plotW;
  const sy = (v: number): number => top + plotH - ((v - yt.min) / (yt.max - yt.min)) * plotH;
  const out: string[] = [`<g>`];
  if (spec.title !== undefined) {
    out.push(
      `<text x="${px(left)}" y="${px(frame.y + 18)}" font-size="13" font-weight="bold">${escapeXml(spec.title)}</text>`,
    );
  }
  out.push(
    `<rect x="${px(left)}" y="${px(top)}" width="${px(plotW)}" height="${px(plotH)}" fill="#ffffff" stroke="#444444"/>`,
  );
  for (const v of xt.values) {
    if (v < xt.min - 1e-12 || v > xt.max + 1e-12) continue;
    const x = sx(v);
    out.push(`<line x1="${px(x)}" y1="${px(top)}" x2="${px(x)}" y2="${px(top + plotH)}" stroke="#e4e4e4"/>`);
    out.push(
      `<text x="${px(x)}" y="${px(top + plotH + 16)}" text-anchor="middle" font-size="11">${formatNumber(v)}</text>`,
    );
  }
  for (const v of yt.values) {
    if (v < yt.min - 1e-12 || v > yt.max + 1e-12) continue;
    const y = sy(v);
    out.push(`<line x1="${px(left)}" y1="${px(y)}" x2="${px(left + plotW)}" y2="${px(y)}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${px(left - 6)}" y="${px(y + 4)}" text-anchor="end" font-size="11">${formatNumber(v)}</text>`);
  }
  out.push(
    `<text x="${px(left + plotW / 2)}" y="${px(top + plotH + 36)}" text-anchor="middle" font-size="12">${escapeXml(spec.xLabel)}</text>`,
  );
  const yl = top + plotH / 2;
  const xl = frame.x + 16;
  out.push(
    `<text x="${px(xl)}" y="${px(yl)}" text-anchor="middle" font-size="12" transform="rotate(-90 ${px(xl)} ${px(yl)})">${escapeXml(spec.yLabel)}</text>`,
  );
  out.push(
    `<clipPath id="clip${px(frame.x)}_${px(frame.y)}"><rect x="${px(left)}" y="${px(top)}" width="${px(plotW)}" height="${px(plotH)}"/></clipPath>`,
  );
  spec.series.forEach((s, i) => {
    const color = s.color ?? PALETTE[i % PALETTE.length] ?? "#000000";
    const d = pathData(s, sx, sy);
    if (d === "") return;
    const dash = DASH[s.dash ?? "solid"];
    out.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${formatNumber(s.width ?? 1.5)}"${dash === undefined ? "" : ` stroke-dasharray="${dash}"`} stroke-linejoin="round" clip-path="url(#clip${px(frame.x)}_${px(frame.y)})"/>`,
    );
  });
  // Legend in one row above the plot, right-aligned, so it never hides data.
  let lx = left + plotW;
  const ly = frame.y + 18;
  for (let i = spec.series.length - 1; i >= 0; i--) {
    const s = spec.series[i];
    if (s === undefined) continue;
    const color = s.color ?? PALETTE[i % PALETTE.length] ?? "#000000";
    const dash = DASH[s.dash ?? "solid"];
    lx -= 25 + 6.8 * s.label.length + 18;
    out.push(
      `<line x1="${px(lx)}" y1="${px(ly - 4)}" x2="${px(lx + 20)}" y2="${px(ly - 4)}" stroke="${color}" stroke-width="2"${dash === undefined ? "" : ` stroke-dasharray="${dash}"`}/>`,
    );
    out.push(`<text x="${px(lx + 25)}" y="${px(ly)}" font-size="11">${escapeXml(s.label)}</text>`);
  }
  out.push(`</g>`);
  return out.join("\n");
}

/**
 * Path data of a series, decimated per half-pixel column: within a column only the first,
 * lowest, highest and last points are kept (in their order), which draws the same envelope
 * as every point would; of those, points within half a pixel of the last drawn are skipped.
 */
function pathData(s: Series, sx: (v: number) => number, sy: (v: number) => number): string {
  const parts: string[] = [];
  let pen = false;
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  const n = Math.min(s.x.length, s.y.length);
  let column = Number.NaN;
  let bucket: { i: number; x: number; y: number }[] = [];
  const flush = (): void => {
    if (bucket.length === 0) return;
    let lo = bucket[0];
    let hi = bucket[0];
    for (const p of bucket) {
      if (lo === undefined || p.y < lo.y) lo = p;
      if (hi === undefined || p.y > hi.y) hi = p;
    }
    const keep = [...new Set([bucket[0], lo, hi, bucket[bucket.length - 1]])]
      .filter((p) => p !== undefined)
      .sort((a, b) => a.i - b.i);
    for (const p of keep) {
      // Skip a point less than half a pixel from the last one drawn (except a line's end).
      if (pen && p.i !== n - 1 && Math.abs(p.x - lastX) < 0.5 && Math.abs(p.y - lastY) < 0.5) continue;
      parts.push(`${pen ? "L" : "M"}${px(p.x)} ${px(p.y)}`);
      pen = true;
      lastX = p.x;
      lastY = p.y;
    }
    bucket = [];
  };
  for (let i = 0; i < n; i++) {
    const xv = s.x[i] as number;
    const yv = s.y[i] as number;
    if (!Number.isFinite(xv) || !Number.isFinite(yv)) {
      flush();
      pen = false;
      column = Number.NaN;
      continue;
    }
    const x = sx(xv);
    const y = sy(yv);
    const c = Math.floor(x * 2);
    if (c !== column) {
      flush();
      column = c;
    }
    bucket.push({ i, x, y });
  }
  flush();
  return parts.join("");
}
