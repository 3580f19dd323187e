// Test tier: e2e (a real browser, Redis, nginx or a compiled binary; see tests/tiers.ts).
/// <reference lib="dom" />
/**
 * The website in a real headless Chromium against a real server: what a
 * person does (search by name, follow a result, go back, page, apply and
 * remove a filter, sign in to see fees, sign out), with no console error on
 * the way, keyboard and phone-width checks, and axe-core finding no
 * accessibility violation on the home, results and profile pages.
 */
import type { HTTPRequest, Page } from "puppeteer-core";
import { historyFixture, siteApp } from "../_helpers.ts";
import {
  axeViolations,
  CHROMIUM,
  hasChromium,
  launchBrowser,
  type LaunchedBrowser,
  PHOTO_PNG,
} from "../../../bench/browser.ts";
import { assert, assertEquals, assertStrictEquals } from "../../_assert.ts";
import {
  BUNDLED_RATES_CSV,
  csvFile,
  type Fixture,
  FIXTURE_CSV,
  sharedFixture,
} from "../../_fixture.ts";

const ignore = !hasChromium();
if (ignore) {
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
}

/** Serves a fixture (the shared one by default) over real HTTP on a free loopback port, sessions on. */
async function server(fixture?: Fixture) {
  const { app, member } = siteApp(fixture ?? await sharedFixture());
  const http = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (req, info) => app.fetch(req, info),
  );
  const origin = `http://127.0.0.1:${http.addr.port}`;
  return { origin, member, http };
}

/** Console errors, uncaught page errors and failed requests, as they happen. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()} (${m.location().url ?? ""})`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  return problems;
}

/** Club photos come from other hosts: answer them here, so the run is offline. */
async function servePhotos(page: Page, origin: string): Promise<void> {
  await page.setRequestInterception(true);
  page.on("request", (r: HTTPRequest) => {
    if (r.url().startsWith(origin)) return void r.continue();
    if (r.resourceType() === "image") {
      return void r.respond({ status: 200, contentType: "image/png", body: PHOTO_PNG });
    }
    return void r.abort();
  });
}

/** A test in a real browser: skipped without Chromium; the browser's own timers and sockets outlive a test. */
function browserTest(name: string, fn: (t: Deno.TestContext) => Promise<void>): void {
  Deno.test({ name, ignore, sanitizeOps: false, sanitizeResources: false, fn });
}

/**
 * A {@link server}, a browser and one page on it whose problems are
 * {@link watch}ed and whose photos are served here (unless `photos` is
 * false); `await using` shuts the server down, then closes the browser.
 */
async function browse(o: { fixture?: Fixture; photos?: boolean } = {}) {
  const { origin, member, http } = await server(o.fixture);
  let launched: LaunchedBrowser | undefined;
  try {
    launched = await launchBrowser();
    const page = await launched.browser.newPage();
    const problems = watch(page);
    if (o.photos ?? true) await servePhotos(page, origin);
    const opened = launched;
    return {
      origin,
      member,
      browser: opened.browser,
      page,
      problems,
      async [Symbol.asyncDispose]() {
        try {
          await http.shutdown();
        } finally {
          await opened[Symbol.asyncDispose]();
        }
      },
    };
  } catch (e) {
    await http.shutdown();
    await launched?.[Symbol.asyncDispose]();
    throw e;
  }
}

async function go(page: Page, url: string): Promise<void> {
  const res = await page.goto(url, { waitUntil: "load" });
  // A page seen before may be revalidated (profiles carry an ETag).
  assert([200, 304].includes(res?.status() ?? 0), `${url}: ${res?.status()}`);
}

/** Clicks a link or button and waits for the page it leads to. */
async function follow(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(selector)]);
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (e) => (e as HTMLElement).innerText.trim());

/** The pager's current page as a screen reader names it ("Page 3"). */
const current = (page: Page) =>
  page.$eval("nav.pages a[aria-current=page]", (e) => e.textContent!.trim());

