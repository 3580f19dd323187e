/**
 * Every club's anonymous JSON (the `club_json` table) held in memory as
 * bytes: one buffer with the UTF-8 text of every club in rank order, and an
 * offsets array (club `r` is bytes `offsets[r - 1]` to `offsets[r]`). A page
 * body is assembled by copying its clubs' slices into one buffer, with no
 * SQLite statement and no per-club string: sent as those bytes
 * ({@link ClubJsonText.joinBytes}, the API's pages), or decoded once
 * ({@link ClubJsonText.join}).
 *
 * Why bytes and not strings: the buffers live outside V8's heap, so the
 * garbage collector never marks, moves or compacts the 45 MB of the bundled
 * directory, and they can sit in a `SharedArrayBuffer` that every worker
 * isolate of one process reads ({@link ClubJsonText.share},
 * {@link offerClubJson}). Decoding a page is one copy: the text is
 * ASCII (core/model/json.ts), which V8 turns into a flat one-byte string,
 * the kind `Deno.serve` sends fastest (measured: about 2 µs to decode a
 * 55 KB page, 3 µs to copy its 50 slices from a private buffer).
 *
 * Held as text up to {@link CLUB_JSON_MAX_BYTES} of JSON. A larger directory
 * is packed at import (club_json_pack.ts, json_pack.ts): its packed bytes are
 * held up to {@link PACKED_JSON_MAX_BYTES} in one shared WebAssembly memory,
 * and a page is decoded by page_decoder.ts (measured: about 0.05 ms for 50
 * clubs against 0.4 ms of reading them from SQLite). The pages are the same
 * bytes either way. Larger still, the clubs are read from SQLite.
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
import { CLUB_JSON_MAX_BYTES, loadPacked } from "./club_json_pack.ts";
import { UNPACK_SLACK } from "./json_pack.ts";
import { type PackedLayout, PackedMemory, PageDecoder } from "./page_decoder.ts";

export { CLUB_JSON_MAX_BYTES };

/**
 * The most packed JSON held (bytes, dictionary and offsets included): about
 * 600,000 clubs of the bundled generator's (120 MB for 400,000).
 */
export const PACKED_JSON_MAX_BYTES = 192 * 1024 * 1024;

/**
 * Clubs read per SQLite statement while loading: about half a megabyte of
 * text, so loading never builds one huge value (and SQLite's page cache
 * stays small).
 */
const CHUNK = 512;

/** Options of {@link ClubJsonText.load}. */
export interface LoadOptions {
  /** Most bytes of JSON held as text (default {@link CLUB_JSON_MAX_BYTES}). */
  maxBytes?: number;
  /** Most bytes of packed JSON held (default {@link PACKED_JSON_MAX_BYTES}). */
  packedMaxBytes?: number;
  /** Clubs per read (default 512; tests use small chunks). */
  chunk?: number;
  /**
   * Hold the text in `SharedArrayBuffer`s, to hand to other isolates with
   * {@link ClubJsonText.share}. Copying out of shared memory is slower
   * (V8 copies it with relaxed atomics, byte by byte when unaligned:
   * measured about 10 µs more for a 50-club page), so a single isolate
   * keeps it private (default false). Packed text is always held in a
   * shared WebAssembly memory: only its decoder reads it.
   */
  shared?: boolean;
}

/**
 * The buffers of a held text, as another isolate receives them
 * (`postMessage` passes a `SharedArrayBuffer` without copying it).
 */
export type SharedClubJson = SharedTextJson | SharedPackedJson;

/** A text held as it is, as another isolate receives it. */
export interface SharedTextJson {
  /** Names the snapshot the text belongs to (`meta.snapshot`). */
  snapshot: string;
  bytes: SharedArrayBuffer;
  offsets: SharedArrayBuffer;
}

/** A packed text, as another isolate receives it (a shared memory is passed, not copied). */
export interface SharedPackedJson {
  snapshot: string;
  packed: { memory: WebAssembly.Memory; layout: PackedLayout };
}

/** Text another isolate loaded, for the snapshot it names (see {@link offerClubJson}). */
let offered: SharedClubJson | null = null;

/**
 * Offers this isolate the held text another isolate loaded into shared
 * memory: the next {@link ClubJsonText.forSnapshot} of that snapshot adopts
 * it instead of reading its own copy. A worker of `serve --workers N` is
 * offered the text its supervisor loaded, so the process holds it once.
 *
 * @example
 * ```ts ignore
 * import { offerClubJson } from "./club_json.ts";
 * offerClubJson(message.json); // a SharedClubJson posted by the supervisor
 * ```
 */
