import { assert, assertEquals, assertMatch, assertStrictEquals } from "../../_assert.ts";
import fc from "fast-check";
import {
  escapeHtml,
  imageBox,
  initials,
  pageShell,
  type SearchLink,
  searchQuery,
  STYLESHEET,
  typeClubs,
} from "../../../server/html/mod.ts";
import { readSiteSearch } from "../../../server/site/search.ts";
import { asciiHtml } from "../../../server/site/mod.ts";
import { safeNext, sameOrigin } from "../../../server/site/sign_in.ts";
import { wantsHomePage } from "../../../server/site/negotiate.ts";

Deno.test("escapeHtml() leaves no character that can end an element or attribute", () => {
  fc.assert(fc.property(fc.string(), (s) => {
    const out = escapeHtml(s);
    assert(!/[<>"']/.test(out));
    assertStrictEquals(
      out.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"')
        .replaceAll("&#39;", "'").replaceAll("&amp;", "&"),
      s,
    );
  }));
});

Deno.test("asciiHtml() writes non-ASCII as character references and nothing else changes", () => {
  assertStrictEquals(
    asciiHtml("<p>Zürich – ✕ 😀</p>"),
    "<p>Z&#252;rich &#8211; &#10005; &#128512;</p>",
  );
  fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => {
    const out = asciiHtml(s);
    assert(/^\p{ASCII}*$/u.test(out));
    const back = out.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
    if (!s.includes("&#")) assertStrictEquals(back, s);
  }));
});

Deno.test("the shell has lang, a skip link, landmarks and the hashed stylesheet", () => {
  const html = pageShell({ title: "T & U", main: "<h1>x</h1>", root: "/dir", account: "locked" });
  assertMatch(html, /^<!doctype html>\n<html lang="en">/);
  assert(html.includes("<title>T &amp; U · Club Directory</title>"));
  assert(html.includes('<a class="skip" href="#main">'));
  assert(html.includes('<main id="main">'));
  assert(html.includes('<nav aria-label="Site">'));
  assert(html.includes(`href="/dir${STYLESHEET.path}"`));
  assert(html.includes('<a href="/dir/sign-in">Sign in</a>'));
  assertMatch(STYLESHEET.path, /^\/assets\/site\.[0-9a-f]{12}\.css$/);
});

Deno.test("the shell shows who is signed in with a sign-out form, or nothing when cached for all", () => {
  const member = pageShell({
    title: "t",
    main: "",
    root: "",
    account: "exact",
    here: "/clubs?q=a",
  });
  assert(member.includes('<li class="who">Member</li>'));
  assert(member.includes('<input type="hidden" name="next" value="/clubs?q=a">'));
  const shared = pageShell({ title: "t", main: "", root: "", account: null });
  assert(!shared.includes("Sign in") && !shared.includes("Sign out"));
});

Deno.test("imageBox() sizes the box, lazy-loads list images and falls back to initials", () => {
  const list = imageBox({
    url: "https://img.example/a.jpg",
    name: "Royal Sydney Golf Club",
    alt: "",
  });
  assert(list.includes('width="144" height="108" loading="lazy"'));
  assert(list.includes('alt=""') && list.includes('data-initials="RS"'));
  const hero = imageBox({
    url: "https://img.example/a.jpg",
    name: "X Club",
    alt: "Photo of X",
    hero: true,
  });
  assert(hero.includes('alt="Photo of X"') && !hero.includes('loading="lazy"'));
  for (const url of [null, "javascript:alert(1)", "data:image/png;base64,AAAA"]) {
    const box = imageBox({ url, name: "Cosmos Club", alt: "" });
    assert(!box.includes("<img"), String(url));
    assert(box.includes('<span class="ph" aria-hidden="true">C</span>'));
  }
});

Deno.test("initials() skip filler words and never come out empty", () => {
  assertStrictEquals(initials("The Union League Club"), "UL");
  assertStrictEquals(initials("Club de Golf, Málaga"), "M");
  assertStrictEquals(initials("1234"), "·");
  assertStrictEquals(typeClubs("country_club"), "Country clubs");
  assertStrictEquals(typeClubs("golf"), "Golf clubs");
});

const link = fc.record({
  q: fc.option(fc.string({ maxLength: 12 }), { nil: null }),
  type: fc.option(fc.constantFrom("golf", "country_club", "city"), { nil: null }),
  country: fc.option(fc.constantFrom("US", "United Kingdom", "Côte d'Ivoire"), { nil: null }),
  state: fc.option(fc.constantFrom("FL", "New York", "Québec"), { nil: null }),
  waitlist: fc.option(fc.subarray(["open", "waitlist", "closed"], { minLength: 1 }), { nil: null }),
  limit: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
  page: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
}, { requiredKeys: [] }) as fc.Arbitrary<SearchLink>;

Deno.test("a canonical search address reads back as itself (no redirect loop)", () => {
  fc.assert(fc.property(link, (l) => {
    const once = readSiteSearch(searchQuery(l));
    assert(once.ok);
    const canonical = searchQuery(once.value.link);
    const twice = readSiteSearch(canonical);
    assert(twice.ok);
    assertStrictEquals(searchQuery(twice.value.link), canonical);
  }));
});

Deno.test("wantsHomePage() only when HTML is named and not ranked below JSON", () => {
  assertEquals(
    [
      "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "text/html",
      "*/*",
      "application/json",
      "application/json, text/html;q=0.9",
      "text/html;q=0",
      "",
    ].map((a) => wantsHomePage(a)),
    [true, true, false, false, false, false, false],
  );
  assertStrictEquals(wantsHomePage(null), false);
});

Deno.test("safeNext() keeps paths of the site only", () => {
  assertStrictEquals(safeNext("/clubs?q=a", ""), "/clubs?q=a");
  assertStrictEquals(safeNext("/dir/clubs", "/dir"), "/dir/clubs");
  for (
    const bad of ["//x.example", "/\\x.example", "https://x.example/", "/other", "/a\nb", null]
  ) {
    assertStrictEquals(
      safeNext(bad, bad === "/other" ? "/dir" : ""),
      bad === "/other" ? "/dir/" : "/",
    );
  }
});

Deno.test("sameOrigin() trusts Origin, then Sec-Fetch-Site, then Referer, else refuses", () => {
  const req = (headers: Record<string, string>) =>
    new Request("http://x.example/sign-in", { method: "POST", headers });
  const site = "http://x.example";
  assert(sameOrigin(req({ origin: site }), site));
  assert(!sameOrigin(req({ origin: "http://evil.example" }), site));
  assert(!sameOrigin(req({ origin: "null" }), site));
  assert(sameOrigin(req({ "sec-fetch-site": "same-origin" }), site));
  assert(sameOrigin(req({ referer: "http://x.example/sign-in" }), site));
  assert(!sameOrigin(req({ referer: "http://evil.example/" }), site));
  assert(!sameOrigin(req({}), site));
});
