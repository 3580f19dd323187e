/**
 * Test helpers for the HTTP app: an app over a directory (see
 * tests/_fixture.ts) with test defaults, requests that carry a client
 * address like `Deno.serve` does, their JSON bodies checked against the
 * OpenAPI document; for a real server, its settings and a raw answer read
 * off a socket.
 *
 * @module
 */
import zlib from "node:zlib";
import type { Hono } from "hono";
import { Directory } from "../../core/store/directory.ts";
import { type TwoImports, twoImports } from "../core/history/_two_imports.ts";
import { createApp } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import { DEFAULT_SETTINGS, type ServeSettings } from "../../server/options.ts";
import { SessionStore, sessionStorePath } from "../../core/sessions/mod.ts";
import { sessionAccess } from "../../server/http/sessions.ts";
import type { Fixture } from "../_fixture.ts";
import type { AppEnv, ServeBindings } from "../../server/http/env.ts";
import { assertMatchesSchema } from "./_openapi.ts";

/**
 * The search's parameters, in the order the API and the MCP tool list them
 * (each adds its own after them: `facets`, `detail`).
 */
export const SEARCH_PARAMETERS: readonly string[] = [
  "type",
  "state",
  "country",
  "city",
  "q",
  "match",
  "sort",
  "waitlist",
  "page",
  "limit",
];

/** An app over `directory` with test defaults (quiet, limit 120/60). */
export function testApp(directory: Directory, overrides: Partial<AppConfig> = {}): Hono<AppEnv> {
  return createApp({
    directory,
    name: "Club Directory",
    baseUrl: "https://clubs.example",
    rateLimit: { limit: 120, windowSeconds: 60 },
    trustProxy: 0,
    supportEmail: "help@clubs.example",
    errorLog: () => {},
    ...overrides,
  });
}

/** A free and a member session, a day each, in the session store of the database at `dbPath`. */
export function sessionTokens(dbPath: string): { free: string; member: string } {
  const writer = SessionStore.writer(sessionStorePath(dbPath));
  try {
    const day = 86_400_000;
    return {
      free: writer.create({ tier: "free", ttlMs: day }).token,
      member: writer.create({ tier: "member", ttlMs: day }).token,
    };
  } finally {
    writer.close();
  }
}

/**
 * The site over `fx` as a browser meets it (sessions on, rate limit off, no
 * base URL, then `overrides`), with its session check and a free and a
 * member token (see {@link sessionTokens}).
 */
export function siteApp(fx: Fixture, overrides: Partial<AppConfig> = {}) {
  const tokens = sessionTokens(fx.path);
  const access = sessionAccess(SessionStore.reader(sessionStorePath(fx.path)));
  const app = testApp(fx.directory, { rateLimit: "off", access, baseUrl: null, ...overrides });
  return { app, access, ...tokens };
}

/** Bindings as `Deno.serve` passes them, for a client at `ip`. */
export function from(ip: string): ServeBindings {
  return { remoteAddr: { transport: "tcp", hostname: ip, port: 40_000 } };
}

/** GET a path from client `ip` (default 192.0.2.1). */
export async function get(
  app: Hono<AppEnv>,
  path: string,
  init: RequestInit = {},
  ip = "192.0.2.1",
): Promise<Response> {
  const res = await app.request(`http://127.0.0.1:8000${path}`, init, from(ip));
  await assertDocumented(path, res);
  return res;
}

/**
 * Checks a JSON response body against the OpenAPI document's schema for it
 * (problems, club lists, club profiles), so every body the suites receive
 * through {@link get} is what the document promises.
 */
export async function assertDocumented(path: string, res: Response): Promise<void> {
  const type = res.headers.get("content-type") ?? "";
  const route = new URL(path, "http://x").pathname;
  let schema: string | null = null;
  if (type.startsWith("application/problem+json")) schema = "Problem";
  else if (res.status === 200 && type.startsWith("application/json")) {
    if (route === "/api/v1/clubs") schema = "ClubList";
    else if (route.startsWith("/clubs/")) schema = "Club";
  }
  // A HEAD answer has the GET headers but no body to check.
  if (schema !== null && res.body !== null) {
    const body = decoded(res.headers, new Uint8Array(await res.clone().arrayBuffer()));
    assertMatchesSchema(JSON.parse(new TextDecoder().decode(body)), schema);
  }
}