export function offerClubJson(shared: SharedClubJson | null): void {
  offered = shared;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const COMMA = 0x2c;

/** The anonymous JSON of every club, by rank. Its answers never change. */
export class ClubJsonText {
  /** The UTF-8 text of every club, in rank order (empty when packed). */
  readonly #bytes: Uint8Array;
  /** Club `r` (1-based) is `#bytes[#offsets[r - 1]…#offsets[r]]`; `count + 1` entries. */
  readonly #offsets: Uint32Array;
  /** Packed: the packed clubs, each club's length as text (by rank − 1), and this isolate's decoder. */
  readonly #packed: PackedMemory | null;
  readonly #sizes: Uint32Array | null;
  readonly #decoder: PageDecoder | null;
  /** Where a page starts in the scratch buffer: after the dictionary's copy when packed. */
  readonly #origin: number;
  /** Where pages are assembled, grown as needed. */
  #scratch: Uint8Array<ArrayBuffer>;

  private constructor(bytes: Uint8Array, offsets: Uint32Array, packed: PackedMemory | null = null) {
    this.#bytes = bytes;
    this.#offsets = offsets;
    this.#packed = packed;
    this.#sizes = packed?.sizes ?? null;
    this.#decoder = packed && new PageDecoder(packed);
    this.#origin = this.#decoder?.origin ?? 0;
    this.#scratch = this.#decoder?.room(64 * 1024, 0) ??
      new Uint8Array(64 * 1024 + UNPACK_SLACK);
  }

  static #ofPacked(packed: PackedMemory): ClubJsonText {
    return new ClubJsonText(new Uint8Array(0), packed.offsets, packed);
  }

  /**
   * Reads `club_json` (ranks 1…n), or `club_json_packed` when the text is
   * larger than `maxBytes`; null when the ranks have gaps or neither fits
   * (then the caller reads SQLite).
   */
  static load(db: DatabaseSync, options: LoadOptions = {}): ClubJsonText | null {
    const { maxBytes = CLUB_JSON_MAX_BYTES, chunk = CHUNK, shared = false } = options;
    const { packedMaxBytes = PACKED_JSON_MAX_BYTES } = options;
    // length() of a BLOB counts bytes: the buffer's size, whatever the text.
    const { n, bytes, last } = db.prepare(
      `SELECT count(*) AS n, coalesce(sum(length(CAST(json AS BLOB))), 0) AS bytes,
       max(rank) AS last FROM club_json`,
    ).get() as { n: number; bytes: number; last: number | null };
    const count = Number(n);
    const size = Number(bytes);
    if (count > 0 && Number(last) !== count) return null;
    if (size > maxBytes) {
      const packed = loadPacked(db, count, packedMaxBytes);
      return packed && ClubJsonText.#ofPacked(packed);
    }
    const Buffer = shared ? SharedArrayBuffer : ArrayBuffer;
    const text = new Uint8Array(new Buffer(size));
    const offsets = new Uint32Array(new Buffer(4 * (count + 1)));
    const chunkOf = db.prepare(
      // Rows come in rank order (a rowid range); the blob is the UTF-8 text
      // as stored, so no string is made while loading.
      `SELECT CAST(group_concat(json, '') AS BLOB) AS text,
       group_concat(length(CAST(json AS BLOB)), ',') AS lengths
       FROM (SELECT json FROM club_json WHERE rank BETWEEN ? AND ? ORDER BY rank)`,
    );
    let at = 0;
    let rank = 0;
    for (let from = 1; from <= count; from += chunk) {
      const row = chunkOf.get(from, from + chunk - 1) as { text: Uint8Array; lengths: string };
      text.set(row.text, at);
      for (const length of row.lengths.split(",")) {
        offsets[rank++] = at;
        at += Number(length);
      }
    }
    offsets[rank] = at;
    return new ClubJsonText(text, offsets);
  }

  /**
   * The held text of snapshot `snapshot` (`meta.snapshot`): the one offered
   * to this isolate when it is that snapshot's ({@link offerClubJson}),
   * else read from `db` as {@link load} does. An offer for another snapshot
   * is dropped (a newer file replaced it), so its memory can be freed.
   */
  static forSnapshot(
    db: DatabaseSync,
    snapshot: string | undefined,
    options: LoadOptions = {},
  ): ClubJsonText | null {
    if (offered !== null && snapshot !== undefined && offered.snapshot === snapshot) {
      return ClubJsonText.adopt(offered);
    }
    offered = null;
    return ClubJsonText.load(db, options);
  }

  /**
   * A held text over buffers another isolate loaded ({@link share}): no
   * copy is made.
   */
  static adopt(shared: SharedClubJson): ClubJsonText {
    if ("packed" in shared) {
      return ClubJsonText.#ofPacked(new PackedMemory(shared.packed.memory, shared.packed.layout));
    }
    return new ClubJsonText(new Uint8Array(shared.bytes), new Uint32Array(shared.offsets));
  }

  /** The buffers to hand to another isolate, or null when they are not shared. */
  share(snapshot: string): SharedClubJson | null {
    if (this.#packed) {
      const { memory, layout } = this.#packed;
      return { snapshot, packed: { memory, layout } };
    }
    const bytes = this.#bytes.buffer;
    const offsets = this.#offsets.buffer;
    if (!(bytes instanceof SharedArrayBuffer) || !(offsets instanceof SharedArrayBuffer)) {
      return null;
    }
    return { snapshot, bytes, offsets };
  }

  /** Bytes of JSON held (as `club_json` has it, in UTF-8; packed: all of its memory). */
  get bytes(): number {
    return this.#packed?.memory.buffer.byteLength ?? this.#bytes.byteLength;
  }

  /** Whether the text is held packed. */
  get packed(): boolean {
    return this.#packed !== null;
  }

  /** Clubs held. */
  get count(): number {
    return this.#offsets.length - 1;
  }

  /** The JSON of one rank (1-based). */
  get(rank: number): string {
    if (this.#packed) return decoder.decode(this.joinBytes([rank]));
    return decoder.decode(this.#bytes.subarray(this.#offsets[rank - 1], this.#offsets[rank]));
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
    // Text around the clubs that UTF-8 cannot carry as it is (a lone
    // surrogate) is added around the decoded clubs instead.
    if (!before.isWellFormed() || !after.isWellFormed()) return before + this.join(ranks) + after;
    const end = this.#assemble(ranks, before, after);
    return decoder.decode(this.#scratch.subarray(this.#origin, end));
  }

  /**
   * What {@link join} gives, as its UTF-8 bytes (the text around the clubs
   * encoded as `TextEncoder` does), in this text's scratch buffer: no
   * string and no buffer is made. The view is valid until the next
   * {@link join} or {@link joinBytes}: send it at once (a `Response` copies
   * its body when constructed) or copy it.
   *
   * @example
   * ```ts ignore
   * new Response(text.joinBytes(page.ranks, '{"clubs":[', "]}")); // the same JSON, as bytes
   * ```
   */
  joinBytes(ranks: readonly number[], before = "", after = ""): Uint8Array<ArrayBuffer> {
    const end = this.#assemble(ranks, before, after); // May grow the scratch buffer.
    return this.#scratch.subarray(this.#origin, end);
  }

  /** Assembles a page in the scratch buffer (grown as needed) from {@link #origin}; returns its end. */
  #assemble(ranks: readonly number[], before: string, after: string): number {
    const offsets = this.#offsets;
    const sizes = this.#sizes;
    // At most 3 bytes of UTF-8 per UTF-16 unit around the clubs.
    let size = 3 * (before.length + after.length) + ranks.length;
    for (let j = 0; j < ranks.length; j++) {
      const rank = ranks[j]!;
      size += sizes ? sizes[rank - 1]! : offsets[rank]! - offsets[rank - 1]!;
    }
    if (this.#decoder) {
      const out = this.#scratch = this.#decoder.room(size, ranks.length);
      const origin = this.#origin;
      let at = origin +
        (before.length === 0 ? 0 : encoder.encodeInto(before, out.subarray(origin)).written);
      at = this.#decoder.decode(ranks, at, size);
      if (after.length) at += encoder.encodeInto(after, out.subarray(at)).written;
      return at;
    }
    const room = this.#scratch.length - UNPACK_SLACK;
    if (room < size) this.#scratch = new Uint8Array(Math.max(size, 2 * room) + UNPACK_SLACK);
    return this.#write(this.#scratch, ranks, before, after);
  }

  /**
   * Writes `before`, the clubs' text joined by commas and `after` into
   * `out` from its start; returns where they end.
   */
  #write(out: Uint8Array, ranks: readonly number[], before: string, after: string): number {
    const bytes = this.#bytes;
    const offsets = this.#offsets;
    // A page's clubs lie scattered over tens of megabytes, mostly out of
    // the CPU's caches. Copying them slice by slice waits for each cache
    // miss in turn; reading one byte of every 64-byte line first issues
    // those independent loads together, so the copy then reads from cache
    // (measured: 12 µs → 7 µs for 50 random clubs of the bundled directory).
    let touched = 0;
    for (let j = 0; j < ranks.length; j++) {
      const rank = ranks[j]!;
      const end = offsets[rank]!;
      for (let k = offsets[rank - 1]!; k < end; k += 64) touched |= bytes[k]!;
    }
    let at = before.length === 0 ? 0 : encoder.encodeInto(before, out).written;
    // `touched` is used, so the loads above are not dropped as dead code.
    if (touched < 0) at = 0;
    for (let j = 0; j < ranks.length; j++) {
      if (j > 0) out[at++] = COMMA;
      const rank = ranks[j]!;
      const start = offsets[rank - 1]!;
      const end = offsets[rank]!;
      // Short slices are copied by hand: making a view costs more than the copy.
      if (end - start < 64) { for (let k = start; k < end; k++) out[at++] = bytes[k]!; }
      else {
        out.set(bytes.subarray(start, end), at);
        at += end - start;
      }
    }
    if (after.length) at += encoder.encodeInto(after, out.subarray(at)).written;
    return at;
  }
}
