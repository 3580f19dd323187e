/**
 * A snapshot's search structures built before it is served: the key
 * columns, the filter sets of their common values, the folded names, the trigram index, the word index and its
 * deletion index. Each is otherwise built by the first search that needs
 * it, which then waits for it (about 0.5 s at 400,000 clubs for the names
 * and trigrams), and so does every request queued behind it. `serve` warms
 * a snapshot when it opens it, before it replaces the one being served
 * (core/store/directory.ts, `DirectoryOptions.warm`).
 *
 * @example
 * ```ts ignore
 * import { warmSearch } from "./warm.ts";
 * new Directory("data/clubs.db", { holdJson: true, warm: warmSearch });
 * ```
 * @module
 */
import type { ClubStore } from "../store/store.ts";
import { KEY_COLUMNS, keyIndex, longestName, warmClubBits } from "./key_index.ts";
import { trigramIndex } from "./trigrams.ts";
import { namesHaveSurrogates } from "./relevance.ts";
import { vocabNear, wordIndex } from "./words.ts";

/**
 * Builds every structure a name search or a filter needs on `store`, so
 * that the first searches find them built. Structures already built are
 * kept as they are.
 *
 * @example
 * ```ts ignore
 * warmSearch(store); // then findPage(store, query) builds nothing
 * ```
 */
export function warmSearch(store: ClubStore): void {
  for (const _ of warmSearchSteps(store)) { /* every step, now */ }
}

/**
 * {@link warmSearch} one structure at a time: each `next()` builds one, so
 * a caller can let other work run between them (a snapshot prepared in the
 * background, core/store/directory.ts).
 *
 * @example
 * ```ts ignore
 * for (const _ of warmSearchSteps(store)) await new Promise((r) => setTimeout(r, 0));
 * ```
 */
export function* warmSearchSteps(store: ClubStore): Generator<void> {
  const keys = keyIndex(store);
  for (const column of KEY_COLUMNS) keys.column(column);
  yield;
  warmClubBits(store);
  yield;
  longestName(store);
  namesHaveSurrogates(store);
  yield;
  trigramIndex(store);
  yield;
  wordIndex(store);
  yield;
  vocabNear(store);
}
