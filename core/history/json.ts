/**
 * The history's one wire form (core/schema/changes.ts `ChangeListSchema`),
 * for `GET /api/v1/changes`, the MCP tool `list_changes` and `query
 * --changed-since --format json`: snake_case like the rest of the API, the
 * snapshots of a page listed once, each club with its profile link (none
 * for a removed club, whose page is gone).
 *
 * @example
 * ```ts ignore
 * const list = listChanges(store, q, { access: "locked", page: 1, limit: 20 });
 * changeListJson(store, list, { access: "locked", page: 1, limit: 20, since: null, baseUrl });
 * ```
 * @module
 */
import type { FeeAccess } from "../club/mod.ts";
import { clubUrl } from "../club/mod.ts";
import type { ChangeListJson } from "../schema/mod.ts";
import type { ClubStore } from "../store/mod.ts";
import type { ChangeList } from "./list.ts";
import { snapshots } from "./read.ts";
import type { SnapshotInfo } from "./types.ts";

/** What the body states besides the changes. */
export interface ChangeListMeta {
  access: FeeAccess;
  page: number;
  limit: number;
  since: string | null;
  /** The site's base URL for profile links; null leaves them out. */
  baseUrl: string | null;
}

/** A snapshot as the wire form writes it. */
export function snapshotJson(s: SnapshotInfo): ChangeListJson["snapshots"][number] {
  return {
    id: s.id,
    date: s.date,
    source: s.source,
    imported_at: s.importedAt,
    added: s.added,
    removed: s.removed,
    changed: s.changed,
    compared: s.compared,
    complete: s.complete,
  };
}

/** A page of changes in the wire form. */
export function changeListJson(
  store: ClubStore,
  list: ChangeList,
  meta: ChangeListMeta,
): ChangeListJson {
  const seen = new Map<number, SnapshotInfo>();
  for (const c of list.changes) seen.set(c.snapshot.id, c.snapshot);
  const all = snapshots(store);
  return {
    changes: list.changes.map((c) => ({
      snapshot: { id: c.snapshot.id, date: c.snapshot.date },
      kind: c.kind,
      club: {
        ...c.club,
        url: c.kind === "removed" || meta.baseUrl === null
          ? null
          : clubUrl(meta.baseUrl, c.club.slug),
      },
      fields: c.fields,
      words: c.words,
    })),
    total: list.total,
    page: meta.page,
    limit: meta.limit,
    since: meta.since,
    fee_access: meta.access,
    snapshots: [...seen.values()].sort((a, b) => b.id - a.id).map(snapshotJson),
    kept: {
      snapshots: all.length,
      newest: all[0]?.date ?? null,
      oldest: all.at(-1)?.date ?? null,
    },
  };
}
