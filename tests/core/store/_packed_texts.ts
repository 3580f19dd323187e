/**
 * Texts that reach every case of the packed club JSON's format
 * (core/store/json_pack.ts): phrases repeated, ids that are not, runs of
 * one byte, copies of the text so far; shared by the reference decoder's
 * tests and the WebAssembly decoder's.
 */
import { trainDictionary } from "../../../core/store/json_pack.ts";

/** A deterministic generator (mulberry32), so a failure names its seed. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["golf", "club", "tennis", "Pine", "Valley", '"kind":"none"', "members", ", ", "\\n"];

/** A JSON-looking text: phrases repeated, ids that are not, runs of one byte. */
export function text(next: () => number): string {
  const parts: string[] = ['{"id":"'];
  const n = Math.floor(next() * 60);
  for (let k = 0; k < n; k++) {
    const r = next();
    if (r < 0.5) parts.push(WORDS[Math.floor(next() * WORDS.length)]!);
    else if (r < 0.7) parts.push(Math.floor(next() * 1e9).toString(36));
    else if (r < 0.8) parts.push("x".repeat(Math.floor(next() * 700)));
    else if (r < 0.9) parts.push(parts.join("").slice(0, Math.floor(next() * 400)));
    else parts.push(String.fromCharCode(32 + Math.floor(next() * 95)));
  }
  return parts.join("") + "}";
}

/**
 * The texts and dictionaries of one seed: 40 texts and two runs, against
 * no dictionary, one learned from the first ten texts, and that one with
 * 30 KB of other text after it (its distances then take 3 bytes).
 */
export function packCases(
  seed: number,
): { next: () => number; texts: Uint8Array[]; dicts: Uint8Array[] } {
  const encoder = new TextEncoder();
  const next = random(seed);
  const texts = Array.from({ length: 40 }, () => encoder.encode(text(next)));
  texts.push(encoder.encode("a".repeat(300)), encoder.encode("abcdefg".repeat(40)));
  const learned = trainDictionary(texts.slice(0, 10), 4096);
  const far = new Uint8Array(learned.length + 30_000);
  far.set(learned);
  far.set(
    encoder.encode(Array.from({ length: 30_000 }, () => "qz#"[Math.floor(next() * 3)]).join("")),
    learned.length,
  );
  return { next, texts, dicts: [new Uint8Array(0), learned, far] };
}
