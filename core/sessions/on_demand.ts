/**
 * Asking a shared store about a key during a request, within bounds: a
 * request waits at most `timeoutMs`; at most `maxInFlight` questions are
 * out at once (past that a key is answered "unknown" at once, so a client
 * spraying random tokens cannot queue work); concurrent questions about one
 * key share one answer; and "no such key" is remembered for `missTtlMs` in
 * a table of at most `maxMisses` entries (oldest dropped first), so a stale
 * token sent again and again costs one question, not one per request.
 *
 * A slot is freed when the store answers or fails, not when a request
 * stops waiting: a store that stops answering holds every slot, and keys
 * count as unknown until it answers again, without a queue growing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OnDemand } from "./on_demand.ts";
 * const known = new Set(["a"]);
 * const lookups = new OnDemand((key) => Promise.resolve(known.has(key)));
 * await lookups.ask("b"); // asks the store once
 * assert.equal(lookups.ask("b"), undefined); // remembered as unknown
 * assert.equal(lookups.stats.asked, 1);
 * ```
 * @module
 */

/**
 * The bounds of {@link OnDemand}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ON_DEMAND_LIMITS, OnDemand, type OnDemandLimits } from "./on_demand.ts";
 * const tight: OnDemandLimits = { ...ON_DEMAND_LIMITS, maxInFlight: 1 };
 * const store = Promise.withResolvers<boolean>();
 * const lookups = new OnDemand(() => store.promise, tight);
 * const first = lookups.ask("a");
 * assert.equal(lookups.ask("b"), undefined); // every slot taken: answered "unknown" at once
 * store.resolve(true);
 * await first;
 * assert.equal(lookups.stats.shed, 1);
 * ```
 */
export interface OnDemandLimits {
  /** Longest a request waits for an answer (ms). */
  timeoutMs: number;
  /** Questions out at once; past that, a key counts as unknown at once. */
  maxInFlight: number;
  /** How long "no such key" is remembered (ms). */
  missTtlMs: number;
  /** How many such answers are remembered (about 150 bytes each for a token hash). */
  maxMisses: number;
}

/**
 * The server's bounds: 75 ms, 16 questions, 5 s and 10,000 remembered misses (about 1.5 MB).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ON_DEMAND_LIMITS } from "./on_demand.ts";
 * assert.equal(ON_DEMAND_LIMITS.timeoutMs, 75);
 * ```
 */
export const ON_DEMAND_LIMITS: Readonly<OnDemandLimits> = {
  timeoutMs: 75,
  maxInFlight: 16,
  missTtlMs: 5_000,
  maxMisses: 10_000,
};

/**
 * What {@link OnDemand} did, for tests and diagnostics.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OnDemand, type OnDemandStats } from "./on_demand.ts";
 * const lookups = new OnDemand(() => Promise.resolve(true));
 * await lookups.ask("a");
 * const s: OnDemandStats = { asked: 1, missHits: 0, shed: 0, timedOut: 0 };
 * assert.deepStrictEqual(lookups.stats, s);
 * ```
 */
export interface OnDemandStats {
  /** Questions sent to the store. */
  asked: number;
  /** Keys answered "unknown" from the remembered misses, without a question. */
  missHits: number;
  /** Keys answered "unknown" because every slot was taken. */
  shed: number;
  /** Requests that stopped waiting before the store answered. */
  timedOut: number;
}

/**
 * Bounded questions about keys a local copy does not hold.
 *
 * @example
 * ```ts ignore
 * const lookups = new OnDemand((hash) => fetchIntoCopy(hash));
 * await lookups.ask(hash); // then read the copy
 * ```
 */
export class OnDemand {
  readonly #find: (key: string) => Promise<boolean>;
  readonly #limits: OnDemandLimits;
  readonly #now: () => number;
  /** Answers under way, by key. */
  readonly #inFlight = new Map<string, Promise<void>>();
  /** When each key was last found unknown, oldest first. */
  readonly #misses = new Map<string, number>();
  readonly #stats: OnDemandStats = { asked: 0, missHits: 0, shed: 0, timedOut: 0 };

  /**
   * @param find Asks the store about a key and brings its answer into the
   *   caller's copy; resolves false when the store has no such key.
   * @param limits The bounds (default {@link ON_DEMAND_LIMITS}).
   * @param now The clock, for tests (ms).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { OnDemand } from "./on_demand.ts";
   * let clock = 0;
   * const lookups = new OnDemand(() => Promise.resolve(false), { timeoutMs: 50, maxInFlight: 8,
   *   missTtlMs: 1_000, maxMisses: 100 }, () => clock);
   * await lookups.ask("x");
   * assert.equal(lookups.ask("x"), undefined); // a miss is remembered…
   * clock = 2_000;
   * await lookups.ask("x"); // …for missTtlMs
   * assert.equal(lookups.stats.asked, 2);
   * ```
   */
  constructor(
    find: (key: string) => Promise<boolean>,
    limits: Readonly<OnDemandLimits> = ON_DEMAND_LIMITS,
    now: () => number = () => performance.now(),
  ) {
    this.#find = find;
    this.#limits = { ...limits };
    this.#now = now;
  }

  /** What was done so far. */
  get stats(): Readonly<OnDemandStats> {
    return { ...this.#stats };
  }

  /**
   * Asks the store about `key` unless it was found unknown lately or every
   * slot is taken (then undefined: nothing to wait for). The promise never
   * rejects and settles within `timeoutMs`.
   *
   * @example
   * ```ts ignore
   * const asking = lookups.ask(hash);
   * if (asking) await asking;
   * ```
   */
  ask(key: string): Promise<void> | undefined {
    const missAt = this.#misses.get(key);
    if (missAt !== undefined) {
      if (this.#now() - missAt < this.#limits.missTtlMs) {
        this.#stats.missHits++;
        return undefined;
      }
      this.#misses.delete(key);
    }
    let answer = this.#inFlight.get(key);
    if (answer === undefined) {
      if (this.#inFlight.size >= this.#limits.maxInFlight) {
        this.#stats.shed++;
        return undefined;
      }
      this.#stats.asked++;
      answer = this.#question(key);
      this.#inFlight.set(key, answer);
    }
    return this.#within(answer);
  }

  #question(key: string): Promise<void> {
    // Deferred a tick, so the slot is taken before the answer can free it.
    return Promise.resolve(key).then(this.#find)
      .then((found) => {
        if (!found) this.#miss(key);
      }, () => {
        // The store failed: the key is unknown for this request, not remembered as such.
      })
      .finally(() => this.#inFlight.delete(key));
  }

  #miss(key: string): void {
    this.#misses.delete(key);
    if (this.#misses.size >= this.#limits.maxMisses) {
      this.#misses.delete(this.#misses.keys().next().value!);
    }
    this.#misses.set(key, this.#now());
  }

  #within(answer: Promise<void>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.#stats.timedOut++;
        resolve();
      }, this.#limits.timeoutMs);
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }
}
