/**
 * Every doc example that `deno test --doc` runs asserts something, so an
 * example that only shows its result in a comment (`f(); // 3`) fails here
 * instead of passing whatever `f` returns.
 */
import { assertEquals } from "../_assert.ts";
import { codeFiles, commentsOf, docExamples, ROOT } from "./_source.ts";

/** node:assert (`assert.equal(…)`, `assert(…)`) or the suite's `assertEquals(…)` style. */
const ASSERTS = /\bassert(?:\.\w+)?\s*\(|\bassert[A-Z]\w*\s*\(/;

Deno.test("every doc example that runs asserts its result", async () => {
  const silent: string[] = [];
  let runs = 0;
  for (const file of await codeFiles()) {
    for (const example of docExamples(await Deno.readTextFile(`${ROOT}${file}`))) {
      if (!example.runs) continue;
      runs++;
      if (!ASSERTS.test(example.code)) silent.push(`${file}:${example.line}`);
    }
  }
  assertEquals(runs > 400, true, `only ${runs} runnable examples found: is the reader broken?`);
  assertEquals(silent, [], "these examples assert nothing: import assert from node:assert/strict");
});

Deno.test("docExamples() runs what Deno runs: a runnable language, no ignore", () => {
  const text = [
    "/**",
    " * ```ts",
    " * assert.equal(1, 1);",
    " * ```",
    " * ```ts ignore",
    " * needsADatabase();",
    " * ```",
    " * ```sh",
    " * deno task serve",
    " * ```",
    " * ```",
    " * a plain block",
    " * ```",
    " * ```typescript",
    " * f(); // 2",
    " * ```",
    " */",
  ].join("\n");
  const examples = docExamples(text).map((e) => [e.line, e.info, e.runs, ASSERTS.test(e.code)]);
  assertEquals(examples, [
    [2, "ts", true, true],
    [5, "ts ignore", false, false],
    [8, "sh", false, false],
    [11, "", false, false],
    [14, "typescript", true, false],
  ]);
});

Deno.test("commentsOf() skips strings, templates and regular expressions", () => {
  const text = [
    'const url = "http://x/*"; // one',
    "const t = `a ${`b // no`} c /* no */`; /* two */",
    "const re = /\\/\\/ no/g, half = 1 / 2; // three",
    "/** four",
    " * ```ts",
    " * x",
    " * ```",
    " */",
  ].join("\n");
  assertEquals(commentsOf(text).map((c) => [c.line, c.text.trim().split("\n")[0], c.jsdoc]), [
    [1, "one", false],
    [2, "two", false],
    [3, "three", false],
    [4, "* four", true],
  ]);
});
