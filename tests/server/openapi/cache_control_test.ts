// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The document's `Cache-Control` against the app's: every documented
 * operation is called (in-process, with and without `--base-url`, past the
 * rate limit, over an unreadable database), and each answer's header must
 * be one the document lists for that status, present when documented as
 * required and absent when not documented. Every value the document lists
 * for a status that was answered must have been seen, so no stale value
 * stays (docs/api.md#openapi).
 *
 * The JSON bodies received are also held to a closed copy of the schemas:
 * the served schemas are open (docs/api.md#versioning), so this is what
 * still catches a member the app sends and the document does not name.
 */
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { fixture, sharedFixture } from "../../_fixture.ts";
import { from, testApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { PROBLEM_CODES, RESPONSE_SCHEMAS } from "../../../server/openapi/mod.ts";
import { doc, lookup, operationKey, operations, PAGES } from "./_documented.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const RPC_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

/** One request: method, path and query, request options. */
type Call = [string, string, RequestInit?];

/** Requests that reach every documented operation and most of its statuses. */
function calls(): Call[] {
  const out: Call[] = [];
  for (const path of PAGES) {
    for (const method of ["GET", "HEAD", "POST", "DELETE"]) {
      for (const accept of ["text/html", "application/json"]) {
        out.push([method, path, { headers: { accept } }]);
      }
    }
  }
  for (const mcp of ["/api/mcp", "/api/mcp/changes"]) {
    out.push(
      ["GET", mcp],
      ["POST", mcp, { headers: JSON_HEADERS, body: RPC_LIST }],
      ["POST", mcp, { headers: JSON_HEADERS, body: '{"jsonrpc":"2.0","method":"ping"}' }],
      ["POST", mcp, { headers: JSON_HEADERS, body: "{" }],
      ["POST", mcp, { headers: { "content-type": "text/plain" }, body: RPC_LIST }],
      ["OPTIONS", mcp, {
        headers: { origin: "https://a.example", "access-control-request-method": "POST" },
      }],
    );
  }
  return out;
}

/** What one answer showed: its operation, status, Cache-Control, and a JSON body. */
interface Seen {
  call: string;
  operation: string;
  status: number;
  cacheControl: string | null;
  documented: Any;
  body: unknown;
  type: string | null;
  etag: string | null;
}

async function send(
  app: ReturnType<typeof testApp>,
  [method, path, init]: Call,
  ip = "192.0.2.1",
  host = "127.0.0.1",
): Promise<Seen | string> {
  const url = `http://${host}${path}`;
  const res = await app.request(url, { method, ...init }, from(ip));
  const type = res.headers.get("content-type")?.split(";")[0]?.trim() ?? null;
  const body = res.body && type?.endsWith("json") && method !== "HEAD"
    ? await res.json()
    : (await res.body?.cancel(), null);
  const found = lookup(method, url, res.status);
  if (typeof found === "string") return found;
  return {
    call: `${method} ${path} (${new Headers(init?.headers).get("accept") ?? "*/*"})`,
    operation: found.operation,
    status: res.status,
    cacheControl: res.headers.get("cache-control"),
    documented: found.response.headers?.["Cache-Control"] ?? null,
    body,
    type,
    etag: res.headers.get("etag"),
  };
}

/** Every answer the app gives to {@link calls}, from each configuration. */
async function everyAnswer(): Promise<{ seen: Seen[]; problems: string[] }> {
  const fx = await sharedFixture();
  const seen: Seen[] = [];
  const problems: string[] = [];
  const record = (got: Seen | string) =>
    typeof got === "string" ? problems.push(got) : seen.push(got);
  for (const baseUrl of [null, "https://clubs.example"]) {
    const app = testApp(fx.directory, { baseUrl, allowedHosts: ["127.0.0.1"], rateLimit: "off" });
    for (const call of calls()) {
      const got = await send(app, call);
      record(got);
      // The same request again with the ETag it got: the 304.
      if (typeof got !== "string" && got.etag !== null) {
        const [method, path, init] = call;
        const headers = { ...init?.headers as Record<string, string>, "if-none-match": got.etag };
        record(await send(app, [method, path, { ...init, headers }]));
      }
    }
    // Another Host: the MCP endpoint's 403.
    record(
      await send(
        app,
        ["POST", "/api/mcp", { headers: JSON_HEADERS, body: RPC_LIST }],
        "192.0.2.1",
        "evil.example",
      ),
    );
    // Past the limit: every call twice from its own client, the second a 429.
    const limited = testApp(fx.directory, {
      baseUrl,
      allowedHosts: ["127.0.0.1"],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    let client = 0;
    for (const call of calls()) {
      const ip = `198.51.100.${++client}`;
      for (let i = 0; i < 2; i++) record(await send(limited, call, ip));
    }
  }
  // An unreadable database: 500 clubs_unavailable, as a problem and as a page; not ready.
  await using broken = await fixture();
  await Deno.writeTextFile(broken.path, "not a database ".repeat(2000));
  const app = testApp(broken.directory, { rateLimit: "off" });
  for (
    const path of ["/api/v1/clubs", "/api/v1/changes", "/clubs/pine-valley-golf-club", "/readyz"]
  ) {
    for (const method of ["GET", "HEAD"]) {
      for (const accept of ["text/html", "application/json"]) {
        record(await send(app, [method, path, { headers: { accept } }]));
      }
    }
  }
  return { seen, problems };
}

let answered: ReturnType<typeof everyAnswer> | null = null;
/** {@link everyAnswer}, once for both tests. */
const answers = () => answered ??= everyAnswer();

/**
 * Values no in-process request can bring: the MCP endpoint's 400 is a
 * JSON-RPC error here, and a problem (`invalid_host`) only for a Host a
 * real socket delivers (tests/server/http/host_test.ts).
 */
const UNREACHED: Record<string, string> = {
  "POST /api/mcp 400": "no-store",
  "POST /api/mcp/changes 400": "no-store",
};

Deno.test("every operation sends the Cache-Control the document states", async () => {
  const { seen, problems } = await answers();
  assertEquals(problems, [], "every answer is documented");
  const wrong: string[] = [];
  /** Values seen per operation and status, to hold the document's lists to them. */
  const values = new Map<string, Set<string | null>>();
  for (const s of seen) {
    const key = `${s.operation} ${s.status}`;
    if (!values.has(key)) values.set(key, new Set());
    values.get(key)!.add(s.cacheControl);
    const h = s.documented;
    if (h === null) {
      if (s.cacheControl !== null) {
        wrong.push(`${s.call} ${s.status}: sends ${s.cacheControl}, documents none`);
      }
    } else if (s.cacheControl === null) {
      if (h.required !== false) {
        wrong.push(`${s.call} ${s.status}: sends none, documents it as required`);
      }
    } else if (!h.schema.enum.includes(s.cacheControl)) {
      wrong.push(
        `${s.call} ${s.status}: sends ${s.cacheControl}, documents ${h.schema.enum.join(" | ")}`,
      );
    }
  }
  assertEquals(wrong, []);
  // Every operation was called, and each value documented for an answered status was seen.
  const called = new Set(seen.map((s) => s.operation));
  for (const [path, method, op] of operations()) {
    const key = operationKey(method, path);
    assert(called.has(key), `${key} was not called`);
    for (const [status, res] of Object.entries(op.responses as Record<string, Any>)) {
      const got = values.get(`${key} ${status}`);
      const listed: string[] = res.headers?.["Cache-Control"]?.schema.enum ?? [];
      if (!got) continue;
      for (const value of listed) {
        if (UNREACHED[`${key} ${status}`] === value) continue;
        assert(got.has(value), `${key} ${status}: ${value} never sent`);
      }
    }
  }
  // The answers the tables in docs/api.md#openapi name.
  const at = (operation: string, status: number) =>
    [...values.get(`${operation} ${status}`) ?? []].sort();
  assertEquals(at("GET /", 200), ["private, no-cache", "private, no-store"]);
  assertEquals(at("GET /api/v1/clubs", 200), ["private, no-store"]);
  assertEquals(at("GET /clubs/{slug}", 200), ["private, no-cache"]);
  assertEquals(at("GET /clubs/{slug}", 304), ["private, no-cache"]);
  assertEquals(at("HEAD /clubs/{slug}", 304), ["private, no-cache"]);
  assertEquals(at("GET /clubs/{slug}", 404), ["no-store", "private, no-store"]);
  assertEquals(at("GET /problems", 200), ["private, max-age=3600", "public, max-age=3600"]);
  assertEquals(at("GET /problems/{code}", 200), ["private, max-age=3600", "public, max-age=3600"]);
  assertEquals(at("GET /problems", 304), ["private, max-age=3600", "public, max-age=3600"]);
  assertEquals(at("GET /problems/{code}", 304), ["private, max-age=3600", "public, max-age=3600"]);
  assertEquals(at("GET /problems/{code}", 404), ["no-store"]);
  assertEquals(at("GET /openapi.json", 200), ["public, no-cache"]);
  assertEquals(at("GET /openapi.json", 304), ["public, no-cache"]);
  assertEquals(at("HEAD /openapi.json", 304), ["public, no-cache"]);
  assertEquals(at("GET /api/v1/clubs", 400), ["no-store"]);
  assertEquals(at("GET /api/v1/clubs", 429), ["no-store"]);
  assertEquals(at("GET /api/v1/clubs", 500), ["no-store"]);
  assertEquals(at("* /api/v1/{path}", 404), ["no-store"]);
  assertEquals(at("* /problems", 405), ["no-store"]);
  assertEquals(at("POST /api/mcp", 200), [null]);
  assertEquals(at("GET /healthz", 200), ["no-store"]);
  assertEquals(at("GET /readyz", 200), ["no-store"]);
  assertEquals(at("GET /readyz", 503), ["no-store"]);
});

/**
 * The response schemas closed again (every object `additionalProperties:
 * false`, `code` an enum of the known codes): what the app sends today.
 */
function closedValidator(): (body: unknown, name: string) => string | null {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  ajv.addVocabulary(["example", "components"]);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const close = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(close);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = close(v);
    if (out.type === "object" && out.properties && !("additionalProperties" in out)) {
      out.additionalProperties = false;
    }
    return out;
  };
  const schemas = close(structuredClone(doc.components.schemas)) as Any;
  schemas.Problem.properties.code.enum = PROBLEM_CODES;
  ajv.addSchema({ $id: "closed", components: { schemas } });
  return (body, name) => {
    const validate = ajv.getSchema(`closed#/components/schemas/${name}`)!;
    return validate(body) ? null : ajv.errorsText(validate.errors);
  };
}

Deno.test("the bodies the app sends name no member the document does not", async () => {
  const { seen } = await answers();
  const check = closedValidator();
  const counts: Record<string, number> = {};
  const wrong: string[] = [];
  for (const s of seen) {
    if (s.body === null) continue;
    let name: string | null = null;
    if (s.type === "application/problem+json") name = "Problem";
    else if (s.status === 200 && s.operation === "GET /api/v1/clubs") name = "ClubList";
    else if (s.status === 200 && s.operation === "GET /clubs/{slug}") name = "Club";
    else if (s.operation === "GET /healthz") name = "Liveness";
    else if (s.operation === "GET /readyz") name = "Readiness";
    if (name === null) continue;
    counts[name] = (counts[name] ?? 0) + 1;
    const why = check(s.body, name);
    if (why) wrong.push(`${s.call} ${s.status} ${name}: ${why}`);
  }
  assertEquals(wrong, []);
  for (const name of ["Problem", "ClubList", "Club", "Liveness", "Readiness"]) {
    assert(counts[name]! > 0, name);
  }
  // Suggestions and facets were among the lists checked.
  assert(seen.some((s) => (s.body as Any)?.suggestions), "a list with suggestions");
  assert(seen.some((s) => (s.body as Any)?.facets), "a list with facets");
  // The closed copy does reject an extra member, where the served schemas accept it.
  assertStrictEquals(
    check({ clubs: [], total: 0, fee_access: "locked", extra: 1 }, "ClubList") !== null,
    true,
  );
  assert(RESPONSE_SCHEMAS.includes("ClubList"));
});
