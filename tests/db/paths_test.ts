import { DatabaseSync } from "node:sqlite";
import { assertEquals, ok } from "../_assert.ts";
import { ensureDatabase } from "../../db/paths.ts";
import { ClubStore } from "../../db/store.ts";

Deno.test("ensureDatabase() rebuilds a database of an older layout from the bundled snapshot", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/clubs.db`;
  const old = new DatabaseSync(path);
  old.exec(
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '1')",
  );
  old.close();
  const lines: string[] = [];
  assertEquals(await ensureDatabase(path, (l) => lines.push(l)), true);
  ok(lines[0]!.includes("layout version 1"), lines[0]);
  const store = ClubStore.open(path);
  ok(store.keys.size >= 39_000);
  store.close();
  // Now current: nothing to do.
  assertEquals(await ensureDatabase(path), false);
  await Deno.remove(dir, { recursive: true });
});
