import { formatNumber } from "../../util/formatNumber.js";
import { escapeXml } from "../../util/escapeXml.js";
import { svgChart, type ChartSpec } from "./svgChart.js";

/** Charts stacked top to bottom under an optional title. */
export interface FigureSpec {
  readonly title?: string;
  /** Figure width (px). Default 760. */
  readonly width?: number;
  /** Height of each chart (px). Default 260; trajectories may want more. */
  readonly chartHeight?: number;
  readonly charts: readonly ChartSpec[];
  /** A line of small print under the charts (e.g. what produced the figure). */
  readonly footnote?: string;
}

/** A complete SVG document (UTF-8 text, LF, trailing newline): pure and byte-stable. */
export function svgFigure(spec: FigureSpec): string {
  const width = spec.width ?? 760;
  const chartHeight = spec.chartHeight ?? 260;
  const head = spec.title === undefined ? 8 : 34;
  const foot = spec.footnote === undefined ? 4 : 22;
  const height = head + chartHeight * spec.charts.length + foot;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${formatNumber(width)}" height="${formatNumber(height)}" viewBox="0 0 ${formatNumber(width)} ${formatNumber(height)}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  if (spec.title !== undefined)
    parts.push(
      `<text x="${formatNumber(width / 2)}" y="22" text-anchor="middle" font-size="16" font-weight="bold">${escapeXml(spec.title)}</text>`,
    );
  spec.charts.forEach((c, i) =>
    parts.push(svgChart(c, { x: 0, y: head + i * chartHeight, width, height: chartHeight })),
  );
  if (spec.footnote !== undefined)
    parts.push(
      `<text x="8" y="${formatNumber(height - 7)}" font-size="10" fill="#666666">${escapeXml(spec.footnote)}</text>`,
    );
  parts.push(`</svg>`);
  return `${parts.join("\n")}\n`;
}
