/**
 * Generator for the bundled directory snapshot, `data/clubs.csv.gz`.
 *
 * The snapshot is made up but realistic: about 40,000 private clubs in every
 * US state and DC, every Canadian province and territory and some 80 other
 * countries, each in a real ISO 3166-2 region of its country. Everything comes
 * from one seeded PRNG, so a seed always gives the same rows and the same CSV,
 * byte for byte.
 *
 * This file is the command line and the public face; the work is done by the
 * modules under `generator/`, one job each, in the order a row needs them:
 *
 * - `random.ts`: the seeded PRNG, weighted choice, UUIDs; `words.ts`: the
 *   "|"-list parser the data files share.
 * - `countries.ts`: countries and their regions, from `country_defs.ts`
 *   (the hand list) and ISO 3166-2; `lang.ts`: the name and town languages.
 * - `club_types.ts`: the types, their weights and groups.
 * - `towns.ts`: made-up town names, from `town_parts.ts`.
 * - `names.ts`: club names, from `patterns.ts` and `place_names.ts`;
 *   `slug.ts`: unique slugs.
 * - `fees.ts`, `golf.ts`, `years.ts`, `listing.ts`, `amenities.ts`: the
 *   other columns; `description.ts`: the prose, from `description_text.ts`.
 * - `record.ts`: one row; `clubs.ts`: the rows of a run; `csv.ts`: the file.
 *
 * Run it with:
 *
 * ```sh
 * deno run --allow-write=data data/generate.ts [--seed N] [--count N] [--out data/clubs.csv.gz]
 * ```
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateClubs, toCsv } from "./generate.ts";
 * const clubs = [...generateClubs({ seed: 7, count: 10 })];
 * assert.equal(clubs.length, 10);
 * const csv = toCsv(clubs);
 * assert.ok(csv.startsWith("id,name,slug,"));
 * assert.equal(csv, toCsv(generateClubs({ seed: 7, count: 10 }))); // a seed is a file
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import type { GenerateOptions } from "./generator/clubs.ts";
import { writeSnapshot } from "./generator/csv.ts";

export { CLUB_TYPES } from "./generator/club_types.ts";
export {
  DEFAULT_COUNT,
  DEFAULT_SEED,
  generateClubs,
  type GenerateOptions,
} from "./generator/clubs.ts";
export { csvChunks, toCsv, toCsvCells, writeSnapshot } from "./generator/csv.ts";
export { slugify } from "./generator/slug.ts";

/** Where the CLI writes the snapshot when no `--out` is given. */
export const DEFAULT_OUT = "data/clubs.csv.gz";

const USAGE =
  "Usage: deno run --allow-write=data data/generate.ts [--seed N] [--count N] [--out data/clubs.csv.gz]";

/** An integer option's value; strict, since `Number("1e3")` would pass. */
function parseIntArg(
  name: string,
  value: string | undefined,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new Error(`--${name} must be an integer`);
  return Number(value);
}

/**
 * The command line: writes the snapshot and reports what it wrote.
 *
 * @param args Command-line arguments, as in `Deno.args`.
 * @returns The process exit code.
 *
 * @example
 * ```ts ignore
 * import { main } from "./generate.ts";
 * await main(["--count", "100", "--out", "/tmp/clubs.csv.gz"]); // 0
 * ```
 */
export async function main(args: string[]): Promise<number> {
  let options: GenerateOptions;
  let out: string;
  try {
    const { values } = parseArgs({
      args,
      options: {
        seed: { type: "string" },
        count: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    out = values.out ?? DEFAULT_OUT;
    options = {
      seed: parseIntArg("seed", values.seed),
      count: parseIntArg("count", values.count),
    };
    if (options.count !== undefined && options.count < 0) {
      throw new Error("--count must not be negative");
    }
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const rows = await writeSnapshot(out, options);
  const ms = Math.round(performance.now() - started);
  console.log(`wrote ${rows} clubs to ${out} in ${ms} ms`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
