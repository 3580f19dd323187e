import { assert, assertEquals } from "../../../_assert.ts";
import fc from "fast-check";
import { z } from "zod";
import { ClubRecordSchema } from "../../../../core/schema/club.ts";
import { compileField, plainUrl } from "../../../../core/import/read/validate.ts";

const heroUrl = ClubRecordSchema.shape.hero_image_url;
const plain = plainUrl({ protocol: /^https?$/ })!;

Deno.test("a plain address passes the URL fast path, and zod accepts it unchanged", () => {
  const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
  const address = fc.record({
    scheme: fc.constantFrom("http", "https"),
    labels: fc.array(label, { maxLength: 3 }),
    tld: fc.stringMatching(/^[a-z]{2,8}$/),
    port: fc.option(fc.integer({ min: 0, max: 9999 })),
    path: fc.option(fc.stringMatching(/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]{0,30}$/)),
  }).map(({ scheme, labels, tld, port, path }) =>
    `${scheme}://${[...labels, tld].join(".")}${port === null ? "" : `:${port}`}${path ?? ""}`
  );
  fc.assert(
    fc.property(address, (url) => {
      if (!plain.test(url)) return; // e.g. a generated "xn--" label: zod decides
      const parsed = heroUrl.safeParse(url);
      assert(parsed.success, url);
      assertEquals(parsed.data, url);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("addresses outside the fast path are still decided by zod", () => {
  const accept = compileField(heroUrl as z.ZodType);
  for (
    const [url, ok] of [
      ["https://images.clubdir.example/clubs/a.jpg", true],
      ["HTTPS://Example.COM/A.jpg", true], // upper case: zod's parse, same answer
      ["https://1.2.3.4/a.jpg", true], // an IPv4 host
      ["https://999.1/a.jpg", false], // a final number is read as IPv4
      ["ftp://example.com/a.jpg", false], // a scheme the protocol rule refuses
      ["http:example.com", false], // http(s) without "//"
      ["https://exa mple.com/", false],
      [null, true],
    ] as const
  ) {
    assertEquals(accept(url), heroUrl.safeParse(url).success, String(url));
    assertEquals(accept(url), ok, String(url));
  }
  for (const url of ["https://999.1/a.jpg", "https://xn--a.com/", "https://a.example?q=1"]) {
    assert(!plain.test(url), url);
  }
});

Deno.test("the URL fast path follows the schemes the protocol rule allows", () => {
  assert(plainUrl({ protocol: /^https$/ })!.test("https://a.example/"));
  assert(!plainUrl({ protocol: /^https$/ })!.test("http://a.example/"));
  assertEquals(plainUrl({ protocol: /^ftp$/ }), null);
  assertEquals(plainUrl({ hostname: /^a\.example$/ }), null);
});
