// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import {
  NORTH_AMERICA,
  placeName,
  resolveCountryKey,
  resolveStateKey,
} from "../../../core/places/resolve.ts";
import { countryName, subdivisionName } from "../../../core/places/geo.ts";
import { sharedFixture } from "../../_fixture.ts";
import { assert, assertEquals } from "../../_assert.ts";

const { store } = await sharedFixture();

Deno.test("resolveCountryKey() accepts codes, names and common English aliases", () => {
  for (const raw of ["GB", "gbr", "UK", "United Kingdom", "great britain"]) {
    assertEquals(resolveCountryKey(store, raw), "GB", raw);
  }
  for (const raw of ["US", "USA", "U.S.A.", "United States of America", "united states"]) {
    assertEquals(resolveCountryKey(store, raw), "US", raw);
  }
});

Deno.test("resolveCountryKey() keys an unknown country by its folded name", () => {
  assertEquals(resolveCountryKey(store, "Atlantis"), "name:atlantis");
});

Deno.test("resolveStateKey() prefers the first country in order and accepts codes", () => {
  assertEquals(resolveStateKey(store, "FL", NORTH_AMERICA), "US-FL");
  assertEquals(resolveStateKey(store, "us-fl", NORTH_AMERICA), "US-FL");
  assertEquals(resolveStateKey(store, "Québec", NORTH_AMERICA), "CA-QC");
  assertEquals(resolveStateKey(store, "New South Wales", NORTH_AMERICA), "name:new south wales");
  assertEquals(resolveStateKey(store, "nsw", ["AU"]), "AU-NSW");
});

Deno.test("resolveStateKey() finds nothing without a country to look in", () => {
  assertEquals(resolveStateKey(store, "FL", []), "name:fl");
});

Deno.test("resolveStateKey() finds a region by the ISO name its listings use, not only by its English alias", () => {
  // Listed as "Andalucía" (ISO 3166-2); English alias "Andalusia".
  assertEquals(resolveStateKey(store, "Andalucía", ["ES"]), "ES-AN");
  assertEquals(resolveStateKey(store, "Andalusia", ["ES"]), "ES-AN");
});

Deno.test("placeName() gives the English name the import wrote for each ISO place with clubs", () => {
  const keys = store.db.prepare(
    `SELECT DISTINCT country AS key FROM club_keys WHERE country NOT LIKE 'name:%'
     UNION SELECT DISTINCT state FROM club_keys WHERE state NOT LIKE 'name:%'`,
  ).all() as { key: string }[];
  assert(keys.length > 10);
  for (const { key } of keys) {
    assertEquals(
      placeName(store, key),
      key.includes("-") ? subdivisionName(key) : countryName(key),
    );
  }
  assertEquals(placeName(store, "US-FL"), "Florida");
  assertEquals(placeName(store, "name:atlantis"), null);
  assertEquals(placeName(store, "FR"), null, "a country without clubs is not in the snapshot");
});
