/**
 * A strict TSV reader, as a tool that follows IANA `text/tab-separated-values`
 * reads a file: records split at line feeds, fields at tabs, no quoting,
 * every record with the header's field count; then PostgreSQL's text-format
 * escapes (`\t`, `\n`, `\r`, `\\`) decoded character by character (written
 * apart from the product's decoder, core/import/read/cells.ts).
 *
 * @example
 * ```ts ignore
 * strictTsv("name\tcity\nA\\tB\tBern\n"); // [["name", "city"], ["A\tB", "Bern"]]
 * ```
 * @module
 */
import { assertEquals } from "../_assert.ts";

const ESCAPES: Readonly<Record<string, string>> = { t: "\t", n: "\n", r: "\r", "\\": "\\" };

/** One field's text: a backslash and the next character are one escape. */
export function decodeField(field: string): string {
  let out = "";
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c === "\\" && i + 1 < field.length && ESCAPES[field[i + 1]!] !== undefined) {
      out += ESCAPES[field[++i]!];
    } else out += c;
  }
  return out;
}

/** The records of a TSV text ending with a line feed, header first; asserts the field counts. */
export function strictTsv(text: string): string[][] {
  assertEquals(text.at(-1), "\n", "a TSV file ends with a line feed");
  const lines = text.slice(0, -1).split("\n");
  const width = lines[0]!.split("\t").length;
  return lines.map((line, i) => {
    const fields = line.split("\t");
    if (fields.length !== width) {
      throw new Error(`line ${i + 1} has ${fields.length} fields, the header ${width}`);
    }
    return fields.map(decodeField);
  });
}
