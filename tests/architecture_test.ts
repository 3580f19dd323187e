// Test tier: integration (runs `deno info` for the module graph; see tests/tiers.ts).
/**
 * The architecture as docs/architecture.md states it, checked on Deno's own
 * module graph (`deno info --json` over every file of `core/`, `server/`,
 * `cli/`, `bench/`, `data/` and `main.ts`): static imports, type imports and
 * dynamic `import()` alike, each dynamic one named in {@link LAZY_LOADS}:
 *
 * - outside `core/`, code reaches a part of `core/` only through its door
 *   (`core/<part>/mod.ts`);
 * - inside `core/`, a part imports only parts below it in {@link CORE_LAYERS};
 * - inside `server/`, a folder imports only folders below it in
 *   {@link SERVER_LAYERS};
 * - `core/` never imports `server/`, `cli/`, `bench/` or `tests/`; `server/`
 *   never imports `cli/`; product code never imports `bench/` or `tests/`;
 *   `bench/` never imports `tests/` (tests may test the bench);
 * - a private file (`_name.ts`, as in Deno std) of `core/`, `server/` or `cli/`
 *   is imported only from its own folder: e.g. nothing outside
 *   `server/respond/` builds the collected headers into a response or marks
 *   its coding as chosen (`_headers.ts`, `_negotiated.ts`), so every fast
 *   response goes out through `send` or `sendCached`;
 * - no cycle between files, lazy loads included;
 * - every lazy load (`import()` of a project file) is one of
 *   {@link LAZY_LOADS}, and every one listed is still there;
 * - no product file is over {@link MAX_LINES} lines (one concern per file),
 *   but the ones {@link OVER_MAX_LINES} still names: a list that only shrinks.
 */
import { fileURLToPath } from "node:url";
import { assertEquals } from "./_assert.ts";
import { run } from "./_run.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * The parts of `core/`, lowest first: a part may import the parts before it.
 * Parts on one line (an array) are one layer and may not import each other.
 */
const CORE_LAYERS: (string | string[])[] = [
  "model",
  "schema",
  "club",
  "redis",
  "store",
  "places",
  "stats",
  "search",
  "facets",
  "rates",
  "history",
  ["import", "sessions"],
];

/**
 * The deliberate lazy loads, `from -> to`: a module loaded only when the
 * code that needs it runs, to keep a start-up path light. A new `import()`
 * of a project file must be added here, with its reason in a comment at the
 * call.
 */
const LAZY_LOADS: readonly string[] = [
  // Each command's module loads only when it runs (cli/commands.ts).
  ...["serve", "query", "import", "export", "mcp", "session"].map((c) =>
    `cli/commands.ts -> cli/${c}.ts`
  ),
  // `query` prints its first answer before loading the table and text code.
  "cli/query.ts -> cli/output/club_table.ts",
  "cli/query.ts -> cli/output/hints.ts",
  "cli/query.ts -> cli/output/table.ts",
  "cli/query.ts -> core/import/mod.ts",
  "cli/query.ts -> core/model/mod.ts",
  // `query --changed-since` (the history) only when the flag is given.
  "cli/query.ts -> cli/query_changes.ts",
  // The importer (parsers, workers, places) loads only when an import runs.
  "core/import/mod.ts -> core/import/build/import.ts",
  "core/import/mod.ts -> core/import/export.ts",
  "core/import/build/bundled.ts -> core/import/build/import.ts",
  "core/import/build/bundled.ts -> core/rates/mod.ts",
  // The ISO 3166 tables (6 MB of heap) only for a country the snapshot lacks.
  "core/places/mod.ts -> core/places/geo.ts",
  // node-redis only when sessions or rate limits live in Redis.
  "core/sessions/backend.ts -> core/sessions/redis.ts",
  "core/sessions/backend.ts -> core/sessions/redis_mirror.ts",
  "server/http/rate_store.ts -> server/http/redis_rate_store.ts",
  // `--version` reads deno.json; nothing else at start-up does.
  "main.ts -> core/model/mod.ts",
];

/** One import edge: the importing file, the imported file, where, and whether it is lazy. */
interface Edge {
  from: string;
  to: string;
  line: number;
  lazy: boolean;
}

/** Where the graph starts: every file the rules speak of (tests are left out). */
const SOURCES = ["core", "server", "cli", "bench", "data"];

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = dir === "" ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory && !e.name.startsWith(".") && e.name !== "node_modules") yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

interface InfoDependency {
  code?: { specifier?: string; span?: { start: { line: number } } };
  type?: { specifier?: string; span?: { start: { line: number } } };
  isDynamic?: boolean;
}

