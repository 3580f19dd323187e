/**
 * The figures of `serve --workers N` in one place: a `SharedArrayBuffer`
 * the supervisor makes before the first worker starts, with one region per
 * isolate (0: the supervisor, N: worker N). Each isolate publishes its
 * {@link MetricsSnapshot} as JSON into its own region about once a second
 * (and right before it answers a scrape); whichever worker a scrape reaches
 * reads every region and adds them up, so `/metrics` describes the whole
 * process. A region is written by one isolate only, under a sequence
 * number (odd while it is written), so a reader never takes half a write.
 *
 * A worker restarted after dying starts from what its region holds: its
 * counters go on from there, and the sums a scrape sees never go down.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SharedMetrics } from "./shared.ts";
 * const shared = SharedMetrics.create(2);
 * assert.deepStrictEqual(shared.write(1, { rateLimited: { "": 4 } }), true);
 * assert.deepStrictEqual(shared.read(1), { rateLimited: { "": 4 } });
 * assert.deepStrictEqual(shared.read(2), null);
 * ```
 * @module
 */
import { FAMILIES, type FamilyKey, type MetricsSnapshot } from "./families.ts";

/**
 * Bytes of one region: an isolate's snapshot is a few kilobytes (a
 * histogram and a few status codes per route template, six figures per
 * cache); one that does not fit is not published (and says so once).
 */
export const REGION_BYTES = 128 * 1024;

/** Header of a region: the sequence number and the JSON's length, as Int32s. */
const HEADER = 8;
const TRIES = 8;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every isolate's region of one process. */
export class SharedMetrics {
  /** The memory, to post to each worker. */
  readonly buffer: SharedArrayBuffer;
  readonly #regions: number;

  /**
   * Regions over `buffer` (the one another isolate made).
   *
   * @param buffer Made by {@link SharedMetrics.create}.
   */
  constructor(buffer: SharedArrayBuffer) {
    this.buffer = buffer;
    this.#regions = buffer.byteLength / REGION_BYTES;
  }

  /** Memory for `workers` workers and the supervisor. */
  static create(workers: number): SharedMetrics {
    return new SharedMetrics(new SharedArrayBuffer((workers + 1) * REGION_BYTES));
  }

  /** Number of regions (workers and the supervisor). */
  get regions(): number {
    return this.#regions;
  }

  /** Publishes isolate `index`'s snapshot; false when it does not fit its region. */
  write(index: number, snapshot: MetricsSnapshot): boolean {
    const bytes = encoder.encode(JSON.stringify(snapshot));
    if (bytes.length > REGION_BYTES - HEADER) return false;
    const header = new Int32Array(this.buffer, index * REGION_BYTES, 2);
    Atomics.add(header, 0, 1);
    new Uint8Array(this.buffer, index * REGION_BYTES + HEADER, bytes.length).set(bytes);
    Atomics.store(header, 1, bytes.length);
    Atomics.add(header, 0, 1);
    return true;
  }

  /** Isolate `index`'s last snapshot, or null when it has published none. */
  read(index: number): MetricsSnapshot | null {
    const header = new Int32Array(this.buffer, index * REGION_BYTES, 2);
    for (let i = 0; i < TRIES; i++) {
      const seq = Atomics.load(header, 0);
      if (seq % 2 === 1) continue;
      const length = Atomics.load(header, 1);
      if (length === 0) return null;
      // Copied out of shared memory first: decoding reads it once, whole.
      const copy = new Uint8Array(length);
      copy.set(new Uint8Array(this.buffer, index * REGION_BYTES + HEADER, length));
      if (Atomics.load(header, 0) !== seq) continue;
      return JSON.parse(decoder.decode(copy)) as MetricsSnapshot;
    }
    return null;
  }

  /** Every region's last snapshot (those that published one). */
  readAll(): MetricsSnapshot[] {
    const out: MetricsSnapshot[] = [];
    for (let i = 0; i < this.#regions; i++) {
      const snap = this.read(i);
      if (snap !== null) out.push(snap);
    }
    return out;
  }
}

/**
 * The counters and histograms of a snapshot (its gauges left out): what a
 * restarted worker carries over from its region.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countersOf } from "./shared.ts";
 * assert.deepStrictEqual(countersOf({ rateLimited: { "": 1 }, connectionsOpen: { "": 3 } }), {
 *   rateLimited: { "": 1 },
 * });
 * ```
 */
export function countersOf(snapshot: MetricsSnapshot): MetricsSnapshot {
  const out: MetricsSnapshot = {};
  for (
    const [key, series] of Object.entries(snapshot) as [FamilyKey, MetricsSnapshot[FamilyKey]][]
  ) {
    if (FAMILIES[key]?.type !== "gauge") out[key] = series;
  }
  return out;
}
