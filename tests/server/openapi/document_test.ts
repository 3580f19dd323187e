// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import SwaggerParser from "@apidevtools/swagger-parser";
import { z } from "zod";
import {
  CLUB_FIELDS,
  ClubListSchema,
  ClubSchema,
  FeeViewSchema,
  WAITLIST_VALUES,
} from "../../../core/schema/club.ts";
import { toApiClub } from "../../../core/club/mod.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../../core/search/query.ts";
import fc from "fast-check";
import { pageLinks } from "../../../server/routes/clubs.ts";
import {
  EVOLUTION_TEXT,
  OPENAPI_VERSION,
  openApiDocument,
  openApiJson,
  PAGE_LINK_RELATIONS,
  PROBLEM_CODES,
  ProblemSchema,
  RESPONSE_SCHEMAS,
} from "../../../server/openapi/mod.ts";
import { PROBLEMS } from "../../../core/model/problems.ts";
import { sharedFixture } from "../../_fixture.ts";
import { SEARCH_PARAMETERS, testApp } from "../_helpers.ts";
import { assertMatchesSchema, matchesSchema } from "../_openapi.ts";
import { operationKey, operations, PAGES, undocumented } from "./_documented.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertRejects,
  assertStrictEquals,
  assertThrows,
} from "../../_assert.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const doc = openApiDocument() as Any;
const schemas = doc.components.schemas;
const clubs = doc.paths["/api/v1/clubs"].get;

/**
 * The refusals and unknown paths the `x-` extensions state, each with its
 * Responses Object: `[path, extension name, extension]`.
 */
function* extensions(): Generator<[string, string, Any]> {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    if (item["x-refused-methods"]) yield [path, "x-refused-methods", item["x-refused-methods"]];
  }
  for (const [path, ext] of Object.entries(doc["x-unknown-paths"] as Record<string, Any>)) {
    yield [path, "x-unknown-paths", ext];
  }
}

/** Every Response Object of the document (the extensions' too), with where it is. */
function* responses(): Generator<[string, string, string, Any]> {
  for (const [path, method, op] of operations()) {
    for (const [status, res] of Object.entries(op.responses as Record<string, Any>)) {
      yield [path, method, status, res];
    }
  }
  for (const [path, name, ext] of extensions()) {
    for (const [status, res] of Object.entries(ext.responses as Record<string, Any>)) {
      yield [path, name, status, res];
    }
  }
}

Deno.test("the document is valid OpenAPI 3.0 (swagger-parser)", async () => {
  // validate() dereferences in place: hand it a copy.
  const api = await SwaggerParser.validate(structuredClone(doc)) as Any;
  assertStrictEquals(api.openapi, "3.0.0");
  assertStrictEquals(api.info.version, "1.2.0");
});

Deno.test("the validator does reject a broken document", async () => {
  const broken = structuredClone(doc);
  broken.paths["/api/v1/clubs"].get.parameters[0].in = "body";
  await assertRejects(SwaggerParser.validate(broken));
  const badRef = structuredClone(doc);
  badRef.components.schemas.ClubList.properties.clubs.items.$ref = "#/components/schemas/Nope";
  await assertRejects(SwaggerParser.validate(badRef));
});

Deno.test("the document is OpenAPI 3.0.0, version 1.2.0, built once and frozen", () => {
  assertStrictEquals(doc.openapi, "3.0.0");
  assertStrictEquals(doc.info.version, OPENAPI_VERSION);
  assertStrictEquals(OPENAPI_VERSION, "1.2.0");
  assertStrictEquals(openApiDocument(), doc);
  assert(Object.isFrozen(doc.components.schemas.Club.properties));
  assertEquals(JSON.parse(openApiJson()), doc);
  assertStrictEquals(openApiJson(), openApiJson());
});

Deno.test("openApiJson() is ASCII, with the document's non-ASCII text as \\u escapes", () => {
  const json = openApiJson();
  assert(!/[^ -~]/.test(json), "printable ASCII only");
  assert(JSON.stringify(doc).includes("\u2013"), "the document holds an en dash");
  assert(json.includes("\\u2013"), "written as an escape");
});