let graph: Promise<Edge[]> | null = null;

/** Every edge between project files, from `deno info --json`, read once per run. */
function edges(): Promise<Edge[]> {
  return graph ??= (async () => {
    const files = ["main.ts"];
    for (const dir of SOURCES) for await (const f of tsFiles(dir)) files.push(f);
    const dir = await Deno.makeTempDir({ prefix: "clubdir-graph-" });
    try {
      // One root that imports every file: one `deno info` run sees them all.
      const root = `${dir}/root.ts`;
      await Deno.writeTextFile(
        root,
        files.map((f) => `import "${new URL(f, `file://${ROOT}`).href}";`).join("\n"),
      );
      const out = await run(["info", "--json", "--config", `${ROOT}dev.json`, root]);
      if (out.code !== 0) throw new Error(out.stderr);
      const info = JSON.parse(out.stdout) as {
        modules: { specifier: string; dependencies?: InfoDependency[] }[];
      };
      const local = (specifier: string | undefined) =>
        specifier?.startsWith(`file://${ROOT}`) ? specifier.slice(`file://${ROOT}`.length) : null;
      const found: Edge[] = [];
      for (const m of info.modules) {
        const from = local(m.specifier);
        if (from === null) continue;
        for (const d of m.dependencies ?? []) {
          for (const side of [d.code, d.type]) {
            const to = local(side?.specifier);
            if (to === null) continue;
            const line = (side?.span?.start.line ?? 0) + 1;
            found.push({ from, to, line, lazy: d.isDynamic === true });
          }
        }
      }
      return found;
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  })();
}

const top = (path: string) => path.includes("/") ? path.slice(0, path.indexOf("/")) : path;
const corePart = (path: string) => path.startsWith("core/") ? path.split("/")[1]! : null;

function layerOf(part: string): number {
  const i = CORE_LAYERS.findIndex((l) => Array.isArray(l) ? l.includes(part) : l === part);
  if (i < 0) throw new Error(`core/${part}/ is not in CORE_LAYERS: add it at its layer`);
  return i;
}

const FORBIDDEN: Record<string, string[]> = {
  core: ["server", "cli", "bench", "tests", "main.ts"],
  server: ["cli", "bench", "tests", "main.ts"],
  cli: ["bench", "tests", "main.ts"],
  "main.ts": ["bench", "tests"],
  bench: ["tests"],
};

Deno.test("outside core/, code imports a part of core/ only through its door", async () => {
  const bad = (await edges()).filter((e) =>
    top(e.from) !== "core" && top(e.from) !== "tests" && corePart(e.to) !== null &&
    !e.to.endsWith("/mod.ts")
  );
  assertEquals(bad.map((e) => `${e.from}:${e.line} -> ${e.to}`), []);
});

Deno.test("inside core/, a part imports only the parts below it", async () => {
  const bad: string[] = [];
  for (const e of await edges()) {
    const a = corePart(e.from);
    const b = corePart(e.to);
    if (a === null || b === null || a === b) continue;
    if (layerOf(b) >= layerOf(a)) bad.push(`${e.from}:${e.line} -> ${e.to}`);
  }
  assertEquals(bad, []);
});

/**
 * The folders of `server/`, lowest first, as `core/`'s parts: a folder may
 * import the folders before it; folders in one array are one layer and may
 * not import each other. The root files sit at their own places: `options.ts`
 * and `config.ts` (the option table and the app's configuration type) low,
 * `app.ts` (the app, built of every folder) near the top, under `runtime/`
 * (which serves it). The website's pages sit below the API routes, which
 * answer a browser's profile request with them.
 */
const SERVER_LAYERS: (string | string[])[] = [
  "html",
  "http",
  "respond",
  "metrics",
  "middleware",
  "config.ts",
  "site",
  ["routes", "mcp"],
  "openapi",
  "app.ts",
  "options.ts",
  "runtime",
];

const serverPart = (path: string) =>
  path.startsWith("server/") ? path.slice("server/".length).split("/")[0]! : null;

function serverLayerOf(part: string): number {
  const i = SERVER_LAYERS.findIndex((l) => Array.isArray(l) ? l.includes(part) : l === part);
  if (i < 0) throw new Error(`server/${part} is not in SERVER_LAYERS: add it at its layer`);
  return i;
}

Deno.test("inside server/, a folder imports only the folders below it", async () => {
  const bad: string[] = [];
  for (const e of await edges()) {
    const a = serverPart(e.from);
    const b = serverPart(e.to);
    if (a === null || b === null || a === b) continue;
    if (serverLayerOf(b) >= serverLayerOf(a)) bad.push(`${e.from}:${e.line} -> ${e.to}`);
  }
  assertEquals(bad, []);
});

Deno.test("every lazy load of a project file is a named one, and every named one is still there", async () => {
  const lazy = new Set((await edges()).filter((e) => e.lazy).map((e) => `${e.from} -> ${e.to}`));
  assertEquals(
    [...lazy].filter((l) => !LAZY_LOADS.includes(l)).sort(),
    [],
    "name it in LAZY_LOADS",
  );
  assertEquals(LAZY_LOADS.filter((l) => !lazy.has(l)), [], "gone: take it off LAZY_LOADS");
});

Deno.test("no folder imports a folder above it (core, server, cli, bench, tests)", async () => {
  const bad = (await edges()).filter((e) => (FORBIDDEN[top(e.from)] ?? []).includes(top(e.to)));
  assertEquals(bad.map((e) => `${e.from}:${e.line} -> ${e.to}`), []);
});

Deno.test("a private file (_name.ts) of core/, server/ or cli/ is imported only from its own folder", async () => {
  const bad = (await edges()).filter((e) => {
    const slash = e.to.lastIndexOf("/");
    if (!["core", "server", "cli"].includes(top(e.to)) || e.to[slash + 1] !== "_") return false;
    return !e.from.startsWith(e.to.slice(0, slash + 1));
  });
  assertEquals(bad.map((e) => `${e.from}:${e.line} -> ${e.to}`), []);
});

Deno.test("no import cycle between files", async () => {
  const graph = new Map<string, string[]>();
  for (const e of await edges()) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  assertEquals(cycles(graph), []);
});

/** The most lines a product file (`core/`, `server/`, `cli/`, `main.ts`) may have (issue 31). */
const MAX_LINES = 450;

/**
 * The product files still over {@link MAX_LINES}, each to be split by its
 * concerns. Nothing may be added: a file split below the limit must leave
 * the list (the test says so), so the list only shrinks.
 */
const OVER_MAX_LINES: string[] = [];

/** The lines of a text file; a last line without a line feed counts too. */
function lineCount(text: string): number {
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") || text === "" ? breaks : breaks + 1;
}

Deno.test("no product file is over 450 lines but those still listed, and a split one leaves the list", async () => {
  const over: string[] = [];
  for await (const file of tsFiles("")) {
    const product = file === "main.ts" || ["core", "server", "cli"].includes(top(file));
    if (!product) continue;
    const lines = lineCount(await Deno.readTextFile(`${ROOT}${file}`));
    if (lines > MAX_LINES) over.push(file);
  }
  assertEquals(
    over.filter((f) => !OVER_MAX_LINES.includes(f)).sort(),
    [],
    `split these below ${MAX_LINES} lines by concern`,
  );
  assertEquals(
    OVER_MAX_LINES.filter((f) => !over.includes(f)).sort(),
    [],
    `these are no longer over ${MAX_LINES} lines (or are gone): take them off OVER_MAX_LINES`,
  );
});

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The tree in docs/architecture.md's "Layers" section: its lines, as written. */
async function docTree(): Promise<string[]> {
  const doc = await Deno.readTextFile(`${ROOT}docs/architecture.md`);
  const layers = doc.slice(doc.indexOf("## Layers"));
  return layers.slice(layers.indexOf("```") + 3, layers.indexOf("```", layers.indexOf("```") + 3))
    .split("\n");
}

Deno.test("docs/architecture.md names every folder of core/ and server/, and every rule of this test", async () => {
  const tree = await docTree();
  const missing: string[] = [];
  for (const top of ["core", "server"]) {
    const start = tree.findIndex((l) => l.startsWith(`${top}/`));
    const end = tree.findIndex((l, i) => i > start && /^\S/.test(l));
    const named = tree.slice(start + 1, end).map((l) => /^ {2}([a-z_]+)\/ /.exec(l)?.[1]);
    for await (const e of Deno.readDir(`${ROOT}${top}`)) {
      if (e.isDirectory && !named.includes(e.name)) missing.push(`${top}/${e.name}/`);
    }
  }
  const doc = await Deno.readTextFile(`${ROOT}docs/architecture.md`);
  const self = await Deno.readTextFile(fileURLToPath(import.meta.url));
  for (const m of self.matchAll(/^Deno\.test\("([^"]+)"/gm)) {
    if (!doc.includes(`\n- ${m[1]}\n`)) missing.push(`the rule "${m[1]}"`);
  }
  assertEquals(missing, []);
});
