/**
 * Two imports of generated snapshots in a row, the way a directory is fed:
 * the first of 400 generated clubs, the second a day later with clubs
 * added and removed, a waitlist opened, a coming-soon club opened and fees
 * changed (a club-verified fee and an estimate). Every surface of the
 * history is tested on the database this builds (the core, REST, MCP, the
 * feed and the CLI).
 *
 * @example
 * ```ts ignore
 * await using h = await twoImports();
 * h.store; // the second snapshot, with both in its history
 * ```
 * @module
 */
import { generateClubs, toCsv } from "../../../data/generate.ts";
import { importSnapshot, openSource } from "../../../core/import/build/import.ts";
import type { ImportOptions, ImportSummary } from "../../../core/import/mod.ts";
import type { ClubRecord } from "../../../core/schema/mod.ts";
import { ClubStore } from "../../../core/store/mod.ts";

/** The days of the two snapshots. */
export const FIRST_DAY = "2025-03-01";
export const SECOND_DAY = "2025-03-03";

/** What the second snapshot does, by club id. */
export interface Edits {
  added: ClubRecord[];
  removed: ClubRecord[];
  /** Its waitlist went from `waitlist` to `open`. */
  opened: ClubRecord;
  /** Its waitlist went from `waitlist` to `closed`. */
  closedWaitlist: ClubRecord;
  /** Club-verified fees, initiation raised by a band and more. */
  verifiedFees: ClubRecord;
  /** Estimated fees, initiation raised. */
  estimateFees: ClubRecord;
  /** `coming_soon` became `published`. */
  launched: ClubRecord;
}

/** Two imports' database, its store, the clubs of each snapshot and what changed. */
export interface TwoImports extends AsyncDisposable {
  dir: string;
  path: string;
  first: ClubRecord[];
  second: ClubRecord[];
  edits: Edits;
  summaries: [ImportSummary, ImportSummary];
  /** The second snapshot, opened (closed at dispose). */
  readonly store: ClubStore;
}

const pick = (clubs: ClubRecord[], test: (c: ClubRecord) => boolean, skip: Set<string>) => {
  const c = clubs.find((c) => !skip.has(c.id) && test(c));
  if (!c) throw new Error("the generated snapshot has no club to edit this way");
  skip.add(c.id);
  return c;
};

/** Writes `clubs` as CSV into `dir` and imports it into `path`. */
export async function importClubs(
  dir: string,
  path: string,
  clubs: ClubRecord[],
  options: Partial<ImportOptions> = {},
): Promise<ImportSummary> {
  const csv = `${dir}/snapshot-${crypto.randomUUID()}.csv`;
  await Deno.writeTextFile(csv, toCsv(clubs));
  try {
    return await importSnapshot(openSource(csv), {
      dbPath: path,
      source: "generated",
      ...options,
    });
  } finally {
    await Deno.remove(csv);
  }
}

/** The two snapshots of the module's description, as records (nothing imported). */
export function twoSnapshots(
  count = 400,
): { first: ClubRecord[]; second: ClubRecord[]; edits: Edits } {
  const first = [...generateClubs({ seed: 7, count })];
  const taken = new Set<string>();
  const removed = [pick(first, () => true, taken), pick(first, (c) => c.state !== null, taken)];
  const opened = pick(first, (c) => c.waitlist_status === "waitlist", taken);
  const closedWaitlist = pick(first, (c) => c.waitlist_status === "waitlist", taken);
  const verifiedFees = pick(
    first,
    (c) => c.fee_tier === "verified" && c.initiation_fee !== null && c.initiation_fee > 1000,
    taken,
  );
  const estimateFees = pick(
    first,
    (c) => c.fee_tier === "estimate" && c.initiation_fee !== null && c.initiation_fee > 1000,
    taken,
  );
  const launched = pick(first, (c) => c.status !== "coming_soon", taken);
  // The first snapshot has it coming soon; the second, published.
  const launchedBefore = { ...launched, status: "coming_soon" };
  const slugs = new Set(first.map((c) => c.slug));
  const added = [...generateClubs({ seed: 8, count: 3 })].map((c, i) => ({
    ...c,
    id: `00000000-0000-4000-8000-${String(900000000000 + i)}`,
    slug: slugs.has(c.slug) ? `${c.slug}-new` : c.slug,
  }));
  const gone = new Set(removed.map((c) => c.id));
  const edited = new Map<string, ClubRecord>([
    [opened.id, { ...opened, waitlist_status: "open" }],
    [closedWaitlist.id, { ...closedWaitlist, waitlist_status: "closed" }],
    [verifiedFees.id, { ...verifiedFees, initiation_fee: verifiedFees.initiation_fee! * 3 }],
    [estimateFees.id, { ...estimateFees, initiation_fee: estimateFees.initiation_fee! * 3 }],
    [launched.id, { ...launched, status: "published" }],
  ]);
  const second = [
    ...first.filter((c) => !gone.has(c.id)).map((c) => edited.get(c.id) ?? c),
    ...added,
  ];
  return {
    first: first.map((c) => c.id === launched.id ? launchedBefore : c),
    second,
    edits: {
      added,
      removed,
      opened: edited.get(opened.id)!,
      closedWaitlist: edited.get(closedWaitlist.id)!,
      verifiedFees: edited.get(verifiedFees.id)!,
      estimateFees: edited.get(estimateFees.id)!,
      launched: edited.get(launched.id)!,
    },
  };
}

/** Imports the two snapshots into a fresh temp dir; `await using` removes it. */
export async function twoImports(count = 400): Promise<TwoImports> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-history-" });
  const path = `${dir}/clubs.db`;
  const { first, second, edits } = twoSnapshots(count);
  const one = await importClubs(dir, path, first, { snapshotDate: FIRST_DAY });
  const two = await importClubs(dir, path, second, { snapshotDate: SECOND_DAY });
  let store: ClubStore | null = null;
  return {
    dir,
    path,
    first,
    second,
    edits,
    summaries: [one, two],
    get store() {
      return store ??= ClubStore.open(path);
    },
    async [Symbol.asyncDispose]() {
      store?.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}
