/**
 * The directory's history on the website (docs/website.md#whats-new): a
 * change in plain words (core/history's `words`), with the fee figures
 * before and after only for members (the core reduces them for everyone
 * else to one "Fees updated"); a club's history on its profile; the mark
 * of a club the latest update added or changed on a results card; and the
 * addresses of the What's new page and the feed of a search.
 *
 * @example
 * ```ts ignore
 * import { historySection } from "./history.ts";
 * historySection("", clubHistory(store, record.id, "locked"), snapshots(store), "locked", here);
 * ```
 * @module
 */
import type { FeeAccess, FeeView } from "../../core/club/mod.ts";
import {
  type ChangeKind,
  type ClubChange,
  clubHistory,
  type SnapshotInfo,
  snapshots,
} from "../../core/history/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  dayText,
  dayTime,
  FEE_LABELS,
  humanize,
  markup,
  num,
  placeLine,
  queryComponent,
  type SafeHtml,
  type SearchLink,
  searchQuery,
} from "../html/mod.ts";

/** The filters of a search, without what only pages it (feeds and What's new take the filters). */
export function filtersOf(link: SearchLink): SearchLink {
  return { ...link, page: null, limit: null, sort: null };
}

/**
 * The address of the What's new page for a search's filters and page size
 * (not escaped).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changesUrl } from "./history.ts";
 * assert.equal(changesUrl("", { type: "golf", state: "Florida", page: 2 }), "/changes?type=golf&state=Florida");
 * assert.equal(changesUrl("/dir", { limit: 10 }, 3), "/dir/changes?limit=10&page=3");
 * ```
 */
export function changesUrl(root: string, link: SearchLink, page: number | null = null): string {
  // Its own page size is kept (paging through it); the order is always newest first.
  const query = searchQuery({ ...filtersOf(link), limit: link.limit ?? null, page });
  return `${root}/changes${query ? `?${query}` : ""}`;
}

/**
 * The address of a search's Atom feed (served by the feed route; not
 * escaped): the same filters as the results page, paging left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { feedUrl } from "./history.ts";
 * assert.equal(feedUrl("", { type: "golf", page: 3, limit: 10 }), "/clubs.atom?type=golf");
 * ```
 */
export function feedUrl(root: string, link: SearchLink): string {
  const query = searchQuery(filtersOf(link));
  return `${root}/clubs.atom${query ? `?${query}` : ""}`;
}

/**
 * The mark on a results card of a club the latest update added or
 * changed; empty for others.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { changeMark } from "./history.ts";
 * assert.equal(String(changeMark("added")), '<span class="tag mark">New</span>');
 * assert.equal(changeMark(undefined), null);
 * ```
 */
export function changeMark(kind: ChangeKind | undefined): SafeHtml | null {
  if (kind === "added") return markup`<span class="tag mark">New</span>`;
  if (kind === "changed") return markup`<span class="tag mark">Updated</span>`;
  return null;
}

/** A fee as a member reads it in a change: the figure or range, or why there is none. */
function feeText(view: FeeView | null | undefined): string {
  if (!view || view.kind === "none") return "not on file";
  if (view.kind === "locked") return "locked";
  return `${view.label ?? ""}${view.kind === "band" && view.estimate ? " (estimate)" : ""}`;
}

const FEE_NAMES = new Map<string, string>(
  FEE_LABELS.map(([key, label]) => [`fee_views.${key}`, label]),
);

/**
 * The fee lines of a change as the caller may see them: before → after for
 * each fee (members only: the core gives everyone else no figure, so
 * nothing here), the fee source and the currency.
 */
function feeLines(change: ClubChange): [string, string][] {
  const out: [string, string][] = [];
  for (const f of change.fields) {
    const name = FEE_NAMES.get(f.field);
    if (name !== undefined) {
      out.push([name, `${feeText(f.old as FeeView)} → ${feeText(f.new as FeeView)}`]);
    } else if (f.field === "fee_tier" || f.field === "currency") {
      const word = (v: unknown) =>
        v === null ? "none" : f.field === "currency" ? String(v) : humanize(String(v));
      out.push([
        f.field === "currency" ? "Currency" : "Fee source",
        `${word(f.old)} → ${word(f.new)}`,
      ]);
    }
  }
  return out;
}