browserTest("a person searches, browses, filters and signs in with a real browser", async (t) => {
  await using browsing = await browse();
  const { origin, member, page, problems, browser } = browsing;
  await page.setViewport({ width: 1280, height: 900 });

  await t.step("search by name from the home page", async () => {
    await go(page, `${origin}/`);
    assertStrictEquals(await page.title(), "Find a private club · Club Directory");
    await page.type("#q", "Seminole");
    await Promise.all([
      page.waitForNavigation({ waitUntil: "load" }),
      page.keyboard.press("Enter"),
    ]);
    // The form's blank fields are dropped: one shareable address.
    assertStrictEquals(page.url(), `${origin}/clubs?q=Seminole`);
    assert((await text(page, ".lede")).startsWith("1 club"));
  });

  await t.step("follow a result to its profile, and come back", async () => {
    await follow(page, ".results a[href='/clubs/seminole']");
    assertStrictEquals(await text(page, "h1"), "Seminole Golf Club");
    await follow(page, "nav.crumbs a[href='/clubs?type=golf']");
    assert((await text(page, ".lede")).startsWith("13 clubs"));
    await page.goBack({ waitUntil: "load" });
    assertStrictEquals(page.url(), `${origin}/clubs/seminole`);
    await page.goBack({ waitUntil: "load" });
    assertStrictEquals(page.url(), `${origin}/clubs?q=Seminole`);
  });

  await t.step("page through the results", async () => {
    await go(page, `${origin}/clubs?limit=5`);
    assert((await text(page, "nav.pages")).includes("Page 1 of 6"));
    await follow(page, "nav.pages a[rel='next']");
    assertStrictEquals(page.url(), `${origin}/clubs?limit=5&page=2`);
    // The last page and the first are numbered links; the current one is marked.
    await follow(page, "nav.pages a[href='/clubs?limit=5&page=6']");
    assert((await text(page, "nav.pages")).includes("Page 6 of 6"));
    assertStrictEquals(await current(page), "Page 6");
    await follow(page, "nav.pages a[rel='prev']");
    assert((await text(page, "nav.pages")).includes("Page 5 of 6"));
    await follow(page, "nav.pages a[href='/clubs?limit=5&page=3']");
    assert((await text(page, "nav.pages")).includes("Page 3 of 6"));
    await follow(page, "nav.pages a[href='/clubs?limit=5']");
    assertStrictEquals(page.url(), `${origin}/clubs?limit=5`);
  });

  await t.step("apply a filter from its list, then remove it", async () => {
    await go(page, `${origin}/clubs`);
    await follow(page, "#facet-type ~ ul a[href='/clubs?type=golf']");
    assertStrictEquals(page.url(), `${origin}/clubs?type=golf`);
    assert((await text(page, ".lede")).startsWith("13 clubs"));
    const items = await page.$$eval(".results > li", (l) => l.length);
    assertStrictEquals(items, 13);
    await follow(page, "#facet-country ~ ul a[href='/clubs?type=golf&country=Switzerland']");
    assert((await text(page, ".lede")).startsWith("1 club"));
    await follow(page, ".chips a[href='/clubs?type=golf']");
    await follow(page, "#facet-type ~ ul a[aria-current]");
    assertStrictEquals(page.url(), `${origin}/clubs`);
    assert((await text(page, ".lede")).startsWith("30 clubs"));
  });

  await t.step("sign in to see fees, then sign out", async () => {
    await go(page, `${origin}/clubs/pine-valley-golf-club`);
    assertEquals(await page.$$eval(".feetable .locked", (l) => l.length), 4);
    await follow(page, "main a[href^='/sign-in']");
    assertStrictEquals(await text(page, "h1"), "Sign in");
    await page.type("#token", member);
    await follow(page, "main form button[type=submit]");
    assertStrictEquals(page.url(), `${origin}/clubs/pine-valley-golf-club`);
    const fees = await text(page, ".feetable");
    assert(fees.includes("$250,000") && fees.includes("$280,000"), fees);
    assertStrictEquals(await text(page, "header .who"), "Member");
    const cookies = await browser.cookies();
    const session = cookies.find((c) => c.name === "session")!;
    assert(session.httpOnly && session.sameSite === "Lax");
    await follow(page, "header form button");
    assertStrictEquals(page.url(), `${origin}/clubs/pine-valley-golf-club`);
    assertEquals(await page.$$eval(".feetable .locked", (l) => l.length), 4);
    assert((await text(page, "header nav")).includes("Sign in"));
  });

  await t.step(
    "the keyboard reaches the skip link first, and it leads to the content",
    async () => {
      await go(page, `${origin}/clubs`);
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.className);
      assertStrictEquals(focused, "skip");
      const visible = await page.$eval(".skip", (e) => e.getBoundingClientRect().left >= 0);
      assert(visible, "the focused skip link is on screen");
    },
  );

  await t.step("phone width: nothing scrolls sideways, photos keep their box", async () => {
    await page.setViewport({ width: 375, height: 740, isMobile: true, hasTouch: true });
    for (const path of ["/", "/clubs?type=golf", "/clubs/pine-valley-golf-club"]) {
      await go(page, origin + path);
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assertStrictEquals(wide, 0, path);
    }
    const box = await page.$eval(".media.hero", (e) => e.getBoundingClientRect().height);
    assert(box > 100, "the hero keeps its fixed-ratio box");
    await page.setViewport({ width: 1280, height: 900 });
  });

  await t.step(
    "axe-core finds no violation on the home, results and profile pages",
    async () => {
      for (const path of ["/", "/clubs?type=golf&country=US", "/clubs/pine-valley-golf-club"]) {
        await go(page, origin + path);
        assertEquals(await axeViolations(page), [], path);
      }
    },
  );

  await t.step("no console error, page error or failed request on the way", () => {
    assertEquals(problems, []);
  });

  await t.step("a mistyped token is refused on the page", async () => {
    await go(page, `${origin}/sign-in`);
    await page.type("#token", "cds_not-a-live-session");
    await Promise.all([page.waitForNavigation(), page.click("main form button[type=submit]")]);
    assert((await text(page, "[role=alert]")).includes("not a live session"));
    // The refusal is a 400, which the browser logs; nothing else is.
    assertEquals(problems.map((p) => p.replace(/ \(http.*\)$/, "")), [
      "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });
  await page.close();
});

browserTest("a photo that fails to load keeps its box and shows the club's initials", async () => {
  await using browsing = await browse({ photos: false });
  const { origin, page, problems } = browsing;
  await page.setRequestInterception(true);
  page.on("request", (r: HTTPRequest) => {
    if (r.url().startsWith(origin)) return void r.continue();
    return void r.respond({ status: 404, contentType: "text/plain", body: "gone" });
  });
  await page.setViewport({ width: 1280, height: 900 });
  await go(page, `${origin}/clubs/pine-valley-golf-club`);
  const img = await page.$eval(".media.hero img", (e) => {
    const i = e as HTMLImageElement;
    const after = getComputedStyle(i, "::after");
    return {
      broken: i.complete && i.naturalWidth === 0,
      height: i.getBoundingClientRect().height,
      placeholder: after.content,
      alt: i.alt,
    };
  });
  assert(img.broken, "the photo failed");
  assert(img.height > 100, "its box keeps its size");
  assertStrictEquals(img.placeholder, '"PV"');
  assertStrictEquals(img.alt, "Photo of Pine Valley Golf Club");
  // The only errors are the photo's own.
  assert(problems.length > 0);
  for (const p of problems) assert(p.includes("images.example/pv.jpg") || p.includes("404"), p);
  await page.close();
});

browserTest(
  "on a phone, results start in the top half of the first screen and the filters open from a disclosure, without JavaScript",
  async (t) => {
    await using browsing = await browse();
    const { origin, page, problems } = browsing;
    await page.setJavaScriptEnabled(false);
    // The busiest top of a results page: a heading, two chosen filters, fees locked.
    const path = "/clubs?type=golf&country=United%20States";
    const top = () => page.$eval(".results > li", (e) => e.getBoundingClientRect().top);
    // Not hidden by `display`, `visibility` or `content-visibility` (a closed `<details>`).
    const shown = (selector: string) =>
      page.$eval(selector, (e) => e.checkVisibility({ contentVisibilityAuto: true }));

    await t.step("390×844: the first result's top is in the top half", async () => {
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await go(page, origin + path);
      const y = await top();
      assert(y < 422, `the first result starts at ${y} px`);
      assertStrictEquals(await sideways(page), 0);
      // The filters wait, folded, above the results.
      assertStrictEquals(
        await page.$eval("details.refine", (d) => d.hasAttribute("open")),
        false,
      );
      assertStrictEquals(await shown("#facet-type ~ ul a"), false);
      const below = await page.$eval(
        "details.refine",
        (d) => d.getBoundingClientRect().bottom,
      );
      assert(below <= y, "the disclosure comes before the results");
    });

    await t.step("one tap opens the filters, and a filter applies", async () => {
      await page.tap("details.refine > summary");
      assertStrictEquals(await page.$eval("details.refine", (d) => d.hasAttribute("open")), true);
      assert(await shown("#facet-type ~ ul a"), "the type list shows");
      // axe-core is a script: run for its check only (the page's CSP runs none anyway).
      await page.setJavaScriptEnabled(true);
      assertEquals(await axeViolations(page), [], "open filters");
      await page.setJavaScriptEnabled(false);
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.tap("#facet-country ~ ul a[href='/clubs?type=golf&country=Switzerland']"),
      ]);
      assertStrictEquals(page.url(), `${origin}/clubs?type=golf&country=Switzerland`);
      assert((await text(page, ".lede")).startsWith("1 club"));
    });

    await t.step("desktop: the filters are an open sidebar beside the results", async () => {
      await page.setViewport({ width: 1280, height: 900 });
      await go(page, origin + path);
      assert(await shown("#facet-type ~ ul a"), "the filters show without a tap");
      assertStrictEquals(await shown("details.refine > summary"), false);
      const [list, filters] = await Promise.all([
        page.$eval(".results", (e) => e.getBoundingClientRect().right),
        page.$eval("details.refine", (e) => e.getBoundingClientRect().left),
      ]);
      assert(list < filters, "results on the left, filters on the right");
      assert((await top()) < 450, "the first result is high on the page");
    });

    await t.step("no console error, page error or failed request", () => {
      assertEquals(problems, []);
    });
    await page.close();
  },
);

browserTest(
  "signed in on a phone with a currency chosen, the first result is still in the top half, the currency form below the results",
  async () => {
    await using browsing = await browse({
      fixture: await sharedFixture({ rates: BUNDLED_RATES_CSV }),
    });
    const { origin, member, page, problems } = browsing;
    await page.setJavaScriptEnabled(false);
    await page.setCookie({ name: "session", value: member, url: origin });
    await page.setCookie({ name: "currency", value: "EUR", url: origin });
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await go(page, `${origin}/clubs?type=golf&country=United%20States`);
    assertStrictEquals(await text(page, "header .who"), "Member");
    const y = await page.$eval(".results > li", (e) => e.getBoundingClientRect().top);
    assert(y < 422, `the first result starts at ${y} px`);
    const [list, form] = await Promise.all([
      page.$eval(".results", (e) => e.getBoundingClientRect().bottom),
      page.$eval("form.currency", (e) => e.getBoundingClientRect().top),
    ]);
    assert(
      form > list,
      `the currency form follows the results (${form} px, results end at ${list} px)`,
    );
    assert((await text(page, ".results")).includes("(≈ €"), "fees converted");
    assertStrictEquals(await sideways(page), 0);
    assertEquals(problems, []);
    await page.close();
  },
);

/** The fixture clubs plus one in St. John's whose name has apostrophes too. */
async function apostropheFixture(): Promise<Fixture> {
  const text = await Deno.readTextFile(FIXTURE_CSV);
  const row = "Women's Curling Club of St. John's,St. John's,Newfoundland and Labrador,Canada," +
    "golf,published,,,,,,,CAD,,,,,,,,,,,,00000000-0000-4000-8000-000000000099,womens-curling";
  return await sharedFixture({ csv: await csvFile(`${text.trimEnd()}\n${row}\n`) });
}

browserTest(
  "addresses with an apostrophe open in a real browser without a redirect loop",
  async (t) => {
    await using browsing = await browse({ fixture: await apostropheFixture() });
    const { origin, page, problems } = browsing;
    /** Opens `path`, which must answer 200 after `redirects` redirects, at `lands`. */
    const open = async (path: string, redirects: number, lands = path) => {
      const res = await page.goto(origin + path, { waitUntil: "load" });
      assertStrictEquals(res?.status(), 200, path);
      assertStrictEquals(res?.request().redirectChain().length, redirects, path);
      assertStrictEquals(page.url(), origin + lands);
    };

    await t.step("a searched name with an apostrophe, however it is typed", async () => {
      await open("/clubs?q=women%27s", 0);
      assert((await text(page, ".lede")).startsWith("1 club"));
      // The browser itself sends the raw `'` as %27.
      await open("/clubs?q=women's", 0, "/clubs?q=women%27s");
      // A non-canonical spelling redirects once, to an address the browser keeps.
      await open("/clubs?q=women's&type=&page=1", 1, "/clubs?q=women%27s");
    });

    await t.step("the city link of a club in St. John's", async () => {
      await open("/clubs/womens-curling", 0);
      const city = "/clubs?country=Canada&state=Newfoundland%20and%20Labrador" +
        "&city=St.%20John%27s";
      await follow(page, `nav.crumbs a[href='${city}'], main a[href='${city}']`);
      assertStrictEquals(page.url(), origin + city);
      assert((await text(page, ".lede")).startsWith("1 club"));
    });

    await t.step("no console error, page error or failed request on the way", () => {
      assertEquals(problems, []);
    });
    await page.close();
  },
);

/** How far the page scrolls sideways (0: it fits the viewport). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

browserTest(
  "no dead ends in a real browser: corrections, close matches, one filter less, pages for people",
  async (t) => {
    await using browsing = await browse();
    const { origin, page, problems } = browsing;
    for (const [width, phone] of [[1280, false], [390, true]] as const) {
      await page.setViewport({ width, height: 850, isMobile: phone, hasTouch: phone });
      const at = `${width} px`;

      await t.step(`${at}: a misspelt name offers a correction that finds the club`, async () => {
        await go(page, `${origin}/`);
        await page.type("#q", "royl sydney");
        await Promise.all([
          page.waitForNavigation({ waitUntil: "load" }),
          page.keyboard.press("Enter"),
        ]);
        assertStrictEquals(page.url(), `${origin}/clubs?q=royl%20sydney`);
        assertStrictEquals(await text(page, ".lede"), "No club matches this search.");
        assertStrictEquals(await text(page, "#did-you-mean + ul li"), "“royal sydney” (1 club)");
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeViolations(page), [], "did you mean");
        await follow(page, "#did-you-mean + ul a");
        assertStrictEquals(page.url(), `${origin}/clubs?q=royal%20sydney`);
        assert((await text(page, ".results")).includes("Royal Sydney Golf Club"));
      });

      await t.step(`${at}: words that match nothing show close matches, and say so`, async () => {
        await go(page, `${origin}/clubs?q=royal%20sydny`);
        assert(
          (await text(page, ".lede")).startsWith(
            "No exact match; 1 close match for “royal sydny”",
          ),
        );
        assert((await text(page, ".results")).includes("Royal Sydney Golf Club"));
        assertEquals(await axeViolations(page), [], "close matches");
      });

      await t.step(`${at}: an impossible combination offers one filter less`, async () => {
        await go(page, `${origin}/clubs?type=yacht&country=Switzerland`);
        const offers = await page.$$eval(
          "#drop-one + ul li",
          (l) => l.map((e) => (e as HTMLElement).innerText.trim()),
        );
        assertEquals(offers, [
          "Without Type: Yacht (2 clubs)",
          "Without Country: Switzerland (1 club)",
        ]);
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeViolations(page), [], "drop one filter");
        await follow(page, "#drop-one + ul a[href='/clubs?country=Switzerland']");
        assert((await text(page, ".lede")).startsWith("2 clubs"));
      });

      await t.step(
        `${at}: every spelling of a search lands on one address and heading`,
        async () => {
          await go(page, `${origin}/`);
          await follow(page, ".entries a[href='/clubs?type=golf&state=Florida']");
          assertStrictEquals(await text(page, "h1"), "Golf clubs in Florida");
          for (
            const spelling of [
              "type=golf&state=FL",
              "type=GOLF&state=fl",
              "state=florida&type=golf",
            ]
          ) {
            const res = await page.goto(`${origin}/clubs?${spelling}`, { waitUntil: "load" });
            assertStrictEquals(res?.status(), 200, spelling);
            assertStrictEquals(res?.request().redirectChain().length, 1, spelling);
            assertStrictEquals(page.url(), `${origin}/clubs?type=golf&state=Florida`, spelling);
            assertStrictEquals(await text(page, "h1"), "Golf clubs in Florida");
          }
          // The home form's choice gives the same address.
          await go(page, `${origin}/`);
          await page.select("#type", "golf");
          await page.select("#state", "Florida");
          await follow(page, "main form button[type=submit]");
          assertStrictEquals(page.url(), `${origin}/clubs?type=golf&state=Florida`);
        },
      );

      await t.step(`${at}: the pager jumps, and a page past the end leads back`, async () => {
        await go(page, `${origin}/clubs?limit=2&page=8`);
        assertStrictEquals(await current(page), "Page 8");
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeViolations(page), [], "pager");
        await go(page, `${origin}/clubs?limit=2&page=99999`);
        assertStrictEquals(
          await text(page, ".lede"),
          "Page 99,999 is past the end: this search finds 30 clubs on 15 pages.",
        );
        await follow(page, "main a[href='/clubs?limit=2&page=15']");
        assertStrictEquals(await current(page), "Page 15");
      });

      await t.step(`${at}: no console error, page error or failed request so far`, () => {
        assertEquals(problems.splice(0), []);
      });

      await t.step(`${at}: errors are pages for people with a way back`, async () => {
        for (
          const [path, status, heading] of [
            ["/nowhere", 404, "Page not found"],
            ["/clubs/no-such-club", 404, "No club at this address"],
            ["/clubs?page=0", 400, "There is no such page"],
          ] as const
        ) {
          const res = await page.goto(origin + path, { waitUntil: "load" });
          assertStrictEquals(res?.status(), status, path);
          assertStrictEquals(await text(page, "h1"), heading);
          const words = await text(page, "main");
          assert(!/api\/v1|OpenAPI|problems/i.test(words), words);
          assertStrictEquals(await sideways(page), 0, path);
          assertEquals(await axeViolations(page), [], path);
        }
        await follow(page, "main a[href='/clubs']");
        assertStrictEquals(await text(page, "h1"), "Clubs");
        // Only the error statuses themselves are logged.
        for (const p of problems.splice(0)) assert(/status of 40[04]/.test(p), p);
      });

      await t.step(`${at}: problem pages fit the screen`, async () => {
        for (const path of ["/problems", "/problems/invalid_page", "/problems/invalid_host"]) {
          await go(page, origin + path);
          assertStrictEquals(await sideways(page), 0, path);
        }
      });
    }
    await page.close();
  },
);

/** axe-core runs as a script (its timers need JavaScript): on for the check, off again after. */
async function axeWithScripts(page: Page) {
  await page.setJavaScriptEnabled(true);
  try {
    return await axeViolations(page);
  } finally {
    await page.setJavaScriptEnabled(false);
  }
}

browserTest(
  "a member chooses a currency in a real browser: converted figures with the rates' date, kept across pages",
  async (t) => {
    await using browsing = await browse({
      fixture: await sharedFixture({ rates: BUNDLED_RATES_CSV }),
    });
    const { origin, member, page, problems, browser } = browsing;
    await page.setJavaScriptEnabled(false);
    await page.setCookie({ name: "session", value: member, url: origin });
    for (
      const [width, phone, code, figure] of [
        [1280, false, "EUR", "€242,766"],
        [390, true, "GBP", "£205,011"],
      ] as const
    ) {
      await page.setViewport({ width, height: 850, isMobile: phone, hasTouch: phone });
      const at = `${width} px`;

      await t.step(
        `${at}: choosing ${code} on the results shows every figure in it`,
        async () => {
          await go(page, `${origin}/clubs?q=pine%20valley`);
          await page.select("#currency", code);
          await follow(page, "form.currency button[type=submit]");
          // The choice is a cookie; the address stays the search's own.
          assertStrictEquals(page.url(), `${origin}/clubs?q=pine%20valley`);
          const fees = await text(page, ".results .fees");
          assert(fees.includes("$250,000") && fees.includes(figure), fees);
          assert((await text(page, ".rates")).includes("15 January 2025"));
          assertStrictEquals(
            await page.$eval("#currency", (e) => (e as HTMLSelectElement).value),
            code,
          );
          assertStrictEquals(await sideways(page), 0);
          assertEquals(await axeWithScripts(page), [], "results with a currency");
        },
      );

      await t.step(`${at}: the choice survives navigation to a profile`, async () => {
        await follow(page, ".results a[href='/clubs/pine-valley-golf-club']");
        const fees = await text(page, ".feetable");
        assert(fees.includes("$250,000") && fees.includes(figure), fees);
        const rates = await text(page, ".rates");
        assert(rates.includes("15 January 2025") && rates.includes("sample rates"), rates);
        const cookie = (await browser.cookies()).find((c) => c.name === "currency");
        assertStrictEquals(cookie?.value, code);
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeWithScripts(page), [], "profile with a currency");
      });
    }

    await t.step("back to each club's own currency", async () => {
      await page.select("#currency", "");
      await follow(page, "form.currency button[type=submit]");
      assertStrictEquals(page.url(), `${origin}/clubs/pine-valley-golf-club`);
      assert(!(await text(page, ".feetable")).includes("≈"));
    });

    await t.step("no console error, page error or failed request on the way", () => {
      assertEquals(problems, []);
    });
    await page.close();
  },
);

