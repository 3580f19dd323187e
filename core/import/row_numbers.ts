/**
 * One number per `clubs` row, by rowid, held in memory while an import
 * streams: the club digests wait here until slugs are final, instead of in
 * a temporary table (one SQLite insert less per row). Eight bytes a club,
 * grown a block at a time, so a million clubs cost 8 MB.
 *
 * @example
 * ```ts
 * import { RowNumbers } from "./row_numbers.ts";
 * const digests = new RowNumbers();
 * digests.set(1, 4242);
 * digests.get(1); // 4242
 * ```
 * @module
 */

/** Rows per block. */
const BLOCK = 1 << 16;

/** Numbers by rowid (from 1); an unset rowid reads as 0. */
export class RowNumbers {
  readonly #blocks: Float64Array[] = [];
  #last = 0;

  /**
   * Stores the number of a rowid.
   *
   * @example
   * ```ts
   * import { RowNumbers } from "./row_numbers.ts";
   * new RowNumbers().set(70_000, 1.5);
   * ```
   */
  set(rowid: number, value: number): void {
    const b = Math.floor(rowid / BLOCK);
    while (this.#blocks.length <= b) this.#blocks.push(new Float64Array(BLOCK));
    this.#blocks[b]![rowid % BLOCK] = value;
    if (rowid > this.#last) this.#last = rowid;
  }

  /**
   * The number of a rowid.
   *
   * @example
   * ```ts
   * import { RowNumbers } from "./row_numbers.ts";
   * new RowNumbers().get(3); // 0
   * ```
   */
  get(rowid: number): number {
    return this.#blocks[Math.floor(rowid / BLOCK)]?.[rowid % BLOCK] ?? 0;
  }

  /**
   * The numbers from rowid 1 to the highest one set, a block at a time:
   * `values[i]` is the number of rowid `first + i`.
   *
   * @example
   * ```ts
   * import { RowNumbers } from "./row_numbers.ts";
   * const n = new RowNumbers();
   * n.set(2, 7);
   * [...n.blocks()]; // [{ first: 1, values: Float64Array [0, 7] }]
   * ```
   */
  *blocks(): Generator<{ first: number; values: Float64Array }> {
    for (let b = 0; this.#last > 0 && b * BLOCK <= this.#last; b++) {
      const first = Math.max(1, b * BLOCK);
      const end = Math.min(this.#last + 1, (b + 1) * BLOCK);
      yield { first, values: this.#blocks[b]!.subarray(first - b * BLOCK, end - b * BLOCK) };
    }
  }
}
