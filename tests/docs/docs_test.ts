/**
 * The README and the manual in docs/ stay true: every link and anchor
 * resolves, every repository path they name exists, every command's usage
 * in docs/cli.md is its current `--help`, and every `CLUBDIR_*` variable
 * the code reads is documented.
 */
import { assertEquals } from "../_assert.ts";
import { anchorsOf, prose } from "./_markdown.ts";
import { CLI_DOC, renderUsageBlocks, usageTexts } from "./_usage.ts";
import { GENERATED, ROOT } from "./_source.ts";

/** Words in backticks that look like paths and are not: MCP method names. */
const NOT_PATHS = new Set(["server/discover"]);

async function docFiles(): Promise<string[]> {
  const files = ["README.md"];
  for await (const e of Deno.readDir(`${ROOT}docs`)) {
    if (e.isFile && e.name.endsWith(".md")) files.push(`docs/${e.name}`);
  }
  return files.sort();
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * An issue cited in user docs: "issue 30", "issues 12 and 14", "PR 7", or
 * "#30" standing alone (not a link's `(#anchor)`, an `&#39;` entity or a
 * `#1-install` heading anchor).
 */
const ISSUE_CITATION = /\b(?:issues?|pull requests?|PRs?)\s+#?\d+|(?<![\w&/(#-])#\d+(?![\w-])/gi;

Deno.test("anchorsOf() follows GitHub's rules for code, punctuation and repeats", () => {
  const anchors = anchorsOf("# A\n## `GET /api/v1/clubs`\n## Errors and `/problems`\n## A\n");
  assertEquals([...anchors], ["a", "get-apiv1clubs", "errors-and-problems", "a-1"]);
});

Deno.test("every link in the README and docs/ resolves, anchors included", async () => {
  const broken: string[] = [];
  for (const file of await docFiles()) {
    const text = await Deno.readTextFile(`${ROOT}${file}`);
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
    for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/.test(target)) continue;
      const [path, anchor] = target.split("#") as [string, string | undefined];
      const resolved = path === "" ? file : new URL(path, `file:///${dir}`).pathname.slice(1);
      if (!(await exists(`${ROOT}${resolved}`))) {
        broken.push(`${file}: ${target} (no file ${resolved})`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith(".md")) {
        const anchors = anchorsOf(await Deno.readTextFile(`${ROOT}${resolved}`));
        if (!anchors.has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
  }
  assertEquals(broken, []);
});

Deno.test("every repository path the README and docs/ name exists", async () => {
  const missing: string[] = [];
  const pathLike = /`((?:core|server|cli|bench|tests|data|deploy|docs|\.ci)\/[A-Za-z0-9_.\/@-]*)`/g;
  for (const file of await docFiles()) {
    const text = await Deno.readTextFile(`${ROOT}${file}`);
    for (const m of text.matchAll(pathLike)) {
      const path = m[1]!.replace(/\/$/, "");
      if (GENERATED.has(path) || NOT_PATHS.has(path)) continue;
      if (!(await exists(`${ROOT}${path}`))) missing.push(`${file}: ${path}`);
    }
  }
  assertEquals(missing, []);
});

Deno.test("the README and docs/ cite no issue numbers", async () => {
  const cited: string[] = [];
  for (const file of await docFiles()) {
    const text = prose(await Deno.readTextFile(`${ROOT}${file}`)).replace(/`[^`\n]*`/g, "");
    for (const m of text.matchAll(ISSUE_CITATION)) cited.push(`${file}: ${m[0]}`);
  }
  assertEquals(cited, [], "user docs say how things are, not which issue changed them");
});

Deno.test("ISSUE_CITATION finds issue numbers, not anchors or entities", () => {
  const text =
    "Until issue 30, see #12 and Issues 4; [a](#the-contract), [b](#1-install), &#39;, x#1";
  assertEquals([...text.matchAll(ISSUE_CITATION)].map((m) => m[0]), [
    "issue 30",
    "#12",
    "Issues 4",
  ]);
});

Deno.test("docs/cli.md shows each command's current --help", async () => {
  const doc = await Deno.readTextFile(CLI_DOC);
  const current = renderUsageBlocks(doc, await usageTexts());
  assertEquals(doc === current, true, "docs/cli.md is out of date: run `deno task docs`");
});

Deno.test("every CLUBDIR_* variable the code reads is documented in docs/", async () => {
  const named = new Set<string>();
  for (const dir of ["cli", "server", "core"]) {
    for await (const path of tsFiles(`${ROOT}${dir}`)) {
      for (const m of (await Deno.readTextFile(path)).matchAll(/CLUBDIR_[A-Z_]+[A-Z]/g)) {
        named.add(m[0]);
      }
    }
  }
  let docs = "";
  for (const file of await docFiles()) docs += await Deno.readTextFile(`${ROOT}${file}`);
  assertEquals([...named].filter((v) => !docs.includes(v)).sort(), []);
});

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* tsFiles(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}
