/**
 * The Prometheus text exposition format, version 0.0.4: the figures of one
 * or more isolates ({@link MetricsSnapshot}s) added up and written family
 * by family, in the order of families.ts. With `--workers N` counters,
 * histograms and memory are summed over the workers; what describes the
 * snapshot each serves (its clubs, age, swaps, cache budgets) is the
 * largest of them, not a sum.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exposition } from "./exposition.ts";
 * const text = exposition([{ rateLimited: { "": 2 } }, { rateLimited: { "": 3 } }]);
 * assert.match(text, /^clubdir_http_rate_limited_total 5$/m);
 * ```
 * @module
 */
import {
  FAMILIES,
  type Family,
  type FamilyKey,
  LATENCY_BUCKETS,
  type MetricsSnapshot,
} from "./families.ts";

/** The media type of the format. */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Families that describe a snapshot or a budget: the largest of the isolates, not their sum. */
const LARGEST: ReadonlySet<FamilyKey> = new Set<FamilyKey>([
  "snapshotClubs",
  "snapshotAge",
  "snapshotSwaps",
  "cacheBudget",
]);

/**
 * Adds up the snapshots of several isolates, family by family.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeSnapshots } from "./exposition.ts";
 * const merged = mergeSnapshots([{ duration: { "/": [1, 0, 2] } }, { duration: { "/": [0, 1, 3] } }]);
 * assert.deepStrictEqual(merged.duration?.["/"], [1, 1, 5]);
 * ```
 */
export function mergeSnapshots(snapshots: readonly MetricsSnapshot[]): MetricsSnapshot {
  const out: MetricsSnapshot = {};
  for (const snap of snapshots) {
    for (
      const [key, series] of Object.entries(snap) as [
        FamilyKey,
        Record<string, number | number[]>,
      ][]
    ) {
      const into = (out[key] ??= {});
      for (const [labels, value] of Object.entries(series)) {
        const had = into[labels];
        if (had === undefined) into[labels] = Array.isArray(value) ? [...value] : value;
        else if (Array.isArray(had) && Array.isArray(value)) {
          into[labels] = had.map((v, i) => v + (value[i] ?? 0));
        } else if (typeof had === "number" && typeof value === "number") {
          into[labels] = LARGEST.has(key) ? Math.max(had, value) : had + value;
        }
      }
    }
  }
  return out;
}

/** A label value as the format wants it: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

function labelSet(family: Family, key: string, extra = ""): string {
  const values = family.labels.length === 0 ? [] : key.split("\t");
  const pairs = family.labels.map((name, i) => `${name}="${labelValue(values[i] ?? "")}"`);
  if (extra) pairs.push(extra);
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`;
}

/** A sample value: integers as they are, others in shortest round-trip form. */
function num(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  return String(n);
}

/** A bucket bound as `le` writes it. */
const le = (bound: number) => `le="${num(bound)}"`;

function histogramLines(family: Family, key: string, v: number[]): string[] {
  const lines: string[] = [];
  const b = LATENCY_BUCKETS.length;
  let cumulative = 0;
  for (let i = 0; i < b; i++) {
    cumulative += v[i] ?? 0;
    lines.push(
      `${family.name}_bucket${labelSet(family, key, le(LATENCY_BUCKETS[i]!))} ${cumulative}`,
    );
  }
  const count = v[b + 2] ?? 0;
  lines.push(`${family.name}_bucket${labelSet(family, key, 'le="+Inf"')} ${num(count)}`);
  lines.push(`${family.name}_sum${labelSet(family, key)} ${num(v[b + 1] ?? 0)}`);
  lines.push(`${family.name}_count${labelSet(family, key)} ${num(count)}`);
  return lines;
}

/**
 * The text exposition of the snapshots added up: `# HELP` and `# TYPE`,
 * then the samples, of every family that has any, series sorted by labels.
 */
export function exposition(snapshots: readonly MetricsSnapshot[]): string {
  const merged = mergeSnapshots(snapshots);
  const out: string[] = [];
  for (const [key, family] of Object.entries(FAMILIES) as [FamilyKey, Family][]) {
    const series = merged[key];
    if (series === undefined || Object.keys(series).length === 0) continue;
    out.push(`# HELP ${family.name} ${family.help.replaceAll("\\", "\\\\")}`);
    out.push(`# TYPE ${family.name} ${family.type}`);
    for (const labels of Object.keys(series).sort()) {
      const value = series[labels]!;
      if (family.type === "histogram") {
        out.push(...histogramLines(family, labels, value as number[]));
      } else {
        out.push(`${family.name}${labelSet(family, labels)} ${num(value as number)}`);
      }
    }
  }
  return out.join("\n") + "\n";
}
