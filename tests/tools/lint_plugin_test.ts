import plugin, {
  isProduct,
  LONG_FUNCTIONS,
  MAX_FUNCTION_LINES,
  repoPath,
  unlisted,
} from "../../_tools/lint_plugin.ts";
import { assertEquals } from "../_assert.ts";

const ROOT = new URL("../../", import.meta.url);

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* tsFiles(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

/** `path:name` of every function `rules` reports in product code. */
async function reported(rules: Deno.lint.Plugin): Promise<string[]> {
  const paths = ["main.ts"];
  for (const dir of ["core", "server", "cli"]) for await (const p of tsFiles(dir)) paths.push(p);
  const found: string[] = [];
  for (const path of paths) {
    const text = await Deno.readTextFile(new URL(path, ROOT));
    for (const d of Deno.lint.runPlugin(rules, path, text)) {
      found.push(`${path}:${d.message.slice(0, d.message.indexOf(" spans "))}`);
    }
  }
  return found.sort();
}

Deno.test("no function of product code is over 100 lines but the ones still listed", async () => {
  assertEquals(await reported(plugin), [], `split these below ${MAX_FUNCTION_LINES} lines`);
});

Deno.test("every listed long function is still over 100 lines: a split one leaves the list", async () => {
  const over = await reported(unlisted);
  assertEquals(
    LONG_FUNCTIONS.filter((e) => !over.includes(e)),
    [],
    "take these off LONG_FUNCTIONS",
  );
});

Deno.test("the rule measures product code only, and names a file from the repository's root", () => {
  assertEquals(["core/a.ts", "server/x/b.ts", "cli/c.ts", "main.ts"].map(isProduct), [
    true,
    true,
    true,
    true,
  ]);
  assertEquals(["bench/a.ts", "tests/core/a_test.ts", "data/generate.ts"].map(isProduct), [
    false,
    false,
    false,
  ]);
  assertEquals(repoPath(new URL("server/app.ts", ROOT).pathname), "server/app.ts");
});
