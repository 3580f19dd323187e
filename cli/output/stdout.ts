/**
 * Writing a command's results to stdout, whatever reads them: all bytes of
 * each text (a pipe may take fewer at a time), and a reader that stops early
 * (`query --all | head`) ends the command quietly instead of failing it.
 *
 * @example
 * ```ts ignore
 * import { writeOut } from "./stdout.ts";
 * await writeOut("one line\n");
 * ```
 * @module
 */

/**
 * The reader of stdout has gone (`| head` read enough): not an error, the
 * command stops and exits 0.
 */
export class OutputClosed extends Error {
  constructor() {
    super("stdout was closed by its reader");
    this.name = "OutputClosed";
  }
}

const encoder = new TextEncoder();

/**
 * Writes all of `text` to stdout; throws {@link OutputClosed} when the
 * reader has closed the pipe.
 *
 * @example
 * ```ts ignore
 * import { OutputClosed, writeOut } from "./stdout.ts";
 * try {
 *   for (const line of lines) await writeOut(line);
 * } catch (e) {
 *   if (!(e instanceof OutputClosed)) throw e;
 * }
 * ```
 */
export async function writeOut(text: string): Promise<void> {
  const bytes = encoder.encode(text);
  try {
    for (let written = 0; written < bytes.length;) {
      written += await Deno.stdout.write(bytes.subarray(written));
    }
  } catch (e) {
    if (e instanceof Deno.errors.BrokenPipe) throw new OutputClosed();
    throw e;
  }
}
