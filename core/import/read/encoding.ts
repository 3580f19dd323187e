/**
 * The text encodings an import reads, turned into checked UTF-8 with the
 * platform's `TextDecoder`, streaming. UTF-8 is the default and is checked
 * strictly: a byte sequence that is not UTF-8 stops the import at its line
 * (a Windows-1252 file read as UTF-8 would otherwise store "M�laga").
 * UTF-16 is recognised by its byte order mark, or by the zero bytes of an
 * ASCII header; a UTF-8 BOM is dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { utf8Chunks } from "./encoding.ts";
 * const latin1 = new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4d, 0xe1, 0x0a]); // "name\nMá\n"
 * const out: Uint8Array[] = [];
 * for await (const c of utf8Chunks(new Blob([latin1]).stream(), "windows-1252")) out.push(c);
 * assert.equal(new TextDecoder().decode(out[0]), "name\nMá\n");
 * ```
 * @module
 */

/** The encodings `--encoding` accepts. `latin1` reads as windows-1252, as in every browser. */
export const ENCODINGS = ["utf-8", "windows-1252", "latin1", "utf-16le", "utf-16be"] as const;

/** One accepted encoding name. */
export type Encoding = typeof ENCODINGS[number];

/** Thrown when the input is not valid in its encoding; names the line. */
export class EncodingFailure extends Error {
  override name = "EncodingFailure";
  constructor(message: string, readonly line: number) {
    super(message);
  }
}

/**
 * The encoding a file's first bytes announce: a byte order mark, or the
 * zero bytes that an ASCII header has in UTF-16. Null when they say nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sniffEncoding } from "./encoding.ts";
 * assert.deepStrictEqual(sniffEncoding(new Uint8Array([0xff, 0xfe, 0x6e, 0x00])), { encoding: "utf-16le", bom: 2 });
 * assert.deepStrictEqual(sniffEncoding(new Uint8Array([0x6e, 0x00, 0x61, 0x00])), { encoding: "utf-16le", bom: 0 });
 * ```
 */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; bom: number } | null {
  const [a, b, c] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", bom: 2 };
  if (head.length >= 4 && a !== 0 && b === 0 && c !== 0 && head[3] === 0) {
    return { encoding: "utf-16le", bom: 0 };
  }
  if (head.length >= 4 && a === 0 && b !== 0 && c === 0 && head[3] !== 0) {
    return { encoding: "utf-16be", bom: 0 };
  }
  return null;
}

const LF = 0x0a;

function countLines(bytes: Uint8Array, end = bytes.length): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i >= 0 && i < end; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** Joins two byte arrays (the second alone when the first is empty). */
function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Lines longer than this are checked without waiting for their end. */
const MAX_HELD = 1 << 20;

/** Where in `piece` (whole UTF-8 lines) the first invalid line is, and its bytes. */
function locateInvalid(piece: Uint8Array): { index: number; text: string; byte: string } {
  const strict = new TextDecoder("utf-8", { fatal: true });
  let start = 0;
  for (let index = 0;; index++) {
    const nl = piece.indexOf(LF, start);
    const end = nl < 0 ? piece.length : nl;
    const line = piece.subarray(start, end);
    try {
      strict.decode(line);
    } catch {
      // The longest prefix that still decodes ends where the bad bytes start.
      let [good, bad] = [0, line.length];
      while (bad - good > 1) {
        const mid = (good + bad) >> 1;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(line.subarray(0, mid), { stream: true });
          good = mid;
        } catch {
          bad = mid;
        }
      }
      // The byte that proved it wrong, or the lead byte it failed to complete.
      let at = bad - 1;
      for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
        if (line[k]! >= 0xc0) {
          at = k;
          break;
        }
      }
      const byte = line[at] ?? 0;
      return {
        index,
        text: new TextDecoder().decode(line),
        byte: `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`,
      };
    }
    if (nl < 0) return { index, text: "", byte: "" };
    start = nl + 1;
  }
}

function show(text: string): string {
  const t = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(t);
}

/**
 * Checked UTF-8 bytes of `input` read in `encoding` (default UTF-8; a BOM
 * or UTF-16 zero bytes decide when none is given, and a UTF-16 BOM wins
 * over it; `settled` is told the one used). Chunks end at line ends where
 * the input allows, so a UTF-8 error is pinned to its line. Throws
 * {@link EncodingFailure}. A reader that checks UTF-8 itself (the CSV
 * reader, on the records that hold U+FFFD) turns `options.check` off.
 *
 * @example
 * ```ts ignore
 * import { utf8Chunks } from "./encoding.ts";
 * for await (const chunk of utf8Chunks(file.readable, "utf-16le")) parser.write(chunk);
 * ```
 */
