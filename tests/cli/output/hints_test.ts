import { assertStrictEquals } from "../../_assert.ts";
import { cliHint } from "../../../cli/output/hints.ts";
import { PROBLEMS } from "../../../core/model/mod.ts";

Deno.test("cliHint() writes REST calls as main.ts query command lines", () => {
  assertStrictEquals(
    cliHint("Try: GET /api/v1/clubs?type=golf&q=st%20andrews&all=."),
    'Try: main.ts query --type golf --q "st andrews" --all.',
  );
  assertStrictEquals(
    cliHint("See GET /api/v1/clubs, then retry."),
    "See main.ts query, then retry.",
  );
});

Deno.test("cliHint() names the parameter as its flag, once", () => {
  assertStrictEquals(
    cliHint(PROBLEMS.invalid_page.hint, "page"),
    "Send --page as a whole number from 1, or leave it out for the first page: " +
      "main.ts query --page 1 --limit 50",
  );
  assertStrictEquals(cliHint("limit: between limits", "limit"), "--limit: between limits");
});