Deno.test("component schemas are the zod schemas, with refs between them", () => {
  for (const name of ["ClubList", "Club", "FeeView", "Problem"]) assert(schemas[name], name);
  assertEquals(schemas.ClubList.properties.clubs.items, { $ref: "#/components/schemas/Club" });
  assertEquals(
    schemas.Club.properties.fee_views.properties.firstYear,
    { $ref: "#/components/schemas/FeeView" },
  );
  assertEquals(Object.keys(schemas.Club.properties), [...CLUB_FIELDS, "fee_views"]);
  assertEquals(schemas.Club.required, Object.keys(ClubSchema.shape));
  assertEquals(Object.keys(schemas.ClubList.properties), Object.keys(ClubListSchema.shape));
  assertEquals(Object.keys(schemas.FeeView.properties), Object.keys(FeeViewSchema.shape));
  assertEquals(Object.keys(schemas.Problem.properties), Object.keys(ProblemSchema.shape));
  assertEquals(schemas.Problem.required, [
    "type",
    "title",
    "status",
    "detail",
    "code",
    "hint",
  ]);
});

Deno.test("nullable fields use 3.0 `nullable`, and nullable enums list null", () => {
  const s = JSON.stringify(doc);
  assert(!s.includes('"$id"'), "no $id");
  assert(!s.includes('"$schema"'), "no $schema");
  assert(!s.includes('"type":"null"'), "no 3.1-style null type");
  const p = schemas.Club.properties;
  assertStrictEquals(p.city.nullable, true);
  assertStrictEquals(p.id.nullable, undefined);
  assertEquals(p.fee_tier.enum, ["verified", "estimate", "none", null]);
  assertEquals(p.waitlist_status.enum, [...WAITLIST_VALUES, null]);
  for (const [name, prop] of Object.entries(p as Record<string, Any>)) {
    const nullable = ClubSchema.shape[name as keyof typeof ClubSchema.shape].safeParse(null)
      .success;
    assertStrictEquals(prop.nullable === true, nullable, name);
  }
});

Deno.test("/api/v1/clubs documents its parameters and their rules", () => {
  const params = Object.fromEntries(clubs.parameters.map((p: Any) => [p.name, p]));
  assertEquals(Object.keys(params), [...SEARCH_PARAMETERS, "facets"]);
  for (const p of clubs.parameters) {
    assertStrictEquals(p.in, "query");
    assertStrictEquals(p.required, false);
    assert(p.description.length > 30, p.name);
  }
  assertStrictEquals(params.waitlist.style, "form");
  assertStrictEquals(params.waitlist.explode, false);
  assertEquals(params.waitlist.schema.items.enum, [...WAITLIST_VALUES]);
  assertStrictEquals(params.page.schema.type, "integer");
  assertStrictEquals(params.page.schema.minimum, 1);
  assertStrictEquals(params.page.schema.default, 1);
  assertMatch(params.page.description, /invalid_page/);
  assertMatch(params.page.description, /Leading zeros/);
  assertStrictEquals(params.limit.schema.type, "integer");
  assertStrictEquals(params.limit.schema.minimum, 1);
  assertStrictEquals(params.limit.schema.default, DEFAULT_LIMIT);
  // Clamped, not rejected: no schema maximum at or below the clamp.
  assert(!(params.limit.schema.maximum <= MAX_LIMIT));
  assertMatch(params.limit.description, /clamped to 200/);
  assertMatch(params.limit.description, /invalid_limit/);
  assertMatch(params.type.description, /`golf` also matches `country_club`/);
  assertMatch(params.type.description, /`wine` reads as `dining`/);
  assertMatch(params.state.description, /United States and Canada/);
  assertMatch(params.country.description, /`all`/);
  assertStrictEquals(params.facets.style, "form");
  assertMatch(params.facets.description, /invalid_facets/);
});

