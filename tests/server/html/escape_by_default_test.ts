// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
/**
 * The website escapes by default (issue 36): every page type, rendered by
 * the app from a directory whose club fields carry markup, and from
 * addresses and forms that carry it, shows it as text; and no template of
 * the pages builds HTML without the escaping tag.
 *
 * The hostile values hold every character that can end an element or an
 * attribute (`<`, `>`, `"`, `'`, `&`) and a made-up element per field
 * (`<evil:name …>`), so a value written anywhere without escaping shows
 * up as that element, and a value escaped twice as `&amp;lt;`.
 */
import { siteApp } from "../_helpers.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import { csvFile, fixture, FIXTURE_CSV, importFile } from "../../_fixture.ts";

/** A value with markup in it, marked with the field it was put in. */
const hostile = (field: string) => `x"><evil:${field} a='1'>&amp;`;

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const ORIGIN = "http://127.0.0.1:8000";

/** The fixture CSV with one more club whose every text field is hostile. */
async function hostileCsv(): Promise<string> {
  const text = await Deno.readTextFile(FIXTURE_CSV);
  const header = text.slice(0, text.indexOf("\n")).split(",");
  const values: Record<string, string> = {
    name: `Hostile ${hostile("name")} Club`,
    city: `Town ${hostile("city")}`,
    state: `Region ${hostile("state")}`,
    country: `Land ${hostile("country")}`,
    type: "golf",
    status: "published",
    waitlist_status: "open",
    fee_tier: "verified",
    initiation_fee: "1000",
    annual_dues: "500",
    currency: "USD",
    amenities: JSON.stringify(["golf", `spa ${hostile("amenity")}`]),
    description: `First ${hostile("desc1")}\nline two ${hostile("desc2")}\n\nAnd ${
      hostile("desc3")
    }`,
    course_architect: `Arch ${hostile("architect")}`,
    hero_image_url: `https://img.example/a${hostile("image")}.jpg`,
  };
  const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const row = header.map((h) => quote(values[h] ?? "")).join(",");
  return await csvFile(`${text.trimEnd()}\n${row}\n`);
}

// Two imports: the fixture, then the fixture and the hostile club (What's new lists it as new).
const fx = await fixture();
await importFile(await hostileCsv(), fx.path);
globalThis.addEventListener("unload", () => fx.disposeSync());
const { app, member } = siteApp(fx);

async function get(
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  return await app.request(`${ORIGIN}${path}`, {
    ...init,
    headers: { accept: BROWSER, ...init.headers },
  });
}

/**
 * Checks a page: each field's value is there, escaped once, and no value
 * is there as markup or escaped twice.
 */
function assertEscaped(page: string, fields: readonly string[], where: string): void {
  assert(!page.includes("<evil"), `${where}: a value written as markup`);
  assert(!page.includes("a='1'"), `${where}: a quote left as it is`);
  assert(!/&amp;(lt|gt|quot|#39);/.test(page), `${where}: a value escaped twice`);
  for (const field of fields) {
    assert(
      page.includes(`x&quot;&gt;&lt;evil:${field} a=&#39;1&#39;&gt;&amp;amp;`),
      `${where}: the ${field} is not on the page, escaped once`,
    );
  }
}

async function page(
  path: string,
  status: number,
  fields: readonly string[],
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<string> {
  const res = await get(path, init);
  assertStrictEquals(res.status, status, path);
  assert(res.headers.get("content-type")?.startsWith("text/html"), path);
  const body = await res.text();
  assertEscaped(body, fields, path);
  return body;
}

const slug: string = await (async () => {
  const res = await app.request(`${ORIGIN}/api/v1/clubs?q=hostile`);
  const body = await res.json() as { clubs: { slug: string; name: string }[] };
  assertEquals(body.clubs.length, 1);
  return body.clubs[0]!.slug;
})();
const PLACE = ["city", "state", "country"];
const q = (v: string) => encodeURIComponent(v);

Deno.test("a club's fields with markup read as text on the home, results, profile and What's new pages", async () => {
  await page("/", 200, ["country"]);
  await page("/clubs?q=hostile", 200, ["name", ...PLACE]);
  // Places chosen as filters: the heading, the chips, the filter lists, the form's hidden fields.
  const land = `Land ${hostile("country")}`;
  await page(`/clubs?country=${q(land)}`, 200, ["name", ...PLACE]);
  await page(`/clubs?country=${q(land)}&state=${q(`Region ${hostile("state")}`)}`, 200, [
    "name",
    ...PLACE,
  ]);
  const profile = [
    "name",
    ...PLACE,
    "desc1",
    "desc2",
    "desc3",
    "amenity",
    "architect",
    "image",
  ];
  const anonymous = await page(`/clubs/${slug}`, 200, profile);
  // The description's line break is the page's own markup; its words are text.
  assert(anonymous.includes(`&amp;amp;<br>line two x&quot;`));
  await page(`/clubs/${slug}`, 200, profile, { headers: { cookie: `session=${member}` } });
  await page("/changes", 200, ["name", ...PLACE]);
  await page(`/changes?country=${q(land)}`, 200, ["name", ...PLACE]);
});

Deno.test("a search's words with markup read as text on the results page, its errors and its way back", async () => {
  // Nothing matches: the heading, the form's value, the sign-in link's return address, the offers.
  await page(`/clubs?q=${q(hostile("query"))}`, 200, ["query"]);
  await page(`/clubs?q=${q(hostile("query"))}&type=golf&country=Canada`, 200, ["query"]);
  await page(`/changes?q=${q(hostile("query"))}`, 200, ["query"]);
  // A value the search cannot use is quoted on the error page (400).
  await page(`/clubs?page=${q(hostile("page"))}`, 400, ["page"]);
  await page(`/clubs?waitlist=${q(hostile("waitlist"))}`, 400, ["waitlist"]);
});

Deno.test("the sign-in page, its form's answers and the error pages show what was sent as text", async () => {
  const next = `/clubs?q=${hostile("next")}`;
  await page(`/sign-in?next=${q(next)}`, 200, ["next"]);
  await page(`/sign-in?next=${q(next)}`, 200, ["next"], {
    headers: { cookie: `session=${member}` },
  });
  await page("/sign-in", 400, ["next"], {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    body: new URLSearchParams({ next, token: "cds_not-a-live-session" }).toString(),
  });
  // No club at a made-up address: its words are offered as a search.
  await page(`/clubs/${q(hostile("slug"))}`, 404, ["slug"]);
  await page(`/nowhere-${q(hostile("path"))}`, 404, []);
});

Deno.test("the problem pages show an unknown code as text", async () => {
  await page(`/problems/${q(hostile("code"))}`, 404, ["code"]);
  await page("/problems", 200, []);
  await page("/problems/invalid_page", 200, []);
});
