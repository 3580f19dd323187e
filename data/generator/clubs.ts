/**
 * The stream of clubs for a seed: the generator's one entry point for code
 * that wants rows rather than a file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * const [first] = generateClubs({ seed: 7, count: 1 });
 * assert.equal(first!.currency, "USD");
 * ```
 * @module
 */
import type { ClubRecord } from "../../core/schema/mod.ts";
import { ClubRun } from "./record.ts";

/** The seed used when none is given. */
export const DEFAULT_SEED = 20_240_601;
/** How many clubs the snapshot holds when no count is given. */
export const DEFAULT_COUNT = 40_000;

/** Options of {@link generateClubs}. */
export interface GenerateOptions {
  /** PRNG seed (any integer); {@link DEFAULT_SEED} when absent. */
  seed?: number;
  /** Number of clubs; {@link DEFAULT_COUNT} when absent. */
  count?: number;
}

/**
 * Yields the directory's clubs, deterministically for a seed. A shorter
 * run is a prefix of a longer one with the same seed.
 *
 * @param options Seed and count; defaults {@link DEFAULT_SEED} and
 * {@link DEFAULT_COUNT}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs } from "./clubs.ts";
 * const clubs = [...generateClubs({ seed: 7, count: 10 })];
 * assert.equal(clubs.length, 10);
 * ```
 */
export function* generateClubs(
  options: GenerateOptions = {},
): Generator<ClubRecord> {
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.count ?? DEFAULT_COUNT;
  if (!Number.isInteger(seed)) throw new RangeError("seed must be an integer");
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError("count must be a non-negative integer");
  }
  const run = new ClubRun(seed);
  for (let i = 0; i < count; i++) yield run.row(i);
}