Deno.test("/api/v1/clubs: 200 ClubList with every success header", () => {
  const ok = clubs.responses["200"];
  assertEquals(ok.content["application/json"].schema, {
    $ref: "#/components/schemas/ClubList",
  });
  assertEquals(Object.keys(ok.headers).sort(), [
    "Cache-Control",
    "Content-Encoding",
    "Link",
    "RateLimit",
    "RateLimit-Policy",
    "Vary",
    "X-Data-Source",
    "X-Request-Id",
    "X-Total-Clubs",
  ]);
  assertEquals(ok.headers["Cache-Control"].schema.enum, ["private, no-store"]);
  assertStrictEquals(ok.headers["Cache-Control"].required, true);
  assertStrictEquals(doc.components.headers["RateLimit-Policy"].example, "120;w=60");
});

Deno.test("/api/v1/clubs: 400, 429 and 500 problems with their headers", () => {
  assertEquals(Object.keys(clubs.responses), ["200", "400", "429", "500"]);
  for (const status of ["400", "429", "500"]) {
    const res = clubs.responses[status];
    assertEquals(res.content["application/problem+json"].schema, {
      $ref: "#/components/schemas/Problem",
    });
    for (const h of ["X-Request-Id", "RateLimit", "RateLimit-Policy"]) {
      assert(res.headers[h], `${status} ${h}`);
    }
  }
  assert(clubs.responses["429"].headers["Retry-After"]);
  assertEquals(
    Object.keys(clubs.responses["400"].content["application/problem+json"].examples),
    [
      "invalid_page",
      "invalid_limit",
      "invalid_type",
      "invalid_state",
      "invalid_country",
      "invalid_city",
      "invalid_q",
      "invalid_match",
      "invalid_sort",
      "invalid_waitlist",
      "invalid_facets",
      "invalid_host",
    ],
  );
  assertEquals(
    Object.keys(clubs.responses["500"].content["application/problem+json"].examples),
    ["clubs_unavailable", "internal_error"],
  );
});

Deno.test("every registered problem code appears, under its own status", () => {
  const seen = new Set<string>();
  for (const [where, , status, res] of responses()) {
    const examples = res.content?.["application/problem+json"]?.examples ?? {};
    for (const [code, ex] of Object.entries(examples as Record<string, Any>)) {
      const p = PROBLEMS[code as keyof typeof PROBLEMS];
      assert(p, `${where}: unknown code ${code}`);
      assertStrictEquals(String(p.status), status, `${where} ${code}`);
      assertMatch(res.description, new RegExp(`\`${code}\``));
      assertStrictEquals(ex.value.status, p.status);
      assertStrictEquals(ex.value.hint, p.hint);
      seen.add(code);
    }
  }
  assertEquals([...seen].sort(), [...PROBLEM_CODES].sort());
  // Open to new codes (docs/api.md#versioning): known ones listed, not enumerated.
  assertStrictEquals(schemas.Problem.properties.code.enum, undefined);
  assertStrictEquals(schemas.Problem.properties.code.type, "string");
  for (const code of PROBLEM_CODES) {
    assertMatch(schemas.Problem.properties.code.description, new RegExp(`\`${code}\``));
  }
});

/** The probes, answered ahead of the rate limit (server/routes/health.ts). */
const PROBES = ["/healthz", "/readyz"];

Deno.test("every response carries X-Request-Id and the RateLimit headers (the probes no RateLimit)", () => {
  for (const [path, method, status, res] of responses()) {
    const probe = PROBES.includes(path) && !method.startsWith("x-");
    for (const h of ["X-Request-Id", "RateLimit", "RateLimit-Policy"]) {
      // A probe is never counted: no RateLimit, and no 429 either.
      if (probe && h !== "X-Request-Id") assert(!res.headers?.[h], `${method} ${path} ${status}`);
      else assert(res.headers?.[h], `${method} ${path} ${status}: ${h}`);
    }
  }
});