browserTest(
  "after two imports, a person finds what's new, a club's history and the marks on results, without JavaScript",
  async (t) => {
    const { h, fx } = await historyFixture();
    await using browsing = await browse({ fixture: fx });
    const { origin, member, page, problems } = browsing;
    await page.setJavaScriptEnabled(false);
    const { opened, added, verifiedFees } = h.edits;

    for (const [width, phone] of [[1280, false], [390, true]] as const) {
      await page.setViewport({ width, height: 844, isMobile: phone, hasTouch: phone });
      const at = `${width} px`;

      await t.step(`${at}: from the home page to What's new`, async () => {
        await go(page, `${origin}/`);
        assert((await text(page, "#new + p")).startsWith("Updated 3 March 2025: 3 clubs added"));
        await follow(page, "#new + p a[href='/changes']");
        assertStrictEquals(await text(page, "h1"), "What's new");
        assert((await text(page, ".lede")).startsWith("10 changes since 1 March 2025"));
        const items = await page.$$eval(
          "ol.changes > li",
          (l) => l.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
        );
        assertStrictEquals(items.length, 10);
        assert(
          items.some((i) => i.startsWith(opened.name) && i.includes("Opened for applications")),
        );
        assert(items.some((i) => i.includes("Closed its waitlist")));
        assert(items.some((i) => i.includes("Removed from the directory")));
        const feed = await page.$eval(
          "link[rel=alternate][type='application/atom+xml']",
          (e) => e.getAttribute("href"),
        );
        assertStrictEquals(feed, "/clubs.atom");
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeWithScripts(page), [], `What's new at ${at}`);
      });

      await t.step(`${at}: a change leads to the club's profile and its history`, async () => {
        await follow(page, `ol.changes a[href='/clubs/${opened.slug}']`);
        assertStrictEquals(await text(page, "h1"), opened.name);
        const history = await text(page, "section[aria-labelledby=history]");
        assert(history.includes("3 March 2025") && history.includes("Opened for applications"));
        assertStrictEquals(await sideways(page), 0);
        assertEquals(await axeWithScripts(page), [], `profile history at ${at}`);
      });

      await t.step(
        `${at}: results mark the new club, and lead to this search's changes`,
        async () => {
          await go(page, `${origin}/clubs?q=${encodeURIComponent(added[0]!.name)}`);
          assertStrictEquals(await text(page, ".results .tag.mark"), "New");
          const follow_ = await page.$eval(
            "a[type='application/atom+xml']",
            (e) => (e as HTMLElement).innerText,
          );
          assertStrictEquals(follow_, "Follow this search");
          await follow(page, "p.follow a[href^='/changes']");
          assert((await text(page, "h1")).startsWith("What's new: Clubs matching"));
          assert((await text(page, "ol.changes")).includes(added[0]!.name));
          assertEquals(await axeWithScripts(page), [], `results with a mark at ${at}`);
        },
      );
    }

    await t.step("a member sees the fees before and after; anonymous visitors do not", async () => {
      await page.setViewport({ width: 1280, height: 900 });
      await go(page, `${origin}/changes`);
      const anonymous = await page.$$eval("dl.feechange", (l) => l.length);
      assertStrictEquals(anonymous, 0);
      await page.setCookie({ name: "session", value: member, url: origin });
      await go(page, `${origin}/changes`);
      const fees = await page.$$eval(
        "ol.changes > li",
        (l) => l.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, " ")),
      );
      const item = fees.find((i) => i.startsWith(verifiedFees.name))!;
      assert(/Initiation fee \$[\d,]+ → \$[\d,]+/.test(item), item);
      await go(page, `${origin}/clubs/${verifiedFees.slug}`);
      assert((await text(page, "section[aria-labelledby=history]")).includes("→"));
      await page.deleteCookie({ name: "session", url: origin });
    });

    await t.step("no console error, page error or failed request on the way", () => {
      assertEquals(problems, []);
    });
    await page.close();
  },
);
