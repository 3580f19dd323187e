/**
 * The `club_json_packed` table: every club's anonymous JSON in the compact
 * form of json_pack.ts, written by the import for a directory whose text is
 * over {@link CLUB_JSON_MAX_BYTES} (a server holds a smaller one as text)
 * and read whole by a server that holds it (club_json.ts).
 *
 * Part 0 is the dictionary (`lengths` empty); parts 1, 2, … hold
 * consecutive ranks from 1: `data` their packed texts one after another,
 * `lengths` two little-endian 32-bit numbers a club, its text's length
 * and its packed length.
 *
 * @example
 * ```ts ignore
 * import { packClubJson } from "./club_json_pack.ts";
 * packClubJson(db); // in the import, once club_json is written
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { JsonPacker, packedBound, trainDictionary } from "./json_pack.ts";
import { PackedMemory } from "./page_decoder.ts";

/**
 * The most JSON held as text (bytes): 45 MB for the bundled 40,000 clubs,
 * so a directory up to about twice that size is held as it is; a larger
 * one is packed at import.
 */
export const CLUB_JSON_MAX_BYTES = 96 * 1024 * 1024;

/** The largest dictionary learned (bytes). */
const DICTIONARY_BYTES = 256 * 1024;
/** Clubs the dictionary is learned from, spread evenly over the ranks. */
const SAMPLES = 2000;
/** Clubs a part (and a read while packing) holds. */
const PART = 512;

/** Options of {@link packClubJson}. */
export interface PackOptions {
  /** Pack only when the text is over this many bytes (default {@link CLUB_JSON_MAX_BYTES}). */
  aboveBytes?: number;
  /** Clubs a part (default 512; tests use small parts). */
  part?: number;
}

/**
 * Fills `club_json_packed` from `club_json` when its text is over
 * `aboveBytes`; returns whether it did. `club_json_packed` must be empty.
 */
export function packClubJson(db: DatabaseSync, options: PackOptions = {}): boolean {
  const { aboveBytes = CLUB_JSON_MAX_BYTES, part = PART } = options;
  const { n, bytes } = db.prepare(
    `SELECT count(*) AS n, coalesce(sum(length(CAST(json AS BLOB))), 0) AS bytes FROM club_json`,
  ).get() as { n: number; bytes: number };
  const count = Number(n);
  if (Number(bytes) <= aboveBytes || count === 0) return false;
  const one = db.prepare("SELECT CAST(json AS BLOB) AS json FROM club_json WHERE rank = ?");
  const samples: Uint8Array[] = [];
  const spread = Math.min(SAMPLES, count);
  for (let k = 0; k < spread; k++) {
    const rank = 1 + Math.floor((k + 0.5) * count / spread);
    samples.push((one.get(rank) as { json: Uint8Array }).json);
  }
  const dict = trainDictionary(samples, DICTIONARY_BYTES);
  const insert = db.prepare("INSERT INTO club_json_packed(part, lengths, data) VALUES (?, ?, ?)");
  insert.run(0, new Uint8Array(0), dict);
  const packer = new JsonPacker(dict);
  const chunkOf = db.prepare(
    `SELECT CAST(group_concat(json, '') AS BLOB) AS text,
     group_concat(length(CAST(json AS BLOB)), ',') AS lengths
     FROM (SELECT json FROM club_json WHERE rank BETWEEN ? AND ? ORDER BY rank)`,
  );
  let out = new Uint8Array(0);
  for (let from = 1, index = 1; from <= count; from += part, index++) {
    const row = chunkOf.get(from, from + part - 1) as { text: Uint8Array; lengths: string };
    if (out.length < packedBound(row.text.length) + 16 * part) {
      out = new Uint8Array(packedBound(row.text.length) + 16 * part);
    }
    const texts = row.lengths.split(",").map(Number);
    const lengths = new DataView(new ArrayBuffer(8 * texts.length));
    let at = 0;
    let o = 0;
    texts.forEach((length, k) => {
      const start = o;
      o = packer.pack(row.text, at, at + length, out, o);
      at += length;
      lengths.setUint32(8 * k, length, true);
      lengths.setUint32(8 * k + 4, o - start, true);
    });
    insert.run(index, new Uint8Array(lengths.buffer), out.subarray(0, o));
  }
  return true;
}

/**
 * Reads `club_json_packed` whole into shared memory (page_decoder.ts);
 * null when it is empty, holds other than `count` clubs, or its bytes
 * (dictionary, packed texts, offsets and sizes) are over `maxBytes`.
 */
export function loadPacked(db: DatabaseSync, count: number, maxBytes: number): PackedMemory | null {
  const { parts, bytes, lengths } = db.prepare(
    `SELECT count(*) AS parts, coalesce(sum(length(data)), 0) AS bytes,
     coalesce(sum(length(lengths)), 0) AS lengths FROM club_json_packed WHERE part > 0`,
  ).get() as { parts: number; bytes: number; lengths: number };
  const dictRow = db.prepare("SELECT data FROM club_json_packed WHERE part = 0").get() as
    | { data: Uint8Array }
    | undefined;
  if (!dictRow || Number(parts) === 0 || Number(lengths) !== 8 * count) return null;
  const size = Number(bytes);
  if (PackedMemory.bytesFor(count, dictRow.data.length, size) > maxBytes) return null;
  const held = PackedMemory.allocate(count, dictRow.data.length, size);
  held.dictionary.set(dictRow.data);
  const { code, offsets, sizes } = held;
  let at = 0;
  let club = 0;
  for (
    const row of db.prepare(
      "SELECT lengths, data FROM club_json_packed WHERE part > 0 ORDER BY part",
    )
      .iterate() as Iterable<{ lengths: Uint8Array; data: Uint8Array }>
  ) {
    if (at + row.data.length > size || club + row.lengths.length / 8 > count) return null;
    code.set(row.data, at);
    const view = new DataView(row.lengths.buffer, row.lengths.byteOffset, row.lengths.length);
    for (let k = 0; k < row.lengths.length; k += 8) {
      sizes[club] = view.getUint32(k, true);
      offsets[club++] = at;
      at += view.getUint32(k + 4, true);
    }
  }
  offsets[club] = at;
  if (club !== count || at !== size) return null;
  return held;
}
