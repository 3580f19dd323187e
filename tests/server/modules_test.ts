// Test tier: integration (sockets or child processes; see tests/tiers.ts).
import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../_assert.ts";
import { staticGraph } from "../_run.ts";

Deno.test("a server loads no ISO 3166 tables: names come from the snapshot (list_locations loads them for a country without clubs)", async () => {
  const root = fileURLToPath(new URL("../../server/runtime/mod.ts", import.meta.url));
  const graph = await staticGraph(root);
  assert(graph.size > 50, `${graph.size} modules`);
  const iso = [...graph].filter((s) => /iso-3166|i18n-iso-countries|places\/geo\.ts/.test(s));
  assertEquals(iso, []);
});
