/**
 * A compact form of the club JSON for directories too large to hold as
 * text (see club_json.ts): each club coded on its own as LZ77 sequences
 * against one dictionary shared by every club, learned from the directory
 * at import. A page then decodes only its own clubs, each with one tight
 * copy loop and no table to build.
 *
 * A packed club is a run of sequences: a token byte (high nibble: literal
 * count, low nibble: match length − {@link MIN_MATCH} + 1, 0 for none; 15
 * continues in bytes of 255 and a last one below it), the literals, then
 * for a match its distance as a LEB128 number. The distance counts back
 * over the club's own output so far and then over the dictionary, as if
 * the dictionary came right before the club.
 *
 * The import writes the form ({@link packClubJson}) only when the text is
 * over the bound a server holds as text, so a directory within it is
 * imported as fast as before; `serve` then holds the packed bytes instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JsonPacker, trainDictionary, unpack } from "./json_pack.ts";
 * const clubs = ['{"name":"Pine Valley","type":"golf"}', '{"name":"Pine Hill","type":"golf"}']
 *   .map((text) => new TextEncoder().encode(text));
 * const dict = trainDictionary(clubs, 1024);
 * const packed = new Uint8Array(256);
 * const size = new JsonPacker(dict).pack(clubs[1]!, 0, clubs[1]!.length, packed, 0);
 * // The decoder writes after a copy of the dictionary it refers back to.
 * const out = new Uint8Array(dict.length + 64);
 * out.set(dict);
 * const end = unpack(packed, 0, size, out, dict.length, dict.length);
 * assert.equal(new TextDecoder().decode(out.subarray(dict.length, end)), '{"name":"Pine Hill","type":"golf"}');
 * ```
 * @module
 */

/** The shortest match coded: shorter runs cost less as literals. */
export const MIN_MATCH = 5;
/** Hash bits of the dictionary's positions (chained). */
const DICT_BITS = 17;
/** Hash bits of a club's own positions (one per slot). */
const LOCAL_BITS = 12;
/** A match this long is taken without looking for a longer one. */
const NICE = 32;

function hash(b: Uint8Array, i: number, bits: number): number {
  const word = b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24);
  return (Math.imul(word, 0x9e3779b1) ^ Math.imul(b[i + 4]!, 0x85ebca6b)) >>> (32 - bits);
}

/** Codes clubs against one dictionary. */
export class JsonPacker {
  readonly #dict: Uint8Array;
  readonly #head = new Int32Array(1 << DICT_BITS).fill(-1);
  readonly #prev: Int32Array;
  /** A club's own positions, offset by {@link #base} so the table is never cleared. */
  readonly #local = new Int32Array(1 << LOCAL_BITS);
  #base = 0;
  readonly #depth: number;

  /** `depth`: dictionary candidates tried a position (more: smaller and slower). */
  constructor(dict: Uint8Array, depth = 6) {
    this.#dict = dict;
    this.#depth = depth;
    this.#prev = new Int32Array(dict.length).fill(-1);
    for (let i = 0; i + MIN_MATCH <= dict.length; i++) {
      const h = hash(dict, i, DICT_BITS);
      this.#prev[i] = this.#head[h]!;
      this.#head[h] = i;
    }
  }

  /**
   * Codes `src[from…to)` into `out` at `o`; returns where the code ends.
   * `out` needs room for the worst case, {@link packedBound} bytes.
   */
  pack(src: Uint8Array, from: number, to: number, out: Uint8Array, o: number): number {
    const dict = this.#dict;
    const dictLength = dict.length;
    const head = this.#head;
    const prev = this.#prev;
    const local = this.#local;
    const base = this.#base - from;
    this.#base += to - from + 1;
    if (this.#base > 0x3fffffff) {
      local.fill(-1 - 0x3fffffff);
      this.#base = 0;
    }
    let literal = from;
    let i = from;
    let misses = 0;
    while (i + MIN_MATCH <= to) {
      let best = 0;
      let distance = 0;
      const slot = hash(src, i, LOCAL_BITS);
      const earlier = local[slot]! - base;
      local[slot] = base + i;
      if (earlier >= from && earlier < i) {
        let n = 0;
        while (i + n < to && src[earlier + n] === src[i + n]) n++;
        if (n >= MIN_MATCH) {
          best = n;
          distance = i - earlier;
        }
      }
      if (best < NICE) {
        let at = head[hash(src, i, DICT_BITS)]!;
        for (let d = 0; at >= 0 && d < this.#depth; d++, at = prev[at]!) {
          if (dict[at + best] !== src[i + best]) continue;
          let n = 0;
          while (i + n < to && at + n < dictLength && dict[at + n] === src[i + n]) n++;
          if (n > best + 1 || (best === 0 && n >= MIN_MATCH)) {
            best = n;
            distance = i - from + dictLength - at;
            if (n >= NICE) break;
          }
        }
      }
      if (best < MIN_MATCH) {
        // Long literal runs are scanned ever more sparsely: text the
        // dictionary lacks (ids) costs little time.
        i += 1 + (misses++ >> 4);
        continue;
      }
      misses = 0;
      o = sequence(out, o, src, literal, i - literal, best, distance);
      i += best;
      literal = i;
    }
    return sequence(out, o, src, literal, to - literal, 0, 0);
  }
}

