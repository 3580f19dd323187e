// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { Directory } from "../../core/store/directory.ts";
import { ProblemError, PROBLEMS } from "../../core/model/problems.ts";
import { get, getJson, testApp } from "./_helpers.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../_assert.ts";
import { fixture, sharedFixture } from "../_fixture.ts";

const fx = await sharedFixture();
const app = testApp(fx.directory);

const PROBLEM_KEYS = ["type", "title", "status", "detail", "code", "hint", "instance"];

/** Checks the shape and headers every error shares (docs/api.md#errors-in-the-contract, §4.1 rule 7). */
function assertProblem(
  res: Response,
  body: Record<string, unknown>,
  code: keyof typeof PROBLEMS,
  instance: string,
): void {
  const info = PROBLEMS[code];
  assertStrictEquals(res.status, info.status);
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertMatch(res.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assertMatch(res.headers.get("ratelimit")!, /^limit=120, remaining=\d+, reset=\d+$/);
  assertStrictEquals(res.headers.get("ratelimit-policy"), "120;w=60");
  assertEquals(Object.keys(body), PROBLEM_KEYS);
  assertStrictEquals(body.type, `https://clubs.example/problems/${code}`);
  assertStrictEquals(body.title, info.title);
  assertStrictEquals(body.status, info.status);
  assertStrictEquals(body.code, code);
  assertStrictEquals(body.instance, instance);
  assertStrictEquals(typeof body.detail, "string");
  assert(!String(body.hint).includes("<SUPPORT_EMAIL>"));
}

const BAD_REQUESTS: [string, "invalid_page" | "invalid_limit" | "invalid_waitlist", string][] = [
  ["page=0", "invalid_page", '"0"'],
  ["page=-1", "invalid_page", '"-1"'],
  ["page=abc", "invalid_page", '"abc"'],
  ["page=1.5", "invalid_page", '"1.5"'],
  ["limit=0", "invalid_limit", '"0"'],
  ["limit=abc", "invalid_limit", '"abc"'],
  ["limit=-5", "invalid_limit", '"-5"'],
  ["waitlist=open,maybe", "invalid_waitlist", '"maybe"'],
];

for (const [query, code, quoted] of BAD_REQUESTS) {
  Deno.test(`GET /api/v1/clubs?${query} answers 400 ${code} quoting the value`, async () => {
    const { res, body } = await getJson(app, `/api/v1/clubs?${query}`);
    assertProblem(res, body, code, "/api/v1/clubs");
    assert(body.detail.includes(quoted), body.detail);
    assertStrictEquals(body.hint, PROBLEMS[code].hint);
  });
}

Deno.test("invalid_page and invalid_limit hints point at the default call; limit's names 200", async () => {
  const page = await getJson(app, "/api/v1/clubs?page=x");
  const limit = await getJson(app, "/api/v1/clubs?limit=x");
  assert(page.body.hint.includes("GET /api/v1/clubs?page=1&limit=50"));
  assert(limit.body.hint.includes("GET /api/v1/clubs?page=1&limit=50"));
  assert(limit.body.hint.includes("200"));
});

Deno.test("GET /api/v1/other answers 404 not_found with instance /api/v1", async () => {
  for (
    const path of ["/api/v1/other", "/api/v1", "/api/v1/", "/api/v1/clubs/x", "/api/v1/clubs/"]
  ) {
    const { res, body } = await getJson(app, path);
    assertProblem(res, body, "not_found", "/api/v1");
    assert(body.detail.includes(path), body.detail);
    assert(body.hint.includes("GET /api/v1/clubs") && body.hint.includes("OpenAPI"));
  }
});

Deno.test("An unknown path outside /api/v1 answers 404 not_found with the path as instance", async () => {
  const { res, body } = await getJson(app, "/nothing/here");
  assertProblem(res, body, "not_found", "/nothing/here");
});

Deno.test("POST /api/v1/clubs answers 405 method_not_allowed with Allow", async () => {
  const { res, body } = await getJson(app, "/api/v1/clubs", { method: "POST", body: "{}" });
  assertProblem(res, body, "method_not_allowed", "/api/v1/clubs");
  assertStrictEquals(res.headers.get("allow"), "GET, HEAD");
});

Deno.test("Error hints name the configured support address", async () => {
  const missing = testApp(new Directory(`${fx.dir}/none.db`), {
    supportEmail: "ops@clubs.example",
  });
  const { res, body: problem } = await getJson(missing, "/api/v1/clubs");
  assertProblem(res, problem, "clubs_unavailable", "/api/v1/clubs");
  assert(problem.hint.includes("ops@clubs.example"), problem.hint);
});

Deno.test("A missing database answers 500 clubs_unavailable, then recovers when the file returns", async () => {
  await using local = await fixture();
  const localApp = testApp(local.directory);
  assertStrictEquals((await getJson(localApp, "/api/v1/clubs")).res.status, 200);
  await Deno.rename(local.path, `${local.path}.away`);
  for (let i = 0; i < 3; i++) {
    const { res, body } = await getJson(localApp, "/api/v1/clubs?state=FL");
    assertProblem(res, body, "clubs_unavailable", "/api/v1/clubs");
    assert(!JSON.stringify(body).includes(local.path), "no file path in the body");
  }
  await Deno.rename(`${local.path}.away`, local.path);
  const { res, body } = await getJson(localApp, "/api/v1/clubs?state=FL");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(body.total, 3);
});

Deno.test("A query failing in SQLite answers 500 clubs_unavailable and the next request reopens", async () => {
  await using local = await fixture();
  const lines: string[] = [];
  const localApp = testApp(local.directory, { errorLog: (l) => lines.push(l) });
  assertStrictEquals((await get(localApp, "/api/v1/clubs?limit=1")).status, 200);
  // Pull the handle out from under the open snapshot, as a failing disk would.
  local.directory.current().db.close();
  const { res, body } = await getJson(localApp, "/api/v1/clubs?limit=2");
  assertProblem(res, body, "clubs_unavailable", "/api/v1/clubs");
  assertStrictEquals(lines.length, 1);
  const again = await getJson(localApp, "/api/v1/clubs?limit=2");
  assertStrictEquals(again.res.status, 200);
  assertStrictEquals(again.body.clubs.length, 2);
});

Deno.test("An unexpected exception answers 500 internal_error without internals and logs them", async () => {
  const lines: string[] = [];
  const failing = testApp(fx.directory, {
    access: () => {
      throw new TypeError("secret internals at /srv/clubdir/db.ts:42");
    },
    errorLog: (l) => lines.push(l),
  });
  const res = await get(failing, "/api/v1/clubs", { headers: { "x-request-id": "req-42" } });
  const text = await res.text();
  const body = JSON.parse(text);
  assertProblemLoose(res, body);
  assertStrictEquals(body.code, "internal_error");
  assertStrictEquals(body.status, 500);
  assert(!text.includes("secret") && !text.includes("/srv/") && !text.includes("TypeError"));
  assert(body.detail.includes("req-42"));
  assertStrictEquals(res.headers.get("x-request-id"), "req-42");
  assertStrictEquals(lines.length, 1);
  assert(lines[0]!.includes("req-42") && lines[0]!.includes("secret internals"), lines[0]);
});

Deno.test("A route mounted later gets problem answers, request ids and rate-limit headers", async () => {
  const extended = testApp(fx.directory);
  extended.get("/later/boom", () => {
    throw new Error("boom");
  });
  extended.get("/later/missing", () => {
    throw new ProblemError("not_found", 'There is no club "x"');
  });
  const boom = await getJson(extended, "/later/boom");
  assertStrictEquals(boom.body.code, "internal_error");
  assert(boom.res.headers.get("ratelimit"));
  assert(boom.res.headers.get("x-request-id"));
  const missing = await getJson(extended, "/later/missing");
  assertProblem(missing.res, missing.body, "not_found", "/later/missing");
});

Deno.test("X-Request-Id echoes a sane incoming id and replaces an unsafe one", async () => {
  const sane = await get(app, "/api/v1/clubs?limit=1", {
    headers: { "x-request-id": "abc.DEF-12_3" },
  });
  await sane.body?.cancel();
  assertStrictEquals(sane.headers.get("x-request-id"), "abc.DEF-12_3");
  for (const bad of ["<script>", "a b", "x".repeat(201), ""]) {
    const res = await get(app, "/api/v1/clubs?limit=1", { headers: { "x-request-id": bad } });
    await res.body?.cancel();
    assertMatch(res.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/, bad);
  }
});

function assertProblemLoose(res: Response, body: Record<string, unknown>): void {
  assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
  assertEquals(Object.keys(body), PROBLEM_KEYS);
}
