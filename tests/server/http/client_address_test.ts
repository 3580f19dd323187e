import fc from "fast-check";
import { forwardedClient, MAX_TRUSTED_HOPS } from "../../../server/http/client_address.ts";
import { assertStrictEquals } from "../../_assert.ts";

const entry = fc.stringMatching(/^[0-9a-f.:]{1,39}$/);

Deno.test("forwardedClient() takes the N-th entry from the right, or the left-most", () => {
  fc.assert(
    fc.property(
      fc.array(entry, { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 1, max: MAX_TRUSTED_HOPS }),
      fc.constantFrom(",", ", ", " , "),
      (entries, hops, sep) => {
        const expected = entries[Math.max(0, entries.length - hops)]!;
        assertStrictEquals(forwardedClient(entries.join(sep), hops), expected);
      },
    ),
  );
});

Deno.test("forwardedClient() ignores whatever a client wrote left of the trusted entries", () => {
  const forged = `${"6.6.6.6, ".repeat(100_000)}203.0.113.9`;
  assertStrictEquals(forwardedClient(forged, 1), "203.0.113.9");
  assertStrictEquals(forwardedClient("evil, 203.0.113.9, 10.0.0.2", 2), "203.0.113.9");
});

Deno.test("forwardedClient() refuses an empty or oversized entry", () => {
  assertStrictEquals(forwardedClient("203.0.113.9, ", 1), null);
  assertStrictEquals(forwardedClient("", 1), null);
  assertStrictEquals(forwardedClient(`203.0.113.9, ${"a".repeat(101)}`, 1), null);
  assertStrictEquals(forwardedClient(" 2001:DB8::1 ", 1), "2001:db8::1");
});
