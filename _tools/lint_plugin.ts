/**
 * The project's own lint rules, run by `deno lint` (deno.json's
 * `lint.plugins`) and tested in tests/tools/lint_plugin_test.ts.
 *
 * - `clubdir/max-function-lines`: no function in product code (`core/`,
 *   `server/`, `cli/`, `main.ts`) runs over {@link MAX_FUNCTION_LINES} lines,
 *   but the ones {@link LONG_FUNCTIONS} still names: a list that only
 *   shrinks (the test fails when a listed function is split below the limit).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import plugin, { MAX_FUNCTION_LINES } from "./lint_plugin.ts";
 * const body = "  x++;\n".repeat(MAX_FUNCTION_LINES);
 * const found = Deno.lint.runPlugin(plugin, "core/a.ts", `let x = 0;\nfunction long() {\n${body}}\n`);
 * assert.deepStrictEqual(found.map((d) => d.id), ["clubdir/max-function-lines"]);
 * assert.deepStrictEqual(Deno.lint.runPlugin(plugin, "bench/a.ts", `function long() {\n${body}}\n`), []);
 * ```
 * @module
 */

/** The most lines a function of product code may span, its signature and braces included. */
export const MAX_FUNCTION_LINES = 100;

/**
 * Functions still over the limit, as `path:name`, each to be split by its
 * steps. Nothing may be added.
 */
export const LONG_FUNCTIONS: readonly string[] = [
  "server/routes/profile_page.ts:profilePage",
  "server/runtime/_supervisor.ts:superviseWorkers",
];

/** The repository's root, as lint hands file names (absolute paths). */
const ROOT = new URL("../", import.meta.url).pathname;

/** A file's path from the repository's root (as given when it is relative already). */
export function repoPath(path: string): string {
  const p = path.replaceAll("\\", "/");
  return p.startsWith(ROOT) ? p.slice(ROOT.length) : p;
}

/** Whether a file is product code, whose functions the rule measures. */
export function isProduct(path: string): boolean {
  const p = repoPath(path);
  return /^(core|server|cli)\//.test(p) || p === "main.ts";
}

type FunctionNode =
  | Deno.lint.FunctionDeclaration
  | Deno.lint.FunctionExpression
  | Deno.lint.ArrowFunctionExpression;

/** A function's name as people call it: its own, its method's, or its variable's. */
export function functionName(node: FunctionNode): string {
  if (node.type === "FunctionDeclaration" && node.id) return node.id.name;
  const parent = node.parent;
  if (
    (parent.type === "MethodDefinition" || parent.type === "Property") &&
    parent.key.type === "Identifier"
  ) return parent.key.name;
  if (parent.type === "VariableDeclarator" && parent.id.type === "Identifier") {
    return parent.id.name;
  }
  if (node.type === "FunctionExpression" && node.id) return node.id.name;
  return "(anonymous)";
}

/** The rule, letting the functions `listed` (`path:name`) through. */
function maxFunctionLines(listed: readonly string[]): Deno.lint.Rule {
  return {
    create(context) {
      if (!isProduct(context.filename)) return {};
      const text = context.sourceCode.text;
      const lineAt = (offset: number) => {
        let n = 1;
        for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) n++;
        return n;
      };
      const check = (node: FunctionNode) => {
        const lines = lineAt(node.range[1]) - lineAt(node.range[0]) + 1;
        if (lines <= MAX_FUNCTION_LINES) return;
        const name = functionName(node);
        if (listed.includes(`${repoPath(context.filename)}:${name}`)) return;
        context.report({
          node,
          message: `${name} spans ${lines} lines (at most ${MAX_FUNCTION_LINES})`,
          hint: "split it by its steps into functions named after them",
        });
      };
      return {
        FunctionDeclaration: check,
        FunctionExpression: check,
        ArrowFunctionExpression: check,
      };
    },
  };
}

/** The rules as `deno lint` runs them. */
const plugin: Deno.lint.Plugin = {
  name: "clubdir",
  rules: { "max-function-lines": maxFunctionLines(LONG_FUNCTIONS) },
};

/** The same rules with nothing let through: what is over the limit, listed or not. */
export const unlisted: Deno.lint.Plugin = {
  name: "clubdir",
  rules: { "max-function-lines": maxFunctionLines([]) },
};

export default plugin;
