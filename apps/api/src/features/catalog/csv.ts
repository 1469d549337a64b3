// A small RFC 4180 reader and writer: the rate card is the only CSV this feature reads,
// and its rows must carry the line numbers a person sees in a spreadsheet or editor.

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  fields: string[];
}

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * Splits CSV text into records. Accepts `,` separators, `"` quoting with `""` escapes,
 * quoted line breaks, CRLF or LF endings and a UTF-8 byte-order mark (spreadsheets write
 * one). Lines with nothing on them are skipped.
 */
export function parseCsv(text: string): CsvParseResult {
  const records: CsvRecord[] = [];
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let fieldWasQuoted = false;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldWasQuoted = false;
  };
  const endRecord = () => {
    const blank = fields.length === 0 && field === '' && !fieldWasQuoted;
    endField();
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n') line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field !== '' || fieldWasQuoted) return { ok: false, line, message: 'A quote may only open a field; write "" inside a quoted field' };
      quoted = true;
      fieldWasQuoted = true;
      i += 1;
      continue;
    }
    if (fieldWasQuoted && ch !== ',' && ch !== '\r' && ch !== '\n') {
      return { ok: false, line, message: 'Nothing may follow the closing quote of a field but a comma or the end of the line' };
    }
    if (ch === ',') {
      endField();
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (quoted) return { ok: false, line: recordLine, message: 'A quoted field is not closed' };
  if (field !== '' || fields.length > 0 || fieldWasQuoted) endRecord();
  return { ok: true, records };
}

/** One CSV field: quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text with CRLF line ends, as RFC 4180 and spreadsheets expect. */
export function formatCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
