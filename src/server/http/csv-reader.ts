/** A record of a CSV file: its fields, and the line it starts on (counted from 1, as an editor shows). */
export type CsvRecord = { line: number; fields: string[] };
/** A record that could not be read, by the line it starts on. */
export type CsvProblem = { line: number; problem: "unclosedQuote" | "strayQuote" };

/**
 * Reads CSV as RFC 4180 writes it (and as spreadsheet programs save it): fields separated by
 * commas, records by CRLF (LF or a lone CR too), a field in double quotes may hold commas, quotes
 * doubled (`""`) and line breaks; a byte order mark at the start is dropped. Blank lines are no
 * records. A malformed record (a quote inside an unquoted field, text after a closing quote, a
 * quote never closed) is reported by its first line and skipped, and reading goes on with the
 * next line, so one pass names every bad line. Our own (http/csv.ts) is the writing side; no CSV
 * library is among the dependencies (docs/decisions/261-subscribers-imported-with-their-consent.md).
 */
export function readCsv(text: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = s.length;
  let i = 0;
  let line = 1;

  /** Past the line break at `i` (CRLF, LF or CR), counting it. */
  const skipBreak = () => {
    if (s[i] === "\r" && s[i + 1] === "\n") i += 2;
    else i += 1;
    line += 1;
  };
  /** A bad record: skipped to the end of the line it went wrong on. */
  const skipLine = () => {
    while (i < n && s[i] !== "\n" && s[i] !== "\r") i += 1;
    if (i < n) skipBreak();
  };

  records: while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = "";
      if (s[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= n) {
            problems.push({ line: start, problem: "unclosedQuote" });
            break records;
          }
          const c = s[i]!;
          if (c === '"') {
            if (s[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (c === "\r" || c === "\n") {
            // A line break inside quotes is the field's; it still moves the line count on.
            const crlf = c === "\r" && s[i + 1] === "\n";
            field += crlf ? "\r\n" : c;
            i += crlf ? 2 : 1;
            line += 1;
            continue;
          }
          field += c;
          i += 1;
        }
        if (i < n && s[i] !== "," && s[i] !== "\r" && s[i] !== "\n") {
          problems.push({ line: start, problem: "strayQuote" });
          skipLine();
          continue records;
        }
      } else {
        const from = i;
        while (i < n && s[i] !== "," && s[i] !== "\r" && s[i] !== "\n") {
          if (s[i] === '"') {
            problems.push({ line: start, problem: "strayQuote" });
            skipLine();
            continue records;
          }
          i += 1;
        }
        field = s.slice(from, i);
      }
      fields.push(field);
      if (i < n && s[i] === ",") {
        i += 1;
        continue;
      }
      break;
    }
    if (i < n) skipBreak();
    // A blank line is no record (an empty last line is how most files end).
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: start, fields });
  }
  return { records, problems };
}

/**
 * A cell as it was before our export guarded it (http/csv.ts `csvCell`): a leading apostrophe
 * before `= + - @`, tab or CR is dropped, so an exported file imports as it was.
 */
export const unguardedCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
