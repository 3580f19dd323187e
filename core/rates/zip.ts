/**
 * The one file of a small zip archive, such as the ECB's `eurofxref.zip`
 * (which holds `eurofxref.csv`), read from memory with the platform's
 * `DecompressionStream("deflate-raw")`. Nothing is written to disk, and a
 * hostile archive is bounded: at most {@link MAX_ZIP_ENTRIES} entries, one
 * `.csv` or `.xml` among them, no unsafe path name (absolute, `..`, a drive,
 * control characters), no encryption or zip64, stored or deflated only,
 * declared and actual sizes at most the caller's limit (decompression stops
 * past it: a zip bomb costs at most that much), and the CRC-32 checked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isZip } from "./zip.ts";
 * assert.equal(isZip(new Uint8Array([0x50, 0x4b, 3, 4])), true);
 * assert.equal(isZip(new TextEncoder().encode("Date, USD")), false);
 * ```
 * @module
 */

/** The most entries an archive may list (the ECB's has one). */
export const MAX_ZIP_ENTRIES = 16;

/** Compressed bytes written to the decompressor at a time: one write expands to at most ~1 MiB. */
const SLICE = 1024;

/** Thrown when an archive is refused; the message says why. */
export class ZipRefused extends Error {
  override name = "ZipRefused";
}

/** Whether `bytes` start like a zip archive (a local file header, or an empty archive's end). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC-32 of `bytes` (as zip and gzip compute it). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An entry of the central directory. */
interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** Why a name is unsafe to treat as a path, or null. */
function unsafeName(name: string): string | null {
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u007f")) {
    return "control characters";
  }
  if (/^([/\\]|[A-Za-z]:)/.test(name)) return "an absolute path";
  if (name.split(/[/\\]/).includes("..")) return 'a ".." that climbs out of the folder';
  return null;
}

/** The central directory's entries, bounds-checked. */
function entries(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipRefused("it has no end of central directory (cut short, or not a zip)");
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const start = view.getUint32(end + 16, true);
  if (count === 0xffff || start === 0xffffffff) throw new ZipRefused("zip64 archives are not read");
  if (count > MAX_ZIP_ENTRIES) {
    throw new ZipRefused(
      `it lists ${count} files, more than ${MAX_ZIP_ENTRIES} (the ECB's holds one)`,
    );
  }
  if (start + size > end) throw new ZipRefused("its central directory lies outside the file");
  const list: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) {
      throw new ZipRefused("its central directory is corrupt");
    }
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
    if (next > end) throw new ZipRefused("its central directory is corrupt");
    list.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return list;
}

/** The bytes of `e`, inflated at most `max` bytes far. */
async function inflate(data: Uint8Array, e: Entry, max: number): Promise<Uint8Array> {
  if (e.method === 0) return data;
  const input = ReadableStream.from((function* () {
    for (let i = 0; i < data.length; i += SLICE) yield data.subarray(i, i + SLICE);
  })());
  const out = new Uint8Array(max + 1);
  let size = 0;
  try {
    for await (
      const chunk of input.pipeThrough(
        new DecompressionStream("deflate-raw") as unknown as TransformStream<
          Uint8Array,
          Uint8Array
        >,
      )
    ) {
      if (size + chunk.length > max) {
        throw new ZipRefused(
          `${e.name} expands past ${
            max / 1024
          } KiB, the most read (a zip bomb, or not a day's rates)`,
        );
      }
      out.set(chunk, size);
      size += chunk.length;
    }
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    throw new ZipRefused(`${e.name} is corrupt (${(err as Error).message})`);
  }
  return out.subarray(0, size);
}

/**
 * The name and bytes of the one `.csv` or `.xml` file in the archive
 * `bytes`, at most `max` bytes once decompressed. Throws {@link ZipRefused}.
 */
export async function readZipEntry(
  bytes: Uint8Array,
  max: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const list = entries(bytes);
  for (const e of list) {
    const why = unsafeName(e.name);
    if (why) throw new ZipRefused(`the name ${JSON.stringify(e.name)} in it has ${why}`);
  }
  const files = list.filter((e) => /\.(csv|xml)$/i.test(e.name));
  if (files.length !== 1) {
    throw new ZipRefused(
      files.length
        ? `it holds ${files.length} rates files (${files.map((f) => f.name).join(", ")}); give one`
        : "it holds no .csv or .xml file (the ECB's holds eurofxref.csv)",
    );
  }
  const e = files[0]!;
  if (e.flags & 1) throw new ZipRefused(`${e.name} is encrypted`);
  if (e.method !== 0 && e.method !== 8) {
    throw new ZipRefused(
      `${e.name} is compressed with method ${e.method}; stored and deflate are read`,
    );
  }
  if (e.size > max) {
    throw new ZipRefused(
      `${e.name} is ${e.size} bytes once decompressed, more than the ${max / 1024} KiB read`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== 0x04034b50) {
    throw new ZipRefused(`the header of ${e.name} is missing or corrupt`);
  }
  const start = e.offset + 30 + view.getUint16(e.offset + 26, true) +
    view.getUint16(e.offset + 28, true);
  if (start + e.compressed > bytes.length) throw new ZipRefused(`${e.name} is cut short`);
  const data = await inflate(bytes.subarray(start, start + e.compressed), e, max);
  if (data.length !== e.size || crc32(data) !== e.crc) {
    throw new ZipRefused(`${e.name} is corrupt (its size or CRC-32 does not match)`);
  }
  return { name: e.name, bytes: data };
}
