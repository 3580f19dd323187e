/**
 * Reading the repository's TypeScript as the doc tests see it: its comments
 * (told apart from strings, template literals and regular expressions) and
 * the examples in its JSDoc that `deno test --doc` runs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commentsOf, docExamples } from "./_source.ts";
 * const fence = "`".repeat(3);
 * const text = `/**\n * ${fence}ts\n * f(); // 1\n * ${fence}\n *\/\nconst s = "// no";\n`;
 * assert.deepStrictEqual(docExamples(text).map((e) => [e.line, e.runs, e.code]), [[2, true, "f(); // 1"]]);
 * assert.deepStrictEqual(commentsOf(text).map((c) => c.line), [1]);
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";

/**
 * Paths the docs and comments name that exist only once a command ran
 * (built or written by it), so neither test asks for them in a clone.
 */
export const GENERATED: ReadonlySet<string> = new Set([
  "data/clubs.db",
  "data/clubs.sessions.db",
  "data/try.db",
  "bench/results/latest.md",
  "bench/results/metrics-ab.md",
  "bench/results/cluster.md",
  "bench/results/site.md",
  "bench/results/soak.md",
]);

/** The repository's root, with a trailing slash. */
export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));

/** The folders of product, benchmark and test code, and the entrypoint. */
export const CODE_ROOTS = [
  "main.ts",
  "core",
  "server",
  "cli",
  "data",
  "bench",
  "_tools",
  "tests",
] as const;

/** Every `.ts` file under `roots` (paths relative to the repository, sorted). */
export async function codeFiles(roots: readonly string[] = CODE_ROOTS): Promise<string[]> {
  const found: string[] = [];
  async function walk(path: string): Promise<void> {
    const info = await Deno.stat(`${ROOT}${path}`).catch(() => null);
    if (info === null) return;
    if (info.isFile) {
      if (path.endsWith(".ts")) found.push(path);
      return;
    }
    for await (const e of Deno.readDir(`${ROOT}${path}`)) await walk(`${path}/${e.name}`);
  }
  for (const root of roots) await walk(root);
  return found.sort();
}

/** One comment: its text and the 1-based line it starts on. */
export interface Comment {
  line: number;
  text: string;
  /** A `/** … *\/` comment, the kind whose examples `deno test --doc` runs. */
  jsdoc: boolean;
}

/**
 * The comments of a TypeScript text. Strings, template literals (their
 * `${…}` parts read as code) and regular expression literals are skipped,
 * the last told from division the usual way: by the token before the `/`.
 */
export function commentsOf(text: string): Comment[] {
  const comments: Comment[] = [];
  /** Open template literals and `${` braces, innermost last. */
  const stack: ("`" | "{")[] = [];
  let line = 1;
  let prev = ""; // the last significant character of code, for the regex rule
  let i = 0;
  const n = text.length;
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (text.charCodeAt(k) === 10) line++;
    i = to;
  };
  const template = () => {
    // Inside a template literal, up to its end or a `${`.
    while (i < n) {
      const c = text[i];
      if (c === "\\") advance(i + 2);
      else if (c === "`") {
        stack.pop();
        advance(i + 1);
        prev = "`";
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        stack.push("{");
        advance(i + 2);
        prev = "{";
        return;
      } else advance(i + 1);
    }
  };
  while (i < n) {
    if (stack.at(-1) === "`") {
      template();
      continue;
    }
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const to = end < 0 ? n : end;
      comments.push({ line, text: text.slice(i + 2, to), jsdoc: false });
      advance(to);
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const to = end < 0 ? n : end + 2;
      const jsdoc = text[i + 2] === "*" && text[i + 3] !== "/";
      comments.push({ line, text: text.slice(i + 2, to - 2), jsdoc });
      advance(to);
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < n && text[k] !== c && text[k] !== "\n") k += text[k] === "\\" ? 2 : 1;
      advance(k + 1);
      prev = c;
    } else if (c === "`") {
      stack.push("`");
      advance(i + 1);
    } else if (c === "/" && regexMayStart(prev, text, i)) {
      let k = i + 1;
      let inClass = false;
      while (k < n && text[k] !== "\n" && (inClass || text[k] !== "/")) {
        if (text[k] === "\\") k++;
        else if (text[k] === "[") inClass = true;
        else if (text[k] === "]") inClass = false;
        k++;
      }
      advance(k + 1);
      prev = "/";
    } else if (c === "{") {
      if (stack.length > 0) stack.push("{");
      advance(i + 1);
      prev = c;
    } else if (c === "}") {
      if (stack.at(-1) === "{") {
        stack.pop();
        advance(i + 1);
        prev = "}";
        continue;
      }
      advance(i + 1);
      prev = c;
    } else {
      if (!/\s/.test(c)) prev = c;
      advance(i + 1);
    }
  }
  return comments;
}

/** Whether a `/` after `prev` starts a regular expression rather than a division. */
function regexMayStart(prev: string, text: string, at: number): boolean {
  if (prev === "" || "(,=:[!&|?{};+-*%<>~^".includes(prev)) return true;
  // After a keyword such as `return` or `typeof`, too.
  const before = /([A-Za-z_$][\w$]*)\s*$/.exec(text.slice(Math.max(0, at - 20), at));
  return before !== null &&
    /^(return|typeof|case|do|else|in|of|void|yield|await)$/.test(before[1]!);
}

/** The languages `deno test --doc` runs a fenced block of. */
const RUNNABLE = new Set([
  "js",
  "javascript",
  "mjs",
  "cjs",
  "jsx",
  "ts",
  "typescript",
  "mts",
  "cts",
  "tsx",
]);

/** One fenced code block of a JSDoc comment. */
export interface DocExample {
  /** The 1-based line of its opening fence (Deno names the test `file#line-end.ts`). */
  line: number;
  /** The fence's info string: language and attributes. */
  info: string;
  /** Whether `deno test --doc` runs it: a runnable language and no `ignore`. */
  runs: boolean;
  code: string;
}

/**
 * The fenced code blocks of a text's JSDoc comments. A block without a
 * language is not run (Deno skips it), nor is one marked `ignore`.
 */
export function docExamples(text: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const comment of commentsOf(text)) {
    if (!comment.jsdoc) continue;
    const lines = comment.text.split("\n").map((l) => l.replace(/^\s*\* ?/, ""));
    let open: { line: number; info: string; code: string[] } | null = null;
    lines.forEach((l, k) => {
      const fence = /^\s*```(.*)$/.exec(l);
      if (open === null) {
        if (fence) open = { line: comment.line + k, info: fence[1]!.trim(), code: [] };
      } else if (fence && fence[1]!.trim() === "") {
        const [lang = "", ...attrs] = open.info.split(/\s+/);
        const runs = RUNNABLE.has(lang) && !attrs.includes("ignore");
        examples.push({ line: open.line, info: open.info, runs, code: open.code.join("\n") });
        open = null;
      } else open.code.push(l);
    });
  }
  return examples;
}
