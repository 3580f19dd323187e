/**
 * The What's new page, `GET /changes?<the filters of the results page>`:
 * the changes of the directory's kept updates (core/history's
 * `listChanges`) to the clubs a search's type, place, name and membership
 * filters find, newest update first and in name order within one, a page
 * at a time, in plain words ("New in Florida", "Opened for applications",
 * "Closed its waitlist"); fee figures before and after for members only.
 * Each club links to its profile (a removed one has none), and the page
 * links the same search's results and its Atom feed.
 *
 * @example
 * ```ts ignore
 * import { changesPage } from "./changes.ts";
 * const { html } = changesPage(deps, store, search, "locked");
 * ```
 * @module
 */
import type { FeeAccess } from "../../core/club/mod.ts";
import {
  type ClubChange,
  listChanges,
  type SnapshotInfo,
  snapshots,
} from "../../core/history/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  dayText,
  dayTime,
  joinHtml,
  markup,
  num,
  pageShell,
  plural,
  profileUrl,
  type SafeHtml,
  type SearchLink,
  searchQuery,
  searchUrl,
} from "../html/mod.ts";
import type { SiteDeps } from "./deps.ts";
import { describe, filterWords } from "./describe.ts";
import {
  changeBody,
  changesUrl,
  feedUrl,
  feesNote,
  filtersOf,
  hidesFees,
  whereLine,
} from "./history.ts";
import { pager } from "./pager.ts";
import type { SiteSearch } from "./search.ts";

/** The title of a search's feed, as feed readers list it. */
export function feedTitle(link: SearchLink): string {
  const scope = describe(filtersOf(link));
  return `${scope === "Clubs" ? "Every club" : scope}: new and changed (Atom)`;
}

/** What the whole update did to the directory, beside the changes a search keeps of it. */
function updateLine(s: SnapshotInfo): SafeHtml {
  const counts = [
    s.added ? `${num(s.added)} added` : null,
    s.changed ? `${num(s.changed)} changed` : null,
    s.removed ? `${num(s.removed)} removed` : null,
  ].filter((c) => c !== null);
  return markup`<p class="muted">In the whole directory: ${
    counts.length ? counts.join(", ") : "no change"
  }.${
    s.complete ? null : " Only part of this update's changes is kept (the history's size limit)."
  }</p>`;
}

function changeItem(root: string, change: ClubChange): SafeHtml {
  const { club } = change;
  const name = change.kind === "removed"
    ? markup`${club.name}`
    : markup`<a href="${profileUrl(root, club.slug)}">${club.name}</a>`;
  const where = whereLine(change);
  return markup`<li class="change"><h3>${name}</h3>${
    where ? markup`<p class="where">${where}</p>` : null
  }${changeBody(change)}</li>`;
}

/** The changes of a page, in one section per update. */
function groups(root: string, changes: readonly ClubChange[]): SafeHtml[] {
  const out: SafeHtml[] = [];
  for (let i = 0; i < changes.length;) {
    const s = changes[i]!.snapshot;
    let j = i;
    while (j < changes.length && changes[j]!.snapshot.id === s.id) j++;
    const id = `update-${s.id}`;
    const heading = markup`<h2 id="${id}">Update of ${dayTime(s.date)}</h2>`;
    const items = changes.slice(i, j).map((c) => changeItem(root, c));
    const list = markup`<ol class="changes">${items}</ol>`;
    out.push(markup`<section aria-labelledby="${id}">${heading}${updateLine(s)}${list}</section>`);
    i = j;
  }
  return out;
}

/** Why a search shows no change: no history yet, or none to these clubs. */
function nothing(root: string, kept: readonly SnapshotInfo[], filtered: boolean): SafeHtml {
  const first = kept.at(-1);
  if (first === undefined) {
    return markup`<p>This directory keeps no history yet: changes show here from its next update.</p>`;
  }
  if (!kept.some((s) => s.compared)) {
    return markup`<p>The directory's history begins with its snapshot of ${
      dayTime(first.date)
    }: changes show here from its next update.</p>`;
  }
  const all = filtered
    ? markup`
      <a href="${root}/changes">See every change</a>.
    `
    : null;
  return markup`<p>No change to these clubs since ${dayTime(first.date)}.${all}</p>`;
}

/**
 * The What's new page for a search, as a caller with `access` sees it.
 *
 * @example
 * ```ts ignore
 * import { changesPage } from "./changes.ts";
 * changesPage(deps, store, search, "exact").total; // changes across pages
 * ```
 */
export function changesPage(
  deps: SiteDeps,
  store: ClubStore,
  search: SiteSearch,
  access: FeeAccess,
): { html: string; total: number } {
  const { root } = deps;
  const { link, query } = search;
  const kept = snapshots(store);
  const list = listChanges(store, query, { access, page: query.page, limit: query.limit });
  const last = Math.max(1, Math.ceil(list.total / query.limit));
  const filters = filtersOf(link);
  const filtered = searchQuery(filters) !== "";
  const scope = describe(filters);
  const title = filtered ? `What's new: ${scope}` : "What's new";
  const here = changesUrl(root, link, query.page > 1 ? query.page : null);
  const first = (query.page - 1) * query.limit + 1;
  const since = kept.at(-1);
  const summary = list.total === 0
    ? "No change to show."
    : list.changes.length === 0
    ? `Page ${num(query.page)} is past the end: ${plural(list.total, "change")} on ${
      plural(last, "page")
    }.`
    : `${plural(list.total, "change")} since ${dayText(since!.date)} · showing ${num(first)}–${
      num(first + list.changes.length - 1)
    }`;
  const membership = link.waitlist?.length
    ? markup`<p class="muted">${filterWords(link, "waitlist")}</p>`
    : null;
  const body = list.total === 0
    ? nothing(root, kept, filtered)
    : list.changes.length === 0
    ? markup`<p><a href="${changesUrl(root, link, last)}">Go to the last page (page ${
      num(last)
    })</a></p>`
    : markup`${groups(root, list.changes)}${
      hidesFees(list.changes, access) ? feesNote(root, access, here) : null
    }`;
  const results = markup`<a href="${searchUrl(root, filters)}">See these clubs</a>`;
  const feed = markup`<a href="${
    feedUrl(root, link)
  }" type="application/atom+xml">Follow this search</a>`;
  const every = filtered
    ? markup`
      · <a href="${root}/changes">Every change</a>
    `
    : null;
  const pages = pager((p) => changesUrl(root, link, p), query.page, last);
  const main = joinHtml([
    markup`<h1>${title}</h1>`,
    markup`<p class="lede" role="status">${summary}</p>`,
    membership,
    markup`<p class="follow">${results} · ${feed} (Atom feed)${every}</p>`,
    body,
    // No pager for one page: an empty line, as ever.
    pages ?? markup``,
  ], "\n");
  const page = pageShell({
    title: query.page > 1 ? `${title}, page ${num(query.page)}` : title,
    main,
    root,
    siteName: deps.name,
    description: `${title}: clubs new, changed and removed in the ${deps.name}'s latest updates.`,
    account: access,
    here,
    feed: { url: feedUrl(root, link), title: feedTitle(link) },
  });
  return { html: page, total: list.total };
}
