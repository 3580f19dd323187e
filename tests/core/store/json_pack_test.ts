/**
 * The packed form of the club JSON (core/store/json_pack.ts) decodes to
 * the bytes it was made from: texts built to reach every case of the
 * format (no match, matches within a club and into the dictionary,
 * overlapping copies, literal runs and matches longer than a token's
 * nibble), against an empty dictionary and a learned one.
 */
import {
  JsonPacker,
  packedBound,
  trainDictionary,
  unpack,
  UNPACK_SLACK,
} from "../../../core/store/json_pack.ts";
import { assert, assertEquals } from "../../_assert.ts";
import { packCases, random, text } from "./_packed_texts.ts";

const encoder = new TextEncoder();

function roundTrip(dict: Uint8Array, texts: readonly Uint8Array[]): void {
  const packer = new JsonPacker(dict);
  for (const src of texts) {
    // The text sits inside a larger buffer, as a chunk read from SQLite has it.
    const buffer = new Uint8Array(src.length + 20);
    buffer.set(src, 10);
    const packed = new Uint8Array(packedBound(src.length) + 5);
    const end = packer.pack(buffer, 10, 10 + src.length, packed, 5);
    assert(end - 5 <= packedBound(src.length));
    const out = new Uint8Array(dict.length + 3 + src.length);
    out.set(dict);
    const to = unpack(packed, 5, end, out, dict.length + 3, dict.length);
    assertEquals(to - dict.length - 3, src.length);
    assertEquals(out.subarray(dict.length + 3, to), src);
  }
}

Deno.test("a packed text decodes to its bytes, with and without a dictionary", () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const texts = Array.from({ length: 30 }, () => encoder.encode(text(next)));
    texts.push(new Uint8Array(0), encoder.encode("{}"), encoder.encode("abcd"));
    texts.push(encoder.encode("a".repeat(5000)), encoder.encode("ab".repeat(3000)));
    roundTrip(new Uint8Array(0), texts);
    roundTrip(trainDictionary(texts.slice(0, 10), 4096), texts);
  }
});

Deno.test("a text made of the dictionary packs to a few bytes", () => {
  const clubs = Array.from(
    { length: 20 },
    (_, i) => encoder.encode(`{"name":"Club ${i}","fee_views":{"initiation":{"kind":"none"}}}`),
  );
  const dict = trainDictionary(clubs, 64 * 1024);
  const packed = new Uint8Array(1024);
  const size = new JsonPacker(dict).pack(clubs[3]!, 0, clubs[3]!.length, packed, 0);
  assert(size < clubs[3]!.length / 3, `${size} bytes for ${clubs[3]!.length}`);
  roundTrip(dict, clubs);
});

Deno.test("clubs decoded one after another into a page buffer, as a page is made, are their bytes", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { next, texts, dicts } = packCases(seed);
    for (const dict of dicts) {
      const packer = new JsonPacker(dict);
      // Every club in one buffer, the last at its very end (no bytes after it to read ahead).
      const packed = new Uint8Array(texts.reduce((n, t) => n + packedBound(t.length), 0));
      const ends: number[] = [];
      let at = 0;
      for (const t of texts) ends.push(at = packer.pack(t, 0, t.length, packed, at));
      const bytes = packed.slice(0, at);
      const total = texts.reduce((n, t) => n + t.length + 1, 0);
      const out = new Uint8Array(dict.length + total + UNPACK_SLACK + 64).fill(0xee);
      out.set(dict);
      // In a shuffled order, so a club follows others and some start after the dictionary.
      const order = texts.map((_, k) => k).sort(() => next() - 0.5);
      let o = dict.length;
      for (const k of order) {
        const from = k === 0 ? 0 : ends[k - 1]!;
        const end = unpack(bytes, from, ends[k]!, out, o, dict.length);
        assertEquals(out.subarray(o, end), texts[k]!, `seed ${seed}, club ${k}`);
        // Nothing past the slack is written.
        assert(
          out.subarray(end + UNPACK_SLACK).every((b) => b === 0xee),
          `seed ${seed}, club ${k}`,
        );
        out[end] = 0x2c;
        o = end + 1;
      }
    }
  }
});

Deno.test("a match over 2 MB back (a distance of 4 bytes) and a long one at the buffer's end decode", () => {
  const dict = encoder.encode('{"name":"Pine Valley Golf Club","type":"golf","fee_views":{}}');
  const next = random(7);
  const filler = Array.from(
    { length: 2_200_000 },
    () => String.fromCharCode(33 + Math.floor(next() * 90)),
  )
    .join("").replaceAll("P", "p");
  const src = encoder.encode(filler + '"name":"Pine Valley Golf Club"' + "y".repeat(400));
  const packed = new Uint8Array(packedBound(src.length));
  const end = new JsonPacker(dict).pack(src, 0, src.length, packed, 0);
  // The code ends the buffer, so no step reads past it.
  const exact = packed.slice(0, end);
  for (const slack of [0, UNPACK_SLACK]) {
    const out = new Uint8Array(dict.length + src.length + slack);
    out.set(dict);
    const to = unpack(exact, 0, end, out, dict.length, dict.length);
    assertEquals(to, dict.length + src.length);
    assert(out.subarray(dict.length, to).every((b, k) => b === src[k]), `slack ${slack}`);
  }
});
