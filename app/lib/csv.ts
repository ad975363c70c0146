/**
 * CSV for spreadsheets (RFC 4180): fields separated by commas, rows by CRLF, a field quoted when it holds a comma, a
 * quote, a line break or surrounding spaces (quotes doubled inside). And safe to open: a spreadsheet runs a cell that
 * starts with `=`, `+`, `-` or `@` as a formula (and some treat a leading tab or carriage return the same way), so such
 * a cell gets a leading apostrophe and reads as text. A signed exact decimal (`-12.5`, an amount that went out) is a
 * number, never a formula, and stays as it is so sums still work.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_DECIMAL = /^-\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell, neutralised and quoted as needed. null and undefined are empty. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (FORMULA_START.test(s) && !SIGNED_DECIMAL.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row, ended by CRLF. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A unix-millisecond time as UTC ISO 8601 ('2026-11-26T08:30:00.000Z'); empty for none. */
export function csvTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? "" : new Date(ms).toISOString();
}

/** A file name for a download: `<base>-<UTC date>.csv`, only letters, digits, dots, dashes and underscores. */
export function csvFileName(base: string, now = Date.now()): string {
  return `${base.replace(/[^A-Za-z0-9._-]+/g, "-")}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** Parses CSV text back into rows (tests and tools): quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
