/**
 * RFC 4180 CSV: quoted fields (with "" escapes, commas and line breaks inside), CRLF / LF / CR line
 * endings, a byte-order mark, and blank lines (skipped). Returns rows of raw strings.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;

  const endRow = () => {
    row.push(field);
    if (!(row.length === 1 && row[0] === '' && !fieldStarted)) rows.push(row);
    row = [];
    field = '';
    fieldStarted = false;
  };

  while (i < n) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      inQuotes = true;
      fieldStarted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      fieldStarted = true;
      i++;
    }
  }
  if (field !== '' || row.length > 0 || fieldStarted) endRow();
  return rows;
}

/** Rows as records keyed by the (trimmed) header names. Short rows get empty strings. */
export function parseCsvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const records = rows.slice(1).map((cells) => {
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      record[name] = (cells[i] ?? '').trim();
    });
    return record;
  });
  return { header, records };
}

/** A number from a cell: plain, signed, decimal or scientific ("1.225e+006"); empty or "-" or junk -> null. */
export function parseNumberCell(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  const s = cell.trim().replace(/^\(\s*|\s*\)$/g, '');
  if (s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}
