// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { ChangeListSchema } from "../../../core/schema/mod.ts";
import { get, getJson, historyApp } from "../_helpers.ts";
import { assertMatchesSchema } from "../_openapi.ts";
import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import { FIRST_DAY, SECOND_DAY } from "../../core/history/_two_imports.ts";

const { h, app, tokens } = await historyApp();
const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` } });

Deno.test("GET /api/v1/changes lists the second import's changes, newest first, as the OpenAPI document says", async () => {
  const { res, body } = await getJson(app, "/api/v1/changes");
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("content-type"), "application/json");
  assertStrictEquals(res.headers.get("cache-control"), "private, no-store");
  assertStrictEquals(res.headers.get("x-total-changes"), "10");
  assertMatchesSchema(body, "ChangeList");
  ChangeListSchema.parse(body);
  assertEquals(body.kept, { snapshots: 2, newest: SECOND_DAY, oldest: FIRST_DAY });
  assertEquals(body.snapshots.map((s: { id: number }) => s.id), [2]);
  const opened = body.changes.find((c: { club: { id: string } }) =>
    c.club.id === h.edits.opened.id
  );
  assertEquals(opened.words, ["Opened for applications"]);
  assertStrictEquals(opened.club.url, `https://clubs.example/clubs/${h.edits.opened.slug}`);
  const removed = body.changes.find((c: { kind: string }) => c.kind === "removed");
  assertStrictEquals(removed.club.url, null);
});

Deno.test("GET /api/v1/changes takes the search's filters, since and paging", async () => {
  const gone = h.edits.removed.find((c) => c.state !== null)!;
  const { body } = await getJson(
    app,
    `/api/v1/changes?state=${encodeURIComponent(gone.state!)}&country=${
      encodeURIComponent(gone.country!)
    }`,
  );
  assert(body.changes.some((c: { club: { id: string } }) => c.club.id === gone.id));
  // Clubs whose waitlist is open as recorded: the one opened, not the one closed.
  const open = (await getJson(app, "/api/v1/changes?waitlist=open")).body.changes.map((
    c: { club: { id: string } },
  ) => c.club.id);
  assert(open.includes(h.edits.opened.id) && !open.includes(h.edits.closedWaitlist.id));
  const closed = (await getJson(app, "/api/v1/changes?waitlist=closed")).body.changes.map((
    c: { club: { id: string } },
  ) => c.club.id);
  assert(closed.includes(h.edits.closedWaitlist.id) && !closed.includes(h.edits.opened.id));
  assertEquals((await getJson(app, `/api/v1/changes?since=2025-03-04`)).body.total, 0);
  assertEquals((await getJson(app, `/api/v1/changes?since=${SECOND_DAY}`)).body.total, 10);
  const page = await getJson(app, "/api/v1/changes?limit=3&page=4");
  assertEquals([page.body.total, page.body.changes.length, page.body.page], [10, 1, 4]);
});

Deno.test("GET /api/v1/changes answers problems for a bad since or filter, and 405 for other methods", async () => {
  for (const since of ["yesterday", "2025-02-30", "2025-3-1"]) {
    const { res, body } = await getJson(app, `/api/v1/changes?since=${since}`);
    assertStrictEquals(res.status, 400);
    assertStrictEquals(res.headers.get("content-type"), "application/problem+json");
    assertStrictEquals(body.code, "invalid_since");
    assertMatch(body.detail, new RegExp(since));
  }
  const bad = await getJson(app, "/api/v1/changes?waitlist=soon");
  assertStrictEquals(bad.body.code, "invalid_waitlist");
  const post = await app.request("http://127.0.0.1:8000/api/v1/changes", { method: "POST" });
  assertStrictEquals(post.status, 405);
  assertStrictEquals(post.headers.get("allow"), "GET, HEAD");
  await post.body?.cancel();
});

Deno.test("fee changes on /api/v1/changes follow the session: anonymous and free see that fees changed, members the views", async () => {
  const path = "/api/v1/changes?limit=100";
  const club = h.edits.verifiedFees;
  const feesOf = (body: { changes: { club: { id: string }; fields: unknown }[] }) =>
    body.changes.find((c) => c.club.id === club.id)!.fields;
  const anonymous = await getJson(app, path);
  const free = await getJson(app, path, bearer(tokens.free));
  const member = await getJson(app, path, bearer(tokens.member));
  assertEquals(
    [anonymous.body.fee_access, free.body.fee_access, member.body.fee_access],
    ["locked", "band", "exact"],
  );
  for (const { body } of [anonymous, free]) {
    assertEquals(feesOf(body), [{ field: "fees", old: null, new: null }]);
    const text = JSON.stringify(body);
    assert(!/\$\d/.test(text), "no figure or band anywhere");
    assert(!text.includes(String(club.initiation_fee)));
  }
  const fields = feesOf(member.body) as { field: string; new: { label: string } }[];
  const initiation = fields.find((f) => f.field === "fee_views.initiation")!;
  assert(initiation.new.label.includes(club.initiation_fee!.toLocaleString("en-US")));
});

Deno.test("HEAD /api/v1/changes sends the headers only", async () => {
  const res = await get(app, "/api/v1/changes", { method: "HEAD" });
  assertStrictEquals(res.status, 200);
  assertStrictEquals(res.headers.get("x-total-changes"), "10");
  assertStrictEquals(await res.text(), "");
});
