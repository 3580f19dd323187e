/**
 * Fees in the visitor's currency, a website feature (the API and MCP never
 * convert): a visitor who may see fees (a free account sees bands, a member
 * exact figures) chooses a currency with a small form on results and
 * profile pages, or with `?currency=EUR` on their address; the choice is
 * kept in the `currency` cookie (the address is then redirected to the one
 * without it, so every page keeps one address). Each figure and band then
 * shows, after the club's own, converted at the snapshot's rates
 * (core/rates), with the rates' date and source under the form. A currency
 * the snapshot has no rate for, or a snapshot without rates, leaves the
 * club's own currency alone, with a short note. Anonymous visitors see no
 * form.
 *
 * @example
 * ```ts ignore
 * import { pageCurrency, currencyControl } from "./currency.ts";
 * const fx = pageCurrency(store, req, "band");
 * currencyControl(fx, "/clubs", [["type", "golf"]]);
 * ```
 * @module
 */
import type { FeeAccess, FeeFields } from "../../core/club/mod.ts";
import type { FeeView } from "../../core/schema/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import {
  type Converted,
  convertedViews,
  currencyName,
  type FeeKey,
  isCurrencyCode,
  type Rates,
  ratesOf,
} from "../../core/rates/mod.ts";
import { dayTime, feeCell, joinHtml, markup, type SafeHtml } from "../html/mod.ts";

/** The cookie that keeps a visitor's currency. */
export const CURRENCY_COOKIE = "currency";

/** How long the browser keeps the choice (a year). */
const COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The currency of a request's cookie, or null (none, or not an ISO 4217 code). */
export function cookieCurrency(req: Request): string | null {
  const header = req.headers.get("cookie");
  if (header === null) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== CURRENCY_COOKIE) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    return isCurrencyCode(value) ? value : null;
  }
  return null;
}

/**
 * The `currency` parameter of a query string (without `?`): the code
 * chosen (null: each club's own currency, for an empty or unknown value),
 * and the query string without it; null when there is no such parameter.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { currencyParam } from "./currency.ts";
 * assert.deepStrictEqual(currencyParam("type=golf&currency=eur"), { code: "EUR", rest: "type=golf" });
 * assert.deepStrictEqual(currencyParam("type=golf"), null);
 * ```
 */
export function currencyParam(search: string): { code: string | null; rest: string } | null {
  if (!/(^|&)currency(=|&|$)/.test(search)) return null;
  let code: string | null = null;
  const rest: string[] = [];
  for (const part of search.split("&")) {
    const eq = part.indexOf("=");
    if ((eq < 0 ? part : part.slice(0, eq)) !== "currency") {
      rest.push(part);
      continue;
    }
    let value = "";
    try {
      value = decodeURIComponent(part.slice(eq + 1).replaceAll("+", " ")).trim().toUpperCase();
    } catch { /* a malformed escape: no currency */ }
    code = isCurrencyCode(value) ? value : null;
  }
  return { code, rest: rest.join("&") };
}

/** The `Set-Cookie` value that keeps `code` (or forgets the choice, for null). */
export function currencyCookie(code: string | null, root: string, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${code ?? ""}; Path=${root || "/"}; Max-Age=${
    code === null ? 0 : COOKIE_MAX_AGE
  }; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The answer to an address with `?currency=`: the cookie set (or cleared)
 * and a redirect to `to`, the address without it.
 */
export function currencyRedirect(
  code: string | null,
  to: string,
  root: string,
  secure: boolean,
): Response {
  return new Response(null, {
    status: 302,
    headers: {
      Location: to,
      "Set-Cookie": currencyCookie(code, root, secure),
      "Cache-Control": "no-store",
    },
  });
}

/** What a page shows of currencies: null for a visitor who sees no fees. */
export interface PageCurrency {
  /** The currency chosen, or null: each club's own. */
  to: string | null;
  /** The snapshot's rates, or null when it has none. */
  rates: Rates | null;
}

/** The page's currency for a request, or null when the visitor sees no fees. */
export function pageCurrency(
  store: ClubStore,
  req: Request,
  access: FeeAccess,
): PageCurrency | null {
  if (access === "locked") return null;
  return { to: cookieCurrency(req), rates: ratesOf(store) };
}

/** The part of a page's cache key that the currency decides ("" when nothing is converted). */
export function currencyKey(fx: PageCurrency | null): string {
  return fx?.to ?? "";
}

/** Whether the page converts: a currency is chosen and the snapshot has its rate. */
function converts(fx: PageCurrency | null): fx is PageCurrency & { to: string; rates: Rates } {
  return fx !== null && fx.to !== null && fx.rates !== null && fx.rates.rates.has(fx.to);
}

/** A club's fees in the page's currency; null when the page converts nothing. */
export function clubConversion(
  club: FeeFields,
  access: FeeAccess,
  fx: PageCurrency | null,
): Converted | null {
  return converts(fx) ? convertedViews(club, access, fx.to, fx.rates) : null;
}

/**
 * One fee as {@link feeCell} shows it, followed by the same figure or band
 * in the page's currency (`$250,000 (≈ €242,765)`), or by why not.
 */
export function feeCellIn(v: FeeView, converted: Converted | null, key: FeeKey): SafeHtml {
  if (converted === null || (v.kind !== "exact" && v.kind !== "band")) return feeCell(v);
  // After the figure, before "(estimate)".
  if (converted.ok) {
    const label = converted.views[key];
    if (label === null) return feeCell(v);
    return feeCell(v, markup`<span class="fx">(≈ ${label})</span>`);
  }
  if (converted.reason === "no_rate") {
    const missing = converted.missing ?? "";
    return feeCell(v, markup`<span class="fx muted">(no rate for ${missing})</span>`);
  }
  return feeCell(v);
}

/**
 * The currency form (a GET to `action` with the search's own parameters
 * as `hidden` fields), with the rates' date and source when converting, or
 * a note when the chosen currency cannot be shown. Empty for a visitor who
 * sees no fees, and for a snapshot without rates when nothing is chosen.
 */
export function currencyControl(
  fx: PageCurrency | null,
  action: string,
  hidden: readonly (readonly [string, string])[] = [],
): SafeHtml | null {
  if (fx === null) return null;
  const { to, rates } = fx;
  const parts: SafeHtml[] = [];
  const selected = (on: boolean) => on ? markup` selected` : null;
  if (rates !== null) {
    const options = [
      markup`<option value=""${selected(to === null)}>Each club's own currency only</option>`,
      ...[...rates.rates.keys()].sort().map((code) =>
        markup`<option value="${code}"${selected(code === to)}>${code} (${
          currencyName(code)
        })</option>`
      ),
    ];
    const fields = hidden.map(([name, value]) =>
      markup`<input type="hidden" name="${name}" value="${value}">`
    );
    parts.push(
      markup`<form class="currency actions" method="get" action="${action}">${fields}<label for="currency">Also show fees in</label><select id="currency" name="currency">${options}</select><button type="submit">Show</button></form>`,
    );
  }
  if (converts(fx)) {
    const date = dayTime(fx.rates.date);
    parts.push(
      markup`<p class="muted rates">Fees in ${to} are converted at the rates of ${date} (${fx.rates.source}): exact fees to whole units, ranges to two significant figures, approximate.</p>`,
    );
  } else if (to !== null) {
    const why = rates === null
      ? "This directory has no exchange rates"
      : `This directory has no exchange rate for ${to} (${currencyName(to)})`;
    parts.push(markup`<p class="muted rates">${why}: fees show in each club's own currency.</p>`);
  }
  return joinHtml(parts, "\n");
}
