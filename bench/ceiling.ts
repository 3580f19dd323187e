/**
 * The ceiling server: `Deno.serve` answering every request with one
 * precomputed body and fixed headers. It does no routing, parsing or
 * database work, so its throughput is the most this runtime and machine can
 * give for a response of that size; the real server is reported as a share
 * of it.
 *
 * With `--body-file` and `--encoding`, it answers the bytes of that file
 * (a body compressed beforehand, as the real server keeps them cached) with
 * `Content-Encoding`: the ceiling for compressed responses.
 *
 * @example
 * ```sh
 * deno run -A bench/ceiling.ts --port 8001 --bytes 52000 --headers '{"x-total-clubs":"40000"}'
 * deno run -A bench/ceiling.ts --port 8002 --body-file /tmp/first.br --encoding br
 * ```
 * @module
 */
import { parseArgs } from "node:util";

/**
 * The precomputed body: JSON-looking ASCII filler of exactly `bytes` bytes.
 * It is kept as a string on purpose: Deno.serve sends an ASCII string (V8
 * stores it one byte a character) without conversion, which measured about
 * twice as fast as a Uint8Array body and five times as fast as a string
 * with a character beyond Latin-1 (stored two bytes a character), so this
 * is the fastest way to send these bytes.
 */
export function ceilingBody(bytes: number): string {
  const head = '{"clubs":[],"total":0,"fee_access":"locked","pad":"';
  const tail = '"}';
  return head + "x".repeat(Math.max(0, bytes - head.length - tail.length)) + tail;
}

/**
 * Starts the ceiling server on 127.0.0.1: a string body of `bytes` bytes,
 * or `compressed` (bytes already in `encoding`), sent with `Content-Encoding`
 * as a `Uint8Array`, the way the real server sends its cached compressed
 * bodies.
 */
export function serveCeiling(options: {
  port: number;
  bytes: number;
  headers: Record<string, string>;
  reusePort?: boolean;
  compressed?: { body: Uint8Array<ArrayBuffer>; encoding: string };
}): Deno.HttpServer {
  const body = options.compressed?.body ?? ceilingBody(options.bytes);
  const headers = Object.entries(options.headers);
  if (options.compressed) headers.push(["content-encoding", options.compressed.encoding]);
  return Deno.serve({
    hostname: "127.0.0.1",
    port: options.port,
    reusePort: options.reusePort ?? false,
    onListen: () => {},
  }, () => new Response(body, { headers }));
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      port: { type: "string" },
      bytes: { type: "string", default: "0" },
      headers: { type: "string", default: "{}" },
      "body-file": { type: "string" },
      encoding: { type: "string" },
      "reuse-port": { type: "boolean", default: false },
    },
  });
  const file = values["body-file"];
  if ((file === undefined) !== (values.encoding === undefined)) {
    throw new Error("--body-file and --encoding go together");
  }
  serveCeiling({
    port: Number(values.port),
    bytes: Number(values.bytes),
    headers: JSON.parse(values.headers) as Record<string, string>,
    reusePort: values["reuse-port"],
    ...(file ? { compressed: { body: Deno.readFileSync(file), encoding: values.encoding! } } : {}),
  });
}
