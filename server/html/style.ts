/**
 * The one stylesheet of every page (website, profiles, problem pages) and
 * the site icon. Each is served at a path that carries a hash of its
 * content, so browsers may keep it for a year: a changed file gets a new
 * address, and pages link the new one.
 *
 * @example
 * ```ts
 * import { STYLESHEET } from "./style.ts";
 * STYLESHEET.path; // "/assets/site.<12 hex digits>.css"
 * ```
 * @module
 */
import { createHash } from "node:crypto";

/** A static file served under a content-hashed path. */
export interface Asset {
  /** Path under the site root, with the hash, e.g. `/assets/site.1a2b3c4d5e6f.css`. */
  path: string;
  /** The file's bytes as text. */
  body: string;
  /** Its `Content-Type`. */
  type: string;
}

function hashed(name: string, ext: string, body: string, type: string): Asset {
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  return { path: `/assets/${name}.${hash}.${ext}`, body, type };
}

// Colours meet WCAG AA (4.5:1) for text on both schemes; links are
// underlined, focus is always visible.
const CSS =
  `:root{color-scheme:light dark;--bg:#fff;--fg:#1b1d1f;--muted:#575c61;--line:#d9dde1;--soft:#f3f5f6;--accent:#155e3a;--accent-fg:#fff;--chip:#e6f2ea;--ph:#dfe8e2;--ph-fg:#305a42;--focus:#1a56db}
@media (prefers-color-scheme:dark){:root{--bg:#131517;--fg:#e8eaec;--muted:#a9afb5;--line:#3a3f44;--soft:#1d2024;--accent:#7ed4a4;--accent-fg:#0d1f15;--chip:#1f3328;--ph:#24322a;--ph-fg:#a9d9bd;--focus:#8ab4ff}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1,h2,h3{line-height:1.25}
h1{font-size:1.75rem;margin:.25rem 0 .5rem}
h2{font-size:1.2rem;margin:1.75rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .35rem}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--soft);padding:0 .25em;border-radius:.2em;overflow-wrap:anywhere}
pre{font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--soft);padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;border-radius:.4rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .5rem .4rem 0;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px;top:.5rem;background:var(--bg);padding:.5rem .75rem;z-index:2}
.skip:focus{left:.5rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.bar,main,.foot{max-width:72rem;margin:0 auto;padding:0 1rem}
header.site{border-bottom:1px solid var(--line);background:var(--soft)}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;min-height:3.5rem}
.brand{font-weight:700;font-size:1.1rem;color:var(--fg);text-decoration:none;margin-right:auto;padding:.5rem 0}
.bar ul{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;list-style:none;margin:0;padding:0}
.bar a,.linkish{display:inline-block;padding:.6rem 0}
.linkish{font:inherit;color:var(--accent);background:none;border:0;text-decoration:underline;cursor:pointer;text-underline-offset:.15em}
.who{color:var(--muted)}
main{padding-top:1rem;padding-bottom:3rem}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
.foot{padding-top:1rem;padding-bottom:2rem}
.foot a{display:inline-block;padding:.35rem 0;margin-right:1rem}
.muted{color:var(--muted)}
.lede{font-size:1.1rem;color:var(--muted);margin-top:0}
form.search{display:grid;gap:.9rem;background:var(--soft);border:1px solid var(--line);border-radius:.6rem;padding:1rem;margin:1rem 0}
.fields{display:grid;gap:.9rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr))}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
input[type=search],input[type=text],input[type=password],select{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:.4rem;padding:.55rem .6rem;min-height:2.75rem}
fieldset{border:0;margin:0;padding:0;min-width:0}
.checks{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.checks label{font-weight:400;display:flex;align-items:center;gap:.4rem;min-height:2.5rem;margin:0}
.checks input{width:1.2rem;height:1.2rem;margin:0}
button,.button{font:inherit;font-weight:600;background:var(--accent);color:var(--accent-fg);border:0;border-radius:.4rem;padding:.6rem 1.2rem;min-height:2.75rem;cursor:pointer;text-decoration:none;display:inline-block}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.25rem}
.entries{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));list-style:none;padding:0}
.entries a{display:block;padding:.8rem 1rem;border:1px solid var(--line);border-radius:.5rem;text-decoration:none}
.entries a:hover{border-color:var(--accent)}
.entries .muted{display:block;font-size:.9rem}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.5rem 0}
.chips a{display:inline-block;background:var(--chip);border-radius:999px;padding:.35rem .8rem;text-decoration:none;color:var(--fg)}
.chips a span{color:var(--accent);font-weight:700;margin-left:.35rem}
.layout{display:grid;gap:1rem 2.5rem}
@media (min-width:56rem){.layout{grid-template-columns:minmax(0,1fr) 17rem}.tofilters{display:none}}
.results{list-style:none;margin:0;padding:0}
.club{display:flex;gap:1rem;padding:1rem 0;border-bottom:1px solid var(--line);content-visibility:auto;contain-intrinsic-size:auto 8.5rem}
.club h2{font-size:1.1rem;margin:0 0 .2rem}
.club p{margin:.15rem 0}
.info{min-width:0}
.tags{display:flex;flex-wrap:wrap;gap:.35rem}
.tag{font-size:.85rem;border:1px solid var(--line);border-radius:999px;padding:.05rem .6rem}
.fees{font-size:.95rem}
.fee{font-weight:600;font-variant-numeric:tabular-nums}
.locked{color:var(--muted);font-style:italic}
.media{position:relative;flex:none;width:6rem;height:4.5rem;border-radius:.4rem;overflow:hidden;background:var(--ph);color:var(--ph-fg)}
.media.hero{width:100%;height:auto;aspect-ratio:16/7;margin:1rem 0;border-radius:.6rem}
.media img{display:block;width:100%;height:100%;object-fit:cover;color:transparent;font-size:0}
.media img::after,.media .ph{content:attr(data-initials);position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:var(--ph);color:var(--ph-fg);font-weight:700;font-size:1.25rem;letter-spacing:.05em}
.media.hero img::after,.media.hero .ph{font-size:2.5rem}
.facets h2{margin-top:0}
.facet{margin-bottom:1.25rem}
.facet h3{margin:0 0 .25rem;font-size:.95rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.facet ul{list-style:none;margin:0;padding:0}
.facet a{display:flex;justify-content:space-between;gap:.5rem;padding:.35rem 0;min-height:2.25rem}
.facet a[aria-current]{font-weight:700}
.count{color:var(--muted);font-variant-numeric:tabular-nums}
.facet details summary{cursor:pointer;padding:.35rem 0;color:var(--accent)}
nav.pages ul{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;list-style:none;padding:0;margin:1.5rem 0 .25rem}
nav.pages li>a,nav.pages li>span{display:inline-block;padding:.5rem .85rem;border:1px solid var(--line);border-radius:.4rem;min-width:2.75rem;text-align:center}
nav.pages li>span{color:var(--muted)}
nav.pages a[aria-current]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);font-weight:700;text-decoration:none}
nav.pages .gap{color:var(--muted)}
nav.pages p{margin:0 0 1rem}
.offers ul{list-style:none;padding:0;margin:.25rem 0 1rem}
.offers li{padding:.3rem 0}
.offers a{display:inline-block;padding:.3rem 0}
.facet .note{margin:0 0 .25rem;font-size:.85rem;color:var(--muted)}
.ways{padding-left:1.2rem}
.ways a{display:inline-block;padding:.35rem 0}
.place{font-size:1.05rem;margin:0 0 .5rem}
.badges{display:flex;flex-wrap:wrap;gap:.4rem;margin:.5rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1.25rem;margin:0}
dt{color:var(--muted)}
dd{margin:0}
.feetable th{color:var(--muted);font-weight:400;width:45%}
.amenities{columns:2;padding-left:1.2rem;margin:0}
.notice{border-left:4px solid var(--accent);background:var(--soft);padding:.6rem .9rem;margin:1rem 0;border-radius:0 .4rem .4rem 0}
.notice.error{border-color:#b3261e}
.narrow{max-width:34rem}
.crumbs{font-size:.95rem;margin:0 0 .25rem}
.crumbs a{display:inline-block;padding:.3rem 0}
@media (max-width:30rem){nav.pages .far{display:none}.media{width:4.5rem;height:3.5rem}.club{gap:.75rem}h1{font-size:1.5rem}.amenities{columns:1}}
`;

/**
 * The stylesheet, about 8 KB, with its hashed path.
 *
 * @example
 * ```ts
 * import { STYLESHEET } from "./style.ts";
 * STYLESHEET.type; // "text/css; charset=utf-8"
 * ```
 */
export const STYLESHEET: Asset = hashed("site", "css", CSS, "text/css; charset=utf-8");

const ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#155e3a"/><path d="M10 24V8l12 4-9 3v9" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/></svg>`;

/**
 * The site icon (a flag on a green square), so browsers find an icon and
 * never ask for a missing `/favicon.ico`.
 *
 * @example
 * ```ts
 * import { ICON_ASSET } from "./style.ts";
 * ICON_ASSET.type; // "image/svg+xml"
 * ```
 */
export const ICON_ASSET: Asset = hashed("icon", "svg", ICON, "image/svg+xml");

/**
 * Every hashed asset, for the route that serves them.
 *
 * @example
 * ```ts
 * import { ASSETS } from "./style.ts";
 * ASSETS.length; // 2
 * ```
 */
export const ASSETS: readonly Asset[] = [STYLESHEET, ICON_ASSET];
