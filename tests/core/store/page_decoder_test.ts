/**
 * The WebAssembly page decoder (core/store/page_decoder.ts, unpack.wat)
 * gives what the reference decoder (`unpack`, json_pack.ts) gives and the
 * texts packed: every case of the format, pages of every shape, exact
 * room (so a copy past the slack would overwrite the page's ranks), and
 * distances of four bytes.
 */
import {
  JsonPacker,
  packedBound,
  trainDictionary,
  unpack,
  UNPACK_SLACK,
} from "../../../core/store/json_pack.ts";
import { PackedMemory, PageDecoder } from "../../../core/store/page_decoder.ts";
import { assertEquals } from "../../_assert.ts";
import { packCases, random, text } from "./_packed_texts.ts";

const encoder = new TextEncoder();

/** `texts` packed against `dict` into shared memory, as a server holds a directory. */
function held(dict: Uint8Array, texts: readonly Uint8Array[]): PackedMemory {
  const packer = new JsonPacker(dict);
  const code = new Uint8Array(texts.reduce((n, t) => n + packedBound(t.length), 0));
  const ends: number[] = [];
  let at = 0;
  for (const t of texts) ends.push(at = packer.pack(t, 0, t.length, code, at));
  const packed = PackedMemory.allocate(texts.length, dict.length, at);
  packed.dictionary.set(dict);
  packed.code.set(code.subarray(0, at));
  packed.offsets.set([0, ...ends]);
  packed.sizes.set(texts.map((t) => t.length));
  return packed;
}

/** The page the reference decoder makes of `ranks`. */
function reference(packed: PackedMemory, ranks: readonly number[]): Uint8Array {
  const { dictionary, code, offsets, sizes } = packed;
  const size = ranks.reduce((n, r) => n + sizes[r - 1]! + 1, 0);
  const out = new Uint8Array(dictionary.length + size + UNPACK_SLACK);
  out.set(dictionary);
  let o = dictionary.length;
  ranks.forEach((r, j) => {
    if (j > 0) out[o++] = 0x2c;
    o = unpack(code.slice(), offsets[r - 1]!, offsets[r]!, out, o, dictionary.length);
  });
  return out.slice(dictionary.length, o);
}

function decoded(decoder: PageDecoder, packed: PackedMemory, ranks: readonly number[]): Uint8Array {
  const size = ranks.reduce((n, r) => n + packed.sizes[r - 1]!, Math.max(0, ranks.length - 1));
  const out = decoder.room(size, ranks.length);
  const end = decoder.decode(ranks, decoder.origin, size);
  return out.slice(decoder.origin, end);
}

function joined(texts: readonly Uint8Array[], ranks: readonly number[]): Uint8Array {
  return encoder.encode(ranks.map((r) => new TextDecoder().decode(texts[r - 1])).join(","));
}

Deno.test("pages decoded by the WebAssembly decoder are the reference decoder's and the texts packed", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { next, texts, dicts } = packCases(seed);
    for (const dict of dicts) {
      const packed = held(dict, texts);
      const decoder = new PageDecoder(packed);
      const all = texts.map((_, k) => k + 1);
      const shuffled = [...all].sort(() => next() - 0.5);
      const some = Array.from({ length: 12 }, () => 1 + Math.floor(next() * texts.length));
      for (const ranks of [all, shuffled, some, [texts.length], [1], []]) {
        const page = decoded(decoder, packed, ranks);
        assertEquals(page, reference(packed, ranks), `seed ${seed}, ranks ${ranks}`);
        assertEquals(page, joined(texts, ranks), `seed ${seed}, ranks ${ranks}`);
      }
    }
  }
});

Deno.test("another isolate's decoder reads the same shared memory and gives the same pages", async () => {
  const next = random(3);
  const texts = Array.from({ length: 30 }, () => encoder.encode(text(next)));
  const packed = held(trainDictionary(texts.slice(0, 5), 2048), texts);
  const worker = new Worker(
    `data:text/javascript,${
      encodeURIComponent(`
      import { PackedMemory, PageDecoder } from ${
        JSON.stringify(new URL("../../../core/store/page_decoder.ts", import.meta.url).href)
      };
      self.onmessage = ({ data }) => {
        const packed = new PackedMemory(data.memory, data.layout);
        const decoder = new PageDecoder(packed);
        const size = data.ranks.reduce((n, r) => n + packed.sizes[r - 1] + 1, 0);
        const out = decoder.room(size, data.ranks.length);
        const end = decoder.decode(data.ranks, decoder.origin, size);
        self.postMessage(out.slice(decoder.origin, end));
      };`)
    }`,
    { type: "module" },
  );
  try {
    const ranks = [5, 1, 30, 12];
    const answer = new Promise<Uint8Array>((resolve) => worker.onmessage = (e) => resolve(e.data));
    worker.postMessage({ memory: packed.memory, layout: packed.layout, ranks });
    assertEquals(await answer, joined(texts, ranks));
  } finally {
    worker.terminate();
  }
});

Deno.test("a match over 2 MB back (a distance of 4 bytes) decodes", () => {
  const dict = encoder.encode('{"name":"Pine Valley Golf Club","type":"golf","fee_views":{}}');
  const next = random(7);
  const filler = Array.from(
    { length: 2_200_000 },
    () => String.fromCharCode(33 + Math.floor(next() * 90)),
  ).join("").replaceAll("P", "p");
  const src = encoder.encode(filler + '"name":"Pine Valley Golf Club"' + "y".repeat(400));
  const small = encoder.encode('{"name":"Pine Valley Golf Club"}');
  const packed = held(dict, [src, small]);
  const decoder = new PageDecoder(packed);
  assertEquals(decoded(decoder, packed, [2, 1, 2]), joined([src, small], [2, 1, 2]));
});
