import { hashToken, hexOf, isTokenShaped, newToken, sameHash } from "../../../core/sessions/mod.ts";
import { assert, assertMatch, assertStrictEquals } from "../../_assert.ts";

Deno.test("newToken() is cds_ + 43 base64url characters (256 random bits)", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const t = newToken();
    assertMatch(t, /^cds_[A-Za-z0-9_-]{43}$/);
    assert(isTokenShaped(t));
    seen.add(t);
  }
  assertStrictEquals(seen.size, 200);
});

Deno.test("isTokenShaped() rejects anything that is not a token", () => {
  for (const s of ["", "cds_", "cds_short", "xyz_" + "a".repeat(43), `cds_${"a".repeat(42)}=`]) {
    assertStrictEquals(isTokenShaped(s), false, s);
  }
});

Deno.test("hashToken() is SHA-256", () => {
  const hex = Array.from(hashToken("abc"), (b) => b.toString(16).padStart(2, "0")).join("");
  assertStrictEquals(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

Deno.test("sameHash() compares whole hashes only", () => {
  assert(sameHash(hashToken("cds_a"), hashToken("cds_a")));
  assertStrictEquals(sameHash(hashToken("cds_a"), hashToken("cds_b")), false);
  assertStrictEquals(sameHash(hashToken("cds_a"), hashToken("cds_a").slice(0, 31)), false);
});

Deno.test("hexOf() is lowercase hex, two digits a byte", () => {
  assertStrictEquals(hexOf(new Uint8Array([0, 10, 255])), "000aff");
});
