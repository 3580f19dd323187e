/**
 * The part of Papa Parse's API that parse.ts uses, typed here: the
 * package ships no types, and `@types/papaparse` pulls in the newest
 * `@types/node`, whose declarations clash with Deno's own.
 *
 * @module
 */

/** A problem in a record: `MissingQuotes`, `InvalidQuotes`, … and where (a character offset). */
export interface ParseError {
  code: string;
  index: number;
}

/** What a parse (or one step of it) yields; `cursor` is where it ended (a character offset). */
export interface ParseResult<T> {
  data: T;
  errors: ParseError[];
  meta: { cursor: number };
}

/** Stops a parse from inside `step`. */
export interface Parser {
  abort(): void;
}

/** Options of {@link parse} (those used). */
export interface ParseConfig<T> {
  delimiter?: string;
  newline?: string;
  /** Called with each record; the result is then not collected. */
  step?: (result: ParseResult<T>, parser: Parser) => void;
}

/** Parses CSV text: records as arrays of strings. */
export function parse<T>(input: string, config: ParseConfig<T> & { step?: undefined }): {
  data: T[];
  errors: ParseError[];
};
export function parse<T>(input: string, config: ParseConfig<T>): void;

declare const Papa: { parse: typeof parse };
export default Papa;
