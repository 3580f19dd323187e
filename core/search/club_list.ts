/**
 * The ClubList body (docs/api.md#clublist-club-and-feeview) as JSON text. Anonymous bodies are assembled
 * from club JSON precomputed at import, so the REST hot path and
 * `query --format json` do no per-club work; other access levels render
 * from the records.
 *
 * @example
 * ```ts ignore
 * import { clubListJson } from "./club_list.ts";
 * const body = clubListJson(store, findPage(store, query), "locked");
 * ```
 * @module
 */
import type { FeeAccess } from "../club/mod.ts";
import { asciiJson } from "../model/json.ts";
import { toApiClub } from "../club/mod.ts";
import type { SearchPage } from "./search.ts";
import type { Suggestion } from "./suggest.ts";
import type { ClubStore } from "../store/store.ts";

/** The JSON of each club on a page, as a caller with `access` sees it. */
export function clubJsonItems(
  store: ClubStore,
  ranks: readonly number[],
  access: FeeAccess,
): string[] {
  return access === "locked"
    ? store.anonymousJson(ranks)
    : store.records(ranks).map((r) => asciiJson(toApiClub(r, access)));
}

/**
 * The full ClubList body for a page (ASCII-only JSON), with `suggestions`
 * when there are any (a search that found nothing; see suggest.ts).
 */
export function clubListJson(
  store: ClubStore,
  page: SearchPage,
  access: FeeAccess,
  suggestions: readonly Suggestion[] = [],
): string {
  const after = afterClubs(page, access, suggestions, "");
  return access === "locked"
    ? store.anonymousJsonList(page.ranks, '{"clubs":[', after)
    : `{"clubs":[${clubJsonItems(store, page.ranks, access).join(",")}${after}`;
}

/**
 * The ClubList body of {@link clubListJson} with `members` (JSON members,
 * each led by a comma, such as `,"facets":{…}`) added last, as UTF-8 bytes
 * when the anonymous JSON is held in memory (no string is made; the bytes
 * are valid until the next body is assembled, see
 * `ClubStore.anonymousJsonListBytes`), else as the string.
 *
 * @example
 * ```ts ignore
 * import { clubListBody } from "./club_list.ts";
 * const body = clubListBody(store, findPage(store, query), "locked", [], ',"facets":{}');
 * ```
 */
export function clubListBody(
  store: ClubStore,
  page: SearchPage,
  access: FeeAccess,
  suggestions: readonly Suggestion[] = [],
  members = "",
): string | Uint8Array<ArrayBuffer> {
  const after = afterClubs(page, access, suggestions, members);
  if (access === "locked") {
    return store.anonymousJsonListBytes(page.ranks, '{"clubs":[', after) ??
      store.anonymousJsonList(page.ranks, '{"clubs":[', after);
  }
  return `{"clubs":[${clubJsonItems(store, page.ranks, access).join(",")}${after}`;
}

/** What follows a ClubList's clubs: `]`, the other members, `}`. */
function afterClubs(
  page: SearchPage,
  access: FeeAccess,
  suggestions: readonly Suggestion[],
  members: string,
): string {
  const more = suggestions.length ? `,"suggestions":${asciiJson(suggestions)}` : "";
  return `],"total":${page.total},"fee_access":"${access}"${more}${members}}`;
}
