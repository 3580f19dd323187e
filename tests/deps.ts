/**
 * Two configurations, one resolution. `deno.json` is the product's: only
 * the packages serving, importing and querying need, so a first
 * `deno task serve` fetches those alone (`deno task` installs every package
 * of the root lockfile before any task runs). `dev.json` adds the test and
 * bench packages (puppeteer, axe, fast-check, the MCP client, validators)
 * and owns the full lockfile, `dev.lock`. The product's `deno.lock` is
 * derived from it: the same versions and integrity hashes, pruned to what
 * `deno.json` imports. `deno task deps` rewrites it; tests/deps_test.ts
 * fails when it is stale.
 *
 * @example
 * ```ts ignore
 * import { productLock } from "./deps.ts";
 * const lock = productLock(devLock, ["npm:hono@4.13.19"]);
 * ```
 * @module
 */
import { fileURLToPath } from "node:url";

/** The parts of a version 5 lockfile used here. */
export interface LockFile {
  version: string;
  specifiers: Record<string, string>;
  npm: Record<string, { dependencies?: string[]; optionalDependencies?: string[] } & object>;
  workspace?: { dependencies?: string[] };
  [key: string]: unknown;
}

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** A package key's name: `@redis/bloom@5.12.1_@redis+client@5.12.1` → `@redis/bloom`. */
function nameOf(key: string): string {
  const base = key.split("_")[0]!;
  return base.slice(0, base.lastIndexOf("@"));
}

/** The npm specifiers (`npm:name@version`) an imports map names, each once, sorted. */
export function npmSpecifiers(imports: Record<string, string>): string[] {
  return [
    ...new Set(Object.values(imports).filter((v) => v.startsWith("npm:") && !v.endsWith("/"))),
  ]
    .sort();
}

/**
 * `dev` pruned to the packages `specifiers` need, with their dependencies,
 * as Deno writes a lockfile. Throws naming a specifier `dev` lacks.
 */
export function productLock(dev: LockFile, specifiers: string[]): LockFile {
  const keyOf = (dep: string): string => {
    if (dep in dev.npm) return dep;
    const found = Object.keys(dev.npm).filter((k) => nameOf(k) === dep);
    if (found.length !== 1) throw new Error(`dev.lock: ${found.length} packages named ${dep}`);
    return found[0]!;
  };
  const resolved: Record<string, string> = {};
  const seen = new Set<string>();
  const todo: string[] = [];
  for (const s of specifiers) {
    const version = dev.specifiers[s];
    if (version === undefined) throw new Error(`dev.lock does not resolve ${s}: run deno install`);
    resolved[s] = version;
    const name = s.slice("npm:".length, s.lastIndexOf("@"));
    todo.push(dev.npm[`${name}@${version}`] ? `${name}@${version}` : keyOf(`${name}@${version}`));
  }
  while (todo.length > 0) {
    const key = todo.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = dev.npm[key]!;
    for (const dep of [...(entry.dependencies ?? []), ...(entry.optionalDependencies ?? [])]) {
      todo.push(keyOf(dep));
    }
  }
  const npm = Object.fromEntries([...seen].sort().map((k) => [k, dev.npm[k]!]));
  return {
    version: dev.version,
    specifiers: Object.fromEntries(Object.entries(resolved).sort(([a], [b]) => a < b ? -1 : 1)),
    npm,
    workspace: { dependencies: specifiers },
  };
}

/** The product lockfile's text for the files as they are. */
export async function productLockText(): Promise<string> {
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const dev = JSON.parse(await Deno.readTextFile(`${ROOT}dev.lock`)) as LockFile;
  return JSON.stringify(productLock(dev, npmSpecifiers(config.imports)), null, 2) + "\n";
}

if (import.meta.main) {
  const text = await productLockText();
  const before = await Deno.readTextFile(`${ROOT}deno.lock`).catch(() => "");
  if (text !== before) await Deno.writeTextFile(`${ROOT}deno.lock`, text);
  console.log(
    text === before ? "deno.lock: already current" : "deno.lock: rewritten from dev.lock",
  );
}