export async function* utf8Chunks(
  input: AsyncIterable<Uint8Array>,
  encoding?: Encoding,
  settled?: (encoding: Encoding) => void,
  options: { check: boolean } = { check: true },
): AsyncGenerator<Uint8Array, void, undefined> {
  const it = input[Symbol.asyncIterator]();
  // Enough bytes to read a BOM or UTF-16 zeros.
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < 4) {
    const r = await it.next();
    if (r.done) break;
    head = join(head, r.value);
  }
  const sniffed = sniffEncoding(head);
  const chosen = sniffed?.bom || !encoding ? sniffed?.encoding ?? encoding ?? "utf-8" : encoding;
  if (sniffed?.bom) head = head.subarray(sniffed.bom);
  settled?.(chosen);
  async function* rest(): AsyncGenerator<Uint8Array> {
    if (head.length) yield head;
    while (true) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  if (chosen === "utf-8") yield* checkUtf8(rest(), options);
  else yield* transcode(rest(), chosen);
}

/**
 * The error for UTF-8 bytes that do not decode, `firstLine` being the line
 * they start on; null when they do decode.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { invalidUtf8 } from "./encoding.ts";
 * assert.equal(invalidUtf8(new Uint8Array([0x41, 0x0a, 0xe9]), 7)?.line, 8);
 * ```
 */
export function invalidUtf8(bytes: Uint8Array, firstLine: number): EncodingFailure | null {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return null;
  } catch {
    const at = locateInvalid(bytes);
    const line = firstLine + at.index;
    return new EncodingFailure(
      `line ${line} is not valid UTF-8 (byte ${at.byte} in ${
        show(at.text)
      }): the file is probably in another encoding; if it came from Excel or another Windows program, import it with --encoding windows-1252, or name its encoding with --encoding (${
        ENCODINGS.join(", ")
      })`,
      line,
    );
  }
}

/** UTF-8 passes through unchanged once checked, a line-aligned piece at a time. */
async function* checkUtf8(
  chunks: AsyncIterable<Uint8Array>,
  options: { check: boolean },
): AsyncGenerator<Uint8Array, void, undefined> {
  const strict = new TextDecoder("utf-8", { fatal: true });
  let held: Uint8Array = new Uint8Array(0);
  let lines = 0;
  const check = (piece: Uint8Array, final: boolean) => {
    if (!options.check) return;
    try {
      strict.decode(piece, { stream: !final });
    } catch {
      throw invalidUtf8(piece, lines + 1) ??
        new EncodingFailure("the file ends inside a UTF-8 character", lines + 1);
    }
    lines += countLines(piece);
  };
  for await (const chunk of chunks) {
    const data = join(held, chunk);
    const cut = data.lastIndexOf(LF) + 1;
    if (cut === 0 && data.length < MAX_HELD) {
      held = data;
      continue;
    }
    // Whole lines are checked alone; a longer line is checked in parts.
    const piece = cut === 0 ? data : data.subarray(0, cut);
    held = cut === 0 ? new Uint8Array(0) : data.slice(cut);
    check(piece, false);
    yield piece;
  }
  check(held, true);
  if (held.length) yield held;
}

/** Another encoding: decoded by the platform, encoded again as UTF-8. */
async function* transcode(
  chunks: AsyncIterable<Uint8Array>,
  encoding: Encoding,
): AsyncGenerator<Uint8Array, void, undefined> {
  const label = encoding === "latin1" ? "windows-1252" : encoding;
  const decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  const encoder = new TextEncoder();
  let lines = 0;
  const decode = (bytes: Uint8Array | undefined, stream: boolean) => {
    try {
      const text = decoder.decode(bytes, { stream });
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
      return text;
    } catch {
      // Only UTF-16 can fail (an unpaired surrogate): name the line it is on.
      const line = lines + 1 + (bytes ? countNewlinesBefore(bytes, encoding) : 0);
      throw new EncodingFailure(
        `line ${line} is not valid ${encoding.toUpperCase()} (an unpaired surrogate): check the file's encoding, or name it with --encoding (${
          ENCODINGS.join(", ")
        })`,
        line,
      );
    }
  };
  for await (const chunk of chunks) {
    const text = decode(chunk, true);
    if (text) yield encoder.encode(text);
  }
  const tail = decode(undefined, false);
  if (tail) yield encoder.encode(tail);
}

/** Newlines in the part of a UTF-16 chunk that decodes before its first error. */
function countNewlinesBefore(bytes: Uint8Array, encoding: Encoding): number {
  const text = new TextDecoder(encoding).decode(bytes);
  const bad = text.indexOf("\ufffd");
  const before = bad < 0 ? text : text.slice(0, bad);
  return before.split("\n").length - 1;
}
