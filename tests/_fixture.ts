/**
 * Test helper: a directory database built from the hand-made fixture CSV
 * (tests/fixtures/clubs.csv, 30 clubs with known answers) in a temp dir.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { importCsv, openSource } from "../core/import/import.ts";
import { ClubStore } from "../core/store/store.ts";

/** Path of the fixture CSV. */
export const FIXTURE_CSV = fileURLToPath(new URL("./fixtures/clubs.csv", import.meta.url));

/** A fixture database in a fresh temp dir; `dispose()` removes it. */
export async function fixtureDb(csv: string = FIXTURE_CSV): Promise<{
  dir: string;
  path: string;
  store: ClubStore;
  [Symbol.asyncDispose](): Promise<void>;
}> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-test-" });
  const path = `${dir}/clubs.db`;
  await importCsv(openSource(csv).stream, { dbPath: path, source: "fixture" });
  const store = ClubStore.open(path);
  return {
    dir,
    path,
    store,
    async [Symbol.asyncDispose]() {
      store.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** Writes CSV text to a temp file and returns its path. */
export async function csvFile(text: string, dir?: string): Promise<string> {
  const d = dir ?? await Deno.makeTempDir({ prefix: "clubdir-csv-" });
  const p = `${d}/input.csv`;
  await Deno.writeTextFile(p, text);
  return p;
}

/**
 * A fixture database shared by a whole test module, removed when the test
 * process unloads (module-level `await using` would dispose it too early).
 */
export async function sharedFixtureDb(
  csv: string = FIXTURE_CSV,
): Promise<Awaited<ReturnType<typeof fixtureDb>>> {
  const fx = await fixtureDb(csv);
  globalThis.addEventListener("unload", () => {
    fx.store.close();
    Deno.removeSync(fx.dir, { recursive: true });
  });
  return fx;
}
