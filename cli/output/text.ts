/**
 * Text for a terminal: data made harmless (control characters and bidi
 * overrides from the data shown as visible symbols, never sent to the
 * terminal), its display width in columns (wide CJK and emoji count two,
 * combining accents none) and truncation to a width.
 *
 * Widths come from `string-width`, loaded only when a text holds more than
 * printable Latin letters, so `query` starts as fast as before on most pages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadWidth, safeText, truncate } from "./text.ts";
 * assert.deepStrictEqual(safeText("Evil\x1b]0;pwned\x07 Club"), "Evil␛]0;pwned␇ Club");
 * const width = await loadWidth(["東京ゴルフ倶楽部"]);
 * assert.deepStrictEqual(width("東京ゴルフ倶楽部"), 16);
 * assert.deepStrictEqual(truncate("東京ゴルフ倶楽部", 9, width), "東京ゴル…");
 * ```
 * @module
 */

/** Measures a text's display width in terminal columns. */
export type Width = (text: string) => number;

// C0 controls and DEL, shown as their Control Pictures (␛ for ESC, ␇ for BEL, ␊ for LF, ␡ for DEL).
// deno-lint-ignore no-control-regex
const C0 = /[\u0000-\u001f\u007f]/g;
// C1 controls (U+0080–U+009F, 8-bit CSI and OSC among them) and the bidi embeddings, overrides
// and isolates that reorder what follows on screen: no picture exists, so U+FFFD.
const C1_BIDI = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with every control character shown as a visible symbol: a name
 * holding `ESC ] 0 ; … BEL` or `ESC [ 2 J` cannot retitle or clear the
 * terminal, a newline cannot break a table row, and a bidi override cannot
 * reorder the line. Anything else is unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeText } from "./text.ts";
 * assert.deepStrictEqual(safeText("a\tb\nc\u202ed"), "a␉b␊c�d");
 * ```
 */
export function safeText(text: string): string {
  return text
    .replace(C0, (c) => String.fromCharCode(c === "\u007f" ? 0x2421 : 0x2400 + c.charCodeAt(0)))
    .replace(C1_BIDI, "\ufffd");
}

// Printable ASCII and Latin-1/Extended-A/B letters (not the soft hyphen, which is invisible):
// one column per UTF-16 unit, with no combining marks (those start at U+0300).
const NARROW = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff]*$/;

/** Width of a text known to be {@link NARROW}: one column per character. */
const narrowWidth: Width = (text) => text.length;

/**
 * A width function good for every text in `texts`: the plain length when
 * each is printable Latin (no module loaded), else `string-width`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadWidth } from "./text.ts";
 * assert.equal((await loadWidth(["Málaga"]))("Málaga"), 6);
 * assert.equal((await loadWidth(["e\u0301"]))("e\u0301"), 1);
 * ```
 */
export async function loadWidth(texts: Iterable<string>): Promise<Width> {
  for (const t of texts) {
    if (!NARROW.test(t)) return (await import("string-width")).default;
  }
  return narrowWidth;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The text cut to at most `max` columns, ending in "…" when cut, whole
 * grapheme clusters only (an accent stays with its letter, a family emoji
 * stays whole); padded with spaces to exactly `max` columns when `pad`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncate } from "./text.ts";
 * assert.deepStrictEqual(truncate("Royal St. George's Golf Club", 12, (t) => t.length), "Royal St. G…");
 * assert.deepStrictEqual(truncate("Oak", 5, (t) => t.length, true), "Oak  ");
 * ```
 */
export function truncate(text: string, max: number, width: Width, pad = false): string {
  let w = width(text);
  let out = text;
  if (w > max) {
    const room = Math.max(max - 1, 0);
    if (NARROW.test(text)) {
      // One column per character and no clusters: no segmenter (its start-up costs 15 ms or more).
      out = text.slice(0, room);
      w = room;
    } else {
      segmenter ??= new Intl.Segmenter();
      out = "";
      w = 0;
      for (const { segment } of segmenter.segment(text)) {
        const sw = width(segment);
        if (w + sw > room) break;
        out += segment;
        w += sw;
      }
    }
    if (max >= 1) {
      out += "…";
      w += 1;
    }
  }
  return pad && w < max ? out + " ".repeat(max - w) : out;
}

/**
 * A whole number with thousands separators, as every CLI message writes
 * counts (`40,000 clubs`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCount } from "./text.ts";
 * assert.deepStrictEqual(formatCount(40000), "40,000");
 * assert.deepStrictEqual(formatCount(999), "999");
 * ```
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
