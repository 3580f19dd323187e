/**
 * Every club's anonymous JSON (the `club_json` table) held in memory as a
 * few large one-byte strings and the offset of each club in them: a page
 * body is a join of slices, with no SQLite statement and no new copy of the
 * text until the response is written. A server reads `club_json` for nearly
 * every distinct page, and that read was the largest cost of a page not in
 * the body cache.
 *
 * The text is ASCII (core/model/json.ts), so one character is one byte and
 * `length(json)` in SQLite is the offset step. Held only up to
 * {@link CLUB_JSON_MAX_BYTES}: a larger directory is read from SQLite as
 * before.
 *
 * @example
 * ```ts ignore
 * import { ClubJsonText } from "./club_json.ts";
 * const text = ClubJsonText.load(db); // null when the text is over the bound
 * text?.join([1, 2, 3]); // the JSON of ranks 1, 2, 3 joined by commas
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/**
 * The most text held (bytes): 45 MB for the bundled 40,000 clubs, so a
 * directory up to about twice that size is held.
 */
export const CLUB_JSON_MAX_BYTES = 96 * 1024 * 1024;

/**
 * Clubs per string: about half a megabyte each, so loading never builds one
 * huge string twice (fewer, larger reads left more memory behind).
 */
const CHUNK = 512;

/** Options of {@link ClubJsonText.load}. */
export interface LoadOptions {
  /** Most bytes held (default {@link CLUB_JSON_MAX_BYTES}). */
  maxBytes?: number;
  /** Clubs per string (default 512; tests use small chunks). */
  chunk?: number;
}

/** The anonymous JSON of every club, by rank. Immutable. */
export class ClubJsonText {
  /** Bytes held (one per character). */
  readonly bytes: number;
  readonly #chunks: string[];
  readonly #chunk: number;
  /** Start of each rank's JSON in its chunk, and the end of the last, by rank - 1. */
  readonly #starts: Uint32Array;

  private constructor(chunks: string[], chunk: number, starts: Uint32Array, bytes: number) {
    this.#chunks = chunks;
    this.#chunk = chunk;
    this.#starts = starts;
    this.bytes = bytes;
  }

  /**
   * Reads `club_json` (ranks 1…n); null when its text is larger than
   * `maxBytes` or the ranks have gaps (then the caller reads SQLite).
   */
  static load(db: DatabaseSync, options: LoadOptions = {}): ClubJsonText | null {
    const { maxBytes = CLUB_JSON_MAX_BYTES, chunk = CHUNK } = options;
    const { n, bytes, last } = db.prepare(
      "SELECT count(*) AS n, coalesce(sum(length(json)), 0) AS bytes, max(rank) AS last FROM club_json",
    ).get() as { n: number; bytes: number; last: number | null };
    const count = Number(n);
    if (Number(bytes) > maxBytes || (count > 0 && Number(last) !== count)) return null;
    const chunkOf = db.prepare(
      // Rows come in rank order (a rowid range), as both lists need; an
      // ORDER BY inside group_concat would sort megabytes of text instead.
      `SELECT group_concat(json, '') AS text, group_concat(length(json), ',') AS lengths
       FROM (SELECT json FROM club_json WHERE rank BETWEEN ? AND ? ORDER BY rank)`,
    );
    const chunks: string[] = [];
    // One more entry per chunk: the end of its last club.
    const starts = new Uint32Array(count + Math.ceil(count / chunk));
    let at = 0;
    for (let from = 1; from <= count; from += chunk) {
      const row = chunkOf.get(from, from + chunk - 1) as { text: string; lengths: string };
      chunks.push(row.text);
      let offset = 0;
      for (const length of row.lengths.split(",")) {
        starts[at++] = offset;
        offset += Number(length);
      }
      starts[at++] = offset;
    }
    return new ClubJsonText(chunks, chunk, starts, Number(bytes));
  }

  /** The JSON of one rank (1-based). */
  get(rank: number): string {
    const chunk = ((rank - 1) / this.#chunk) | 0;
    const at = rank - 1 + chunk;
    return this.#chunks[chunk]!.slice(this.#starts[at]!, this.#starts[at + 1]!);
  }

  /**
   * The JSON of the given ranks joined by commas, in the order given,
   * between `before` and `after`: one flat string. (A string built with `+`
   * is a tree of pieces, which `Deno.serve` copies piece by piece on every
   * send: measured 53–60 µs of CPU a response against 44 µs for a flat one
   * of 100 KB.)
   *
   * @example
   * ```ts ignore
   * text.join(page.ranks, '{"clubs":[', "]}"); // a JSON object with the page's clubs
   * ```
   */
  join(ranks: readonly number[], before = "", after = ""): string {
    const parts: string[] = [before];
    for (let j = 0; j < ranks.length; j++) {
      if (j > 0) parts.push(",");
      parts.push(this.get(ranks[j]!));
    }
    parts.push(after);
    return parts.join("");
  }
}
