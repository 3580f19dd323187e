/**
 * The key a client's requests are counted under by the rate limiter: one
 * key per IPv4 address and one per IPv6 /64. A single IPv6 subscriber is
 * routinely given a whole /64 (2^64 addresses, SLAAC and privacy addresses
 * change by the hour), so keying on the full address would give one client
 * an unlimited budget. The key is also the same for every spelling of an
 * address: compressed or not, leading zeros or not, upper or lower case, a
 * zone, brackets, the last 32 bits dotted, and an IPv4 client seen through
 * a dual-stack socket as `::ffff:a.b.c.d` counts as `a.b.c.d`.
 *
 * Hand-written rather than a dependency: it runs on every request, and an
 * IPv4 address (the common case) costs one `indexOf`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rateKey } from "./rate_key.ts";
 * assert.deepStrictEqual(rateKey("2001:DB8:0:1:aaaa::1"), "2001:db8:0:1::/64");
 * assert.deepStrictEqual(rateKey("::ffff:198.51.100.7"), "198.51.100.7");
 * assert.deepStrictEqual(rateKey("198.51.100.7"), "198.51.100.7");
 * ```
 * @module
 */

/** `[`, which opens a bracketed IPv6 address (`[2001:db8::1]:443`). */
const OPEN_BRACKET = 0x5b;

/**
 * The rate-limit key of a client address: an IPv6 address becomes its /64
 * prefix (`2001:db8:0:1::/64`), an IPv4-mapped IPv6 address its IPv4
 * address; anything else (IPv4, `unknown`, a forwarded value that is no
 * address) is kept as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rateKey } from "./rate_key.ts";
 * assert.deepStrictEqual(rateKey("[2001:0db8::0001%eth0]"), "2001:db8:0:0::/64");
 * assert.deepStrictEqual(rateKey("::FFFF:C633:6407"), "198.51.100.7");
 * assert.deepStrictEqual(rateKey("unknown"), "unknown");
 * ```
 */
export function rateKey(address: string): string {
  if (address.indexOf(":") < 0) return address;
  const g = ipv6Groups(address);
  if (g === null) return address;
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  }
  return `${g[0]!.toString(16)}:${g[1]!.toString(16)}:${g[2]!.toString(16)}:${
    g[3]!.toString(16)
  }::/64`;
}

/**
 * The eight 16-bit groups of an IPv6 address in any RFC 4291 spelling
 * (brackets and a `%zone` allowed); null when it is not one.
 */
function ipv6Groups(text: string): number[] | null {
  let s = text;
  if (s.charCodeAt(0) === OPEN_BRACKET) {
    const end = s.indexOf("]");
    if (end < 0) return null;
    s = s.slice(1, end);
  }
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const gap = s.indexOf("::");
  if (gap < 0) {
    const all = groupsOf(s, true);
    return all !== null && all.length === 8 ? all : null;
  }
  if (s.indexOf("::", gap + 1) >= 0) return null; // two gaps, or ":::"
  const head = groupsOf(s.slice(0, gap), false);
  const tail = groupsOf(s.slice(gap + 2), true);
  if (head === null || tail === null) return null;
  // `::` stands for at least one group of zeros.
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  const out = head;
  for (let i = 0; i < missing; i++) out.push(0);
  for (const v of tail) out.push(v);
  return out;
}

/**
 * The groups of a `:`-separated run of hex words ("" is none); when `last`,
 * the final word may be a dotted IPv4 address (two groups).
 */
function groupsOf(part: string, last: boolean): number[] | null {
  if (part === "") return [];
  const words = part.split(":");
  if (words.length > 8) return null;
  const out: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (last && i === words.length - 1 && w.indexOf(".") >= 0) {
      const v4 = ipv4Value(w);
      if (v4 < 0) return null;
      out.push(v4 >>> 16, v4 & 0xffff);
    } else {
      const v = hexWord(w);
      if (v < 0) return null;
      out.push(v);
    }
  }
  return out;
}

/** The value of 1 to 4 hex digits; -1 when `w` is not that. */
function hexWord(w: string): number {
  if (w.length < 1 || w.length > 4) return -1;
  let v = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    const l = c | 0x20; // a-f whatever the case
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : l >= 0x61 && l <= 0x66 ? l - 0x57 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** The 32-bit value of a dotted-quad IPv4 address; -1 when `w` is not one. */
function ipv4Value(w: string): number {
  const parts = w.split(".");
  if (parts.length !== 4) return -1;
  let v = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return -1;
    v = v * 256 + Number(p);
  }
  return v;
}
