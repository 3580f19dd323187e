import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../_assert.ts";
import { run } from "../_run.ts";

/** The modules `root` loads before it runs: its static imports, transitively (not `import()`). */
async function staticGraph(root: string): Promise<Set<string>> {
  const { code, stdout, stderr } = await run(["info", "--json", root]);
  assertEquals(code, 0, stderr);
  const info = JSON.parse(stdout) as {
    roots: string[];
    modules: {
      specifier: string;
      dependencies?: { isDynamic?: boolean; code?: { specifier: string } }[];
    }[];
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const todo = [...info.roots];
  while (todo.length) {
    const specifier = todo.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (!dep.isDynamic && dep.code) todo.push(dep.code.specifier);
    }
  }
  return seen;
}

Deno.test("a server loads no ISO 3166 tables: names come from the snapshot (list_locations loads them for a country without clubs)", async () => {
  const root = fileURLToPath(new URL("../../server/listen.ts", import.meta.url));
  const graph = await staticGraph(root);
  assert(graph.size > 50, `${graph.size} modules`);
  const iso = [...graph].filter((s) => /iso-3166|i18n-iso-countries|places\/geo\.ts/.test(s));
  assertEquals(iso, []);
});
