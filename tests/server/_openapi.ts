/**
 * Test helper: checks a response body against the served OpenAPI
 * document's own component schemas, so every suite tests what clients are
 * promised rather than a second copy of it.
 *
 * OpenAPI 3.0 schemas are read by Ajv (JSON Schema draft-07) with its
 * OpenAPI `nullable` keyword, which Ajv supports natively: `nullable: true`
 * next to a `type` adds `null` to that type. Formats (`uuid`, `uri`) are
 * checked through ajv-formats.
 *
 * @example
 * ```ts ignore
 * import { assertMatchesSchema } from "./_openapi.ts";
 * assertMatchesSchema(await res.json(), "ClubList");
 * ```
 * @module
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { openApiDocument } from "../../server/openapi/mod.ts";

const DOC_ID = "clubdir-openapi";

/**
 * Names of the document's component schemas.
 *
 * @example
 * ```ts ignore
 * const name: SchemaName = "Club";
 * ```
 */
export type SchemaName =
  | "ClubList"
  | "Club"
  | "FeeView"
  | "Problem"
  | "JsonRpcRequest"
  | "JsonRpcResponse";

let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(name: string): ValidateFunction {
  let v = compiled.get(name);
  if (v) return v;
  if (!ajv) {
    // strict: a keyword Ajv does not know must fail loudly, not be skipped;
    // the OpenAPI-only annotations are declared as known no-ops instead.
    ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
    // `components` only holds the schemas that refs point into.
    ajv.addVocabulary(["example", "externalDocs", "xml", "discriminator", "components"]);
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    const doc = structuredClone(openApiDocument()) as {
      components: { schemas: Record<string, unknown> };
    };
    // Refs in the document read `#/components/schemas/X`: keep that layout.
    ajv.addSchema({ $id: DOC_ID, components: doc.components });
  }
  const schemas = (openApiDocument().components as { schemas: Record<string, unknown> })
    .schemas;
  if (!(name in schemas)) {
    throw new Error(`Cannot validate: no component schema named "${name}"`);
  }
  v = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
  compiled.set(name, v);
  return v;
}

/**
 * Throws, listing every violation, unless `body` matches the component
 * schema `name` of the OpenAPI document.
 *
 * @example
 * ```ts ignore
 * assertMatchesSchema({ clubs: [], total: 0, fee_access: "locked" }, "ClubList");
 * ```
 */
export function assertMatchesSchema(body: unknown, name: SchemaName | string): void {
  const validate = validatorFor(name);
  if (validate(body)) return;
  const errors = (validate.errors ?? []).map((e) =>
    `  ${e.instancePath || "(root)"} ${e.message ?? ""}${
      e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""
    }`
  );
  throw new Error(
    `Body does not match the OpenAPI schema "${name}":\n${errors.join("\n")}\nbody: ${
      JSON.stringify(body).slice(0, 2000)
    }`,
  );
}

/**
 * Whether `body` matches the component schema `name`.
 *
 * @example
 * ```ts ignore
 * matchesSchema({ kind: "none" }, "FeeView"); // true
 * ```
 */
export function matchesSchema(body: unknown, name: SchemaName | string): boolean {
  return validatorFor(name)(body) as boolean;
}
