/**
 * `main.ts query --changed-since DATE`: the snapshot history
 * (docs/data.md#snapshot-history) in the terminal. The changes since a day
 * to the clubs a search's filters find, newest first, through core/history's
 * `listChanges`, in query's formats: a table in plain words (the website's
 * "Opened for applications", "New in Florida"), the JSON body of
 * `GET /api/v1/changes`, its changes as NDJSON, or one CSV/TSV line per
 * change. The terminal has no session: fee changes read "Fees updated",
 * never a figure. Loaded only when the flag is given (query's cold start).
 *
 * @example
 * ```sh
 * deno task query --state FL --changed-since 2025-03-01
 * ```
 * @module
 */
import { z } from "zod";
import {
  type ChangeList,
  changeListJson,
  type ChangeListMeta,
  listChanges,
  parseSince,
} from "../core/history/mod.ts";
import { delimitedRowsWriter } from "../core/import/mod.ts";
import { asciiJson } from "../core/model/mod.ts";
import { ChangeJsonSchema, type ChangeListJson } from "../core/schema/mod.ts";
import { MAX_LIMIT, type SearchQuery } from "../core/search/mod.ts";
import type { ClubStore } from "../core/store/mod.ts";
import { UsageError } from "./args.ts";
import { writeOut as out } from "./output/stdout.ts";
import { type ColumnSpec, renderTable, terminalColumns } from "./output/table.ts";
import { formatCount as fmt, safeText } from "./output/text.ts";

/** The flag, as usage errors name it. */
export const CHANGED_SINCE_FLAG = "--changed-since";

/**
 * The day of `--changed-since DATE`, or a {@link UsageError} naming the flag
 * (core/history's rule and words: a real day written YYYY-MM-DD).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sinceDay } from "./query_changes.ts";
 * assert.equal(sinceDay(" 2025-03-01 "), "2025-03-01");
 * assert.throws(() => sinceDay("2025-02-30"), /^UsageError: --changed-since must be a day written YYYY-MM-DD/);
 * ```
 */
export function sinceDay(raw: string): string {
  const r = parseSince(raw);
  if (r.ok && r.value !== null) return r.value;
  const detail = r.ok
    ? 'since must be a day written YYYY-MM-DD, such as 2025-03-03; got ""'
    : r.detail;
  throw new UsageError(`${CHANGED_SINCE_FLAG} ${detail.replace(/^since /, "")}`);
}

/** How {@link writeChanges} writes. */
export interface ChangesOutput {
  /** A day, YYYY-MM-DD (see {@link sinceDay}). */
  since: string;
  format: "table" | "json" | "csv" | "tsv" | "ndjson";
  /** Every page (pages of `query.limit`) instead of `query.page`. */
  all: boolean;
  formulaGuard: boolean;
}

/** One change as the wire form writes it. */
type ChangeJson = ChangeListJson["changes"][number];

/**
 * Writes the changes since `o.since` that `query`'s filters find (its page
 * and limit, or every page), as an anonymous caller.
 */
export async function writeChanges(
  store: ClubStore,
  query: SearchQuery,
  o: ChangesOutput,
): Promise<void> {
  const limit = Math.min(query.limit, MAX_LIMIT);
  const meta = (page: number): ChangeListMeta => ({
    access: "locked",
    page,
    limit,
    since: o.since,
    baseUrl: null,
  });
  const read = (page: number): ChangeListJson => {
    const list: ChangeList = listChanges(store, query, { ...meta(page), since: o.since });
    return changeListJson(store, list, meta(page));
  };
  const first = read(o.all ? 1 : query.page);
  const bodies = function* () {
    yield first;
    if (!o.all) return;
    for (let page = 2; (page - 1) * limit < first.total; page++) yield read(page);
  };
  switch (o.format) {
    case "json":
      return o.all ? await allJson(bodies(), first) : await out(asciiJson(first) + "\n");
    case "ndjson":
      for (const body of bodies()) {
        if (body.changes.length) await out(body.changes.map(asciiJson).join("\n") + "\n");
      }
      return;
    case "table": {
      const changes = [...bodies()].flatMap((b) => b.changes);
      const shown = o.all ? { ...first, page: 1, limit: Math.max(changes.length, 1) } : first;
      return await out(await changeTable(changes, shown) + "\n");
    }
    default: {
      const delimited = await delimitedRowsWriter();
      // On a terminal, control characters are shown, not obeyed (as query's clubs).
      const show = Deno.stdout.isTerminal() ? safeText : undefined;
      let header = true;
      for (const body of bodies()) {
        const rows = body.changes.map(changeRow);
        await out(delimited(CHANGE_COLUMNS, rows, o.format, header, {
          show,
          formulaGuard: o.formulaGuard,
        }));
        header = false;
      }
    }
  }
}

