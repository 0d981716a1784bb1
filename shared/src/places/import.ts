/**
 * Places import (issue 27): a CSV in the shape of the Local Government Directory's downloads
 * (villages, sub-districts, urban local bodies and their wards; see supabase/README.md, "Places")
 * is read here, staged in batches that stay under the API's 64 KiB request body limit
 * (`stage_places`), then validated and loaded by one call (`commit_places`): every row is
 * checked first and, if any is bad, nothing is loaded and each bad row is reported.
 *
 * Used by `npm run import:places -- FILE` (through the API, service role), by the operator
 * console (mf-admin, as the signed-in admin) and by the demo seed
 * (the same SQL functions on the seed's connection), so the seed proves the importer. No Node
 * APIs: the console can use the same code in the browser.
 */
/** One bad row: the spreadsheet's row number (the header is row 1), the column, what is wrong. */
export interface PlaceRowError {
  row: number;
  field: string;
  message: string;
}

export interface PlacesImportResult {
  ok: boolean;
  rows: number;
  error_count: number;
  errors: PlaceRowError[];
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Calls one of the two SQL functions with named arguments and returns its result (throws on error). */
export type PlacesRpc = (fn: 'stage_places' | 'commit_places', args: Record<string, unknown>) => Promise<unknown>;

/** RFC 4180 CSV: quoted fields (with "" and line breaks inside), CRLF or LF, a BOM ignored. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Header names compared as the database compares them: lower case letters and digits only. */
const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

const CODE_COLUMNS = ['districtcode', 'subdistrictcode', 'villagecode', 'localbodycode', 'wardcode'];

/**
 * The CSV's data rows as objects (header -> value; blank lines skipped), with the errors the
 * file itself has: no code column in the header, a row with more cells than the header.
 */
function csvToRows(text: string): { rows: { row: number; values: Record<string, string> }[]; errors: PlaceRowError[] } {
  const table = parseCsv(text);
  const header = (table[0] ?? []).map((h) => h.trim());
  const errors: PlaceRowError[] = [];
  if (!header.some((h) => CODE_COLUMNS.includes(norm(h)))) {
    errors.push({
      row: 1,
      field: 'header',
      message: 'no LGD code column in the header (districtCode, subdistrictCode, villageCode, localBodyCode or wardCode)',
    });
  }
  const rows: { row: number; values: Record<string, string> }[] = [];
  table.slice(1).forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    if (cells.length > header.length) {
      errors.push({ row, field: 'row', message: `${cells.length} cells, the header has ${header.length}` });
      return;
    }
    const values: Record<string, string> = {};
    header.forEach((h, k) => {
      const v = (cells[k] ?? '').trim();
      if (h !== '' && v !== '') values[h] = v;
    });
    rows.push({ row, values });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 1, field: 'file', message: 'no data rows' });
  return { rows, errors };
}

/** Request bodies stay under this (the server refuses more than 64 KiB). */
const MAX_BODY = 48 * 1024;
const MAX_ROWS = 1000;
const encoder = new TextEncoder();

/**
 * Stages the rows in batches and commits them in one transaction. Rows that are not consecutive
 * (blank lines skipped) are sent in runs of consecutive row numbers. Nothing is loaded unless
 * every row is good; a file-level error (csvToRows) loads nothing either and calls nothing.
 */
export async function importPlacesCsv(text: string, rpc: PlacesRpc, reason?: string): Promise<PlacesImportResult> {
  const { rows, errors } = csvToRows(text);
  if (errors.length > 0) {
    return { ok: false, rows: rows.length, error_count: errors.length, errors, inserted: 0, updated: 0, unchanged: 0 };
  }
  const batch = globalThis.crypto.randomUUID();
  let chunk: Record<string, string>[] = [];
  let first = 0;
  let size = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await rpc('stage_places', { p_batch: batch, p_first_row: first, p_rows: chunk });
    chunk = [];
    size = 0;
  };
  for (const { row, values } of rows) {
    const bytes = encoder.encode(JSON.stringify(values)).length + 1;
    if (chunk.length > 0 && (row !== first + chunk.length || size + bytes > MAX_BODY || chunk.length >= MAX_ROWS)) {
      await flush();
    }
    if (chunk.length === 0) first = row;
    chunk.push(values);
    size += bytes;
  }
  await flush();
  return (await rpc('commit_places', { p_batch: batch, p_reason: reason ?? null })) as PlacesImportResult;
}

/** One line per bad row, for the console. */
export function formatPlaceErrors(errors: PlaceRowError[]): string[] {
  return errors.map((e) => `row ${e.row} (${e.field}): ${e.message}`);
}
