import { z } from "zod";
import { assert, assertEquals } from "../../_assert.ts";
import { checkedOnce, shared } from "../../../server/mcp/checked.ts";

/** A schema that counts how often zod checks a value with it. */
function counted() {
  let checks = 0;
  const schema = z.object({ n: z.int() }).refine(() => ++checks > 0);
  return { schema, checks: () => checks };
}

type Outcome = { issues?: readonly unknown[]; value?: unknown };
const validate = (s: ReturnType<typeof checkedOnce>, v: unknown) =>
  s["~standard"].validate(v) as Outcome;

Deno.test("checkedOnce checks a shared result once, then lets the same object through", () => {
  const { schema, checks } = counted();
  const checked = checkedOnce(schema);
  const answer = shared({ n: 1 });
  for (let i = 0; i < 3; i++) assertEquals(validate(checked, answer).issues, undefined);
  assertEquals(checks(), 1);
  // An equal but distinct object is checked again.
  validate(checked, shared({ n: 1 }));
  assertEquals(checks(), 2);
});

Deno.test("checkedOnce checks an unshared result, and any failure, every time", () => {
  const { schema, checks } = counted();
  const checked = checkedOnce(schema);
  const fresh = { n: 1 };
  validate(checked, fresh);
  validate(checked, fresh);
  assertEquals(checks(), 2);
  const wrong = shared({ n: 1.5 });
  for (let i = 0; i < 2; i++) {
    const outcome = validate(checked, wrong);
    assert(outcome.issues?.length, "a failure is reported each time");
  }
});

Deno.test("checkedOnce keeps the zod schema's JSON Schema for tools/list", () => {
  const schema = z.object({ n: z.int() });
  const checked = checkedOnce(schema);
  assertEquals(
    checked["~standard"].jsonSchema.output({ target: "draft-2020-12" }),
    schema["~standard"].jsonSchema.output({ target: "draft-2020-12" }),
  );
});
