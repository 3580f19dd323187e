/**
 * Every repository path a code comment names exists: `core/store/directory.ts`,
 * `server/routes/`, `docs/api.md#rate-limits` (the heading too), `./_source.ts`
 * beside the file and a path within its part, so a comment cannot keep
 * pointing at a file that moved.
 */
import { assertEquals } from "../_assert.ts";
import { anchorsOf } from "./_markdown.ts";
import { codeFiles, commentsOf, GENERATED, ROOT } from "./_source.ts";

/** The repository's top folders a path to a folder starts with. */
const TOP = ["core", "server", "cli", "bench", "data", "deploy", "docs", "tests", "_tools", ".ci"];

/** What a file name ends with, so that `e.g.` or `1.2.0` is never a path. */
const EXTENSIONS =
  "ts|js|mjs|json|md|sh|conf|service|csv|tsv|gz|zip|xml|ndjson|jsonl|sql|yml|yaml|txt|html|css|png|db";

/** Not inside a longer word, path or URL (`https://…/docs/x`, `node:fs/x`). */
const START = String.raw`(?<![\w./@:~-])`;
const SEGMENT = String.raw`[\w@][\w.@-]*\/`;
const NAME = String.raw`[\w@-]+(?:\.[\w-]+)*\.(?:${EXTENSIONS})`;
/** A file: relative (`./`, `../`) or under one folder at least, with a Markdown `#anchor`. */
const FILE = new RegExp(
  String.raw`${START}((?:\.\.?\/)+(?:${SEGMENT})*${NAME}|(?:${SEGMENT})+${NAME})` +
    String.raw`(?:#([\w-]+))?(?![\w/*{}<$-]|\.\w)`,
  "g",
);
/** A folder under a known top folder, written with its trailing slash: `server/routes/`. */
const FOLDER = new RegExp(
  String.raw`${START}((?:${TOP.map((t) => t.replace(".", "\\.")).join("|")})\/(?:${SEGMENT})*)` +
    String.raw`(?![\w*{}<$])`,
  "g",
);

/** The paths a line of prose names, with their anchors. */
export function pathsIn(text: string): { path: string; anchor: string | undefined }[] {
  const files = [...text.matchAll(FILE)].map((m) => ({
    index: m.index,
    path: m[1]!,
    anchor: m[2],
  }));
  const folders = [...text.matchAll(FOLDER)].map((m) => ({
    index: m.index,
    path: m[1]!,
    anchor: undefined,
  }));
  return [...files, ...folders].sort((a, b) => a.index - b.index)
    .map(({ path, anchor }) => ({ path, anchor }));
}

/**
 * A comment's lines with their numbers, without its TypeScript examples:
 * `deno test --doc` checks their imports, and an `ignore`d one may be written
 * for another file. Command lines (`sh`) are kept: they name files too.
 */
function proseLines(text: string, first: number): [number, string][] {
  let code = false;
  let fenced = false;
  return text.split("\n").flatMap((line, k): [number, string][] => {
    const fence = /^\s*\*?\s*```\s*(\w*)/.exec(line);
    if (fence) {
      fenced = !fenced;
      code = fenced && /^(ts|tsx|js|jsx|mjs|cjs|mts|cts|typescript|javascript)$/.test(fence[1]!);
      return [];
    }
    return code ? [] : [[first + k, line]];
  });
}

async function exists(path: string, folder: boolean): Promise<boolean> {
  const info = await Deno.stat(path).catch(() => null);
  return info !== null && (!folder || info.isDirectory);
}

Deno.test("pathsIn() finds repository paths and nothing else", () => {
  const found = pathsIn(
    "See core/store/directory.ts, server/routes/ and docs/api.md#errors; ./x.ts, ../y/z.json, " +
      "store/lru.ts and data/clubs.csv.gz. Not https://example.com/docs/a.md, tests/*_test.ts, " +
      "core/{a,b}.ts, node:fs/promises, core/store (no ending), e.g., v1.2.0 or 1/2.5.",
  );
  assertEquals(found, [
    { path: "core/store/directory.ts", anchor: undefined },
    { path: "server/routes/", anchor: undefined },
    { path: "docs/api.md", anchor: "errors" },
    { path: "./x.ts", anchor: undefined },
    { path: "../y/z.json", anchor: undefined },
    { path: "store/lru.ts", anchor: undefined },
    { path: "data/clubs.csv.gz", anchor: undefined },
  ]);
});

Deno.test("every repository path named in a code comment exists", async () => {
  const broken: string[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const file of await codeFiles()) {
    const dir = file.slice(0, file.lastIndexOf("/") + 1);
    const top = file.slice(0, file.indexOf("/") + 1);
    for (const comment of commentsOf(await Deno.readTextFile(`${ROOT}${file}`))) {
      for (const [line, text] of proseLines(comment.text, comment.line)) {
        for (const { path, anchor } of pathsIn(text)) {
          if (GENERATED.has(path)) continue;
          // Relative paths from the file's folder; others from the root, that folder or the part.
          const bases = path.startsWith(".") ? [dir] : ["", dir, top];
          const resolved = bases.map((b) => new URL(path, `file:///${b}`).pathname.slice(1));
          let found: string | undefined;
          for (const r of resolved) {
            if (await exists(`${ROOT}${r}`, path.endsWith("/"))) found ??= r;
          }
          if (found === undefined) {
            broken.push(`${file}:${line}: ${path}`);
          } else if (anchor !== undefined && found.endsWith(".md")) {
            if (!anchors.has(found)) {
              anchors.set(found, anchorsOf(await Deno.readTextFile(`${ROOT}${found}`)));
            }
            if (!anchors.get(found)!.has(anchor)) {
              broken.push(`${file}:${line}: ${path}#${anchor} (no such heading)`);
            }
          }
        }
      }
    }
  }
  assertEquals(broken, []);
});
