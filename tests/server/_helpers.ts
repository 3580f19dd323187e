/**
 * Test helpers for the HTTP app: a fixture database (tests/fixtures/clubs.csv,
 * 30 clubs with known answers) in a temp dir, an app over it with test
 * defaults, and requests that carry a client address like `Deno.serve` does.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { Directory } from "../../core/store/directory.ts";
import { importCsv, openSource } from "../../core/import/import.ts";
import { createApp } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import type { AppEnv, ServeBindings } from "../../server/http/env.ts";
import { assertMatchesSchema } from "./_openapi.ts";

/** Path of the fixture CSV. */
export const FIXTURE_CSV = fileURLToPath(new URL("../fixtures/clubs.csv", import.meta.url));

/** Builds a database from a CSV file into `path` (atomically, like `main.ts import`). */
export async function importFile(csv: string, path: string): Promise<void> {
  await importCsv(openSource(csv).stream, { dbPath: path, source: "fixture" });
}

/** A fixture database in a fresh temp dir, and a live {@link Directory} over it. */
export interface Fixture extends AsyncDisposable {
  dir: string;
  path: string;
  directory: Directory;
}

/**
 * Builds the fixture database; `await using fx = await fixture()` removes
 * it at the end of the test.
 */
export async function fixture(options: { checkEveryMs?: number } = {}): Promise<Fixture> {
  const dir = await Deno.makeTempDir({ prefix: "clubdir-server-test-" });
  const path = `${dir}/clubs.db`;
  await importFile(FIXTURE_CSV, path);
  const directory = new Directory(path, { checkEveryMs: options.checkEveryMs ?? 0 });
  return {
    dir,
    path,
    directory,
    async [Symbol.asyncDispose]() {
      directory.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * A fixture shared by a whole test module, removed when the process unloads
 * (a module-level `await using` would dispose it before the tests run).
 */
export async function sharedFixture(options: { checkEveryMs?: number } = {}): Promise<Fixture> {
  const fx = await fixture(options);
  globalThis.addEventListener("unload", () => {
    fx.directory.close();
    Deno.removeSync(fx.dir, { recursive: true });
  });
  return fx;
}

/** An app over `directory` with test defaults (quiet, limit 120/60). */
export function testApp(directory: Directory, overrides: Partial<AppConfig> = {}): Hono<AppEnv> {
  return createApp({
    directory,
    name: "Club Directory",
    baseUrl: "https://clubs.example",
    rateLimit: { limit: 120, windowSeconds: 60 },
    trustProxy: false,
    supportEmail: "help@clubs.example",
    errorLog: () => {},
    ...overrides,
  });
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
  if (schema !== null && res.body !== null) assertMatchesSchema(await res.clone().json(), schema);
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
