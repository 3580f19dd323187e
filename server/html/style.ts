/**
 * The one stylesheet of every page (website, profiles, problem pages) and
 * the site icon. Each is served at a path that carries a hash of its
 * content, so browsers may keep it for a year: a changed file gets a new
 * address, and pages link the new one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STYLESHEET } from "./style.ts";
 * assert.match(STYLESHEET.path, /^\/assets\/site\.[0-9a-f]{12}\.css$/);
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
  `:root{color-scheme:light dark;--bg:#fff;--fg:#1b1d1f;--muted:#575c61;--line:#d9dde1;--soft:#f3f5f6;--accent:#155e3a;--accent-fg:#fff;--chip:#e6f2ea;--ph:#dfe8e2;--ph-fg:#305a42;--focus:#1a56db;--card:#fff;--open:#e3f4e8;--open-fg:#14532d;--wait:#fdf0d5;--wait-fg:#6e4300;--inv:#ece8fb;--inv-fg:#45298a;--shut:#f8e4e4;--shut-fg:#8a1c1c}
@media (prefers-color-scheme:dark){:root{--bg:#131517;--fg:#e8eaec;--muted:#a9afb5;--line:#3a3f44;--soft:#1d2024;--accent:#7ed4a4;--accent-fg:#0d1f15;--chip:#1f3328;--ph:#24322a;--ph-fg:#a9d9bd;--focus:#8ab4ff;--card:#181b1e;--open:#173524;--open-fg:#9be0b6;--wait:#3a2c10;--wait-fg:#f3cf86;--inv:#2a2245;--inv-fg:#c9b8ff;--shut:#3d1c1c;--shut-fg:#ffb4ab}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent);text-underline-offset:.15em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1,h2,h3{line-height:1.25}
h1{font-size:1.75rem;margin:.25rem 0 .35rem}
h2{font-size:1.2rem;margin:1.75rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .35rem}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--soft);padding:0 .25em;border-radius:.2em;overflow-wrap:anywhere}
pre{font:.85rem/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--soft);padding:.75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;border-radius:.4rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .5rem .4rem 0;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
.results,.facet ul,.chips,.tiles,.places,.amenities{list-style:none;margin:0;padding:0}
.skip{position:absolute;left:-999px;top:.5rem;background:var(--bg);padding:.5rem .75rem;z-index:2}
.skip:focus{left:.5rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.bar,main,.foot{max-width:72rem;margin:0 auto;padding:0 1rem}
header.site{border-bottom:1px solid var(--line);background:var(--soft)}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.25rem;min-height:3.25rem}
.bar .brand{display:flex;align-items:center;gap:.45rem;font-weight:700;font-size:1.05rem;color:var(--fg);text-decoration:none;margin-right:auto;padding:.5rem 0}
.brand svg{flex:none}
.bar ul{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.1rem;list-style:none;margin:0;padding:0}
.bar a,.linkish{display:inline-block;padding:.6rem 0}
.linkish{font:inherit;color:var(--accent);background:none;border:0;text-decoration:underline;cursor:pointer;text-underline-offset:.15em}
.who{color:var(--muted)}
main{padding-top:.75rem;padding-bottom:3rem}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
.foot{padding-top:1rem;padding-bottom:2rem}
.foot a{display:inline-block;padding:.35rem 0;margin-right:1rem}
.muted{color:var(--muted)}
.lede{font-size:1.05rem;color:var(--muted);margin:0 0 .6rem}
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
.find{display:flex;gap:.5rem}
.find input{flex:1;min-width:0}
form.find{margin:0 0 .6rem}
.hero{background:var(--soft);border:1px solid var(--line);border-radius:.8rem;padding:1.25rem 1rem;margin:.5rem 0 1.5rem}
.hero h1{font-size:2rem;margin-top:0}
.hero form{padding:0;border:0;margin:.75rem 0 0;background:none}
.more>summary,.refine>summary{cursor:pointer;color:var(--accent);min-height:2.75rem;display:flex;align-items:center;gap:.5rem;font-weight:600}
.more[open]>summary{margin-bottom:.75rem}
.more>div{display:grid;gap:.9rem}
.tiles{display:grid;gap:.75rem;grid-template-columns:repeat(2,minmax(0,1fr))}
.tiles a{display:flex;align-items:center;gap:.75rem;padding:.75rem;border:1px solid var(--line);border-radius:.6rem;text-decoration:none;color:var(--fg);background:var(--card);height:100%}
.tiles a:hover,.club:hover,.entries a:hover{border-color:var(--accent)}
.tiles svg{flex:none;width:2.75rem;height:2.75rem;padding:.55rem;border-radius:50%;background:var(--chip);color:var(--accent)}
.tiles b{display:block;line-height:1.3}
.tiles span span,.entries .muted{display:block;font-size:.88rem;color:var(--muted)}
.places{display:flex;flex-wrap:wrap;gap:.5rem}
.places a,.chips a{display:inline-flex;align-items:center;gap:.4rem;min-height:2.5rem;background:var(--chip);border-radius:999px;padding:.3rem .85rem;text-decoration:none;color:var(--fg)}
.places a span{color:var(--muted);font-size:.9rem;font-variant-numeric:tabular-nums}
.entries{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));list-style:none;padding:0}
.entries a{display:block;padding:.8rem 1rem;border:1px solid var(--line);border-radius:.6rem;text-decoration:none}
.chips{display:flex;gap:.5rem;margin:0 0 .6rem;overflow-x:auto;padding-bottom:.1rem}
.chips li{flex:none}
.chips a{min-height:2.25rem;font-size:.95rem}
.chips a span{color:var(--accent);font-weight:700}
.layout{display:grid;gap:.75rem 2.5rem}
.refine>summary{border:1px solid var(--muted);border-radius:.5rem;padding:0 1rem;width:max-content;max-width:100%}
.more>summary::-webkit-details-marker,.refine>summary::-webkit-details-marker{display:none}
.more>summary::after,.refine>summary::after{content:"";width:.5rem;height:.5rem;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-.15rem) rotate(45deg)}
.more[open]>summary::after,.refine[open]>summary::after{transform:translateY(.1rem) rotate(-135deg)}
.refine[open]>summary{margin-bottom:.75rem}
.refine>summary .count{font-weight:400}
.feenote{font-size:.9rem;color:var(--muted);margin:0 0 .6rem}
.results{display:grid;gap:.75rem}
.club{position:relative;display:flex;gap:1rem;padding:.75rem;border:1px solid var(--line);border-radius:.7rem;background:var(--card);content-visibility:auto;contain-intrinsic-size:auto 9rem}
.club h2{font-size:1.1rem;margin:0}
.club h2 a{color:var(--fg)}
.club h2 a::after{content:"";position:absolute;inset:0;border-radius:.7rem}
.club p{margin:.15rem 0}
.info{min-width:0;display:flex;flex-direction:column}
.kind{margin:0;order:-1;font-size:.78rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--accent)}
.where{color:var(--muted);font-size:.95rem}
.tags{display:flex;flex-wrap:wrap;gap:.35rem}
.tag,.wl{display:inline-block;font-size:.85rem;border:1px solid var(--line);border-radius:999px;padding:.05rem .6rem}
.wl{font-weight:600;border:0;background:var(--soft);color:var(--muted)}
.wl::before{content:"\\25CF";margin-right:.3rem;font-size:.75em}
.wl-open{background:var(--open);color:var(--open-fg)}
.wl-waitlist{background:var(--wait);color:var(--wait-fg)}
.wl-by_invitation,.wl-invite_only{background:var(--inv);color:var(--inv-fg)}
.wl-closed{background:var(--shut);color:var(--shut-fg)}
a.wl{text-decoration:none}
.fees{font-size:.92rem}
.fee{font-weight:600;font-variant-numeric:tabular-nums}
.locked{color:var(--muted);font-style:italic}
.media{position:relative;flex:none;width:9rem;height:6.75rem;border-radius:.5rem;overflow:hidden;background:var(--ph);color:var(--ph-fg)}
.media.hero{width:100%;height:auto;aspect-ratio:16/9;margin:0;border-radius:.8rem}
.media img{display:block;width:100%;height:100%;object-fit:cover;color:transparent;font-size:0}
.media img::after,.media .ph{content:attr(data-initials);position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:var(--ph);color:var(--ph-fg);font-weight:700;font-size:1.5rem;letter-spacing:.05em}
.media.hero img::after,.media.hero .ph{font-size:3rem}
.facets h2{margin-top:0}
.facet{margin-bottom:1.25rem}
.facet h3{margin:0 0 .25rem;font-size:.95rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.facet a{display:flex;justify-content:space-between;gap:.5rem;padding:.35rem 0;min-height:2.25rem}
.facet a[aria-current]{font-weight:700}
.count{color:var(--muted);font-variant-numeric:tabular-nums}
.facet details summary{cursor:pointer;padding:.35rem 0;color:var(--accent)}
.facet .note{margin:0 0 .25rem;font-size:.85rem;color:var(--muted)}
.layout .currency{margin-top:1.5rem}
.tag.mark{background:var(--chip);border-color:var(--accent);font-weight:600}
.follow{font-size:.95rem;margin:.75rem 0}
.changes,.history{list-style:none;margin:0 0 1.5rem;padding:0;display:grid;gap:.75rem}
.change{padding:.75rem;border:1px solid var(--line);border-radius:.7rem;background:var(--card)}
.change h3,.history h3{font-size:1.05rem;margin:0}
.change p,.history p{margin:.15rem 0}
.said{font-weight:600}
.feechange{display:grid;grid-template-columns:auto 1fr;gap:.1rem .75rem;margin:.35rem 0 0;font-size:.95rem}
.feechange dd{margin:0}
.facet .sub{margin:0 0 0 .5rem;padding-left:.75rem;border-left:2px solid var(--line)}
nav.pages ul{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;list-style:none;padding:0;margin:1.5rem 0 .25rem}
nav.pages li>a,nav.pages li>span{display:inline-block;padding:.5rem .85rem;border:1px solid var(--line);border-radius:.4rem;min-width:2.75rem;text-align:center}
nav.pages li>span{color:var(--muted)}
nav.pages a[aria-current]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);font-weight:700;text-decoration:none}
nav.pages .gap{color:var(--muted)}
nav.pages p{margin:0 0 1rem}
.offers ul{list-style:none;padding:0;margin:.25rem 0 1rem}
.offers li{padding:.3rem 0}
.offers a{display:inline-block;padding:.3rem 0}
.ways{padding-left:1.2rem}
.ways a{display:inline-block;padding:.35rem 0}
.lead{display:grid;gap:1rem;margin-bottom:1rem}
.lead h1{margin:0}
.title{display:flex;flex-direction:column}
.title p{margin:.1rem 0}
.title .place{font-size:1.05rem;margin:.2rem 0 .3rem}
.badges{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.4rem 0}
.keyfacts{border:1px solid var(--line);border-radius:.8rem;padding:0 1rem .5rem;background:var(--card)}
.keyfacts h2{margin:.9rem 0 .4rem}
.more-facts{display:grid;gap:0 2.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1.25rem;margin:0}
dt{color:var(--muted)}
dd{margin:0}
.feetable th{color:var(--muted);font-weight:400;width:45%}
.amenities{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.35rem 1rem}
.amenities li::before{content:"\\2713";color:var(--accent);font-weight:700;margin-right:.5rem}
.notice{border-left:4px solid var(--accent);background:var(--soft);padding:.6rem .9rem;margin:1rem 0;border-radius:0 .4rem .4rem 0}
.notice.error{border-color:#b3261e}
.narrow{max-width:34rem}
.crumbs{font-size:.95rem;margin:0 0 .25rem}
.crumbs a{display:inline-block;padding:.3rem 0}
@media (min-width:56rem){.layout{grid-template-columns:minmax(0,1fr) 17rem}.refine{grid-column:2;grid-row:1}.lead{grid-template-columns:minmax(0,1.35fr) minmax(0,1fr);grid-template-areas:"photo title" "photo keys" "facts keys";grid-template-rows:auto auto 1fr;align-items:start;column-gap:2rem}.lead .media{grid-area:photo}.title{grid-area:title}.keyfacts{grid-area:keys}.more-facts{grid-area:facts;grid-template-columns:1fr 1fr}.tiles{grid-template-columns:repeat(4,minmax(0,1fr))}.hero{padding:2rem}}
@supports selector(::details-content){@media (min-width:56rem){.refine>summary{display:none}.refine::details-content{content-visibility:visible}}}
@media (max-width:55.99rem){.refine .facets>h2{position:absolute;clip-path:inset(50%)}.refine{border-bottom:1px solid var(--line);padding-bottom:.1rem}.refine:not([open]){border:0;padding:0}}
@media (max-width:30rem){nav.pages .far{display:none}.media{width:5.5rem;height:5.5rem}.club{gap:.75rem;padding:.6rem}h1{font-size:1.45rem}.hero h1{font-size:1.6rem}.bar ul{gap:0 1rem}.bar li:first-child{display:none}}
`;

/**
 * The stylesheet, about 12 KB (3 KB compressed), with its hashed path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STYLESHEET } from "./style.ts";
 * assert.deepStrictEqual(STYLESHEET.type, "text/css; charset=utf-8");
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
 * import assert from "node:assert/strict";
 * import { ICON_ASSET } from "./style.ts";
 * assert.deepStrictEqual(ICON_ASSET.type, "image/svg+xml");
 * ```
 */
export const ICON_ASSET: Asset = hashed("icon", "svg", ICON, "image/svg+xml");

/**
 * Every hashed asset, for the route that serves them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ASSETS } from "./style.ts";
 * assert.deepStrictEqual(ASSETS.length, 2);
 * ```
 */
export const ASSETS: readonly Asset[] = [STYLESHEET, ICON_ASSET];
