/**
 * The product version, read from `deno.json` (its `version` field), so the
 * OpenAPI document, the MCP `initialize` answer and `main.ts --version`
 * report one number that is written in one place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VERSION } from "./version.ts";
 * assert.deepStrictEqual(VERSION, "1.2.0");
 * ```
 * @module
 */
import config from "../../deno.json" with { type: "json" };

/** The version of clubdir and of its OpenAPI document (docs/api.md#versioning-in-the-contract: 1.2.0). */
export const VERSION: string = config.version;
