/**
 * A fast acceptance test compiled once from a zod object schema, for the
 * import's hot loop. It reads the schema's own definitions (types, enum
 * values, length and range bounds, regex patterns), so the rules stay
 * written once, in club.ts.
 *
 * The test is one-sided by design: `true` means zod would surely accept the
 * object unchanged; `false` means "ask zod", which then decides and writes
 * the error messages. Anything the compiler does not recognise (a URL
 * format, a custom check, a transform) is delegated to that field's own zod
 * schema, so the accepted set is exactly zod's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { compileAccept } from "./validate.ts";
 * const accept = compileAccept(z.object({ n: z.int().min(1).nullable() }));
 * assert.ok(accept({ n: 3 }));
 * assert.equal(accept({ n: 0 }), false); // zod must say why
 * ```
 * @module
 */
import type { z } from "zod";

type Accept = (value: unknown) => boolean;

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, unknown>;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: unknown;
  inclusive?: boolean;
}

// String formats whose whole test is their pattern (zod's default format check).
const PATTERN_FORMATS = new Set(["uuid", "guid"]);

interface UrlDef {
  protocol?: RegExp;
  hostname?: RegExp;
  normalize?: boolean;
}

/**
 * A pattern of plain http(s) addresses that zod's URL format surely
 * accepts unchanged (for the schemes its `protocol` allows): no spaces or
 * controls (nothing to trim or strip), lower-case host labels without
 * punycode, ending in a name (a final number would be read as IPv4), an
 * optional port and path. Null when the format has other options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { plainUrl } from "./validate.ts";
 * assert.equal(plainUrl({ protocol: /^https?$/ })?.test("https://img.example/a.jpg"), true);
 * ```
 */
export function plainUrl(def: UrlDef): RegExp | null {
  if (def.hostname !== undefined || def.normalize) return null;
  const schemes = ["http", "https"].filter((s) => {
    if (!def.protocol) return true;
    def.protocol.lastIndex = 0;
    return def.protocol.test(s);
  });
  if (schemes.length === 0) return null;
  const label = "(?!xn--)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
  return new RegExp(
    `^(?:${
      schemes.join("|")
    })://(?:${label}\\.)*[a-z]{2,63}(?::[0-9]{1,4})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*)?$`,
  );
}

/** One check as a predicate, or null when the compiler cannot vouch for it. */
function compileCheck(c: CheckDef): Accept | null {
  switch (c.check) {
    case "max_length": {
      // Fewer UTF-16 units than the cap means fewer code points too.
      const max = c.maximum!;
      return (v) => (v as { length: number }).length <= max;
    }
    case "min_length": {
      // zod counts code points; twice the floor in units always clears it.
      const min = c.minimum! * 2;
      return (v) => (v as { length: number }).length >= min;
    }
    case "greater_than": {
      const lo = c.value;
      if (typeof lo !== "number") return null;
      return c.inclusive ? (v) => (v as number) >= lo : (v) => (v as number) > lo;
    }
    case "less_than": {
      const hi = c.value;
      if (typeof hi !== "number") return null;
      return c.inclusive ? (v) => (v as number) <= hi : (v) => (v as number) < hi;
    }
    case "string_format": {
      const re = c.pattern;
      if (c.format !== "regex" || !re || re.global || re.sticky) return null;
      return (v) => re.test(v as string);
    }
    default:
      return null;
  }
}

function all(base: Accept, checks: Accept[]): Accept {
  if (checks.length === 0) return base;
  return (v) => {
    if (!base(v)) return false;
    for (const c of checks) if (!c(v)) return false;
    return true;
  };
}

/**
 * A field schema as a predicate; falls back to zod itself for unknown parts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { compileField } from "./validate.ts";
 * assert.equal(compileField(z.string().max(3).nullable())("abcd"), false);
 * ```
 */
export function compileField(schema: z.ZodType): Accept {
  const byZod: Accept = (v) => schema.safeParse(v).success;
  const def = schema._zod.def as Def;
  const checks: Accept[] = [];
  for (const c of def.checks ?? []) {
    const fn = compileCheck(c._zod.def);
    if (!fn) return byZod;
    checks.push(fn);
  }
  switch (def.type) {
    case "nullable": {
      if (checks.length) return byZod;
      const inner = compileField(def.innerType!);
      return (v) => v === null || inner(v);
    }
    case "string": {
      if (def.format === "url") {
        const fast = plainUrl(def as UrlDef);
        if (!fast) return byZod;
        const plain = all((v) => typeof v === "string" && fast.test(v), checks);
        // The common plain address skips zod's URL parse; any other asks zod.
        return (v) => plain(v) || byZod(v);
      }
      if (def.format !== undefined) {
        const re = def.pattern;
        if (!PATTERN_FORMATS.has(def.format) || !re || re.global || re.sticky) return byZod;
        return all((v) => typeof v === "string" && re.test(v), checks);
      }
      return all((v) => typeof v === "string", checks);
    }
    case "number": {
      if (def.format === undefined) {
        return all((v) => typeof v === "number" && Number.isFinite(v), checks);
      }
      if (def.format !== "safeint") return byZod;
      return all((v) => Number.isSafeInteger(v), checks);
    }
    case "boolean":
      return all((v) => typeof v === "boolean", checks);
    case "enum": {
      const values = new Set(Object.values(def.entries ?? {}));
      return all((v) => values.has(v), checks);
    }
    case "array": {
      const element = compileField(def.element!);
      return all((v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      }, checks);
    }
    default:
      return byZod;
  }
}

/**
 * Compiles an object schema into a predicate over plain objects holding
 * exactly the schema's keys. `true`: `schema.safeParse(value)` succeeds and
 * returns an equal object; `false`: let zod decide.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ClubRecordSchema } from "../../schema/club.ts";
 * import { compileAccept } from "./validate.ts";
 * const accept = compileAccept(ClubRecordSchema);
 * assert.equal(accept({}), false); // zod reports the missing fields
 * ```
 */
export function compileAccept(schema: z.ZodObject): Accept {
  const def = schema._zod.def as Def & { catchall?: unknown };
  const fields = Object.entries(schema.shape).map(([k, s]) => [k, compileField(s as z.ZodType)]);
  // A catchall or object-level checks could reject or reshape: always ask zod then.
  if (def.catchall !== undefined || (def.checks ?? []).length) return () => false;
  return (value) => {
    const obj = value as Record<string, unknown>;
    for (const [k, accept] of fields as [string, Accept][]) {
      if (!accept(obj[k])) return false;
    }
    return true;
  };
}
