/**
 * The snapshot's file format: CSV with a header of `CLUB_FIELDS`, blank for
 * null, JSON for arrays, gzip-compressed when written to disk. Output is
 * streamed in batches so the 40,000 rows are never one string in memory
 * while the file is written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * import { toCsv } from "./csv.ts";
 * assert.ok(toCsv(generateClubs({ seed: 7, count: 2 })).startsWith("id,name,slug,"));
 * ```
 * @module
 */
import { stringify } from "csv-stringify/sync";
import { CLUB_FIELDS, type ClubRecord } from "../../core/schema/mod.ts";
import { generateClubs, type GenerateOptions } from "./clubs.ts";

/** One cell as written: null empty, booleans and numbers plain, arrays JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * CLUB_FIELDS-ordered cells of one club.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * import { toCsvCells } from "./csv.ts";
 * const [club] = generateClubs({ count: 1 });
 * assert.equal(toCsvCells(club!)[0], club!.id);
 * ```
 */
export function toCsvCells(club: ClubRecord): string[] {
  return CLUB_FIELDS.map((field) => cell(club[field]));
}

/**
 * Yields the CSV in chunks: the header line first, then rows in batches.
 *
 * @param clubs The clubs to write.
 * @param batch Rows per chunk.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * import { csvChunks } from "./csv.ts";
 * assert.equal([...csvChunks(generateClubs({ count: 5 }), 2)].length, 4); // header, 2, 2, 1
 * ```
 */
export function* csvChunks(
  clubs: Iterable<ClubRecord>,
  batch = 500,
): Generator<string> {
  yield stringify([[...CLUB_FIELDS] as string[]]);
  let rows: string[][] = [];
  for (const club of clubs) {
    rows.push(toCsvCells(club));
    if (rows.length >= batch) {
      yield stringify(rows);
      rows = [];
    }
  }
  if (rows.length) yield stringify(rows);
}

/**
 * The whole CSV text, header included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * import { toCsv } from "./csv.ts";
 * assert.equal(toCsv(generateClubs({ count: 3 })).trimEnd().split("\n").length, 4);
 * ```
 */
export function toCsv(clubs: Iterable<ClubRecord>): string {
  let out = "";
  for (const chunk of csvChunks(clubs)) out += chunk;
  return out;
}

/**
 * Writes the gzip-compressed CSV snapshot.
 *
 * @param path Where to write, such as `data/clubs.csv.gz`.
 * @param options Seed and count.
 * @returns How many clubs were written.
 *
 * @example
 * ```ts ignore
 * import { writeSnapshot } from "./csv.ts";
 * await writeSnapshot("/tmp/clubs.csv.gz", { seed: 7, count: 100 }); // 100
 * ```
 */
export async function writeSnapshot(
  path: string,
  options: GenerateOptions = {},
): Promise<number> {
  let rows = 0;
  const counted = (function* () {
    for (const club of generateClubs(options)) {
      rows++;
      yield club;
    }
  })();
  const file = await Deno.open(path, {
    write: true,
    create: true,
    truncate: true,
  });
  await ReadableStream.from(csvChunks(counted))
    .pipeThrough(new TextEncoderStream())
    .pipeThrough(new CompressionStream("gzip"))
    .pipeTo(file.writable);
  return rows;
}
