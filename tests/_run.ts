/**
 * The one child-process runner of the suite: runs a program (by default
 * this Deno with `deno <args>`) with `NO_COLOR=1`, optional stdin text and
 * extra environment, and captures exit code, stdout and stderr as text;
 * {@link spawn} starts one that keeps running (a server).
 *
 * @example
 * ```ts ignore
 * import { runMain } from "./_run.ts";
 * const r = await runMain(["query", "--q", "royal", "--format", "json"]);
 * r.code; // 0
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";

/** Path of `main.ts`. */
export const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** How to run a child process. */
export interface RunOptions {
  /** Text written to stdin, which then closes; without it stdin is null. */
  stdin?: string;
  /** Variables added to the environment (NO_COLOR=1 is always set). */
  env?: Record<string, string>;
  /** Working directory (default: the test's). */
  cwd?: string;
  /** The program (default: this Deno, so `args` are `deno` arguments). */
  command?: string;
}

/** What a finished child process left. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Which standard streams a spawned process gets: null, or piped to the caller. */
export interface Streams {
  stdin?: "null" | "piped" | "inherit";
  stdout?: "null" | "piped" | "inherit";
  stderr?: "null" | "piped" | "inherit";
}

function command(
  args: string[],
  options: Omit<RunOptions, "stdin">,
  streams: Streams,
): Deno.Command {
  return new Deno.Command(options.command ?? Deno.execPath(), {
    args,
    cwd: options.cwd,
    stdin: streams.stdin ?? "null",
    stdout: streams.stdout ?? "piped",
    stderr: streams.stderr ?? "piped",
    env: { NO_COLOR: "1", ...options.env },
  });
}

/**
 * Runs a program to its end and captures its output.
 *
 * @example
 * ```ts ignore
 * const r = await run(["run", "--allow-read", "entry.ts", "--help"]);
 * ```
 */
export async function run(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const child = command(args, options, { stdin: options.stdin === undefined ? "null" : "piped" })
    .spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * Runs `main.ts` to its end: `deno run <permissions> main.ts ...args`, with
 * every permission unless `permissions` (Deno flags) says otherwise.
 *
 * @example
 * ```ts ignore
 * const r = await runMain(["session", "list"], { permissions: ["--allow-read"] });
 * ```
 */
export function runMain(
  args: string[],
  options: RunOptions & { permissions?: string[] } = {},
): Promise<RunResult> {
  return run(["run", ...(options.permissions ?? ["-A"]), MAIN, ...args], options);
}

/**
 * Starts a program that keeps running (by default stdin null, stdout and
 * stderr piped; see {@link Streams}); the caller reads its streams and
 * stops it. A stream nobody reads is better null.
 *
 * @example
 * ```ts ignore
 * const child = spawn(["run", "-A", MAIN, "serve", "--port", "0"]);
 * child.kill("SIGTERM");
 * ```
 */
export function spawn(
  args: string[],
  options: Omit<RunOptions, "stdin"> & Streams = {},
): Deno.ChildProcess {
  return command(args, options, options).spawn();
}

/** util-linux `script`, which gives a command a pseudo-terminal. */
const SCRIPT = "/usr/bin/script";

/** False where no pseudo-terminal can be had (no util-linux `script`): skip such tests. */
export const hasTerminal: boolean = (() => {
  try {
    return Deno.statSync(SCRIPT).isFile;
  } catch {
    return false;
  }
})();

/**
 * Runs `main.ts ...args` with a pseudo-terminal `columns` wide as its
 * stdin, stdout and stderr (see {@link hasTerminal}); resolves to the exit
 * code and the lines the terminal showed, both streams mixed as on a screen.
 *
 * @example
 * ```ts ignore
 * const { lines } = await runAtTerminal(80, ["query", "--type", "golf"]);
 * ```
 */
export async function runAtTerminal(
  columns: number,
  args: string[],
): Promise<{ code: number; lines: string[] }> {
  const line = [Deno.execPath(), "run", "-A", MAIN, ...args]
    .map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
  const r = await run(["-qec", `stty cols ${columns} rows 50; ${line}`, "/dev/null"], {
    command: SCRIPT,
  });
  // Deno itself clears its progress line on a terminal before the program runs.
  // deno-lint-ignore no-control-regex
  const shown = r.stdout.replaceAll("\r\n", "\n").replace(/^(\x1b\[0G\x1b\[2K\x1b\[J)+/, "");
  return { code: r.code, lines: shown.trimEnd().split("\n") };
}

/**
 * The modules `root` loads before it runs: its static imports, transitively
 * (not `import()`), from `deno info --json`.
 *
 * @example
 * ```ts ignore
 * import { staticGraph } from "./_run.ts";
 * (await staticGraph("server/runtime/mod.ts")).size; // number of modules
 * ```
 */
export async function staticGraph(root: string): Promise<Set<string>> {
  const { code, stdout, stderr } = await run(["info", "--json", root]);
  if (code !== 0) throw new Error(`deno info ${root} failed: ${stderr}`);
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
