/// <reference lib="dom" />
/**
 * A headless Chromium (Debian's `chromium`) driven by
 * puppeteer-core, with the flags that keep it quiet and offline, a fresh
 * profile each launch, and axe-core for accessibility checks. The browser
 * tests, the site check and the screenshots in docs/ all launch it here.
 *
 * @module
 */
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import axe from "axe-core";

/** Where Debian's package installs Chromium. */
export const CHROMIUM = "/usr/bin/chromium";

/** Whether Chromium is installed (the browser tests are skipped without it). */
export function hasChromium(): boolean {
  try {
    return Deno.statSync(CHROMIUM).isFile;
  } catch {
    return false;
  }
}

/** Flags for a quiet, offline, throw-away browser. */
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A launched browser; disposing closes it and removes its profile. */
export interface LaunchedBrowser extends AsyncDisposable {
  browser: Browser;
}

/** Launches Chromium with a fresh `--user-data-dir`. */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const profile = await Deno.makeTempDir({ prefix: "clubdir-chromium-" });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROME_FLAGS, `--user-data-dir=${profile}`],
    // Deno runs no signal handlers for the child: close it ourselves.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: 60_000,
  });
  return {
    browser,
    async [Symbol.asyncDispose]() {
      await browser.close().catch(() => {});
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

/** One axe violation, reduced to what a failure message needs. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules and best practices) on the
 * page as it is. The script is evaluated through the DevTools protocol, so
 * the page's CSP, which allows no script, stays on.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  return await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const w = globalThis as any;
    const result = await w.axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      targets: v.nodes.map((n: any) => String(n.target)).slice(0, 5),
    }));
  });
}

/** A 4×3 PNG, served for club photos so no test depends on another host. */
export const PHOTO_PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGOQy3ODIwacHAC+OwnZnHCYXQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);