Deno.test("every operation documents 429 rate_limited and 500 internal_error", () => {
  for (const [path, method, op] of operations()) {
    for (const [status, code] of [["429", "rate_limited"], ["500", "internal_error"]] as const) {
      if (status === "429" && PROBES.includes(path)) {
        assert(!op.responses[status], `${method} ${path}: a probe is never limited`);
        continue;
      }
      // A HEAD answer has the statuses and headers of GET, and no body.
      if (method === "head") {
        assert(op.responses[status] && !op.responses[status].content, `${method} ${path}`);
        continue;
      }
      const examples = op.responses[status]?.content["application/problem+json"].examples;
      assert(examples?.[code], `${method} ${path}: ${code}`);
    }
  }
});

// Changed by design (issue 30): refusals were 41 operations of their own.
Deno.test("the document describes only operations that can succeed", () => {
  assertEquals([...operations()].map(([path, method]) => operationKey(method, path)), [
    "GET /",
    "HEAD /",
    "GET /api/v1/clubs",
    "HEAD /api/v1/clubs",
    "GET /api/v1/changes",
    "HEAD /api/v1/changes",
    "GET /clubs/{slug}",
    "HEAD /clubs/{slug}",
    "GET /openapi.json",
    "HEAD /openapi.json",
    "GET /problems",
    "HEAD /problems",
    "GET /problems/{code}",
    "HEAD /problems/{code}",
    "POST /api/mcp",
    "OPTIONS /api/mcp",
    "POST /api/mcp/changes",
    "OPTIONS /api/mcp/changes",
    "GET /healthz",
    "HEAD /healthz",
    "GET /readyz",
    "HEAD /readyz",
  ]);
  for (const [path, method, op] of operations()) {
    assert(Object.keys(op.responses).some((s) => /^2/.test(s)), `${method} ${path}: no 2xx`);
    assert(!("405" in op.responses), `${method} ${path}: a 405 is a refusal, not an answer`);
  }
  assert(!JSON.stringify(doc.paths).includes("Not answered"));
});

Deno.test("every GET path documents HEAD, and states its 405 with Allow in prose and x-refused-methods", () => {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    if (!item.get) continue;
    assertEquals(Object.keys(item.head.responses), Object.keys(item.get.responses), path);
    for (const [status, res] of Object.entries(item.head.responses as Record<string, Any>)) {
      // A 304 has no body, so no length to state.
      assert(!res.content && Boolean(res.headers["Content-Length"]) === (status !== "304"), path);
    }
    const refused = item["x-refused-methods"];
    assertStrictEquals(refused.allow, "GET, HEAD");
    assertEquals(Object.keys(refused.responses), ["400", "405", "429", "500"], path);
    const res = refused.responses["405"];
    assertEquals(res.headers.Allow.schema.enum, ["GET, HEAD"]);
    assertEquals(res.headers["Cache-Control"].schema.enum, ["no-store"]);
    assert(res.content["application/problem+json"].examples.method_not_allowed, path);
    assertMatch(item.description, /405 `method_not_allowed`/);
    assertMatch(item.description, /`Allow: GET, HEAD`/);
  }
});

Deno.test("the MCP endpoint documents its 400, 403, 413, 415, preflight answers and its 405", () => {
  const mcp = doc.paths["/api/mcp"];
  for (const status of ["200", "202", "400", "403", "413", "415", "429", "500"]) {
    assert(mcp.post.responses[status], status);
  }
  assert(mcp.options.responses["204"]);
  // GET (and every other method) answers 405: in the contract, stated in prose.
  assertMatch(mcp.description, /`GET` included/);
  assertMatch(mcp.description, /405 with `Allow: POST, OPTIONS`/);
  const refused = mcp["x-refused-methods"];
  assertStrictEquals(refused.allow, "POST, OPTIONS");
  assertEquals(refused.responses["405"].headers.Allow.schema.enum, ["POST, OPTIONS"]);
  assertEquals(refused.responses["405"].content["application/json"].schema, {
    $ref: "#/components/schemas/JsonRpcResponse",
  });
});

