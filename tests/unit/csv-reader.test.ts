import { describe, expect, it } from "vitest";
import { csvDocument } from "~/server/http/csv";
import { readCsv, unguardedCell } from "~/server/http/csv-reader";

/** The RFC 4180 reader the subscribers' import uses (src/server/http/csv-reader.ts). */
const fields = (text: string) => readCsv(text).records.map((r) => r.fields);

describe("reading CSV", () => {
  it("splits records on CRLF, LF and CR, and fields on commas", () => {
    expect(fields("a,b\r\nc,d\ne,f\rg,h")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, and counts lines across them", () => {
    const { records, problems } = readCsv(
      'email,name\r\n"a@x.org","Doe, ""Jo"""\r\n"b@x.org","two\r\nlines"\r\nc@x.org,C\r\n',
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ["email", "name"] },
      { line: 2, fields: ["a@x.org", 'Doe, "Jo"'] },
      { line: 3, fields: ["b@x.org", "two\r\nlines"] },
      { line: 5, fields: ["c@x.org", "C"] },
    ]);
  });

  it("drops a byte order mark and skips blank lines, keeping empty fields", () => {
    expect(readCsv("\uFEFFemail\n\nx@y.org,,\n\n").records).toEqual([
      { line: 1, fields: ["email"] },
      { line: 3, fields: ["x@y.org", "", ""] },
    ]);
  });

  it("reports a stray quote and text after a closing quote by line, and reads on", () => {
    const { records, problems } = readCsv('a,b\nab"c,d\n"x"y,z\ne,f\n');
    expect(problems).toEqual([
      { line: 2, problem: "strayQuote" },
      { line: 3, problem: "strayQuote" },
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 4]);
  });

  it("reports a quote never closed at the line it opened on", () => {
    const { records, problems } = readCsv('a,b\n"open,c\nd,e\n');
    expect(problems).toEqual([{ line: 2, problem: "unclosedQuote" }]);
    expect(records).toEqual([{ line: 1, fields: ["a", "b"] }]);
  });

  it("reads back what our export writes, formula guards undone", () => {
    const written = csvDocument(
      ["email", "name"],
      [
        ["a@x.org", "=SUM(A1)"],
        ["b@x.org", 'Say "hi",\nthen go'],
      ],
    );
    const read = readCsv(written).records.map((r) => r.fields.map(unguardedCell));
    expect(read).toEqual([
      ["email", "name"],
      ["a@x.org", "=SUM(A1)"],
      ["b@x.org", 'Say "hi",\nthen go'],
    ]);
  });
});