/**
 * Every page as one body of the wire form, streamed: the changes, then the
 * snapshots they belong to; as if one page held them all.
 */
async function allJson(bodies: Iterable<ChangeListJson>, first: ChangeListJson): Promise<void> {
  await out(`{"changes":[`);
  let sep = "";
  const snapshots = new Map<number, ChangeListJson["snapshots"][number]>();
  for (const body of bodies) {
    for (const c of body.changes) {
      await out(sep + asciiJson(c));
      sep = ",";
    }
    for (const s of body.snapshots) snapshots.set(s.id, s);
  }
  const rest: Omit<ChangeListJson, "changes"> = {
    total: first.total,
    page: 1,
    limit: Math.max(first.total, 1),
    since: first.since,
    fee_access: first.fee_access,
    snapshots: [...snapshots.values()].sort((a, b) => b.id - a.id),
    kept: first.kept,
  };
  await out(`],${asciiJson(rest).slice(1)}\n`);
}

/**
 * The CSV/TSV columns: the wire form's fields, an object's fields under
 * `<name>_<field>` (`snapshot_date`, `club_name`), lists as JSON.
 */
export const CHANGE_COLUMNS: readonly string[] = Object.entries(ChangeJsonSchema.shape).flatMap((
  [name, schema],
) => schema instanceof z.ZodObject ? Object.keys(schema.shape).map((f) => `${name}_${f}`) : [name]);

/** One change's cells, in {@link CHANGE_COLUMNS} order. */
function changeRow(change: ChangeJson): unknown[] {
  return Object.values(change).flatMap((v): unknown[] =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.values(v) : [v]
  );
}

/**
 * The date and the name are kept whole; the place gives way first, then
 * the change is cut (never dropped: it is what the table is for).
 */
const CHANGE_TABLE: ColumnSpec[] = [
  { head: "DATE" },
  { head: "NAME", min: 20, cut: 3 },
  { head: "PLACE", min: 14, cut: 1, drop: 1 },
  { head: "CHANGE", min: 24, cut: 2 },
];

/**
 * The footer: where the page is, how to get the next one, and when the
 * history does not reach back to `since`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changesFooter } from "./query_changes.ts";
 * const kept = { snapshots: 2, newest: "2025-03-03", oldest: "2025-03-01" };
 * assert.equal(
 *   changesFooter(2, { total: 9, page: 1, limit: 2, since: "2025-02-01", kept }),
 *   "showing 1–2 of 9 changes since 2025-02-01 (next: --page 2)\n" +
 *     "the history kept goes back to 2025-03-01",
 * );
 * ```
 */
export function changesFooter(
  shown: number,
  body: Pick<ChangeListJson, "total" | "page" | "limit" | "since" | "kept">,
): string {
  const { total, page, limit, since, kept } = body;
  const lines: string[] = [];
  if (shown) {
    const first = (page - 1) * limit + 1;
    const last = first + shown - 1;
    const next = last < total ? ` (next: --page ${page + 1})` : "";
    const noun = total === 1 ? "change" : "changes";
    lines.push(`showing ${fmt(first)}–${fmt(last)} of ${fmt(total)} ${noun} since ${since}${next}`);
  } else if (total) {
    lines.push(`no changes on page ${fmt(page)} (${fmt(total)} in all; first page: --page 1)`);
  } else {
    lines.push(`no changes since ${since} to clubs these filters find`);
  }
  if (kept.oldest === null) {
    lines.push("this database has no history: each import records its changes from now on");
  } else if (since !== null && since < kept.oldest) {
    lines.push(`the history kept goes back to ${kept.oldest}`);
  }
  return lines.join("\n");
}

/** The changes as a table fitted to the terminal, in words, with the footer. */
async function changeTable(changes: readonly ChangeJson[], body: ChangeListJson): Promise<string> {
  const rows = changes.map((c) => [
    c.snapshot.date,
    c.club.name,
    [c.club.city, c.club.state, c.club.country].filter(Boolean).join(", "),
    c.words.join("; "),
  ]);
  const table = await renderTable(CHANGE_TABLE, rows, terminalColumns());
  return `${table}\n\n${changesFooter(changes.length, body)}`;
}
