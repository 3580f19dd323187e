// Test tier: integration (a whole app or a built database; see tests/tiers.ts).
import { ClubJsonText } from "../../../core/store/club_json.ts";
import { assertStrictEquals } from "../../_assert.ts";
import { sharedFixture } from "../../_fixture.ts";

const fx = await sharedFixture();
const utf8 = new TextDecoder();

Deno.test("ClubJsonText.joinBytes is join's text as UTF-8, also when its scratch buffer grows", () => {
  const text = ClubJsonText.load(fx.store.db)!;
  const small = [3, 1, 30];
  // Far more than the first 64 KB scratch buffer holds: it grows during the call.
  const large = Array.from({ length: 200 }, () => small).flat();
  for (const ranks of [small, large, []]) {
    for (const [before, after] of [["", ""], ['{"clubs":[', '],"total":3}'], ["«", "»"]]) {
      const bytes = text.joinBytes(ranks, before, after);
      assertStrictEquals(utf8.decode(bytes), text.join(ranks, before, after));
    }
  }
});
