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
  const more = suggestions.length ? `,"suggestions":${asciiJson(suggestions)}` : "";
  const after = `],"total":${page.total},"fee_access":"${access}"${more}}`;
  return access === "locked"
    ? store.anonymousJsonList(page.ranks, '{"clubs":[', after)
    : `{"clubs":[${clubJsonItems(store, page.ranks, access).join(",")}${after}`;
}
