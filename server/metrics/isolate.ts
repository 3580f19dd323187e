/**
 * The metrics of one serving isolate: its {@link Metrics} recorder, and how
 * a scrape reads them: alone (`--workers 1`), or added up with every other
 * worker's from the process's shared regions (shared.ts), which this
 * isolate publishes its own into about once a second.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolateMetrics } from "./isolate.ts";
 * const metrics = new IsolateMetrics();
 * metrics.recorder.request("/", 200, 0.001, 10);
 * assert.match(metrics.scrape(), /^clubdir_http_requests_total\{route="\/",code="200"\} 1$/m);
 * metrics.close();
 * ```
 * @module
 */
import type { MetricsSnapshot } from "./families.ts";
import { exposition, mergeSnapshots } from "./exposition.ts";
import { Metrics } from "./recorder.ts";
import { countersOf, SharedMetrics } from "./shared.ts";

/** How often a worker publishes its figures for the others' scrapes (ms). */
export const PUBLISH_EVERY_MS = 1_000;

/** Where a worker's figures go: the process's regions, and its own. */
export interface SharedRegion {
  /** The process's `SharedArrayBuffer` (made by the supervisor). */
  buffer: SharedArrayBuffer;
  /** This worker's region (1 to N). */
  index: number;
}

/** One isolate's recorder and scrape. */
export class IsolateMetrics {
  readonly recorder: Metrics = new Metrics();
  readonly #shared: SharedMetrics | null;
  readonly #index: number;
  /** What a restarted worker's region held: its counters go on from there. */
  readonly #base: MetricsSnapshot;
  readonly #timer: ReturnType<typeof setInterval> | undefined;
  #warned = false;
  #log: (line: string) => void;

  /**
   * @param region The process's shared regions (a worker of `--workers N`); none in one isolate.
   * @param log Where a snapshot too big to publish is reported (once).
   */
  constructor(region?: SharedRegion, log: (line: string) => void = () => {}) {
    this.#log = log;
    this.#shared = region ? new SharedMetrics(region.buffer) : null;
    this.#index = region?.index ?? 0;
    this.#base = countersOf(this.#shared?.read(this.#index) ?? {});
    if (this.#shared) {
      const timer = setInterval(() => this.publish(), PUBLISH_EVERY_MS);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  /** This isolate's figures now, counters carried over from before a restart. */
  snapshot(): MetricsSnapshot {
    const own = this.recorder.snapshot();
    return Object.keys(this.#base).length === 0 ? own : mergeSnapshots([this.#base, own]);
  }

  /** Publishes this worker's figures to its region (nothing in one isolate). */
  publish(): void {
    if (this.#shared === null) return;
    if (!this.#shared.write(this.#index, this.snapshot()) && !this.#warned) {
      this.#warned = true;
      this.#log("warning: metrics: this worker's figures do not fit its shared region");
    }
  }

  /** The exposition a scrape gets: this isolate's figures, or the whole process's. */
  scrape(): string {
    if (this.#shared === null) {
      return exposition([{ ...this.snapshot(), workerRestarts: { "": 0 } }]);
    }
    this.publish();
    return exposition(this.#shared.readAll());
  }

  /** Stops publishing, after a last publication. */
  close(): void {
    clearInterval(this.#timer);
    this.publish();
  }
}
