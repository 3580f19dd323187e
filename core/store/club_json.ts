/**
 * Every club's anonymous JSON (the `club_json` table) held in memory as a
 * few large one-byte strings and the offset of each club in them: a page
 * body is a join of slices, with no SQLite statement. A server reads
 * `club_json` for nearly every distinct page, and that read was the largest
 * cost of a page not in the body cache.
 *
 * The text is ASCII (core/model/json.ts), so one character is one byte. Once
 * loaded, it is compacted with a {@link JsonDictionary} learnt from a sample
 * of the clubs, a chunk at a time in the background (about 6 µs a club: the
 * bundled 40,000 clubs take 0.2 s, which the first requests after a snapshot
 * swap must not wait for): their 45 MB of JSON are then held in about 23 MB,
 * and a page is expanded in one pass after its slices are joined (about
 * 1 µs a club). Held only up to {@link CLUB_JSON_MAX_BYTES} of JSON: a larger
 * directory is read from SQLite as before.
 *
 * @example
 * ```ts ignore
 * import { ClubJsonText } from "./club_json.ts";
 * const text = ClubJsonText.load(db); // null when the text is over the bound
 * text?.join([1, 2, 3]); // the JSON of ranks 1, 2, 3 joined by commas
 * text?.close(); // stops compacting, if it has not finished
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { isAscii, JsonDictionary } from "./json_dictionary.ts";

/**
 * The most JSON held (bytes): 45 MB for the bundled 40,000 clubs, so a
 * directory up to about twice that size is held.
 */
export const CLUB_JSON_MAX_BYTES = 96 * 1024 * 1024;

/**
 * Clubs per string: about half a megabyte each, so loading never builds one
 * huge string twice (fewer, larger reads left more memory behind), and
 * compacting one takes a few milliseconds between requests.
 */
const CHUNK = 512;

/** Clubs, spread over the directory, that the dictionary is learnt from. */
const SAMPLE = 1024;

/** States of a chunk after compacting (0: not yet). */
const COMPACTED = 1;
const KEPT = 2;

/** Options of {@link ClubJsonText.load}. */
export interface LoadOptions {
  /** Most bytes of JSON held (default {@link CLUB_JSON_MAX_BYTES}). */
  maxBytes?: number;
  /** Clubs per string (default 512; tests use small chunks). */
  chunk?: number;
  /**
   * When to compact the text: `"later"` (default: a chunk per task, after
   * `load` returns), `"now"`, or `false` (never).
   */
  compact?: "later" | "now" | false;
}

