/**
 * Helpers for the import suites: the error an import fails with, and every
 * club of a database an import built.
 *
 * @example
 * ```ts ignore
 * import { importFailure, importedClubs } from "./_helpers.ts";
 * const e = await importFailure(importSnapshot(source, { dbPath }));
 * importedClubs(dbPath).map((c) => c.name);
 * ```
 * @module
 */
import { ImportError } from "../../../core/import/build/import.ts";
import { ClubStore } from "../../../core/store/store.ts";
import { search } from "../../../core/search/search.ts";
import { assert } from "../../_assert.ts";

/** The {@link ImportError} `p` rejects with; fails when it resolves or rejects with anything else. */
export async function importFailure(p: Promise<unknown>): Promise<ImportError> {
  try {
    await p;
  } catch (e) {
    assert(e instanceof ImportError, String(e));
    return e;
  }
  throw new Error("expected the import to fail");
}

/** The clubs of the database at `dbPath` (up to 200), in the search's order. */
export function importedClubs(dbPath: string) {
  const store = ClubStore.open(dbPath);
  try {
    const r = search(store, { limit: "200" });
    assert(r.ok);
    return r.value.clubs;
  } finally {
    store.close();
  }
}
