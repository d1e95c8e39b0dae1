/** A trace as named columns. */
export type Columns = ReadonlyMap<string, readonly number[]>;

interface Series {
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly color: string;
  readonly label: string;
}

const W = 366;
const H = 170;

/**
 * Plots of a simulation trace, like the figures of Sharifi et al. 2018: commanded vs measured (true and
 * odometry) vx, vy and ω against time, and the trajectory in the start frame. `update(k)`
 * moves the cursor to row k.
 */
export function buildPlots(host: HTMLElement, cols: Columns): (k: number) => void {
  host.replaceChildren();
  const time = cols.get("time") ?? [];
  const series = (name: string, color: string, label: string, x: readonly number[] = time): Series[] => {
    const y = cols.get(name);
    return y === undefined ? [] : [{ x, y, color, label }];
  };
  const charts: {
    title: string;
    series: Series[];
    equal: boolean;
    cursor: (k: number) => [number, number] | undefined;
  }[] = [];
  for (const [axis, unit] of [
    ["vx", "m/s"],
    ["vy", "m/s"],
    ["omega", "rad/s"],
  ] as const) {
    charts.push({
      title: `${axis} (${unit})`,
      series: [
        ...series(`cmd_${axis}`, "#222", "commanded"),
        ...series(`true_${axis}`, "#1f77b4", "true"),
        ...series(`odom_${axis}`, "#ff7f0e", "odometry"),
      ],
      equal: false,
      cursor: (k) => [time[k] ?? 0, cols.get(`true_${axis}`)?.[k] ?? 0],
    });
  }
  const tx = cols.get("true_x");
  charts.push({
    title: "trajectory x–y (m)",
    series: [
      ...series("ref_y", "#2ca02c", "reference", cols.get("ref_x") ?? []),
      ...series("true_y", "#1f77b4", "true", tx ?? []),
      ...series("odom_y", "#ff7f0e", "odometry", cols.get("odom_x") ?? []),
    ],
    equal: true,
    cursor: (k) => (tx === undefined ? undefined : [tx[k] ?? 0, cols.get("true_y")?.[k] ?? 0]),
  });
  const drawers = charts.map((chart) => {
    const canvas = document.createElement("canvas");
    canvas.width = W;
    canvas.height = H;
    host.append(canvas);
    const ctx = canvas.getContext("2d")!;
    let xs = chart.series.flatMap((s) => [...s.x]);
    let ys = chart.series.flatMap((s) => [...s.y]);
    if (xs.length === 0) (xs = [0, 1]), (ys = [0, 1]);
    let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    if (x1 - x0 < 1e-9) (x0 -= 0.5), (x1 += 0.5);
    if (y1 - y0 < 1e-9) (y0 -= 0.5), (y1 += 0.5);
    const pad = { l: 40, r: 8, t: 18, b: 18 };
    let sx = (W - pad.l - pad.r) / (x1 - x0),
      sy = (H - pad.t - pad.b) / (y1 - y0);
    if (chart.equal) sx = sy = Math.min(sx, sy);
    const px = (x: number): number => pad.l + (x - x0) * sx;
    const py = (y: number): number => H - pad.b - (y - y0) * sy;
    return (k: number): void => {
      ctx.clearRect(0, 0, W, H);
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, W, H);
      ctx.strokeStyle = "#ccd";
      ctx.strokeRect(pad.l, pad.t, W - pad.l - pad.r, H - pad.t - pad.b);
      ctx.fillStyle = "#333";
      ctx.font = "11px system-ui";
      ctx.fillText(chart.title, pad.l, 12);
      ctx.fillText(y1.toPrecision(3), 2, pad.t + 8);
      ctx.fillText(y0.toPrecision(3), 2, H - pad.b);
      ctx.fillText(x0.toPrecision(3), pad.l, H - 4);
      ctx.fillText(x1.toPrecision(3), W - pad.r - 30, H - 4);
      let lx = W - pad.r - 70;
      for (const s of chart.series) {
        ctx.strokeStyle = s.color;
        ctx.beginPath();
        s.y.forEach((y, i) => (i === 0 ? ctx.moveTo(px(s.x[i] ?? 0), py(y)) : ctx.lineTo(px(s.x[i] ?? 0), py(y))));
        ctx.stroke();
        ctx.fillStyle = s.color;
        ctx.fillText(s.label, lx, 12);
        lx -= 62;
      }
      const c = chart.cursor(k);
      if (c !== undefined) {
        ctx.fillStyle = "#d62728";
        ctx.beginPath();
        ctx.arc(px(c[0]), py(c[1]), 3.5, 0, 2 * Math.PI);
        ctx.fill();
      }
    };
  });
  return (k) => drawers.forEach((d) => d(k));
}
