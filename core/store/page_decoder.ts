/**
 * The packed club JSON (json_pack.ts) as a server holds it: one
 * WebAssembly memory with the dictionary, every club's packed text, their
 * offsets and text lengths ({@link PackedMemory}), shared by every isolate
 * of the process, and a page decoder per isolate ({@link PageDecoder}) that
 * runs unpack.wat over it into a memory of its own.
 *
 * Why WebAssembly: a page of a packed directory is about 60 LZ sequences a
 * club, and the JavaScript decoder (`unpack`, kept as the reference the
 * WebAssembly one is tested against) spends its time on typed-array and
 * `DataView` steps; unpack.wat copies 16 bytes an instruction and takes no
 * bounds check per byte (measured on 400,000 generated clubs, 50 random
 * clubs a page: 47 µs against 72 µs).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JsonPacker } from "./json_pack.ts";
 * import { PackedMemory, PageDecoder } from "./page_decoder.ts";
 * const dict = new TextEncoder().encode('{"type":"golf","name":"');
 * const club = new TextEncoder().encode('{"type":"golf","name":"Pine Valley"}');
 * const code = new Uint8Array(64);
 * const size = new JsonPacker(dict).pack(club, 0, club.length, code, 0);
 * const packed = PackedMemory.allocate(1, dict.length, size);
 * packed.dictionary.set(dict);
 * packed.code.set(code.subarray(0, size));
 * packed.offsets.set([0, size]);
 * packed.sizes.set([club.length]);
 * const decoder = new PageDecoder(packed);
 * const out = decoder.room(2 * club.length + 1, 2);
 * const end = decoder.decode([1, 1], decoder.origin, 2 * club.length + 1);
 * const page = new TextDecoder().decode(out.subarray(decoder.origin, end));
 * assert.equal(page, '{"type":"golf","name":"Pine Valley"},{"type":"golf","name":"Pine Valley"}');
 * ```
 * @module
 */
import { UNPACK_WASM } from "./_unpack_wasm.ts";
import { UNPACK_SLACK } from "./json_pack.ts";

const PAGE = 65536;
/** Bytes after the packed text that a decoder's whole-word reads may reach. */
const READ_AHEAD = 64;

function pagesFor(bytes: number): number {
  return Math.ceil(bytes / PAGE);
}

/** Where the parts of a packed directory lie in its memory (byte addresses). */
export interface PackedLayout {
  /** Clubs held. */
  count: number;
  /** The dictionary: bytes `[0, dictLength)`; the packed texts follow it. */
  dictLength: number;
  /** Bytes of packed text. */
  codeLength: number;
  /** `count + 1` u32: club `r` is packed at `dictLength + [offsets[r - 1], offsets[r])`. */
  offsetsAt: number;
  /** `count` u32: club `r`'s text is `sizes[r - 1]` bytes long. */
  sizesAt: number;
}

/** A packed directory in one WebAssembly memory, which other isolates can be handed. */
export class PackedMemory {
  readonly memory: WebAssembly.Memory;
  readonly layout: PackedLayout;
  /** Views of the memory's parts. */
  readonly dictionary: Uint8Array;
  readonly code: Uint8Array;
  readonly offsets: Uint32Array;
  readonly sizes: Uint32Array;

  constructor(memory: WebAssembly.Memory, layout: PackedLayout) {
    this.memory = memory;
    this.layout = layout;
    const { count, dictLength, codeLength, offsetsAt, sizesAt } = layout;
    const buffer = memory.buffer;
    this.dictionary = new Uint8Array(buffer, 0, dictLength);
    this.code = new Uint8Array(buffer, dictLength, codeLength);
    this.offsets = new Uint32Array(buffer, offsetsAt, count + 1);
    this.sizes = new Uint32Array(buffer, sizesAt, count);
  }

  /** The bytes a directory of these sizes takes (what {@link allocate} reserves). */
  static bytesFor(count: number, dictLength: number, codeLength: number): number {
    return PackedMemory.#layout(count, dictLength, codeLength).sizesAt + 4 * count;
  }

  static #layout(count: number, dictLength: number, codeLength: number): PackedLayout {
    const offsetsAt = (dictLength + codeLength + READ_AHEAD + 3) & ~3;
    return { count, dictLength, codeLength, offsetsAt, sizesAt: offsetsAt + 4 * (count + 1) };
  }

  /** Shared memory for a directory of these sizes, its parts to be filled in. */
  static allocate(count: number, dictLength: number, codeLength: number): PackedMemory {
    const layout = PackedMemory.#layout(count, dictLength, codeLength);
    const pages = pagesFor(layout.sizesAt + 4 * count);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    return new PackedMemory(memory, layout);
  }
}

/** The decoder's module, compiled once an isolate, when first wanted. */
let compiled: WebAssembly.Module | null = null;

type PageFunction = (
  ranks: number,
  n: number,
  o: number,
  dict: number,
  dictLength: number,
  offsets: number,
) => number;

/**
 * Decodes pages of a {@link PackedMemory} into a memory of this isolate's
 * own: a copy of the dictionary at 0 (a match reads it there as it reads
 * the club's own output), the page from {@link origin}, the page's ranks
 * after it.
 */
export class PageDecoder {
  readonly #packed: PackedMemory;
  readonly #out: WebAssembly.Memory;
  readonly #page: PageFunction;
  #bytes!: Uint8Array<ArrayBuffer>;
  #words!: Uint32Array<ArrayBuffer>;
  /** Where a page starts in {@link room}'s buffer. */
  readonly origin: number;

  constructor(packed: PackedMemory) {
    this.#packed = packed;
    this.origin = packed.layout.dictLength;
    this.#out = new WebAssembly.Memory({ initial: pagesFor(this.origin + 256 * 1024) });
    compiled ??= new WebAssembly.Module(UNPACK_WASM);
    const instance = new WebAssembly.Instance(compiled, {
      clubdir: { data: packed.memory, out: this.#out },
    });
    this.#page = instance.exports.page as PageFunction;
    this.#views();
    this.#bytes.set(packed.dictionary);
  }

  #views(): void {
    const buffer = this.#out.buffer as ArrayBuffer;
    this.#bytes = new Uint8Array(buffer);
    this.#words = new Uint32Array(buffer);
  }

  /** Where the ranks of a page of `size` bytes go. */
  #ranksAt(size: number): number {
    return (this.origin + size + UNPACK_SLACK + 3) & ~3;
  }

  /**
   * The decoder's buffer, with room for a page of at most `size` bytes of
   * `ranks` clubs from {@link origin}. The view is valid until the next call.
   */
  room(size: number, ranks: number): Uint8Array<ArrayBuffer> {
    const need = this.#ranksAt(size) + 4 * ranks;
    const have = this.#out.buffer.byteLength;
    if (need > have) {
      this.#out.grow(pagesFor(Math.max(need, 2 * have) - have));
      this.#views();
    }
    return this.#bytes;
  }

  /**
   * Decodes the clubs of `ranks` (1-based), joined by commas, into the
   * buffer at `o`, after {@link room} made room for `size` bytes; returns
   * where they end.
   */
  decode(ranks: readonly number[], o: number, size: number): number {
    const at = this.#ranksAt(size);
    this.#words.set(ranks, at >>> 2);
    const { dictLength, offsetsAt } = this.#packed.layout;
    return this.#page(at, ranks.length, o, 0, dictLength, offsetsAt);
  }
}