Deno.test("response schemas are open, request parameters strict", () => {
  const closed: string[] = [];
  const walk = (node: unknown, where: string): void => {
    if (node === null || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "additionalProperties" && v === false) closed.push(where);
      walk(v, `${where}/${k}`);
    }
  };
  for (const name of RESPONSE_SCHEMAS) walk(schemas[name], name);
  assertEquals(closed, []);
  // A member or a code added within v1 still validates.
  const body = {
    type: "https://clubs.example.com/problems/too_early",
    title: "Too early",
    status: 425,
    detail: "x",
    code: "too_early",
    hint: "y",
    retry_in: 3,
  };
  assert(matchesSchema(body, "Problem"));
  assert(matchesSchema({ clubs: [], total: 0, fee_access: "locked", cursor: "x" }, "ClubList"));
  // Known value sets stay closed where v1 fixes them (EVOLUTION_TEXT).
  assert(!matchesSchema({ clubs: [], total: 0, fee_access: "gold" }, "ClubList"));
  assertMatch(EVOLUTION_TEXT, /must ignore members they do not know/);
  assertMatch(doc.info.description, /## Evolution/);
  // Parameters are strict: their schemas keep their enums and bounds.
  const params = Object.fromEntries(clubs.parameters.map((p: Any) => [p.name, p]));
  assertEquals(params.waitlist.schema.items.enum, [...WAITLIST_VALUES]);
  assert(params.match.schema.enum.includes("words"));
  assertEquals(doc.paths["/problems/{code}"].get.parameters[0].schema.enum, PROBLEM_CODES);
});

Deno.test("the root declares no required security, a license and a contact", () => {
  assertEquals(doc.security, []);
  assert(doc.info.license.name);
  assertStrictEquals(doc.info.contact.email, "support@clubdir.example");
  const configured = openApiDocument("help@clubs.example") as Any;
  assertStrictEquals(configured.info.contact.email, "help@clubs.example");
});

Deno.test("every path parameter has an example", () => {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    for (const op of Object.values(item as Record<string, Any>)) {
      for (const p of (op.parameters ?? []) as Any[]) {
        if (p.in === "path") assert(p.example !== undefined, `${path} ${p.name}`);
      }
    }
  }
});

Deno.test("Link promises only the relations the route sends", () => {
  const description: string = doc.components.headers.Link.description;
  for (const rel of ["first", "last", "next", "prev"]) {
    assertStrictEquals(
      description.includes(`rel="${rel}"`),
      (PAGE_LINK_RELATIONS as readonly string[]).includes(rel),
      rel,
    );
  }
  const sent = new Set<string>();
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 0, max: 5_000 }),
      (page, limit, total) => {
        const link = pageLinks("https://x.example", "", page, limit, total) ?? "";
        for (const m of link.matchAll(/rel="([^"]+)"/g)) {
          assert((PAGE_LINK_RELATIONS as readonly string[]).includes(m[1]!), m[1]);
          sent.add(m[1]!);
        }
      },
    ),
  );
  assertEquals([...sent].sort(), [...PAGE_LINK_RELATIONS].sort());
});

Deno.test("every example body matches its own schema", () => {
  let n = 0;
  for (const [where, , status, res] of responses()) {
    for (const [type, media] of Object.entries((res.content ?? {}) as Record<string, Any>)) {
      const ref: string | undefined = media.schema?.$ref;
      if (!ref) continue;
      const name = ref.split("/").at(-1)!;
      for (const ex of Object.values((media.examples ?? {}) as Record<string, Any>)) {
        assert(matchesSchema(ex.value, name), `${where} ${status} ${type}`);
        n++;
      }
    }
  }
  assert(n >= PROBLEM_CODES.length);
});

