import { problemOf } from "../../../server/respond/mod.ts";
import { Directory } from "../../../core/store/mod.ts";
import { ProblemError, PROBLEMS } from "../../../core/model/mod.ts";
import { assertEquals, assertStrictEquals, assertThrows } from "../../_assert.ts";

Deno.test("problemOf: a directory that cannot be read is clubs_unavailable, worded by the registry", () => {
  const directory = new Directory("/nonexistent/clubdir/clubs.db", { checkEveryMs: 0 });
  let failure: unknown;
  assertThrows(() => {
    try {
      directory.read((store) => store.bySlug("x"));
    } catch (e) {
      failure = e;
      throw e;
    }
  });
  directory.close();
  assertEquals(problemOf(failure), {
    code: "clubs_unavailable",
    detail: PROBLEMS.clubs_unavailable.exampleDetail,
  });
});

Deno.test("problemOf: any other failure is not a storage failure", () => {
  assertStrictEquals(problemOf(new TypeError("a bug")), null);
  assertStrictEquals(problemOf(new ProblemError("invalid_page", "Page 0")), null);
  assertStrictEquals(problemOf("thrown text"), null);
});
