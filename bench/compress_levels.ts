/**
 * Size against CPU time of every gzip level (1–9), brotli quality (1–11)
 * and zstd level (1–19, when `node:zlib` has it) for typical response
 * bodies: the API's first page (about 54 KB of JSON) and the website's
 * first results page (about 44 KB of HTML), as the app answers them over
 * the database (`--db`, default data/clubs.db; or from a running server
 * with `--url`). The levels in server/http/compress.ts were chosen from
 * this table.
 *
 * @example
 * ```sh
 * deno run -A bench/compress_levels.ts
 * deno run -A bench/compress_levels.ts --url http://127.0.0.1:8000
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { Directory } from "../core/store/mod.ts";
import { createApp } from "../server/app.ts";

/** One measured level: compressed bytes and the fastest milliseconds per body. */
export interface LevelRow {
  encoding: "gzip" | "br" | "zstd";
  level: number;
  bytes: number;
  ms: number;
}

/** Compresses `body` at a level of an encoding (sync, as the server does). */
function compressAt(encoding: LevelRow["encoding"], level: number, body: Uint8Array): Uint8Array {
  if (encoding === "gzip") return zlib.gzipSync(body, { level });
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  // deno-lint-ignore no-explicit-any
  const z = zlib as any;
  return z.zstdCompressSync(body, {
    params: { [z.constants.ZSTD_c_compressionLevel]: level },
  });
}

/**
 * Time of `runs` calls of `fn`, in ms, after a warm-up: the fastest run,
 * the least disturbed by other work on a shared machine.
 */
function fastestMs(fn: () => void, runs: number): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return Math.min(...times);
}

/**
 * Every level of every encoding for one body.
 *
 * @example
 * ```ts ignore
 * import { measureLevels } from "./compress_levels.ts";
 * measureLevels(new TextEncoder().encode("{}".repeat(20000)), 5);
 * ```
 */
export function measureLevels(body: Uint8Array, runs = 21): LevelRow[] {
  const rows: LevelRow[] = [];
  const levels: [LevelRow["encoding"], number[]][] = [
    ["gzip", [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ["br", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  ];
  if (typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === "function") {
    levels.push(["zstd", [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 19]]);
  }
  for (const [encoding, list] of levels) {
    for (const level of list) {
      const bytes = compressAt(encoding, level, body).byteLength;
      const ms = fastestMs(() => compressAt(encoding, level, body), level >= 10 ? 5 : runs);
      rows.push({ encoding, level, bytes, ms });
    }
  }
  return rows;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { url: { type: "string" }, db: { type: "string", default: "data/clubs.db" } },
  });
  const bodies: [string, string, Record<string, string>][] = [
    ["API first page", "/api/v1/clubs", {}],
    ["website first page", "/clubs", { accept: "text/html" }],
  ];
  const directory = values.url ? null : new Directory(values.db);
  const app = directory && createApp({
    directory,
    name: "Club Directory",
    baseUrl: null,
    rateLimit: "off",
    trustProxy: 0,
    supportEmail: "support@clubdir.example",
  });
  const fetched: [string, Uint8Array][] = [];
  for (const [label, path, headers] of bodies) {
    // identity: the plain body, whichever way it is fetched.
    const init = { headers: { ...headers, "accept-encoding": "identity" } };
    const res = app
      ? await app.request(`http://127.0.0.1${path}`, init)
      : await fetch(values.url + path, init);
    fetched.push([label, new Uint8Array(await res.arrayBuffer())]);
  }
  directory?.close();
  const tables = fetched.map(([label, body]) => ({ label, body, rows: measureLevels(body) }));
  const head = tables.map((t) => `${t.label} (${t.body.byteLength} B): bytes, ms`);
  console.log(`| encoding | level | ${head.join(" | ")} |`);
  console.log(`| --- | --- | ${head.map(() => "---").join(" | ")} |`);
  for (let i = 0; i < tables[0]!.rows.length; i++) {
    const r = tables[0]!.rows[i]!;
    const cells = tables.map((t) => {
      const x = t.rows[i]!;
      const pct = ((100 * x.bytes) / t.body.byteLength).toFixed(1);
      return `${x.bytes.toLocaleString("en-US")} (${pct}%), ${x.ms.toFixed(2)}`;
    });
    console.log(`| ${r.encoding} | ${r.level} | ${cells.join(" | ")} |`);
  }
}
