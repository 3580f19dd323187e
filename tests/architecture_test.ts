/**
 * The architecture as docs/architecture.md states it, checked on the real
 * module graph (every relative `import`/`export … from` of every file, type
 * imports included; `import()` only where named as lazy):
 *
 * - outside `core/`, code reaches a part of `core/` only through its door
 *   (`core/<part>/mod.ts`);
 * - inside `core/`, a part imports only parts below it in {@link CORE_LAYERS};
 * - `core/` never imports `server/`, `cli/`, `bench/` or `tests/`; `server/`
 *   never imports `cli/`; product code never imports `bench/` or `tests/`;
 *   `bench/` never imports `tests/` (tests may test the bench);
 * - a private file (`_name.ts`, as in Deno std) of `core/`, `server/` or `cli/`
 *   is imported only from its own folder: e.g. nothing outside
 *   `server/respond/` builds the collected headers into a response or marks
 *   its coding as chosen (`_headers.ts`, `_negotiated.ts`), so every fast
 *   response goes out through `send` or `sendCached`;
 * - no cycle between files;
 * - no product file is over {@link MAX_LINES} lines (one concern per file),
 *   but the ones {@link OVER_MAX_LINES} still names: a list that only shrinks.
 */
import { fileURLToPath } from "node:url";
import { assertEquals } from "./_assert.ts";

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

/** One import edge: the importing file, the imported file, and whether only types cross it. */
interface Edge {
  from: string;
  to: string;
  line: number;
}

const STATIC =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/gm;

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = dir === "" ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory && !e.name.startsWith(".") && e.name !== "node_modules") yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

function resolve(from: string, spec: string): string {
  return new URL(spec, `file:///${from}`).pathname.slice(1);
}

async function edges(): Promise<Edge[]> {
  const out: Edge[] = [];
  for await (const file of tsFiles("")) {
    const text = await Deno.readTextFile(`${ROOT}${file}`);
    for (const m of text.matchAll(STATIC)) {
      const line = text.slice(0, m.index).split("\n").length;
      out.push({ from: file, to: resolve(file, m[1]!), line });
    }
  }
  return out;
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

Deno.test("no product file is over 450 lines but the ones still listed to split, and a listed file split below it leaves the list", async () => {
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
