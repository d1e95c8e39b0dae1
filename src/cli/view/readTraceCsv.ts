/** A simulation trace read back from `robokit sim`'s trace.csv: one array per column. */
export interface TraceTable {
  readonly columns: readonly string[];
  /** `data[c][k]`: column c at row k (SI units, as simulationCsv writes them). */
  readonly data: readonly (readonly number[])[];
}

/**
 * Parses the CSV that simulationCsv writes (header row, numbers, RFC 4180 quoting in the
 * header only). Throws a RangeError naming the line and column of the first bad cell.
 */
export function readTraceCsv(text: string, file: string): TraceTable {
  const lines = text.split(/\r?\n/).filter((l) => l !== "");
  const header = lines[0];
  if (header === undefined) throw new RangeError(`${file}: empty trace`);
  const columns = splitHeader(header);
  if (!columns.includes("time")) throw new RangeError(`${file}:1: no "time" column (is this a robokit sim trace.csv?)`);
  const data: number[][] = columns.map(() => []);
  lines.slice(1).forEach((line, k) => {
    const cells = line.split(",");
    if (cells.length !== columns.length)
      throw new RangeError(`${file}:${k + 2}: ${cells.length} cells, the header has ${columns.length}`);
    cells.forEach((cell, c) => {
      const v = Number(cell);
      if (cell.trim() === "" || !Number.isFinite(v))
        throw new RangeError(`${file}:${k + 2}:${c + 1}: "${cell}" is not a number`);
      data[c]?.push(v);
    });
  });
  return { columns, data };
}

function splitHeader(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") out.push(field), (field = "");
    else field += ch;
  }
  out.push(field);
  return out;
}