Deno.test("the other served paths are described", () => {
  assertEquals(Object.keys(doc.paths).sort(), [
    "/",
    "/api/mcp",
    "/api/mcp/changes",
    "/api/v1/changes",
    "/api/v1/clubs",
    "/clubs/{slug}",
    "/healthz",
    "/openapi.json",
    "/problems",
    "/problems/{code}",
    "/readyz",
  ]);
  // Changed by design (issue 30): the catch-all is no longer seven operations.
  const unknown = doc["x-unknown-paths"]["/api/v1/{path}"];
  assertStrictEquals(unknown.methods, "any");
  assertEquals(Object.keys(unknown.responses), ["400", "404", "429", "500"]);
  assertStrictEquals(
    unknown.responses["404"].content["application/problem+json"].examples.not_found.value.instance,
    "/api/v1",
  );
  assertMatch(doc.info.description, /`x-unknown-paths`/);
  const profile = doc.paths["/clubs/{slug}"].get.responses;
  assertEquals(profile["200"].content["application/json"].schema, {
    $ref: "#/components/schemas/Club",
  });
  assert(profile["200"].content["text/html"]);
  assert(profile["404"].content["application/problem+json"]);
  assert(profile["404"].content["text/html"]);
  assertEquals(doc.paths["/problems/{code}"].get.parameters[0].schema.enum, PROBLEM_CODES);
  const mcp = doc.paths["/api/mcp"];
  assertEquals(mcp.post.requestBody.content["application/json"].schema, {
    $ref: "#/components/schemas/JsonRpcRequest",
  });
  assert(mcp.post.responses["200"].content["text/event-stream"]);
  assert(!mcp.get, "GET /api/mcp is refused, not an operation");
  assert(doc.paths["/problems/{code}"].get.responses["404"].content["text/html"]);
  assertMatch(mcp.post.description, /search_clubs/);
  assertMatch(mcp.post.description, /no fees/);
});

Deno.test("sessions are optional: anonymous, bearer or cookie", () => {
  assertEquals(doc.components.securitySchemes.session_bearer.type, "http");
  assertEquals(doc.components.securitySchemes.session_bearer.scheme, "bearer");
  assertEquals(doc.components.securitySchemes.session_cookie, {
    ...doc.components.securitySchemes.session_cookie,
    type: "apiKey",
    in: "cookie",
    name: "session",
  });
  const expected = [{}, { session_bearer: [] }, { session_cookie: [] }];
  assertEquals(clubs.security, expected);
  assertEquals(doc.paths["/clubs/{slug}"].get.security, expected);
  assertStrictEquals(doc.paths["/api/mcp"].post.security, undefined);
  assertMatch(doc.info.description, /Authorization: Bearer <token>/);
  assertMatch(doc.info.description, /\$10,000–\$25,000/);
});

Deno.test("assertMatchesSchema() accepts rendered clubs and rejects broken ones", async () => {
  const fx = await sharedFixture();
  const record = fx.store.bySlug("pine-valley-golf-club")!;
  for (const access of ["locked", "band", "exact"] as const) {
    const club = toApiClub(record, access);
    assertMatchesSchema(club, "Club");
    assertMatchesSchema({ clubs: [club], total: 1, fee_access: access }, "ClubList");
  }
  const club = toApiClub(record, "locked");
  // Open to members added within v1 (docs/api.md#versioning); closedMatches() catches drift.
  assertMatchesSchema({ ...club, url: "https://x" }, "Club");
  const bad: [string, unknown][] = [
    ["missing field", Object.fromEntries(Object.entries(club).filter(([k]) => k !== "city"))],
    ["bad enum", { ...club, fee_tier: "gold" }],
    ["bad uuid", { ...club, id: "nope" }],
    ["null non-nullable", { ...club, currency: null }],
    ["missing view", { ...club, fee_views: { ...club.fee_views, firstYear: undefined } }],
    ["bad view kind", { ...club, fee_views: { ...club.fee_views, annual: { kind: "open" } } }],
  ];
  for (const [why, body] of bad) {
    assertThrows(
      () => assertMatchesSchema(JSON.parse(JSON.stringify(body)), "Club"),
      /does not match the OpenAPI schema "Club"/,
      why,
    );
  }
  assert(matchesSchema({ ...club, fee_tier: null, waitlist_status: null }, "Club"));
  assert(!matchesSchema({ clubs: [], total: 0, fee_access: "none" }, "ClubList"));
  assertThrows(() => assertMatchesSchema({}, "Nope"), /no component schema named "Nope"/);
});

