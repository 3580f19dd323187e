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
 * Room {@link unpack} wants after a club's end to decode it all on its fast
 * path, which copies in whole steps that may run past a literal run or a
 * match: bytes past the end, up to this many, may be overwritten.
 */
export const UNPACK_SLACK = 64;

/** Views of the last buffers decoded from and into, kept: making one costs more than a club. */
let lastIn: Uint8Array | null = null;
let inView: DataView = new DataView(new ArrayBuffer(0));
let lastOut: Uint8Array | null = null;
let outView: DataView = new DataView(new ArrayBuffer(0));

function viewOf(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Decodes the club `packed[from…to)` into `out` at `o`, where
 * `out[0…dictLength)` holds the dictionary it was coded against; returns
 * where the text ends. Every match is a copy within `out`. Bytes after the
 * end, up to {@link UNPACK_SLACK} of them, may be overwritten.
 *
 * Why it is fast: a page's clubs are unrelated, so which way a branch on
 * their lengths and distances goes is not predictable, and a mispredicted
 * branch costs more than copying a few bytes. A sequence whose literals
 * fit in 14 bytes and whose match is not one of the rare kinds below is
 * decoded with few branches: 8 and 16 bytes of literals and 32 of the
 * match copied whatever their lengths (4 bytes a load and store, through
 * `DataView`s, which V8 compiles to plain unaligned moves), the length's
 * extension byte and the distance read without a loop. Long runs, matches
 * that overlap their own output by under 8 bytes or that run from the
 * dictionary into the club, and sequences near a buffer's end take the
 * general path.
 */
export function unpack(
  packed: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array,
  o: number,
  dictLength: number,
): number {
  if (packed !== lastIn) {
    inView = viewOf(packed);
    lastIn = packed;
  }
  if (out !== lastOut) {
    outView = viewOf(out);
    lastOut = out;
  }
  const pv = inView;
  const ov = outView;
  // A fast sequence reads at most 20 bytes of code and writes at most 14
  // literals and 32 bytes of match past `o`.
  const inFast = packed.length - 20;
  const outFast = out.length - 48;
  const start = o;
  // Added to `o - distance` for a match in the dictionary (`dictLength - (distance - back)`).
  const toDict = dictLength - start;
  let i = from;
  while (i < to) {
    const token = packed[i]!;
    const literals = token >>> 4;
    if (literals !== 15 && i <= inFast && o <= outFast) {
      ov.setInt32(o, pv.getInt32(i + 1, true), true);
      ov.setInt32(o + 4, pv.getInt32(i + 5, true), true);
      if (literals > 8) {
        ov.setInt32(o + 8, pv.getInt32(i + 9, true), true);
        ov.setInt32(o + 12, pv.getInt32(i + 13, true), true);
      }
      i += 1 + literals;
      o += literals;
      let m = token & 15;
      if (m === 0) continue;
      // One extension byte when the nibble is 15 (x = 1), read without a branch.
      const e = packed[i]!;
      const x = (m + 1) >>> 4;
      m += e & -x;
      i += x;
      if ((x & ((e + 1) >>> 8)) !== 0) {
        let b;
        do m += b = packed[i++]!; while (b === 255);
      }
      const length = m + MIN_MATCH - 1;
      // The distance's LEB128 bytes: the first without the high bit ends it
      // (past the buffer's end after a long length, read as none ends it).
      const w = i + 4 <= packed.length ? pv.getInt32(i, true) : -1;
      const stops = ~w & 0x808080;
      let distance;
      if (stops !== 0) {
        const last = stops & -stops;
        const v = w & ((last << 1) - 1);
        distance = (v & 0x7f) | ((v >>> 1) & 0x3f80) | ((v >>> 2) & 0x1fc000);
        i += (32 - Math.clz32(last)) >>> 3;
      } else {
        distance = 0;
        let shift = 0;
        let b;
        do {
          b = packed[i++]!;
          distance |= (b & 127) << shift;
          shift += 7;
        } while (b & 128);
      }
      const back = o - start;
      const s = o - distance + (((back - distance) >> 31) & toDict);
      // From the dictionary on into the club, or closer than 8 bytes behind.
      if ((((back - distance) & (dictLength - s - length)) | (o - s - 8)) < 0) {
        o = slowMatch(out, o, s, length, distance > back, dictLength, start);
        continue;
      }
      // Each int32 read is at least 8 bytes behind the write: all written.
      for (let k = 0; k < 32; k += 8) {
        ov.setInt32(o + k, ov.getInt32(s + k, true), true);
        ov.setInt32(o + k + 4, ov.getInt32(s + k + 4, true), true);
      }
      o = length > 32 ? restOfMatch(out, ov, o, s, length) : o + length;
      continue;
    }
    i = generalSequence(packed, i, out, o, start, dictLength);
    o = decodedTo;
  }
  return o;
}

/** Where {@link generalSequence} left its output. */
let decodedTo = 0;

/**
 * Decodes the sequence at `packed[i]` into `out` at `o`, byte by byte near
 * the buffers' ends; returns where its code ends ({@link decodedTo}: its text).
 */
function generalSequence(
  packed: Uint8Array,
  i: number,
  out: Uint8Array,
  o: number,
  start: number,
  dictLength: number,
): number {
  const token = packed[i++]!;
  let n = token >>> 4;
  if (n === 15) {
    let b;
    do n += b = packed[i++]!; while (b === 255);
  }
  if (n < 64) { for (let k = 0; k < n; k++) out[o + k] = packed[i + k]!; }
  else out.set(packed.subarray(i, i + n), o);
  o += n;
  i += n;
  let m = token & 15;
  decodedTo = o;
  if (m === 0) return i;
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
  const s = distance <= back ? o - distance : dictLength - (distance - back);
  decodedTo = slowMatch(out, o, s, length, distance > back, dictLength, start);
  return i;
}

/** Copies the rest of a match over 32 bytes long, its first 32 copied; returns where it ends. */
function restOfMatch(out: Uint8Array, ov: DataView, o: number, s: number, length: number): number {
  const end = o + length;
  if (end + 8 > out.length) { for (o += 32, s += 32; o < end; o++, s++) out[o] = out[s]!; }
  else if (length > 128 && o - s >= length) out.copyWithin(o + 32, s + 32, s + length);
  else {
    for (o += 32, s += 32; o < end; o += 8, s += 8) {
      ov.setInt32(o, ov.getInt32(s, true), true);
      ov.setInt32(o + 4, ov.getInt32(s + 4, true), true);
    }
  }
  return end;
}

/**
 * Copies a match byte by byte (an overlapping copy repeats what it
 * writes); one from the dictionary runs on from its end into the club's
 * start. Returns where it ends.
 */
function slowMatch(
  out: Uint8Array,
  o: number,
  s: number,
  length: number,
  inDict: boolean,
  dictLength: number,
  start: number,
): number {
  const direct = inDict ? Math.min(length, dictLength - s) : length;
  for (let k = 0; k < direct; k++) out[o++] = out[s++]!;
  s = start;
  for (let k = direct; k < length; k++) out[o++] = out[s++]!;
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