/** The anonymous JSON of every club, by rank. Its answers never change. */
export class ClubJsonText {
  /** Bytes of the JSON itself (as `club_json` has it). */
  readonly jsonBytes: number;
  readonly #chunks: string[];
  readonly #chunk: number;
  /** Start of each rank's text in its chunk, and the end of the last, by rank - 1. */
  readonly #starts: Uint32Array;
  /** Per chunk: 0 raw, {@link COMPACTED}, or {@link KEPT} (not ASCII, left raw). */
  #compacted: Uint8Array;
  /** The next chunk to compact: chunks are compacted in order. */
  #next = 0;
  #dict: JsonDictionary | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  private constructor(chunks: string[], chunk: number, starts: Uint32Array, jsonBytes: number) {
    this.#chunks = chunks;
    this.#chunk = chunk;
    this.#starts = starts;
    this.jsonBytes = jsonBytes;
    this.#compacted = new Uint8Array(chunks.length);
  }

  /**
   * Reads `club_json` (ranks 1…n); null when its text is larger than
   * `maxBytes` or the ranks have gaps (then the caller reads SQLite).
   */
  static load(db: DatabaseSync, options: LoadOptions = {}): ClubJsonText | null {
    const { maxBytes = CLUB_JSON_MAX_BYTES, chunk = CHUNK, compact = "later" } = options;
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
    const text = new ClubJsonText(chunks, chunk, starts, Number(bytes));
    if (compact === "now") text.#compactAll();
    if (compact === "later") text.#schedule();
    return text;
  }

  /** Bytes held (one per character): less than {@link jsonBytes} once compacted. */
  get bytes(): number {
    return this.#chunks.reduce((sum, c) => sum + c.length, 0);
  }

  /** Whether every chunk that can be compacted has been. */
  get settled(): boolean {
    return this.#timer === undefined;
  }

  /** Stops compacting (the text stays correct, partly compacted). */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The JSON of one rank (1-based). */
  get(rank: number): string {
    const chunk = ((rank - 1) / this.#chunk) | 0;
    const text = this.#slice(rank, chunk);
    return this.#compacted[chunk] === COMPACTED ? this.#dict!.expand(text) : text;
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
    let compacted = false;
    for (let j = 0; j < ranks.length; j++) {
      if (j > 0) parts.push(",");
      const rank = ranks[j]!;
      const chunk = ((rank - 1) / this.#chunk) | 0;
      if (this.#compacted[chunk] === COMPACTED) compacted = true;
      parts.push(this.#slice(rank, chunk));
    }
    parts.push(after);
    if (!compacted) return parts.join("");
    // Expanded once, whole: the text around the clubs passes through as it
    // is, being ASCII (JSON and links); anything else is added after.
    if (isAscii(before) && isAscii(after)) return this.#dict!.expand(parts.join(""));
    return before + this.#dict!.expand(parts.slice(1, -1).join("")) + after;
  }

  #slice(rank: number, chunk: number): string {
    const at = rank - 1 + chunk;
    return this.#chunks[chunk]!.slice(this.#starts[at]!, this.#starts[at + 1]!);
  }

  /** Learns the dictionary; false when there is nothing to compact. */
  #learn(): boolean {
    const count = this.#starts.length - this.#chunks.length;
    if (count === 0) return false;
    const samples: string[] = [];
    const step = Math.max(1, count / SAMPLE);
    for (let rank = 1; rank <= count; rank += step) samples.push(this.get(Math.floor(rank)));
    this.#dict = JsonDictionary.learn(samples);
    return this.#dict !== null;
  }

  /** Compacts one raw chunk; false when none is left (or it cannot be). */
  #compactOne(): boolean {
    const dict = this.#dict;
    if (!dict || this.#next === this.#chunks.length) return false;
    const chunk = this.#next++;
    const text = this.#chunks[chunk]!;
    // Markers would be ambiguous in text that is not ASCII (not written by
    // this version's import): such a chunk stays as it is.
    if (isAscii(text)) {
      const first = chunk * (this.#chunk + 1);
      const last = chunk === this.#chunks.length - 1
        ? this.#starts.length - 1
        : first + this.#chunk;
      const clubs: string[] = [];
      const starts: number[] = [];
      let offset = 0;
      // Each club on its own, so no entry spans two clubs.
      for (let at = first; at < last; at++) {
        starts.push(offset);
        const club = dict.compact(text.slice(this.#starts[at]!, this.#starts[at + 1]!));
        clubs.push(club);
        offset += club.length;
      }
      starts.push(offset);
      // Swapped in one step: a reader sees the old chunk or the new one.
      this.#starts.set(starts, first);
      this.#chunks[chunk] = clubs.join("");
      this.#compacted[chunk] = COMPACTED;
    } else {
      this.#compacted[chunk] = KEPT;
    }
    return this.#next < this.#chunks.length;
  }

  #compactAll(): void {
    if (!this.#learn()) return;
    while (this.#compactOne());
  }

  /** A chunk per timer task, so requests in between are not held up. */
  #schedule(): void {
    const later = (first: boolean) => {
      const timer = setTimeout(step, 0, first);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    };
    const step = (first: boolean) => {
      this.#timer = undefined;
      if (first ? this.#learn() : this.#compactOne()) later(false);
    };
    later(true);
  }
}
