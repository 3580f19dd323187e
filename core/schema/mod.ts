/**
 * The zod schemas every shape derives from (TypeScript types, CSV
 * validation, OpenAPI, MCP schemas). Loading zod costs start-up time, so
 * only the surfaces that validate or describe shapes import this door.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ClubRecordSchema } from "./mod.ts";
 * assert.deepStrictEqual(ClubRecordSchema.shape.name.safeParse("").success, false);
 * ```
 * @module
 */
export * from "./changes.ts";
export * from "./club.ts";
export * from "./search.ts";
