import SwaggerParser from "@apidevtools/swagger-parser";
import { z } from "zod";
import {
  CLUB_FIELDS,
  ClubListSchema,
  ClubSchema,
  FeeViewSchema,
  WAITLIST_VALUES,
} from "../../../core/schema/club.ts";
import { toApiClub } from "../../../core/model/render.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../../core/search/query.ts";
import {
  OPENAPI_VERSION,
  openApiDocument,
  openApiJson,
  PROBLEM_CODES,
  ProblemSchema,
} from "../../../server/openapi/document.ts";
import { PROBLEMS } from "../../../core/model/problems.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assertMatchesSchema, matchesSchema } from "../_openapi.ts";
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

/** Every Response Object of the document, with where it is. */
function* responses(): Generator<[string, string, string, Any]> {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    for (const [method, op] of Object.entries(item as Record<string, Any>)) {
      for (const [status, res] of Object.entries(op.responses as Record<string, Any>)) {
        yield [path, method, status, res];
      }
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
  assertEquals(Object.keys(params), [
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
    "facets",
  ]);
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
    "Link",
    "RateLimit",
    "RateLimit-Policy",
    "X-Data-Source",
    "X-Request-Id",
    "X-Total-Clubs",
  ]);
  assertEquals(doc.components.headers["Cache-Control"].schema.enum, ["private, no-store"]);
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
  assertEquals(schemas.Problem.properties.code.enum, PROBLEM_CODES);
});

Deno.test("every response carries X-Request-Id and the RateLimit headers", () => {
  for (const [path, method, status, res] of responses()) {
    for (const h of ["X-Request-Id", "RateLimit", "RateLimit-Policy"]) {
      assert(res.headers?.[h], `${method} ${path} ${status}: ${h}`);
    }
  }
});

Deno.test("every operation documents 429 rate_limited and 500 internal_error", () => {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Any>)) {
    for (const [method, op] of Object.entries(item as Record<string, Any>)) {
      if (path === "/api/mcp" && method === "get") continue;
      for (const [status, code] of [["429", "rate_limited"], ["500", "internal_error"]] as const) {
        const examples = op.responses[status]?.content["application/problem+json"].examples;
        assert(examples?.[code], `${method} ${path}: ${code}`);
      }
    }
  }
});

Deno.test("other methods on /api/v1/clubs: 405 method_not_allowed with Allow", () => {
  for (const method of ["post", "put", "patch", "delete"]) {
    const res = doc.paths["/api/v1/clubs"][method].responses["405"];
    assert(res.headers.Allow, method);
    assert(res.content["application/problem+json"].examples.method_not_allowed, method);
  }
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
    "/api/v1/clubs",
    "/api/v1/{path}",
    "/clubs/{slug}",
    "/openapi.json",
    "/problems",
    "/problems/{code}",
  ]);
  assertEquals(Object.keys(doc.paths["/api/v1/{path}"].get.responses), ["404", "429", "500"]);
  assertStrictEquals(
    doc.paths["/api/v1/{path}"].get.responses["404"].content["application/problem+json"]
      .examples.not_found.value.instance,
    "/api/v1",
  );
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
  assert(mcp.get.responses["405"]);
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
  const bad: [string, unknown][] = [
    ["extra field", { ...club, url: "https://x" }],
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
