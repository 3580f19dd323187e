import { typeKey, typeKeysOf, typeMatches } from "../../../core/model/types.ts";
import { assertEquals } from "../../_assert.ts";

Deno.test("typeMatches() expands the contract's groups and reads wine as dining", () => {
  assertEquals(typeMatches("golf"), ["golf", "country_club"]);
  assertEquals(typeMatches("Wine"), ["dining", "wine"]);
  assertEquals(typeMatches("country-club"), ["country_club"]);
  assertEquals(typeMatches(" "), []);
});

Deno.test("typeKeysOf() lists a stored type under itself and every group naming it", () => {
  assertEquals(typeKeysOf("dining").sort(), ["city", "dining"]);
  assertEquals(typeKeysOf("country_club").sort(), ["country_club", "golf"]);
  assertEquals(typeKeysOf("yacht"), ["yacht"]);
  assertEquals(typeKey("wine"), "dining");
});