Deno.test("Problem bodies built from the registry match the schema", () => {
  for (const code of PROBLEM_CODES) {
    const p = PROBLEMS[code];
    const body = {
      type: `https://clubs.example.com/problems/${code}`,
      title: p.title,
      status: p.status,
      detail: "x",
      code,
      hint: p.hint,
      instance: "/api/v1/clubs",
    };
    assertMatchesSchema(body, "Problem");
    assert(ProblemSchema.safeParse(body).success);
    const { instance: _, ...withoutInstance } = body;
    assertMatchesSchema(withoutInstance, "Problem");
  }
  assert(!matchesSchema({ type: "x", title: "t", status: 400 }, "Problem"));
  assert(z.toJSONSchema(ProblemSchema));
});

Deno.test("every status and media type the app answers is in the document", async () => {
  const fx = await sharedFixture();
  const app = testApp(fx.directory, { allowedHosts: ["127.0.0.1"], rateLimit: "off" });
  const limited = testApp(fx.directory, { rateLimit: { limit: 1, windowSeconds: 60 } });
  const rpc = (body: unknown) => JSON.stringify(body);
  const list = rpc({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  const json = { "content-type": "application/json", accept: "application/json" };
  const requests: [string, string, RequestInit?][] = [];
  for (const path of PAGES) {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const accept of ["text/html", "application/json"]) {
        requests.push([method, path, { headers: { accept } }]);
      }
    }
  }
  for (const mcp of ["/api/mcp", "/api/mcp/changes"]) {
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE"]) {
      requests.push([method, mcp]);
    }
    requests.push(
      ["POST", mcp, { headers: json, body: list }],
      ["POST", mcp, { headers: json, body: rpc({ jsonrpc: "2.0", method: "ping" }) }],
      ["POST", mcp, { headers: json, body: "{" }],
      ["POST", mcp, { headers: json, body: rpc(Array(11).fill({ jsonrpc: "2.0" })) }],
      ["POST", mcp, { headers: { "content-type": "text/plain" }, body: list }],
      ["POST", mcp, { headers: json, body: "x".repeat(1_100_000) }],
      ["OPTIONS", mcp, {
        headers: { origin: "https://a.example", "access-control-request-method": "POST" },
      }],
    );
  }
  const problems: string[] = [];
  for (const [method, path, init] of requests) {
    const res = await app.request(`http://127.0.0.1${path}`, { method, ...init });
    await res.body?.cancel();
    const why = undocumented(method, `http://127.0.0.1${path}`, res);
    if (why) problems.push(why);
  }
  // Another Host (403) and past the rate limit (429).
  const other = await app.request("http://evil.example/api/mcp", {
    method: "POST",
    headers: json,
    body: list,
  });
  await other.body?.cancel();
  assertStrictEquals(other.status, 403);
  problems.push(
    ...[undocumented("POST", "http://evil.example/api/mcp", other)].filter(Boolean) as string[],
  );
  for (const path of ["/api/v1/clubs", "/api/v1/clubs", "/problems", "/api/mcp"]) {
    const res = await limited.request(`http://127.0.0.1${path}`, {
      method: path === "/api/mcp" ? "POST" : "GET",
      headers: json,
      body: path === "/api/mcp" ? list : undefined,
    });
    await res.body?.cancel();
    const why = undocumented(path === "/api/mcp" ? "POST" : "GET", `http://127.0.0.1${path}`, res);
    if (why) problems.push(why);
  }
  assertEquals([...new Set(problems)], []);
});
