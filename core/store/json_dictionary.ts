/**
 * A dictionary of what repeats from one club's JSON to the next (`,"annual_dues":null`,
 * `,"currency":"USD"`, `{"kind":"locked"}`, a common URL prefix…), learnt
 * from the text itself: each entry stands for one character from U+0080 to
 * U+00FF, which ASCII JSON (core/model/json.ts) never contains. The held club
 * JSON (club_json.ts) keeps about half its size this way, and the text stays
 * one byte per character.
 *
 * Expanding is one regular-expression pass over a page's text (about 1 µs a
 * club, measured), which is why only a few byte values are used and only
 * for long, frequent pieces.
 *
 * @example
 * ```ts
 * import { JsonDictionary } from "./json_dictionary.ts";
 * const clubs = ['{"a":null,"b":1}', '{"a":null,"b":2}'];
 * const dict = JsonDictionary.learn(clubs, { minCount: 2 })!;
 * const small = dict.compact(clubs[0]!);
 * small.length < clubs[0]!.length; // true
 * dict.expand(small) === clubs[0]; // true
 * ```
 * @module
 */

/** The characters entries stand for: U+0080…U+00FF (still one byte each in V8). */
const FIRST = 0x80;
const MAX_ENTRIES = 0x100 - FIRST;
/** Any character an entry stands for: a page is expanded where it has one. */
const MARKER = /[\u0080-\u00ff]+/g;
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * What is worth an entry: a member name with what follows it when that is
 * short (`null`, `true`, a small object such as `{"kind":"locked"}`, a string
 * of up to 40 characters, or nothing), and the part of a URL up to its last
 * slash (a shared image host and path).
 */
const CANDIDATE =
  /,?"[A-Za-z_][A-Za-z0-9_]*":(?:null|true|false|\{"[A-Za-z_]+":"[A-Za-z_]+"\}|"[^"\\]{0,40}"(?=[,}])|\{|)|"https?:\/\/[^"\\/]+(?:\/[^"\\/]+)*\//g;

/** Options of {@link JsonDictionary.learn}. */
export interface LearnOptions {
  /** Most entries (default and at most 128). */
  entries?: number;
  /** Fewest occurrences in the samples for an entry (default 1% of them, at least 2). */
  minCount?: number;
}

/** An immutable substitution table; see the module doc. */
export class JsonDictionary {
  /** The text each marker stands for, by code point - 0x80. */
  readonly entries: readonly string[];
  readonly #codes: Map<string, string>;
  readonly #compactor: RegExp;

  private constructor(entries: string[]) {
    this.entries = entries;
    this.#codes = new Map(entries.map((e, i) => [e, String.fromCharCode(FIRST + i)]));
    this.#compactor = new RegExp(trieSource(entries), "g");
  }

  /**
   * Learns the most valuable entries (characters saved) from sample texts;
   * null when a sample is not ASCII (a marker could then be mistaken for
   * text) or nothing repeats enough to be worth an entry.
   */
  static learn(samples: Iterable<string>, options: LearnOptions = {}): JsonDictionary | null {
    const counts = new Map<string, number>();
    let n = 0;
    for (const text of samples) {
      if (NOT_ASCII.test(text)) return null;
      n++;
      for (const [piece] of text.matchAll(CANDIDATE)) {
        counts.set(piece, (counts.get(piece) ?? 0) + 1);
        // The member name alone, for when what follows it does not repeat.
        const name = memberName(piece);
        if (name !== piece) counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    const minCount = options.minCount ?? Math.max(2, Math.ceil(n / 100));
    const size = Math.min(options.entries ?? MAX_ENTRIES, MAX_ENTRIES);
    const entries = [...counts]
      .filter(([piece, count]) => count >= minCount && piece.length > 2)
      .sort((a, b) => (b[0].length - 1) * b[1] - (a[0].length - 1) * a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, size)
      .map(([piece]) => piece);
    return entries.length ? new JsonDictionary(entries) : null;
  }

  /** `text` with every entry replaced by its marker; `text` must be ASCII. */
  compact(text: string): string {
    if (NOT_ASCII.test(text)) {
      throw new RangeError("JsonDictionary.compact() takes ASCII text only");
    }
    return text.replace(this.#compactor, (piece) => this.#codes.get(piece)!);
  }

  /** The text {@link compact} was given, from its result (or a join of such results). */
  expand(text: string): string {
    const entries = this.entries;
    return text.replace(MARKER, (run) => {
      if (run.length === 1) return entries[run.charCodeAt(0) - FIRST]!;
      let out = "";
      for (let i = 0; i < run.length; i++) out += entries[run.charCodeAt(i) - FIRST]!;
      return out;
    });
  }
}

/** Whether every character of `text` is ASCII (then {@link JsonDictionary.expand} leaves it as is). */
export function isAscii(text: string): boolean {
  return !NOT_ASCII.test(text);
}

/**
 * A pattern matching any of `words`, the longest where several start at one
 * place, written as a trie (`,"a(?:b|c)`): a plain alternation of 128 words
 * that share their first characters is tried word by word at every quote
 * (measured: 0.4 s for the bundled clubs, against about 0.1 s).
 */
function trieSource(words: readonly string[]): string {
  type Node = Map<string, Node> & { end?: boolean };
  const root: Node = new Map();
  for (const word of words) {
    let node = root;
    for (const ch of word) {
      let next = node.get(ch);
      if (!next) node.set(ch, next = new Map());
      node = next;
    }
    node.end = true;
  }
  const source = (node: Node): string => {
    const branches = [...node].map(([ch, next]) => escapeRegExp(ch) + source(next));
    if (!branches.length) return "";
    // Longer words first; an empty branch last lets the match end here.
    if (node.end) branches.push("");
    return branches.length === 1 ? branches[0]! : `(?:${branches.join("|")})`;
  };
  return source(root);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The `,"name":` a candidate piece starts with (the piece itself when it is a URL). */
function memberName(piece: string): string {
  const colon = piece.indexOf('":');
  return piece.startsWith('"http') || colon < 0 ? piece : piece.slice(0, colon + 2);
}