/**
 * A change in words: its sentences ("Opened for applications", "Fees
 * updated") and, for a member, the fees before and after.
 *
 * @example
 * ```ts ignore
 * changeBody(change); // <p class="said">Opened for applications · Fees updated</p>…
 * ```
 */
export function changeBody(change: ClubChange): SafeHtml {
  const said = markup`<p class="said">${change.words.join(" · ")}</p>`;
  const fees = feeLines(change).map(([k, v]) =>
    markup`
      <dt>${k}</dt>
      <dd>${v}</dd>
    `
  );
  return fees.length ? markup`${said}<dl class="feechange">${fees}</dl>` : said;
}

/** Whether a list of changes hides fee figures from this caller (a "Fees updated" without them). */
export function hidesFees(changes: readonly ClubChange[], access: FeeAccess): boolean {
  return access !== "exact" && changes.some((c) => c.fields.some((f) => f.field === "fees"));
}

/**
 * The note under a list with fee changes the caller may not see in figures:
 * members see them; an anonymous visitor gets the sign-in link.
 */
export function feesNote(root: string, access: FeeAccess, here: string): SafeHtml {
  const words = "“Fees updated” shows no figure: members see the fees before and after.";
  if (access !== "locked") return markup`<p class="muted">${words}</p>`;
  const signIn = markup`<a href="${root}/sign-in?next=${queryComponent(here)}">Sign in</a>`;
  return markup`<p class="muted">${words} ${signIn}</p>`;
}

/** What a profile shows of its club's history. */
export interface ProfileHistory {
  /** The club's changes, newest first, as the caller may see fees. */
  changes: ClubChange[];
  /** The updates the directory keeps, newest first. */
  kept: SnapshotInfo[];
}

/**
 * A club's history for its profile (an index lookup: a few rows per kept update).
 *
 * @example
 * ```ts ignore
 * profileHistory(store, record.id, "exact").changes[0]?.words; // ["Opened for applications"]
 * ```
 */
export function profileHistory(store: ClubStore, id: string, access: FeeAccess): ProfileHistory {
  return { changes: clubHistory(store, id, access), kept: snapshots(store) };
}

/**
 * A club's history on its profile: each kept update that added or changed
 * it, newest first, in words. Nothing when the directory keeps no history;
 * a sentence when nothing changed since the history began.
 */
export function historySection(
  root: string,
  { changes, kept }: ProfileHistory,
  access: FeeAccess,
  here: string,
): SafeHtml | null {
  const since = kept.at(-1);
  if (since === undefined) return null;
  const from = dayText(since.date);
  const items = changes.map((c) =>
    markup`<li><h3>${dayTime(c.snapshot.date)}</h3>${changeBody(c)}</li>`
  );
  const note = hidesFees(changes, access) ? feesNote(root, access, here) : null;
  const body = changes.length
    ? markup`<ol class="history">${items}</ol>${note}`
    : markup`<p class="muted">No change since ${from}, when the directory's history begins.</p>`;
  const updates = kept.length === 1 ? "1 update" : `${num(kept.length)} updates`;
  const all = markup`<a href="${root}/changes">What's new in the directory</a>`;
  const back = markup`<p class="muted">The history goes back to ${from} (${updates}). ${all}</p>`;
  const heading = markup`<h2 id="history">History</h2>`;
  return markup`<section aria-labelledby="history">${heading}${body}${back}</section>`;
}

/** A changed club's type and place, in one line. */
export function whereLine(change: ClubChange): string {
  const { type } = change.club;
  return [type === null ? null : humanize(type), placeLine(change.club) || null]
    .filter((p) => p !== null).join(" · ");
}