/**
 * A body as its `Content-Encoding` says to read it (gzip, br, zstd;
 * node:zlib, an implementation independent of the server's choices of level).
 */
export function decoded(headers: Headers, body: Uint8Array): Uint8Array {
  const encoding = headers.get("content-encoding");
  if (encoding === null) return body;
  // A plain Uint8Array (not a Buffer), so it compares equal to the body's bytes.
  if (encoding === "gzip") return Uint8Array.from(zlib.gunzipSync(body));
  if (encoding === "br") return Uint8Array.from(zlib.brotliDecompressSync(body));
  if (encoding === "zstd") {
    const z = zlib as unknown as { zstdDecompressSync(b: Uint8Array): Uint8Array };
    return Uint8Array.from(z.zstdDecompressSync(body));
  }
  throw new Error(`unexpected Content-Encoding: ${encoding}`);
}

/** GET a path and parse the JSON body. */
export async function getJson(
  app: Hono<AppEnv>,
  path: string,
  init: RequestInit = {},
  // deno-lint-ignore no-explicit-any
): Promise<{ res: Response; body: any }> {
  const res = await get(app, path, init);
  return { res, body: await res.json() };
}

/** Names of the clubs of a ClubList body. */
export function names(body: { clubs: { name: string }[] }): string[] {
  return body.clubs.map((c) => c.name);
}

/** Settings for a real server on `db`: the defaults, on a free loopback port, then `overrides`. */
export function serveSettings(db: string, overrides: Partial<ServeSettings> = {}): ServeSettings {
  return { ...DEFAULT_SETTINGS, db, port: 0, hostname: "127.0.0.1", ...overrides };
}

/**
 * Reads `conn` until the server closes it (at most `ms`, then it is closed
 * here), and closes it; resolves to what the server sent, as text.
 */
export async function readToEnd(conn: Deno.Conn, ms: number): Promise<string> {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(16_384);
  let text = "";
  const timer = setTimeout(() => conn.close(), ms);
  try {
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += decoder.decode(buf.subarray(0, n), { stream: true });
    }
  } catch {
    // Closed by the timer, or reset: what came is the answer.
  } finally {
    clearTimeout(timer);
  }
  try {
    conn.close();
  } catch { /* closed */ }
  return text;
}

/**
 * Two imports in a row (tests/core/history/_two_imports.ts: clubs added,
 * removed and changed) served by an app with sessions on and the rate limit
 * off, with a free and a member token; removed when the test module unloads.
 */
export async function historyApp() {
  const h = await twoImports();
  const directory = new Directory(h.path, { checkEveryMs: 0 });
  const tokens = sessionTokens(h.path);
  const app = testApp(directory, {
    rateLimit: "off",
    access: sessionAccess(SessionStore.reader(sessionStorePath(h.path))),
  });
  globalThis.addEventListener("unload", () => {
    directory.close();
    Deno.removeSync(h.dir, { recursive: true });
  });
  return { h, app, tokens };
}

/**
 * Two imports in a row (tests/core/history/_two_imports.ts) as a fixture
 * the server reads: for {@link siteApp}; removed when the module unloads.
 */
export async function historyFixture(): Promise<{ h: TwoImports; fx: Fixture }> {
  const h = await twoImports();
  const directory = new Directory(h.path, { checkEveryMs: 0 });
  globalThis.addEventListener("unload", () => {
    directory.close();
    h.store.close();
    Deno.removeSync(h.dir, { recursive: true });
  });
  const fx = {
    dir: h.dir,
    path: h.path,
    store: h.store,
    directory,
    disposeSync() {},
    async [Symbol.asyncDispose]() {},
  } as Fixture;
  return { h, fx };
}