/** The most bytes {@link JsonPacker.pack} writes for `n` bytes of text. */
export function packedBound(n: number): number {
  return n + Math.ceil(n / 255) + 16;
}

function sequence(
  out: Uint8Array,
  o: number,
  src: Uint8Array,
  literal: number,
  literals: number,
  length: number,
  distance: number,
): number {
  const m = length === 0 ? 0 : length - MIN_MATCH + 1;
  out[o++] = (Math.min(literals, 15) << 4) | Math.min(m, 15);
  if (literals >= 15) o = more(out, o, literals - 15);
  for (let k = 0; k < literals; k++) out[o++] = src[literal + k]!;
  if (m === 0) return o;
  if (m >= 15) o = more(out, o, m - 15);
  while (distance >= 128) {
    out[o++] = (distance & 127) | 128;
    distance >>>= 7;
  }
  out[o++] = distance;
  return o;
}

function more(out: Uint8Array, o: number, rest: number): number {
  while (rest >= 255) {
    out[o++] = 255;
    rest -= 255;
  }
  out[o++] = rest;
  return o;
}

/**
 * Decodes the club `packed[from…to)` into `out` at `o`, where
 * `out[0…dictLength)` holds the dictionary it was coded against; returns
 * where the text ends. Every match is a copy within `out`.
 */
export function unpack(
  packed: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  o: number,
  dictLength: number,
): number {
  const start = o;
  let i = from;
  while (i < to) {
    const token = packed[i++]!;
    let literals = token >>> 4;
    let m = token & 15;
    if (literals === 15) {
      let b;
      do literals += b = packed[i++]!; while (b === 255);
    }
    if (literals < 32) { for (let k = 0; k < literals; k++) out[o++] = packed[i + k]!; }
    else {
      out.set(packed.subarray(i, i + literals), o);
      o += literals;
    }
    i += literals;
    if (m === 0) continue;
    if (m === 15) {
      let b;
      do m += b = packed[i++]!; while (b === 255);
    }
    const length = m + MIN_MATCH - 1;
    let distance = 0;
    let shift = 0;
    let b;
    do {
      b = packed[i++]!;
      distance |= (b & 127) << shift;
      shift += 7;
    } while (b & 128);
    const back = o - start;
    let s = distance <= back ? o - distance : dictLength - (distance - back);
    // A match may run from the dictionary's end on into the club's start.
    let direct = distance <= back ? length : Math.min(length, dictLength - s);
    if (direct >= 32 && o - s >= direct) {
      out.copyWithin(o, s, s + direct);
      o += direct;
    } else for (let k = 0; k < direct; k++) out[o++] = out[s++]!;
    if (direct < length) {
      s = start;
      for (direct = length - direct; direct > 0; direct--) out[o++] = out[s++]!;
    }
  }
  return o;
}

/**
 * A dictionary of at most `maxBytes`, learned from `samples`: each sample
 * is coded against the dictionary so far and its literal runs (what the
 * dictionary lacks) are appended.
 */
export function trainDictionary(samples: readonly Uint8Array[], maxBytes: number): Uint8Array {
  const dict = new Uint8Array(maxBytes);
  let size = 0;
  let scratch = new Uint8Array(0);
  const BATCH = 64;
  for (let s = 0; s < samples.length && size < maxBytes; s += BATCH) {
    const packer = new JsonPacker(dict.subarray(0, size), 4);
    for (const sample of samples.slice(s, s + BATCH)) {
      if (scratch.length < packedBound(sample.length)) {
        scratch = new Uint8Array(packedBound(sample.length));
      }
      const end = packer.pack(sample, 0, sample.length, scratch, 0);
      let i = 0;
      let at = 0;
      while (i < end && size < maxBytes) {
        const token = scratch[i++]!;
        let literals = token >>> 4;
        let m = token & 15;
        if (literals === 15) {
          let b;
          do literals += b = scratch[i++]!; while (b === 255);
        }
        if (literals >= 8) {
          const n = Math.min(literals, maxBytes - size);
          dict.set(sample.subarray(at, at + n), size);
          size += n;
        }
        i += literals;
        at += literals;
        if (m === 0) continue;
        if (m === 15) {
          let b;
          do m += b = scratch[i++]!; while (b === 255);
        }
        while (scratch[i++]! & 128);
        at += m + MIN_MATCH - 1;
      }
    }
  }
  return dict.slice(0, size);
}
