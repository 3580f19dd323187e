/**
 * Generator for the bundled directory snapshot, `data/clubs.csv.gz`.
 *
 * The snapshot is made up but realistic: about 40,000 private clubs in every
 * US state and DC, every Canadian province and territory and some 80 other
 * countries, each in a real ISO 3166-2 region of its country. Everything comes
 * from one seeded PRNG, so a seed always gives the same rows and the same CSV,
 * byte for byte.
 *
 * Run it with:
 *
 * ```sh
 * deno run --allow-write=data data/generate.ts [--seed N] [--count N] [--out data/clubs.csv.gz]
 * ```
 *
 * @example
 * ```ts
 * import { generateClubs, toCsv } from "./generate.ts";
 * const csv = toCsv(generateClubs({ seed: 7, count: 10 }));
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { iso31662 } from "iso-3166";
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { stringify } from "csv-stringify/sync";
import { CLUB_FIELDS, type ClubRecord } from "../db/club.ts";
import { fold } from "../db/fold.ts";

countries.registerLocale(en);

/** Splits a "|"-separated list (line breaks allowed after a "|"). */
function words(text: string): string[] {
  return text.trim().split(/\s*\|\s*/);
}

/** The seed used when none is given. */
export const DEFAULT_SEED = 20_240_601;
/** How many clubs the snapshot holds when no count is given. */
export const DEFAULT_COUNT = 40_000;
/** Where the CLI writes the snapshot when no `--out` is given. */
export const DEFAULT_OUT = "data/clubs.csv.gz";

/** Options of {@link generateClubs}. */
export interface GenerateOptions {
  /** PRNG seed (any integer); {@link DEFAULT_SEED} when absent. */
  seed?: number;
  /** Number of clubs; {@link DEFAULT_COUNT} when absent. */
  count?: number;
}

// ---------------------------------------------------------------------------
// PRNG: sfc32 seeded through splitmix32.

class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    return this.u32() / 4_294_967_296;
  }

  /** A uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks from a list, favouring its head (skew > 1 favours it more). */
  pickSkewed<T>(items: readonly T[], skew: number): T {
    return items[Math.floor(Math.pow(this.next(), skew) * items.length)]!;
  }

  /** `count` distinct items, in list order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const idx = items.map((_, i) => i);
    for (let i = 0; i < count && i < idx.length; i++) {
      const j = i + Math.floor(this.next() * (idx.length - i));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx.slice(0, count).sort((a, b) => a - b).map((i) => items[i]!);
  }
}

/** Weighted choice among fixed items. */
class Weighted<T> {
  readonly items: T[] = [];
  readonly #cum: number[] = [];
  #total = 0;

  constructor(entries: Iterable<readonly [T, number]> = []) {
    for (const [item, weight] of entries) this.add(item, weight);
  }

  add(item: T, weight: number): this {
    if (weight <= 0) return this;
    this.#total += weight;
    this.items.push(item);
    this.#cum.push(this.#total);
    return this;
  }

  get size(): number {
    return this.items.length;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.#total;
    let lo = 0;
    let hi = this.#cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#cum[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

// ---------------------------------------------------------------------------
// Places. Each country lists real regions (ISO 3166-2 codes, without the
// country prefix) with a weight and real cities: "CODE WEIGHT City|City".

type Lang =
  | "en"
  | "intl"
  | "fr"
  | "de"
  | "es"
  | "pt"
  | "it"
  | "nl"
  | "nordic"
  | "ja";
type TownLang =
  | "en"
  | "fr"
  | "de"
  | "es"
  | "pt"
  | "it"
  | "nl"
  | "sv"
  | "ja"
  | "ko"
  | "zh";

interface CountryDef {
  code: string;
  /** Share of all clubs, in percent (normalised). */
  weight: number;
  lang: Lang;
  places: string;
  /** Weight of each unlisted top-level region, whose towns are generated. */
  fill?: number;
  /** Share of clubs in listed regions that sit in generated towns. */
  towns?: number;
  townLang?: TownLang;
  /** Per-region name and town language. */
  regionLang?: Record<string, Lang>;
  royal?: boolean;
  gymkhana?: boolean;
  /** Fee level relative to the US. */
  fee?: number;
  /** Earliest plausible founding year. */
  since?: number;
  /** Extra weight per club type. */
  boost?: Partial<Record<string, number>>;
  /** Name of the country when the ISO English name is not the common one. */
  name?: string;
  /** Regions used for ski clubs. */
  ski?: string[];
  exclude?: string[];
}

const COUNTRY_DEFS: CountryDef[] = [
  {
    code: "US",
    weight: 54,
    lang: "en",
    towns: 0.3,
    townLang: "en",
    fee: 1,
    name: "United States",
    since: 1750,
    ski: ["CO", "UT", "VT", "NH", "ME", "MT", "WY", "ID", "CA", "WA", "NY"],
    places: `
AL 1.5 Birmingham|Mountain Brook|Huntsville|Mobile|Montgomery|Tuscaloosa|Auburn
AK 0.35 Anchorage|Fairbanks|Juneau|Wasilla
AZ 3 Scottsdale|Phoenix|Paradise Valley|Tucson|Carefree|Sedona|Chandler|Flagstaff
AR 0.9 Little Rock|Fayetteville|Bentonville|Hot Springs|Rogers
CA 10 Los Angeles|San Francisco|San Diego|Pebble Beach|Palm Springs|La Quinta|Rancho Santa Fe|Newport Beach|Palo Alto|Pasadena|Beverly Hills|Sacramento|Carmel-by-the-Sea|Indian Wells|Santa Barbara|Menlo Park|La Jolla|Palm Desert|Rancho Mirage|Hillsborough|Napa|Sonoma|Oakland|San Jose|Malibu
CO 2.5 Denver|Aspen|Vail|Boulder|Colorado Springs|Castle Rock|Cherry Hills Village|Beaver Creek|Telluride|Steamboat Springs
CT 2.5 Greenwich|Darien|New Canaan|Hartford|New Haven|Westport|Fairfield|Stamford
DE 0.6 Wilmington|Rehoboth Beach|Dover|Greenville
DC 0.8 Washington
FL 10 Miami|Palm Beach|Naples|Jupiter|Boca Raton|Orlando|Tampa|Jacksonville|Ponte Vedra Beach|Sarasota|Vero Beach|Fort Lauderdale|Coral Gables|Key Biscayne|West Palm Beach|Hobe Sound|Delray Beach|St. Petersburg|Amelia Island|Destin|Key West|Tallahassee
GA 3.5 Atlanta|Augusta|Savannah|Sea Island|Alpharetta|Athens|Macon|Columbus
HI 0.8 Honolulu|Kapalua|Wailea|Kohala Coast|Lihue|Kailua
ID 0.6 Boise|Coeur d'Alene|Sun Valley|Ketchum|Idaho Falls
IL 4 Chicago|Lake Forest|Winnetka|Evanston|Oak Brook|Naperville|Highland Park|Springfield|Peoria|Medinah
IN 2 Indianapolis|Carmel|Fort Wayne|South Bend|Bloomington|Zionsville
IA 1.2 Des Moines|Cedar Rapids|Iowa City|Davenport|West Des Moines
KS 1 Wichita|Overland Park|Leawood|Lawrence|Topeka
KY 1.5 Louisville|Lexington|Bowling Green|Prospect
LA 1.5 New Orleans|Baton Rouge|Shreveport|Lafayette|Covington
ME 0.8 Portland|Kennebunkport|Bar Harbor|Falmouth|Camden
MD 2.5 Baltimore|Bethesda|Chevy Chase|Annapolis|Potomac|Columbia|Easton
MA 3.5 Boston|Brookline|Cambridge|Nantucket|Edgartown|Wellesley|Concord|Chatham|Newton|Worcester|Hyannis Port
MI 3.5 Detroit|Bloomfield Hills|Grosse Pointe|Ann Arbor|Grand Rapids|Traverse City|Harbor Springs|Birmingham
MN 2.2 Minneapolis|St. Paul|Edina|Wayzata|Rochester|Duluth
MS 0.8 Jackson|Oxford|Biloxi|Madison|Hattiesburg
MO 2 St. Louis|Kansas City|Ladue|Clayton|Springfield|Columbia
MT 0.6 Bozeman|Big Sky|Whitefish|Missoula|Billings
NE 0.8 Omaha|Lincoln|Kearney
NV 1.5 Las Vegas|Henderson|Reno|Incline Village
NH 0.8 Portsmouth|Manchester|Hanover|Concord|Rye
NJ 4 Short Hills|Princeton|Montclair|Summit|Morristown|Ridgewood|Far Hills|Spring Lake|Englewood|Bernardsville|Pine Valley
NM 0.7 Santa Fe|Albuquerque|Las Cruces|Taos
NY 7 New York|Southampton|East Hampton|Rye|Scarsdale|Bronxville|Garden City|Buffalo|Rochester|Albany|Saratoga Springs|Syracuse|Purchase|Oyster Bay|Locust Valley|Bedford|Cooperstown|Lake Placid
NC 4 Charlotte|Raleigh|Pinehurst|Durham|Chapel Hill|Asheville|Greensboro|Wilmington|Highlands|Cary
ND 0.35 Fargo|Bismarck|Grand Forks
OH 4 Columbus|Cincinnati|Cleveland|Dublin|Akron|Toledo|Dayton|Upper Arlington|Gates Mills|Hudson
OK 1.2 Oklahoma City|Tulsa|Edmond|Norman
OR 1.5 Portland|Bend|Lake Oswego|Eugene|Bandon|Salem
PA 4.5 Philadelphia|Pittsburgh|Ardmore|Gladwyne|Bryn Mawr|Sewickley|Lancaster|Hershey|Villanova|Allentown|Oakmont|Newtown Square
RI 0.7 Newport|Providence|Watch Hill|Barrington
SC 3 Charleston|Kiawah Island|Hilton Head Island|Greenville|Columbia|Myrtle Beach|Aiken|Bluffton
SD 0.4 Sioux Falls|Rapid City
TN 2.2 Nashville|Memphis|Knoxville|Chattanooga|Franklin|Brentwood
TX 8 Houston|Dallas|Austin|San Antonio|Fort Worth|The Woodlands|Plano|Highland Park|El Paso|Lubbock|Midland|Frisco|Galveston|Corpus Christi
UT 1.2 Salt Lake City|Park City|St. George|Provo|Ogden
VT 0.5 Burlington|Stowe|Manchester|Woodstock
VA 3 Richmond|Arlington|McLean|Charlottesville|Virginia Beach|Alexandria|Middleburg|Williamsburg|Great Falls
WA 2.5 Seattle|Bellevue|Medina|Spokane|Tacoma|Kirkland|Mercer Island
WV 0.5 Charleston|Morgantown|White Sulphur Springs|Wheeling
WI 2.2 Milwaukee|Madison|Kohler|Green Bay|Lake Geneva
WY 0.4 Jackson|Cheyenne|Casper|Sheridan`,
  },
  {
    code: "CA",
    weight: 7,
    lang: "en",
    towns: 0.2,
    townLang: "en",
    fee: 0.8,
    regionLang: { QC: "fr" },
    ski: ["BC", "AB", "QC", "ON"],
    places: `
ON 38 Toronto|Ottawa|Oakville|Mississauga|Hamilton|London|Collingwood|Kingston|Niagara-on-the-Lake|Markham|Burlington|King City|Waterloo|Muskoka Lakes
QC 20 Montréal|Québec|Laval|Gatineau|Sherbrooke|Mont-Tremblant|Trois-Rivières|Longueuil|Westmount|Mont-Royal
BC 17 Vancouver|Victoria|West Vancouver|Whistler|Kelowna|Surrey|Nanaimo
AB 12 Calgary|Edmonton|Banff|Canmore|Red Deer|Lethbridge
MB 3.5 Winnipeg|Brandon|Steinbach
SK 3 Saskatoon|Regina|Prince Albert|Moose Jaw
NS 3 Halifax|Dartmouth|Lunenburg|Wolfville|Chester
NB 2 Fredericton|Saint John|Moncton|St. Andrews
NL 1.2 St. John's|Corner Brook|Gander
PE 0.8 Charlottetown|Summerside|Cavendish
YT 0.25 Whitehorse|Dawson City
NT 0.25 Yellowknife|Hay River|Inuvik
NU 0.2 Iqaluit|Rankin Inlet|Cambridge Bay`,
  },
  {
    code: "GB",
    weight: 5.5,
    lang: "en",
    royal: true,
    fee: 0.7,
    since: 1750,
    places: `
ENG 80 London|Sunningdale|Virginia Water|Ascot|Walton-on-the-Hill|Sandwich|Hoylake|Southport|Lytham St Annes|Manchester|Birmingham|Liverpool|Leeds|Harrogate|Bristol|Oxford|Cambridge|Henley-on-Thames|Cowes|Lymington|Brighton|Rye|Woking|Guildford|Cheltenham|Bath|York|Newcastle upon Tyne|Brancaster|Westward Ho!|St Mawes|Padstow|Exeter|Alnmouth|Burnham-on-Crouch|Beaconsfield|St Albans|Windsor|Wimbledon|Chichester
SCT 12 Edinburgh|Glasgow|St Andrews|North Berwick|Gullane|Carnoustie|Troon|Turnberry|Prestwick|Dornoch|Nairn|Aberdeen|Cruden Bay|Gleneagles|Inverness|Elie|Kingsbarns|Aviemore
WLS 5 Cardiff|Porthcawl|Swansea|Aberdovey|Harlech|Abersoch|Tenby|Llandudno
NIR 3 Belfast|Portrush|Newcastle|Portstewart|Holywood|Bangor`,
  },
  {
    code: "AU",
    weight: 3.5,
    lang: "en",
    royal: true,
    towns: 0.1,
    townLang: "en",
    fee: 0.75,
    places: `
NSW 32 Sydney|Newcastle|Wollongong|Bowral|Port Macquarie|Byron Bay|Rose Bay|Manly
VIC 27 Melbourne|Geelong|Sorrento|Portsea|Ballarat|Barwon Heads|Black Rock|Toorak
QLD 20 Brisbane|Gold Coast|Noosa Heads|Cairns|Maroochydore|Townsville|Port Douglas
WA 10 Perth|Fremantle|Margaret River|Broome|Cottesloe
SA 7 Adelaide|Glenelg|Victor Harbor|McLaren Vale
TAS 2 Hobart|Launceston|Bridport
ACT 2 Canberra
NT 1 Darwin|Alice Springs`,
  },
  {
    code: "DE",
    weight: 1.6,
    lang: "de",
    towns: 0.25,
    townLang: "de",
    fee: 0.55,
    places: `
NW 22 Düsseldorf|Köln|Essen|Dortmund|Bonn|Münster|Aachen|Krefeld
BY 20 München|Nürnberg|Augsburg|Regensburg|Garmisch-Partenkirchen|Starnberg|Tegernsee|Würzburg
BW 15 Stuttgart|Heidelberg|Freiburg im Breisgau|Baden-Baden|Karlsruhe|Konstanz|Ulm
HE 10 Frankfurt am Main|Wiesbaden|Darmstadt|Bad Homburg vor der Höhe|Kronberg im Taunus|Kassel
NI 8 Hannover|Braunschweig|Osnabrück|Oldenburg|Göttingen
HH 7 Hamburg
BE 7 Berlin
SH 5 Kiel|Lübeck|Sylt|Timmendorfer Strand|Flensburg
RP 4 Mainz|Koblenz|Trier|Bad Kreuznach
SN 3 Dresden|Leipzig|Chemnitz
HB 2 Bremen|Bremerhaven
BB 2 Potsdam|Cottbus|Bad Saarow
MV 2 Rostock|Schwerin|Heiligendamm|Binz
TH 1.5 Erfurt|Weimar|Jena
ST 1.5 Magdeburg|Halle (Saale)|Wernigerode
SL 1 Saarbrücken|Saarlouis`,
  },
  {
    code: "FR",
    weight: 1.4,
    lang: "fr",
    towns: 0.25,
    townLang: "fr",
    fee: 0.6,
    places: `
IDF 30 Paris|Saint-Cloud|Versailles|Saint-Germain-en-Laye|Neuilly-sur-Seine|Fontainebleau|Rambouillet
PAC 18 Nice|Cannes|Marseille|Saint-Tropez|Aix-en-Provence|Antibes|Mougins|Menton
ARA 12 Lyon|Évian-les-Bains|Chamonix-Mont-Blanc|Megève|Courchevel|Annecy|Grenoble|Val-d'Isère
NAQ 10 Bordeaux|Biarritz|Arcachon|La Rochelle|Saint-Jean-de-Luz|Cognac
OCC 7 Toulouse|Montpellier|Nîmes|Perpignan|Carcassonne
HDF 5 Lille|Le Touquet-Paris-Plage|Chantilly|Amiens|Compiègne
NOR 5 Deauville|Rouen|Étretat|Caen|Honfleur
BRE 4 Rennes|Dinard|Saint-Malo|Quimper|Vannes
PDL 3 Nantes|La Baule-Escoublac|Angers|Le Mans
GES 3 Strasbourg|Reims|Metz|Nancy|Épernay
BFC 2 Dijon|Besançon|Beaune
CVL 2 Tours|Orléans|Blois
20R 1 Ajaccio|Bastia|Porto-Vecchio|Calvi
974 0.5 Saint-Denis|Saint-Paul|Saint-Pierre
972 0.3 Fort-de-France|Les Trois-Îlets
971 0.3 Pointe-à-Pitre|Saint-François
NC 0.3 Nouméa
PF 0.2 Papeete`,
  },
  {
    code: "JP",
    weight: 1.6,
    lang: "ja",
    towns: 0.2,
    townLang: "ja",
    fill: 0.3,
    fee: 1.2,
    since: 1900,
    exclude: [],
    places: `
13 25 Tokyo|Hachioji|Inagi|Koganei
14 10 Yokohama|Kamakura|Hakone|Hiratsuka|Zushi
11 7 Kawagoe|Saitama|Tokorozawa|Hanno
12 8 Chiba|Narita|Ichihara|Sodegaura|Kisarazu
27 7 Osaka|Ibaraki|Takatsuki|Sakai
28 6 Kobe|Ashiya|Nishinomiya|Miki
26 3 Kyoto|Uji
23 5 Nagoya|Toyota|Okazaki
22 4 Shizuoka|Gotemba|Atami|Ito|Hamamatsu
01 4 Sapporo|Niseko|Furano|Hakodate
40 3 Fukuoka|Kitakyushu|Koga
47 2 Naha|Onna|Nago
08 3 Tsukuba|Mito|Kasama
09 2 Nasushiobara|Utsunomiya|Nikko
20 2 Karuizawa|Nagano|Matsumoto|Hakuba
34 1.5 Hiroshima|Fukuyama
04 1.5 Sendai`,
  },
  {
    code: "ES",
    weight: 1.2,
    lang: "es",
    royal: true,
    towns: 0.2,
    townLang: "es",
    fee: 0.5,
    places: `
AN 25 Málaga|Marbella|Sevilla|Sotogrande|Estepona|Cádiz|Granada|Jerez de la Frontera|Benahavís
MD 20 Madrid|Pozuelo de Alarcón|Las Rozas de Madrid|Alcobendas|San Lorenzo de El Escorial
CT 16 Barcelona|Sitges|Girona|Sant Cugat del Vallès|Tarragona|Puigcerdà|Pals
VC 10 Valencia|Alicante|Jávea|Benidorm|Castellón de la Plana|Altea
IB 6 Palma|Calvià|Ibiza|Mahón|Alcúdia|Pollença
PV 5 San Sebastián|Bilbao|Vitoria-Gasteiz|Getxo|Zarautz
CN 5 Las Palmas de Gran Canaria|Santa Cruz de Tenerife|Adeje|Puerto de la Cruz
GA 3 A Coruña|Vigo|Santiago de Compostela|Pontevedra
AS 2 Oviedo|Gijón|Llanes
CB 2 Santander|Comillas
CL 2 Valladolid|Salamanca|León|Segovia|Burgos
MC 2 Murcia|Cartagena
AR 1.5 Zaragoza|Huesca|Jaca
NC 1.5 Pamplona|Tudela
CM 1 Toledo|Guadalajara|Cuenca|Albacete
EX 0.7 Badajoz|Cáceres|Mérida
RI 0.7 Logroño|Haro`,
  },
  {
    code: "IT",
    weight: 0.9,
    lang: "it",
    towns: 0.2,
    townLang: "it",
    fee: 0.55,
    places: `
25 20 Milano|Monza|Como|Bergamo|Brescia|Bellagio|Varese|Cernobbio
62 12 Roma|Fiumicino|Latina|Frascati
52 12 Firenze|Pisa|Lucca|Siena|Forte dei Marmi|Montecatini Terme
21 8 Torino|Stresa|Alba|Biella|Novara
34 8 Venezia|Verona|Padova|Cortina d'Ampezzo|Treviso|Asolo
45 6 Bologna|Modena|Parma|Rimini|Riccione
42 6 Genova|Sanremo|Portofino|Rapallo|Alassio|La Spezia
72 5 Napoli|Capri|Sorrento|Positano|Salerno
82 4 Palermo|Catania|Taormina|Siracusa
88 4 Cagliari|Porto Cervo|Olbia|Alghero
32 3 Trento|Bolzano|Madonna di Campiglio|Merano
75 3 Bari|Lecce|Fasano|Brindisi
36 2 Trieste|Udine|Lignano Sabbiadoro
57 1.5 Ancona|Pesaro
55 1.5 Perugia|Assisi|Spoleto
65 1 Pescara|L'Aquila
23 1 Aosta|Courmayeur
78 1 Reggio Calabria|Tropea
77 0.5 Matera|Potenza
67 0.3 Campobasso|Termoli`,
  },
  {
    code: "MX",
    weight: 1,
    lang: "es",
    towns: 0.15,
    townLang: "es",
    fill: 0.4,
    fee: 0.5,
    places: `
CMX 20 Ciudad de México
JAL 10 Guadalajara|Zapopan|Puerto Vallarta|Chapala
NLE 10 Monterrey|San Pedro Garza García
MEX 8 Naucalpan de Juárez|Huixquilucan|Valle de Bravo|Toluca|Atizapán de Zaragoza
BCS 8 Los Cabos|San José del Cabo|Cabo San Lucas|La Paz
ROO 8 Cancún|Playa del Carmen|Tulum|Cozumel
GRO 4 Acapulco|Ixtapa|Zihuatanejo
NAY 4 Punta de Mita|Nuevo Vallarta|Tepic
QUE 4 Querétaro|San Juan del Río
GUA 3 León|San Miguel de Allende|Guanajuato
PUE 3 Puebla|Cholula
YUC 3 Mérida|Progreso
MOR 3 Cuernavaca|Tepoztlán
BCN 2 Tijuana|Ensenada|Playas de Rosarito
SIN 2 Mazatlán|Culiacán
SON 2 Hermosillo|Guaymas|Puerto Peñasco
CHH 1.5 Chihuahua|Ciudad Juárez
COA 1 Saltillo|Torreón
VER 1.5 Veracruz|Xalapa`,
  },
  {
    code: "BR",
    weight: 0.7,
    lang: "pt",
    towns: 0.15,
    townLang: "pt",
    fill: 0.4,
    fee: 0.5,
    places: `
SP 35 São Paulo|Campinas|Guarujá|Santos|Itu|São José dos Campos|Ribeirão Preto|Campos do Jordão
RJ 18 Rio de Janeiro|Niterói|Armação dos Búzios|Angra dos Reis|Petrópolis|Teresópolis
MG 8 Belo Horizonte|Nova Lima|Uberlândia|Juiz de Fora
RS 7 Porto Alegre|Gramado|Caxias do Sul
PR 6 Curitiba|Londrina|Foz do Iguaçu
SC 5 Florianópolis|Balneário Camboriú|Joinville|Blumenau
DF 5 Brasília
BA 4 Salvador|Porto Seguro|Mata de São João
PE 3 Recife|Ipojuca
CE 2 Fortaleza
GO 2 Goiânia`,
  },
  {
    code: "AR",
    weight: 0.6,
    lang: "es",
    towns: 0.15,
    townLang: "es",
    fill: 0.4,
    fee: 0.4,
    boost: { polo: 5 },
    places: `
B 30 Pilar|San Isidro|Tigre|Mar del Plata|La Plata|Cañuelas|Hurlingham
C 25 Buenos Aires
X 8 Córdoba|Villa Allende|La Cumbre
M 6 Mendoza|Luján de Cuyo|Chacras de Coria
S 5 Rosario|Santa Fe|Funes
Q 3 Neuquén|San Martín de los Andes|Villa La Angostura
R 3 San Carlos de Bariloche|Viedma
T 2 San Miguel de Tucumán|Tafí del Valle
A 2 Salta|Cafayate
E 1.5 Paraná|Gualeguaychú`,
  },
  {
    code: "CH",
    weight: 0.7,
    lang: "de",
    fee: 1.15,
    boost: { ski: 4 },
    regionLang: {
      GE: "fr",
      VD: "fr",
      NE: "fr",
      JU: "fr",
      VS: "fr",
      FR: "fr",
      TI: "it",
    },
    places: `
ZH 18 Zürich|Winterthur|Küsnacht|Uster
GE 12 Genève|Cologny|Carouge|Versoix
VD 12 Lausanne|Montreux|Nyon|Crans-près-Céligny|Vevey|Villars-sur-Ollon
BE 8 Bern|Gstaad|Interlaken|Thun|Grindelwald
GR 8 St. Moritz|Davos|Klosters|Chur|Arosa|Flims
VS 7 Crans-Montana|Verbier|Zermatt|Sion|Saas-Fee
TI 6 Lugano|Locarno|Ascona|Bellinzona
LU 5 Luzern|Bürgenstock|Weggis
BS 4 Basel
ZG 4 Zug|Baar|Cham
SG 3 St. Gallen|Bad Ragaz|Rapperswil-Jona
AG 3 Aarau|Baden|Schinznach-Bad
BL 2 Liestal|Binningen|Arlesheim
SZ 2 Schwyz|Küssnacht|Einsiedeln
FR 2 Fribourg|Gruyères|Bulle
NE 2 Neuchâtel|La Chaux-de-Fonds
SO 1.5 Solothurn|Olten
TG 1.5 Frauenfeld|Kreuzlingen
SH 1 Schaffhausen
NW 0.8 Stans|Hergiswil|Beckenried
OW 0.8 Sarnen|Engelberg
JU 0.5 Delémont|Porrentruy
UR 0.5 Altdorf|Andermatt
GL 0.5 Glarus|Braunwald
AR 0.5 Herisau|Heiden
AI 0.4 Appenzell`,
  },
  {
    code: "AT",
    weight: 0.4,
    lang: "de",
    fee: 0.55,
    boost: { ski: 4 },
    places: `
9 30 Wien
7 18 Innsbruck|Kitzbühel|Seefeld in Tirol|St. Anton am Arlberg|Ischgl
5 14 Salzburg|Zell am See|Bad Gastein|Saalbach
3 12 Baden bei Wien|St. Pölten|Mödling|Krems an der Donau
6 8 Graz|Schladming|Bad Aussee
4 8 Linz|Wels|Gmunden|Bad Ischl
2 6 Klagenfurt|Velden am Wörther See|Villach|Pörtschach
8 4 Bregenz|Lech|Dornbirn
1 2 Eisenstadt|Neusiedl am See`,
  },
  {
    code: "IE",
    weight: 0.9,
    lang: "en",
    royal: true,
    fee: 0.6,
    since: 1750,
    places: `
L 55 Dublin|Malahide|Portmarnock|Straffan|Wicklow|Howth|Dún Laoghaire|Kildare
M 30 Cork|Killarney|Ballybunion|Kinsale|Lahinch|Limerick|Waterville|Adare
C 10 Galway|Westport|Enniscrone|Sligo
U 5 Donegal|Dunfanaghy|Ballyliffin|Cavan`,
  },
  {
    code: "NZ",
    weight: 0.7,
    lang: "en",
    royal: true,
    fee: 0.55,
    places: `
AUK 35 Auckland|Waiheke Island|Matakana
CAN 15 Christchurch|Akaroa|Methven
WGN 12 Wellington|Lower Hutt|Martinborough
OTA 12 Queenstown|Dunedin|Wānaka|Arrowtown
HKB 6 Napier|Hastings|Havelock North
BOP 6 Tauranga|Rotorua|Mount Maunganui
WKO 6 Hamilton|Taupō|Cambridge
NTL 4 Kerikeri|Whangārei|Paihia
NSN 2 Nelson
MBH 2 Blenheim|Picton
TKI 2 New Plymouth
MWT 2 Palmerston North|Whanganui
STL 1.5 Invercargill|Te Anau
GIS 1 Gisborne
TAS 1 Richmond|Motueka
WTC 0.5 Greymouth|Hokitika`,
  },
  {
    code: "ZA",
    weight: 0.9,
    lang: "en",
    royal: true,
    fee: 0.35,
    places: `
GP 35 Johannesburg|Pretoria|Sandton|Centurion|Midrand
WC 35 Cape Town|Stellenbosch|Franschhoek|Hermanus|Paarl|George|Knysna|Plettenberg Bay
KZN 15 Durban|Umhlanga|Ballito|Pietermaritzburg
EC 5 Gqeberha|East London|St Francis Bay
MP 4 Mbombela|White River|Hazyview
FS 2 Bloemfontein
LP 2 Polokwane|Bela-Bela
NW 2 Rustenburg|Hartbeespoort
NC 1 Kimberley|Upington`,
  },
  {
    code: "NL",
    weight: 0.5,
    lang: "nl",
    royal: true,
    fee: 0.5,
    places: `
NH 25 Amsterdam|Haarlem|Bloemendaal|Hilversum|Zandvoort|Laren
ZH 25 Den Haag|Rotterdam|Wassenaar|Leiden|Noordwijk|Delft
UT 12 Utrecht|Zeist|Amersfoort|De Bilt
NB 12 Eindhoven|Breda|'s-Hertogenbosch|Tilburg
GE 10 Arnhem|Nijmegen|Apeldoorn|Ede
OV 4 Enschede|Zwolle|Ootmarsum
LI 4 Maastricht|Venlo|Valkenburg
GR 2 Groningen|Haren
FR 2 Leeuwarden|Sneek
DR 2 Assen|Zuidlaren
FL 1 Almere|Lelystad
ZE 1 Middelburg|Vlissingen|Domburg`,
  },
  {
    code: "BE",
    weight: 0.35,
    lang: "nl",
    royal: true,
    fee: 0.6,
    regionLang: { BRU: "fr", WBR: "fr", WLG: "fr", WHT: "fr", WNA: "fr", WLX: "fr" },
    places: `
BRU 25 Bruxelles|Uccle|Woluwe-Saint-Pierre
VAN 18 Antwerpen|Kapellen|Mechelen
VWV 12 Brugge|Knokke-Heist|Oostende|De Haan
VOV 10 Gent|Sint-Martens-Latem
VBR 8 Leuven|Tervuren|Overijse
WBR 8 Waterloo|Wavre|Ottignies-Louvain-la-Neuve
WLG 6 Liège|Spa
WHT 4 Mons|Tournai|Charleroi
VLI 4 Hasselt|Genk
WNA 3 Namur|Dinant
WLX 2 Arlon|Durbuy|Bastogne`,
  },
  {
    code: "SE",
    weight: 0.5,
    lang: "nordic",
    royal: true,
    fee: 0.4,
    places: `
AB 30 Stockholm|Djursholm|Lidingö|Saltsjöbaden|Sigtuna
O 20 Göteborg|Kungsbacka|Marstrand
M 18 Malmö|Falsterbo|Båstad|Helsingborg|Lund
C 5 Uppsala
E 4 Linköping|Norrköping
N 4 Halmstad|Varberg
W 3 Falun|Mora|Sälen
X 2 Gävle
Z 2 Åre|Östersund
F 2 Jönköping
T 2 Örebro
U 2 Västerås
I 1 Visby
AC 1 Umeå
BD 1 Luleå
K 1 Karlskrona
S 1 Karlstad
D 1 Nyköping
G 1 Växjö
H 1 Kalmar
Y 1 Sundsvall`,
  },
  {
    code: "NO",
    weight: 0.25,
    lang: "nordic",
    royal: true,
    fee: 0.45,
    boost: { ski: 3 },
    places: `
03 30 Oslo
30 20 Bærum|Drammen|Asker|Fredrikstad
46 15 Bergen|Voss
11 10 Stavanger|Sandnes
50 8 Trondheim|Oppdal
38 6 Tønsberg|Sandefjord|Larvik
42 5 Kristiansand|Arendal
34 4 Lillehammer|Hamar|Trysil
15 3 Ålesund|Molde
18 2 Bodø
54 2 Tromsø`,
  },
  {
    code: "DK",
    weight: 0.3,
    lang: "nordic",
    royal: true,
    fee: 0.45,
    places: `
84 40 København|Hellerup|Rungsted|Helsingør
82 22 Aarhus|Silkeborg|Randers
83 20 Odense|Vejle|Kolding|Esbjerg|Fredericia
85 10 Roskilde|Holbæk|Næstved
81 8 Aalborg|Skagen|Blokhus`,
  },
  {
    code: "FI",
    weight: 0.2,
    lang: "intl",
    fee: 0.35,
    places: `
18 50 Helsinki|Espoo|Vantaa|Porvoo
11 12 Tampere
19 12 Turku|Naantali
14 6 Oulu
10 5 Rovaniemi|Kittilä
08 5 Jyväskylä
16 5 Lahti
01 3 Mariehamn
15 3 Kuopio`,
  },
  {
    code: "PT",
    weight: 0.4,
    lang: "pt",
    fee: 0.45,
    places: `
11 30 Lisboa|Cascais|Sintra|Estoril
08 30 Loulé|Vilamoura|Lagos|Albufeira|Portimão|Tavira|Faro
13 15 Porto|Matosinhos|Vila Nova de Gaia
15 6 Setúbal|Sesimbra|Alcácer do Sal
30 5 Funchal
20 3 Ponta Delgada
03 3 Braga|Guimarães
10 3 Óbidos|Leiria|Nazaré
06 2 Coimbra
07 2 Évora`,
  },
  {
    code: "PL",
    weight: 0.2,
    lang: "intl",
    fee: 0.3,
    places: `
14 35 Warszawa|Konstancin-Jeziorna
12 15 Kraków|Zakopane
22 12 Gdańsk|Sopot|Gdynia
02 10 Wrocław
10 6 Łódź
30 8 Poznań
24 8 Katowice|Gliwice
32 5 Szczecin|Międzyzdroje
28 3 Olsztyn|Mikołajki`,
  },
  {
    code: "CZ",
    weight: 0.15,
    lang: "intl",
    fee: 0.3,
    places: `
10 50 Praha
20 15 Karlštejn|Beroun|Kolín
41 10 Karlovy Vary|Mariánské Lázně
64 12 Brno|Mikulov
31 5 České Budějovice|Český Krumlov
80 5 Ostrava
32 3 Plzeň`,
  },
  {
    code: "HU",
    weight: 0.08,
    lang: "intl",
    fee: 0.3,
    places: `
BU 60 Budapest
PE 15 Szentendre|Gödöllő|Budakeszi
GS 10 Sopron|Győr
ZA 8 Hévíz|Zalaegerszeg
BA 4 Pécs
HB 3 Debrecen`,
  },
  {
    code: "GR",
    weight: 0.1,
    lang: "intl",
    fee: 0.4,
    places: `
I 55 Athens|Glyfada|Vouliagmeni|Kifisia
B 15 Thessaloniki|Chalkidiki
L 12 Mykonos|Rhodes|Santorini
J 8 Pylos|Nafplio
M 8 Heraklion|Chania|Elounda
F 4 Corfu`,
  },
  {
    code: "TR",
    weight: 0.15,
    lang: "intl",
    name: "Turkey",
    fee: 0.4,
    places: `
34 50 İstanbul
07 25 Belek|Antalya|Kemer|Side
48 12 Bodrum|Göcek|Marmaris|Fethiye
06 8 Ankara
35 5 İzmir|Çeşme`,
  },
  {
    code: "CY",
    weight: 0.05,
    lang: "intl",
    fee: 0.45,
    places: `
05 40 Paphos|Kouklia
02 40 Limassol
01 10 Nicosia
03 10 Larnaca
04 5 Ayia Napa|Protaras`,
  },
  {
    code: "MT",
    weight: 0.05,
    lang: "intl",
    fee: 0.4,
    places: `
48 25 St. Julian's
56 20 Sliema
60 15 Valletta
01 10 Attard
29 5 Mdina
30 10 Mellieħa
51 10 St. Paul's Bay
38 5 Naxxar`,
  },
  {
    code: "HR",
    weight: 0.06,
    lang: "intl",
    fee: 0.35,
    places: `
21 35 Zagreb
18 25 Rovinj|Poreč|Pula|Umag
17 20 Split|Hvar|Makarska
19 15 Dubrovnik|Korčula
08 10 Rijeka|Opatija|Krk
13 5 Zadar`,
  },
  {
    code: "SI",
    weight: 0.04,
    lang: "intl",
    fee: 0.35,
    places: `
061 45 Ljubljana
003 25 Bled
004 10 Bohinj
053 10 Kranjska Gora
090 10 Portorož|Piran`,
  },
  {
    code: "SK",
    weight: 0.04,
    lang: "intl",
    fee: 0.3,
    places: `
BL 50 Bratislava
ZI 15 Žilina|Liptovský Mikuláš
KI 15 Košice
PV 10 Poprad|Vysoké Tatry
TA 10 Piešťany|Trnava`,
  },
  {
    code: "RO",
    weight: 0.05,
    lang: "intl",
    fee: 0.3,
    places: `
B 60 București
IF 15 Otopeni|Snagov|Corbeanca
BV 10 Brașov
CJ 8 Cluj-Napoca
CT 7 Constanța|Mangalia
TM 5 Timișoara
SB 5 Sibiu`,
  },
  {
    code: "BG",
    weight: 0.04,
    lang: "intl",
    fee: 0.25,
    places: `
22 50 Sofia
03 20 Varna
08 15 Balchik|Kavarna
02 15 Burgas|Sozopol|Nesebar
16 10 Plovdiv
01 5 Bansko|Razlog`,
  },
  {
    code: "RS",
    weight: 0.03,
    lang: "intl",
    fee: 0.25,
    places: `
00 70 Beograd
VO 20 Novi Sad|Subotica
20 10 Niš`,
  },
  {
    code: "EE",
    weight: 0.03,
    lang: "intl",
    fee: 0.3,
    places: `
37 60 Tallinn|Viimsi
68 15 Pärnu
79 15 Tartu
81 5 Otepää
74 5 Kuressaare`,
  },
  {
    code: "LV",
    weight: 0.03,
    lang: "intl",
    fee: 0.3,
    places: `
RIX 60 Rīga
JUR 25 Jūrmala
091 15 Sigulda`,
  },
  {
    code: "LT",
    weight: 0.03,
    lang: "intl",
    fee: 0.3,
    places: `
VL 50 Vilnius|Trakai
KU 20 Kaunas|Birštonas
KL 20 Klaipėda|Palanga|Neringa`,
  },
  {
    code: "LU",
    weight: 0.05,
    lang: "fr",
    fee: 0.8,
    places: `
LU 60 Luxembourg|Strassen
RM 10 Mondorf-les-Bains|Remich
ES 15 Esch-sur-Alzette
CA 10 Capellen|Mamer
EC 5 Echternach`,
  },
  {
    code: "MC",
    weight: 0.06,
    lang: "fr",
    fee: 1.4,
    places: `
MC 60 Monaco
FO 15 Monaco
CO 15 Monaco
LA 10 Monaco`,
  },
  {
    code: "LI",
    weight: 0.03,
    lang: "de",
    fee: 1,
    places: `
11 40 Vaduz
07 20 Schaan
01 15 Balzers
09 15 Triesen
02 10 Eschen`,
  },
  {
    code: "AD",
    weight: 0.03,
    lang: "es",
    fee: 0.5,
    boost: { ski: 8 },
    places: `
07 40 Andorra la Vella
08 25 Escaldes-Engordany
02 15 Soldeu|Canillo
04 10 La Massana|Arinsal
06 10 Sant Julià de Lòria`,
  },
  {
    code: "IS",
    weight: 0.03,
    lang: "intl",
    fee: 0.4,
    places: `
1 70 Reykjavík|Hafnarfjörður|Garðabær|Kópavogur
2 10 Reykjanesbær
6 10 Akureyri|Húsavík
8 10 Selfoss|Hella`,
  },
  {
    code: "AE",
    weight: 0.35,
    lang: "intl",
    fee: 0.9,
    since: 1971,
    places: `
DU 60 Dubai
AZ 30 Abu Dhabi
RK 5 Ras Al Khaimah
SH 5 Sharjah`,
  },
  {
    code: "SA",
    weight: 0.1,
    lang: "intl",
    fee: 0.7,
    since: 1960,
    places: `
01 45 Riyadh
02 25 Jeddah|King Abdullah Economic City
04 25 Dammam|Al Khobar|Dhahran`,
  },
  {
    code: "QA",
    weight: 0.08,
    lang: "intl",
    fee: 0.9,
    since: 1971,
    places: `
DA 70 Doha
RA 15 Al Rayyan
WA 10 Al Wakrah
KH 5 Al Khor`,
  },
  {
    code: "BH",
    weight: 0.05,
    lang: "intl",
    fee: 0.7,
    since: 1940,
    places: `
13 50 Manama
15 20 Muharraq
14 15 Riffa|Awali
17 15 Budaiya`,
  },
  {
    code: "KW",
    weight: 0.04,
    lang: "intl",
    fee: 0.7,
    since: 1961,
    places: `
KU 60 Kuwait City
HA 25 Salmiya
AH 15 Al Ahmadi`,
  },
  {
    code: "OM",
    weight: 0.04,
    lang: "intl",
    fee: 0.6,
    since: 1970,
    places: `
MA 80 Muscat
ZU 20 Salalah`,
  },
  {
    code: "IL",
    weight: 0.08,
    lang: "intl",
    fee: 0.6,
    since: 1920,
    places: `
TA 50 Tel Aviv-Yafo|Herzliya
HA 20 Haifa|Caesarea
JM 15 Jerusalem
M 10 Ra'anana|Netanya
Z 5 Tiberias|Rosh Pinna`,
  },
  {
    code: "EG",
    weight: 0.08,
    lang: "intl",
    fee: 0.25,
    places: `
C 40 Cairo
GZ 20 Giza|Sheikh Zayed City
BA 20 El Gouna|Hurghada
JS 15 Sharm El Sheikh
ALX 5 Alexandria`,
  },
  {
    code: "MA",
    weight: 0.1,
    lang: "fr",
    royal: true,
    fee: 0.3,
    places: `
07 35 Marrakech|Essaouira
04 30 Rabat
06 20 Casablanca|Mohammédia
01 10 Tanger
09 5 Agadir`,
  },
  {
    code: "KE",
    weight: 0.08,
    lang: "intl",
    gymkhana: true,
    fee: 0.25,
    places: `
30 55 Nairobi
13 10 Limuru|Ruiru
28 10 Mombasa
14 8 Malindi|Kilifi|Watamu
31 7 Nakuru|Naivasha
20 5 Nanyuki
36 5 Nyeri`,
  },
  {
    code: "MU",
    weight: 0.05,
    lang: "intl",
    fee: 0.4,
    places: `
BL 30 Tamarin|Flic en Flac
FL 25 Belle Mare|Poste de Flacq
PL 20 Port Louis
RR 15 Grand Baie
PW 10 Curepipe|Vacoas`,
  },
  {
    code: "NA",
    weight: 0.03,
    lang: "intl",
    fee: 0.25,
    places: `
KH 70 Windhoek
ER 30 Swakopmund|Walvis Bay`,
  },
  {
    code: "BW",
    weight: 0.03,
    lang: "intl",
    fee: 0.25,
    places: `
GA 70 Gaborone
FR 20 Francistown
CH 10 Kasane`,
  },
  {
    code: "ZW",
    weight: 0.03,
    lang: "intl",
    fee: 0.2,
    places: `
HA 60 Harare
BU 25 Bulawayo
MN 15 Victoria Falls`,
  },
  {
    code: "NG",
    weight: 0.05,
    lang: "intl",
    fee: 0.3,
    places: `
LA 60 Lagos
FC 30 Abuja
RI 10 Port Harcourt`,
  },
  {
    code: "IN",
    weight: 0.4,
    lang: "intl",
    gymkhana: true,
    fee: 0.3,
    places: `
MH 25 Mumbai|Pune
DL 25 New Delhi|Delhi
HR 12 Gurugram
KA 12 Bengaluru|Mysuru
WB 8 Kolkata
TN 8 Chennai|Ooty
TS 5 Hyderabad
RJ 4 Jaipur|Udaipur
GA 3 Panaji
GJ 3 Ahmedabad
UP 2 Noida|Lucknow
CH 2 Chandigarh`,
  },
  {
    code: "SG",
    weight: 0.2,
    lang: "intl",
    fee: 1.6,
    places: `
01 60 Singapore
03 15 Singapore
05 10 Singapore
04 10 Singapore
02 5 Singapore`,
  },
  {
    code: "MY",
    weight: 0.2,
    lang: "intl",
    royal: true,
    fee: 0.5,
    places: `
14 40 Kuala Lumpur
10 25 Petaling Jaya|Shah Alam|Subang Jaya
07 10 George Town|Batu Ferringhi
01 8 Johor Bahru|Iskandar Puteri
12 5 Kota Kinabalu
06 5 Genting Highlands|Kuantan
02 5 Langkawi
04 2 Melaka`,
  },
  {
    code: "TH",
    weight: 0.3,
    lang: "intl",
    royal: true,
    fee: 0.5,
    places: `
10 40 Bangkok
83 20 Phuket
20 15 Pattaya|Si Racha
50 8 Chiang Mai
77 8 Hua Hin
13 5 Pathum Thani
84 4 Ko Samui`,
  },
  {
    code: "ID",
    weight: 0.15,
    lang: "intl",
    fee: 0.4,
    places: `
JK 50 Jakarta
BA 30 Denpasar|Nusa Dua|Ubud|Tabanan
JB 10 Bandung|Bogor
BT 5 Tangerang
KR 5 Batam|Bintan`,
  },
  {
    code: "PH",
    weight: 0.15,
    lang: "intl",
    fee: 0.5,
    places: `
00 50 Manila|Makati|Taguig
40 25 Tagaytay|Santa Rosa
07 15 Cebu City|Lapu-Lapu
15 5 Baguio
03 5 Angeles`,
  },
  {
    code: "VN",
    weight: 0.1,
    lang: "intl",
    fee: 0.4,
    since: 1993,
    places: `
SG 35 Ho Chi Minh City
HN 35 Hanoi
DN 15 Da Nang
34 10 Nha Trang
35 5 Da Lat`,
  },
  {
    code: "KR",
    weight: 0.4,
    lang: "intl",
    townLang: "ko",
    towns: 0.2,
    fill: 0.5,
    fee: 1.3,
    since: 1927,
    places: `
41 35 Yongin|Seongnam|Pocheon|Gapyeong|Icheon
11 30 Seoul
49 15 Jeju|Seogwipo
26 8 Busan
42 7 Pyeongchang|Chuncheon|Hongcheon
28 5 Incheon`,
  },
  {
    code: "CN",
    weight: 0.4,
    lang: "intl",
    townLang: "zh",
    towns: 0.15,
    fee: 1,
    since: 1984,
    name: "China",
    places: `
SH 25 Shanghai
BJ 25 Beijing
GD 25 Shenzhen|Guangzhou|Dongguan
HI 10 Haikou|Sanya
ZJ 8 Hangzhou|Ningbo
JS 7 Suzhou|Nanjing
SD 5 Qingdao
YN 3 Kunming|Lijiang
TJ 3 Tianjin
SC 2 Chengdu`,
  },
  {
    code: "TW",
    weight: 0.1,
    lang: "intl",
    townLang: "zh",
    fee: 0.8,
    since: 1919,
    name: "Taiwan",
    places: `
TPE 40 Taipei
NWT 20 New Taipei
TAO 15 Taoyuan
TXG 10 Taichung
KHH 10 Kaohsiung
HSZ 5 Hsinchu`,
  },
  {
    code: "CL",
    weight: 0.3,
    lang: "es",
    fee: 0.4,
    places: `
RM 60 Santiago|Las Condes|Vitacura|Lo Barnechea|Colina
VS 25 Viña del Mar|Valparaíso|Zapallar|Concón|Papudo
BI 5 Concepción
LL 5 Puerto Varas|Frutillar
CO 5 La Serena`,
  },
  {
    code: "CO",
    weight: 0.3,
    lang: "es",
    fee: 0.35,
    places: `
DC 45 Bogotá
ANT 20 Medellín|Rionegro|Envigado
CUN 10 Chía|Cajicá|La Calera
VAC 10 Cali
BOL 10 Cartagena de Indias
ATL 5 Barranquilla`,
  },
  {
    code: "PE",
    weight: 0.15,
    lang: "es",
    fee: 0.35,
    places: `
LMA 70 Lima
LIM 15 Asia|Chilca|Huacho
ARE 10 Arequipa
CUS 5 Cusco`,
  },
  {
    code: "UY",
    weight: 0.12,
    lang: "es",
    fee: 0.4,
    places: `
MO 45 Montevideo
MA 45 Punta del Este|José Ignacio|Piriápolis
CA 5 Atlántida
CO 5 Colonia del Sacramento|Carmelo`,
  },
  {
    code: "CR",
    weight: 0.12,
    lang: "es",
    fee: 0.45,
    places: `
SJ 45 San José|Escazú|Santa Ana
G 40 Liberia|Tamarindo|Santa Cruz
H 10 Heredia
P 5 Jacó`,
  },
  {
    code: "PA",
    weight: 0.1,
    lang: "es",
    fee: 0.45,
    places: `
8 80 Panamá
10 15 San Carlos|Chame
4 5 Boquete|David`,
  },
  {
    code: "DO",
    weight: 0.15,
    lang: "es",
    fee: 0.5,
    places: `
42 50 Punta Cana|La Romana
40 35 Santo Domingo
35 10 Santiago de los Caballeros|Puerto Plata
33 5 Las Terrenas`,
  },
  {
    code: "EC",
    weight: 0.06,
    lang: "es",
    fee: 0.3,
    places: `
P 50 Quito|Cumbayá
G 40 Guayaquil|Samborondón
SE 10 Salinas`,
  },
  {
    code: "GT",
    weight: 0.05,
    lang: "es",
    fee: 0.3,
    places: `
01 70 Ciudad de Guatemala
03 20 Antigua Guatemala
05 10 Escuintla`,
  },
  {
    code: "HN",
    weight: 0.03,
    lang: "es",
    fee: 0.25,
    places: `
FM 50 Tegucigalpa
CR 35 San Pedro Sula
IB 15 Roatán`,
  },
  {
    code: "VE",
    weight: 0.04,
    lang: "es",
    fee: 0.3,
    places: `
A 50 Caracas
M 30 Chacao|Baruta
G 10 Valencia
O 10 Pampatar`,
  },
  {
    code: "JM",
    weight: 0.08,
    lang: "en",
    fee: 0.4,
    places: `
08 40 Montego Bay
01 30 Kingston
06 20 Ocho Rios
09 10 Lucea`,
  },
  {
    code: "BS",
    weight: 0.1,
    lang: "en",
    fee: 0.9,
    places: `
NP 60 Nassau
EX 10 George Town
FP 10 Freeport
HI 10 Dunmore Town
CO 10 Marsh Harbour`,
  },
  {
    code: "BB",
    weight: 0.06,
    lang: "en",
    fee: 0.7,
    places: `
04 50 Holetown
08 25 Bridgetown
01 15 Oistins
09 10 Speightstown`,
  },
  {
    code: "TT",
    weight: 0.05,
    lang: "en",
    fee: 0.4,
    places: `
POS 50 Port of Spain
DMN 20 Diego Martin
TOB 20 Scarborough
SFO 10 San Fernando`,
  },
  {
    code: "SC",
    weight: 0.02,
    lang: "intl",
    fee: 0.6,
    places: `
08 30 Beau Vallon
14 30 Grand Anse
15 20 La Digue
18 20 Victoria`,
  },
];

// ---------------------------------------------------------------------------
// Generated towns, for regions or shares of regions without a listed city.

const TOWN_PARTS: Record<TownLang, { a: string[]; b: string[] }> = {
  en: {
    a: words(`
Oak|Maple|Cedar|Pine|Elm|Willow|Ash|Birch|Spring|Fair|Green|Brook|Clear|Glen|
Red|White|Silver|West|East|North|Mill|Bridge|Rock|Wood|Hazel|Chester|Frank|
Clay|Haw|Black|Stan|Sum|Wal|Ken|Bel|Mid|Lin|Ross|Dun|Marl`),
    b: words(`
field|ville|ton|dale|wood|brook|ford|port|view|mont|burg|haven|land|crest|
ridge|side|wick|bury|ley|boro|ham|stead|thorne|more`),
  },
  fr: {
    a: words(`
Beau|Mont|Ville|Belle|Fontaine|Roche|Val|Clair|Bois|Champ|Chante|Grand|Haut|
Rive|Mar|Bourg`),
    b: words(`
mont|fort|neuve|ville|lieu|val|bois|champ|fontaine|roche|pré|court|mesnil|
brune|font|vallon`),
  },
  de: {
    a: words(`
Linden|Eichen|Birken|Tannen|Rosen|Buchen|Hohen|Neu|Alt|Grün|Stein|Wald|
Sonnen|Schön|Mühl|Kirch|Ober|Unter|Frauen|Königs|Wiesen|Falken|Hirsch|Weiß`),
    b: words(`
dorf|heim|berg|hausen|feld|bach|burg|au|stadt|tal|wald|see|hof|brunn|kirchen|
ingen|furt|stein`),
  },
  es: {
    a: words(`
José|Pedro|Miguel|Juan|Rafael|Isidro|Martín|Lorenzo|Andrés|Felipe|Bernardo`),
    b: words(`
Robles|Pinos|Olivos|Álamos|Colinas|Palmas|Lomas|Fuentes|Rosales|Cumbres|
Arenas|Naranjos`),
  },
  pt: {
    a: words(`
José|Pedro|Miguel|João|Vicente|Bento|Lourenço|Roque|Sebastião|Francisco`),
    b: words(`
Nova|Real|Verde|Formosa|Alegre|Velha|Bela|Grande|Serena|Dourada`),
  },
  it: {
    a: words(`
Giovanni|Marco|Pietro|Lorenzo|Michele|Martino|Donato|Vito|Benedetto|Giorgio`),
    b: words(`
verde|rosso|bello|fiore|chiaro|alto|franco|nuovo|vecchio|lago|bianco`),
  },
  nl: {
    a: words(`
Oost|West|Noord|Zuid|Hoog|Nieuw|Oud|Groen|Berg|Wind|Molen|Linde|Heide|Beek|
Zand|Brug`),
    b: words(`
dam|dorp|veen|woude|wijk|horst|hoven|zand|broek|laren|kerk|rode|hout|meer|
beek|sum`),
  },
  sv: {
    a: words(`
Sjö|Björk|Ek|Lind|Gran|Berg|Strand|Hag|Vik|Ås|Öster|Väster|Norr|Söder|Äng|
Tall|Sol|Kung|Ros`),
    b: words(`
by|berg|vik|sund|holm|köping|torp|hult|näs|stad|dal|hamn|fors|lund`),
  },
  ja: {
    a: words(`
Kita|Minami|Higashi|Nishi|Naka|Taka|Kami|Shimo|Oku|Matsu|Sakura|Fuji|Ishi|
Tsuru|Mori|Aoba|Kiri|Hana|Yoshi|Asa|Shira|Kuro|Ono|Kasu`),
    b: words(`
yama|kawa|hara|zawa|saki|shima|mura|oka|gaya|sato|mi|da|no|gawa|gaoka|hama|
sawa|dai|ura`),
  },
  ko: {
    a: words(`
Seong|Yong|Gwang|Cheon|Hwa|Ban|Sin|Dong|Nam|Buk|Yang|Jeong|Pyeong|An|Eun|
Geum|Song|Baek|Chang|Han`),
    b: words(`
san|ju|cheon|won|pyeong|seong|do|po|ryeong|gang|dang|rim|gok|jeong|yang`),
  },
  zh: {
    a: words(`
Shen|Hang|Su|Wu|Guang|Dong|Xi|Nan|Bei|Jin|Tian|Qing|Lin|Hai|Long|Bao|Fu|
Chang|Jia|Yong|Hui|Xin|Rui`),
    b: words(`
zhou|an|yang|ning|shan|hai|men|kou|cheng|du|jiang|tai|ping|xing|hu|lin|yuan|
ling`),
  },
};

const FR_SAINTS = words(`
Rémy|Germain|Cyr|Jean|Lambert|Aubin|Martin|Nom|Maur|Hilaire|Étienne|Raphaël`);
const FR_RIVERS = ["Seine", "Loire", "Marne", "Oise", "Mer", "Lac", "Rhône"];
const ES_SAINTAS = ["Lucía", "Rosa", "Ana", "Clara", "Teresa", "Eulalia"];
const ES_ADJ = ["Hermosa", "Alegre", "Real", "Verde", "Nueva", "Serena"];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One plausible place name in a language's style. */
function makeTown(rng: Rng, lang: TownLang): string {
  const { a, b } = TOWN_PARTS[lang];
  const word = () => {
    const first = rng.pick(a);
    let second = rng.pick(b);
    while (first.toLowerCase().endsWith(second)) second = rng.pick(b);
    return (first + second).replace(/(.)\1\1/g, "$1$1");
  };
  const r = rng.next();
  switch (lang) {
    case "en":
      if (r < 0.7) return word();
      if (r < 0.8) return `Lake ${word()}`;
      if (r < 0.85) return `Mount ${word()}`;
      if (r < 0.95) {
        const w = word();
        const tail = r < 0.9 ? "Springs" : "Falls";
        return w.startsWith(tail.slice(0, 4)) ? w : `${w} ${tail}`;
      }
      return `Port ${word()}`;
    case "fr": {
      const w = capitalize(word().toLowerCase());
      if (r < 0.55) return w;
      if (r < 0.75) return `Saint-${rng.pick(FR_SAINTS)}`;
      if (r < 0.9) return `${w}-sur-${rng.pick(FR_RIVERS)}`;
      return `${w}-les-Bains`;
    }
    case "de": {
      const w = capitalize(word().toLowerCase());
      if (r < 0.85) return w;
      if (r < 0.95) return `Bad ${w}`;
      return `${w} am See`;
    }
    case "es":
      if (r < 0.35) return `San ${rng.pick(a)}`;
      if (r < 0.5) return `Santa ${rng.pick(ES_SAINTAS)}`;
      if (r < 0.65) return `Villa ${rng.pick(ES_ADJ)}`;
      if (r < 0.85) return `${r < 0.75 ? "Los" : "Las"} ${rng.pick(b)}`;
      return `San ${rng.pick(a)} de los ${rng.pick(b)}`;
    case "pt":
      if (r < 0.45) return `São ${rng.pick(a)}`;
      if (r < 0.7) return `Vila ${rng.pick(b)}`;
      if (r < 0.85) return `Campo ${rng.pick(b)}`;
      return `São ${rng.pick(a)} do Sul`;
    case "it": {
      if (r < 0.4) return `San ${rng.pick(a)}`;
      const base = rng.pick(["Monte", "Castel", "Villa", "Poggio", "Borgo"]);
      const w = `${base}${rng.pick(b)}`;
      if (r < 0.85) return w;
      return `${w} ${rng.pick(["al Mare", "sul Lago", "di Sopra"])}`;
    }
    case "nl": {
      const w = capitalize(word().toLowerCase());
      if (r < 0.85) return w;
      return `${w} aan Zee`;
    }
    default:
      return capitalize(word().toLowerCase());
  }
}

// ---------------------------------------------------------------------------
// Resolved countries and regions.

interface Region {
  code: string;
  name: string;
  cities: string[];
  lang: Lang;
  townLang: TownLang | undefined;
}

interface Country {
  def: CountryDef;
  name: string;
  regions: Weighted<Region>;
  byCode: Map<string, Region>;
  ski: Weighted<Region> | undefined;
  types: Weighted<string | null>;
}

const TOWN_LANG_OF: Partial<Record<Lang, TownLang>> = {
  en: "en",
  fr: "fr",
  de: "de",
  es: "es",
  pt: "pt",
  it: "it",
  nl: "nl",
  nordic: "sv",
  ja: "ja",
};

/** Club types and their base weights (percent). */
const TYPE_WEIGHTS: [string | null, number][] = [
  ["golf", 27],
  ["country_club", 18],
  ["city", 7],
  ["social", 6],
  ["athletic", 5],
  ["yacht", 5],
  ["tennis", 4],
  ["beach", 3],
  ["dining", 3],
  ["wine", 2.5],
  ["arts", 2],
  ["cigar", 2],
  ["wellness", 2],
  ["outdoor", 2],
  ["hunting", 2],
  ["fishing", 1.5],
  ["shooting", 1.5],
  ["ski", 1.5],
  ["adventure", 1],
  ["polo", 1],
  [null, 1],
];

/** Every club type the generator writes. */
export const CLUB_TYPES: readonly string[] = TYPE_WEIGHTS
  .map(([type]) => type)
  .filter((type): type is string => type !== null);

/** Countries with ski clubs; elsewhere the type is not generated. */
const SKI_COUNTRIES = new Set(
  "US CA CH AT FR IT DE JP NZ AU CL AR NO SE FI AD LI SI SK BG KR ES IS CZ PL RO"
    .split(" "),
);
/** Landlocked countries: no beach clubs. */
const LANDLOCKED = new Set("CH AT HU CZ SK LI AD RS BW ZW".split(" "));

function typeWeight(def: CountryDef, type: string | null, weight: number) {
  if (type === "ski" && !SKI_COUNTRIES.has(def.code)) return 0;
  if (type === "beach" && LANDLOCKED.has(def.code)) return 0;
  return weight * (type ? def.boost?.[type] ?? 1 : 1);
}

function parsePlaces(text: string): [string, number, string[]][] {
  return text.trim().split("\n").map((line) => {
    const m = /^(\S+)\s+([\d.]+)\s+(.+)$/.exec(line.trim());
    if (!m) throw new Error(`bad place line: ${line}`);
    return [m[1]!, Number(m[2]), m[3]!.split("|").map((c) => c.trim())];
  });
}

function resolveCountries(): Country[] {
  const subdivisions = new Map<string, { name: string; parent: string }>();
  for (const entry of iso31662) subdivisions.set(entry.code, entry);
  return COUNTRY_DEFS.map((def) => {
    const name = def.name ?? countries.getName(def.code, "en");
    if (!name) throw new Error(`no English name for ${def.code}`);
    const regions = new Weighted<Region>();
    const byCode = new Map<string, Region>();
    const makeRegion = (suffix: string, cities: string[]): Region => {
      const code = `${def.code}-${suffix}`;
      const sub = subdivisions.get(code);
      if (!sub || sub.parent !== def.code) {
        throw new Error(`${code} is not a top-level region of ${def.code}`);
      }
      const lang = def.regionLang?.[suffix] ?? def.lang;
      const townLang = def.regionLang?.[suffix]
        ? TOWN_LANG_OF[lang]
        : def.townLang ?? TOWN_LANG_OF[lang];
      return { code, name: sub.name, cities, lang, townLang };
    };
    for (const [suffix, weight, cities] of parsePlaces(def.places)) {
      const region = makeRegion(suffix, cities);
      regions.add(region, weight);
      byCode.set(suffix, region);
    }
    if (def.fill) {
      for (const entry of iso31662) {
        if (entry.parent !== def.code) continue;
        const suffix = entry.code.slice(def.code.length + 1);
        if (byCode.has(suffix) || def.exclude?.includes(suffix)) continue;
        const region = makeRegion(suffix, []);
        if (!region.townLang) throw new Error(`no towns for ${entry.code}`);
        regions.add(region, def.fill);
        byCode.set(suffix, region);
      }
    }
    const ski = def.ski
      ? new Weighted(def.ski.map((s) => {
        const region = byCode.get(s);
        if (!region) throw new Error(`ski region ${s} not listed`);
        return [region, 1] as const;
      }))
      : undefined;
    const types = new Weighted(
      TYPE_WEIGHTS.map(([type, w]) => [type, typeWeight(def, type, w)] as const),
    );
    return { def, name, regions, byCode, ski, types };
  });
}

// ---------------------------------------------------------------------------
// Club names.

const EN_PLACES = words(`
Pine Valley|Riverside|Oak Hill|Oak Hills|Cedar Ridge|Willow Creek|
Eagle's Nest|Hunter's Run|St. Andrew's|Quail Hollow|Fox Chapel|Lakeside|
Meadowbrook|Brookside|Shadow Creek|Stone Ridge|Westwood|Fairview|Bay Hill|
Sleepy Hollow|Spring Lake|Wildwood|Cherry Hills|Old Elm|Bald Eagle|Heron Bay|
Pelican Point|Sea Pines|Ocean Reef|Sandpiper|Laurel Oak|Magnolia|Dogwood|
Bent Tree|Timber Creek|Whispering Pines|Rolling Hills|Green Valley|
Hidden Valley|Silver Lake|Crystal Springs|Deer Creek|Elk Ridge|Bear Creek|
Wolf Run|Falcon Ridge|Hawk's Landing|Kingsmill|Queen's Harbour|Bishop's Gate|
Shepherd's Hollow|Mill Creek|Stonebridge|Ironwood|Copperleaf|Blackhawk|
Red Tail|Windsong|Old Orchard|Applewood|Briarwood|Foxfire|Glen Oaks|Woodmont|
Belle Meade|Canterbury|Brookhaven|Coral Ridge|Sugar Creek|Desert Highlands|
Desert Mountain|Mesa Verde|Sunset Ridge|Knollwood|Piping Rock|Round Hill|
Tamarack|Chestnut Ridge|Hunt Valley|Indian Spring|Long Cove|Mountain Lake|
Eagle Point|Cypress Creek|Pine Hollow|Old Oaks|Twin Oaks|White Oak|
Hickory Hills|Walnut Creek|Aspen Glen|Spruce Creek|Sycamore Hills|
Juniper Hills|Heather Glen|Highland Lakes|Lochmoor|Glen Abbey|Bellerive|
Brae Burn|Burning Tree|Cold Spring|Stony Brook|Rock Creek|River Bend|
River Run|Riverview|Ridgewood|Hillcrest|Crestview|Valley View|Lakeview|
Bayview|Seaview|Shorehaven|Point O'Woods|Grey Oaks|Quail Creek|Quail Ridge|
Pheasant Run|Turtle Creek|Palmetto Dunes|Ocean Forest|Old Palm|Royal Palm|
Palm Aire|Wyndemere|Wingfoot|Cobblestone|Saddlebrook|Silverleaf|Greenbrier|
Harbour Ridge|Marsh Landing|Moss Creek|Tidewater|Windermere|Wakefield|
Ashford Hills|Bridlewood|Cherokee Ridge`);

const GB_PLACES = words(`
Walton Heath|Swinley Forest|Moor Park|Ashridge|West Hill|Woodhall Spa|
Burnham & Berrow|Hankley Common|Kingswood|Hollinwell|Ferndown|Broadstone|
Denham|Thorpe Hall|Crowborough Beacon|Hillside|Formby Hall|St. Enodoc|
Saunton|Liphook|Camberley Heath|Knole Park|Prince's|St. George's Hill|
Royal Oak|Wentworth Park`);

const INTL_PLACES = words(`
Emirates|Creek|Palm|Lakeside|Harbour View|Hillside|Royal Palm|Crystal Bay|
Orchid|Lotus|Jade Dragon|Golden Sands|Blue Canyon|Nirvana|Marina|Island|
Pearl|Sapphire|Green Valley|Eagle Ridge|Mission Hills|Sunrise|Bamboo|
Dragon Lake|Coral Bay|Tamarind|Palm Hills|Sunset Bay|Mountain View|Riverside|
Lakeview|Olive Grove|Cypress Hill|Silver Oaks|Seaside|Highlands`);

const FR_PLACES = words(`
la Boulie|Morfontaine|la Vallée|l'Étang|la Roseraie|Bellevue|Beaulieu|
la Forêt|la Bretesche|Fontenailles|Joyenval|Chiberta|Hardelot|Chantaco|
la Salette|Rochefort|Montgriffon|l'Île d'Or|la Grande Motte|Saint-Germain`);

const DE_PLACES = words(`
Schloss Lüdersburg|Gut Kaden|Falkenstein|Wannsee|Hubbelrath|St. Leon-Rot|
Eichenried|Gut Altentann|Schloss Nippenburg|Seddiner See|Hösel|
Gut Lärchenhof|Feldafing|Hohe Klinge|Sonnenalp|Beuerberg|Schloss Egmating|
Rheinblick|Waldsee|Am Mondsee`);

const ES_PLACES = words(`
La Moraleja|Las Brisas|Los Naranjos|El Saler|La Herradura|Valle Alto|
Las Lomas|Los Arqueros|El Bosque|La Cañada|Los Leones|El Prado|Monteverde|
La Reserva|Las Colinas|Los Robles|El Encinar|La Quinta|Los Lagos|
Altos del Río|Santa Clara|El Rincón|La Dehesa|Los Pinos|Puerta de Hierro|
Las Palmeras|El Paraíso|Bellavista|Guadalmina|La Loma|Las Américas|
El Cortijo`);

const PT_PLACES = words(`
Quinta da Marinha|Quinta do Lago|Vale do Lobo|Penha Longa|Aroeira|Belas|
Gávea|São Fernando|Jardim Europa|Alphaville|Terras de São José|Vila Verde|
Monte Rei|Dunas|Quinta da Baroneza|Vale da Pinta|Morro Alto|Praia Grande|
Bom Sucesso|Lagoa Azul`);

const IT_PLACES = words(`
Villa d'Este|Le Querce|I Roveri|La Pinetina|Monticello|Le Robinie|
Il Picciolo|La Rossera|Villa Carolina|Le Betulle|Castelconturbia|Le Fronde|
Poggio dei Medici|Villa Condulmer|Acquabona|Le Rovedine|La Mandria|
Ca' della Nave|Il Castello|Bogogno|Olgiata|Parco de' Medici|Margara|
I Ciliegi`);

const NL_PLACES = words(`
De Pan|Het Rijk|De Haar|Hoge Kleij|De Lage Vuursche|Lauswolt|Toxandria|
De Dommel|Het Gooi|De Kennemer|Noordwijkse Duinen|De Hoge Veluwe|Rosendael|
De Scherpenbergh|Zeegersloot|De Batouwe|Het Loo|Ockenburgh`);

const SURNAMES = words(`
Whitmore|Ashford|Pemberton|Hollister|Carrington|McAllister|O'Brien|
Fitzgerald|Donnelly|Hawthorne|Kingsley|Prescott|Winslow|Sterling|Ellsworth|
Bradford|Chandler|Davenport|Montgomery|Radcliffe|O'Connor|D'Arcy|Van Buren|
Harrington|Lockwood|Beaumont|Whitfield|Thornton|Gallagher|Sinclair`);

/**
 * Name patterns per style and type, "WEIGHT[FLAGS] pattern". Flags: R royal
 * countries only, A US and Canada only, B everywhere but the US and Canada,
 * C Canada only, G countries with gymkhanas. Placeholders: {C} city, {N} a
 * local estate or landscape name, {T} a local made-up place, {S} a surname,
 * {R} the region, {HB} Harbor or Harbour, {GK} {TK} {SK} local words for
 * golf, tennis and sailing club.
 */
const PATTERNS: Record<Lang, Partial<Record<string, string>>> = {
  en: {
    golf: `
6 {N} Golf Club
2 {C} Golf Club
1 The Golf Club at {N}
0.6A {N} National Golf Club
0.6 {N} Golf Links
0.5 The {N} Golf Club
0.3A {N} Golf Club, Inc.
3R Royal {C} Golf Club
0.5R Royal {N} Golf Club
0.3R Royal {N} Golf Club, {C}
0.8B {C} Golf Club
0.4B {C} & District Golf Club`,
    country_club: `
6 {N} Country Club
2.5 {C} Country Club
0.8A {N} C.C.
0.8 The Country Club of {C}
0.2 The Country Club, {C}
2 {N} Golf & Country Club
4C {N} Golf & Country Club
1 The Club at {N}
0.4 {N} Hunt & Country Club
0.3A {N} Country Club, Inc.
0.6 {N} Yacht & Country Club
1R Royal {C} Golf & Country Club`,
    city: `
2 The {C} Club
1 University Club of {C}
0.5 The Union League Club of {C}
0.6 The Union Club of {C}
0.5 The Metropolitan Club of {C}
0.3 The Harvard Club of {C}
0.3 The Engineers' Club of {C}
1 The {S} Club
0.6 The {N} Club
0.3 The Athenaeum, {C}
0.4 The Tower Club of {C}
0.4 The Capital Club of {C}
0.5 {C} Club
0.5B The Travellers' Club of {C}
0.4B The Oriental Club of {C}
0.8G {C} Gymkhana Club
0.3 The Commerce Club of {C}
0.3 The Petroleum Club of {C}
0.3 The Lawyers' Club of {C}`,
    social: `
1.5 The {S} Club
1 {C} Social Club
0.8 The Colony Club of {C}
0.8 {C} Women's Club
0.6 The {N} Club
0.6 The Founders' Club of {C}
0.6 {C} Press Club
0.4 The Junior League of {C}
0.5 The {C} Assembly
0.5 {C} Lodge
0.5G {C} Gymkhana
0.4 The {C} Society`,
    arts: `
1.5 {C} Arts Club
0.8 The Players of {C}
0.8 The {C} Artists' Guild
0.6 The Palette Club of {C}
0.6 {C} Society of Arts
0.5 The {S} Arts Society
0.5 The Lyric Club of {C}
0.4 The Century Association of {C}
0.4 {C} Music Club`,
    cigar: `
1 The Humidor Club of {C}
1 {C} Cigar Society
1 {S}'s Cigar Club
0.6 Smoke & Oak Cigar Club
0.6 The {N} Cigar Lounge
0.5 The Leaf & Ash Society
0.5 Ember Cigar Club {C}
0.4 The Maduro Room, {C}`,
    dining: `
1 The Supper Club of {C}
1 {C} Dining Society
0.8 The Chef's Table Club of {C}
0.8 {S}'s Supper Club
0.7 The Epicurean Club of {C}
0.5 The {N} Dining Club
0.4 The Gourmet Society of {C}
0.4 Le Cercle Gourmand, {C}`,
    wine: `
1 The {C} Wine Society
0.8 The Vintners' Club of {C}
0.8 {N} Wine Club
0.7 Cellar Club {C}
0.6 The Sommeliers' Circle of {C}
0.5 The {S} Wine Society
0.5 The Grand Cru Club of {C}`,
    athletic: `
2 {C} Athletic Club
0.8 The {N} Athletic Club
1 {C} Racquet Club
0.6 The Racquet Club of {C}
0.5 {C} Squash & Fitness Club
0.5 {N} Swim & Racquet Club
0.4 {C} Rowing Club
0.5B {C} Cricket Club
0.3 {C} Fencing Club`,
    tennis: `
2 {N} Tennis Club
1 {C} Tennis Club
1B {C} Lawn Tennis Club
0.3A {C} Lawn Tennis Club
0.6 The {N} Tennis & Racquet Club
0.6 {N} Swim & Tennis Club
0.4A {N} Tennis & Pickleball Club
0.4R Royal {C} Lawn Tennis Club`,
    wellness: `
1 {N} Wellness Club
1 The Well {C}
0.8 {C} Spa & Wellness Club
0.6 {N} Health Club
0.5 The Bathhouse {C}
0.5 The {S} Longevity Club
0.4 {C} Thermal Club`,
    outdoor: `
1 {N} Outdoor Club
0.7A {R} Mountain Club
0.6 {C} Alpine Club
0.6 The {N} Trail Club
0.5 {C} Hiking Club
0.5 {N} Nature Society
0.4 {C} Canoe Club`,
    hunting: `
1.5 {N} Hunt Club
0.8 {N} Hunting Club
0.8 {C} Rod & Gun Club
0.8 {N} Sporting Club
0.5A {N} Plantation
0.4 {N} Fox Hounds
0.4 {N} Hunting Preserve
0.3B The {C} Hunt`,
    fishing: `
1 {N} Fly Fishing Club
0.8 {C} Angling Club
0.7 {N} Trout Club
0.6 {N} Rod & Reel Club
0.6 {N} Anglers' Club
0.4 The {C} Salmon Club
0.4 {N} Fishing Club`,
    shooting: `
1 {N} Gun Club
0.8 {N} Sporting Clays
0.8 {C} Shooting Club
0.6 {N} Rifle & Pistol Club
0.5 {N} Shooting Grounds
0.4 {C} Clay Target Club`,
    adventure: `
1 {C} Adventure Club
0.8 The {N} Expedition Club
0.6 {N} Overland Club
0.6 The Explorers' Club of {C}
0.4 {C} Heli-Ski & Adventure Club
0.4 {N} Adventure Society`,
    yacht: `
3 {C} Yacht Club
1 {N} Yacht Club
0.8 {C} Sailing Club
0.6 {N} {HB} Yacht Club
0.5 {C} Corinthian Yacht Club
0.4 {C} Boat Club
1.5R Royal {C} Yacht Club
0.8R Royal {C} Yacht Squadron
0.4 {N} Sailing Association`,
    beach: `
2 {C} Beach Club
1 The {N} Beach Club
0.6A {N} Bath & Tennis Club
0.6 {C} Surf Club
0.5 The Beach Club at {N}
0.4 {N} Surf & Sand Club
0.3B {C} Surf Life Saving Club`,
    ski: `
1.5 {N} Ski Club
1 The Club at {N} Mountain
0.8 {C} Ski & Snowboard Club
0.6 {N} Mountain Club
0.8 {C} Ski Club
0.4 {N} Alpine Club`,
    polo: `
2 {C} Polo Club
1 {N} Polo Club
0.7 {N} Polo & Country Club
0.5 {C} Polo & Hunt Club
0.4R Royal {C} Polo Club`,
  },
  intl: {
    golf: `
4 {C} Golf Club
3 {N} Golf Club
1 The {C} Golf Club
0.8 {N} International Golf Club
0.7 {C} Golf & Country Club
2R Royal {C} Golf Club
0.5R Royal {N} Golf Club`,
    country_club: `
3 {C} Country Club
2 {N} Country Club
1.5 {N} Golf & Country Club
1 {C} Golf & Country Club
0.5R Royal {C} Country Club`,
    city: `
2 The {C} Club
1 {C} Club
0.8 The British Club {C}
0.6 The American Club {C}
0.6 The {N} Club
1G {C} Gymkhana Club
0.5 The Capital Club {C}`,
  },
  ja: {
    golf: `
3 {N} Golf Club
2 {C} Golf Club
3 {N} Country Club
1 {C} Country Club
0.6 {C} Kokusai Country Club
0.4 {N} Golf Links`,
    country_club: `
4 {N} Country Club
2 {C} Country Club
1 {C} Kokusai Country Club`,
  },
  de: {
    golf: `
4 Golfclub {C}
2 Golfclub {T}
1 Golf Club {C}
1 Golf-Club {C}
1 Golf- und Landclub {C}
1 Golfclub Schloss {T}
0.8 Golfclub {C}-{T}
0.5 Golf- und Country Club {C}
0.5 Golfclub Gut {T}
1 Golfclub {N}`,
    country_club: `
2 Golf- und Landclub {T}
1.5 Land- und Golfclub {C}
1 Country Club {C}
1 Golf- und Country Club {T}
0.8 Club Schloss {T}
1 Golf- und Landclub {N}`,
    city: `
1.5 Club zu {C}
1 Union-Club {C}
1 Übersee-Club {C}
0.8 Industrie-Club {C}
0.8 Casino-Gesellschaft {C}
0.6 Herrenclub {C}
0.8 Club {C}`,
    social: `
1 Gesellschaft Harmonie {C}
1 Club {T}
0.8 Casino {C}
0.6 Damenclub {C}`,
    tennis: `
2 Tennisclub {C}
1 Tennisclub Rot-Weiß {C}
1 Tennis- und Hockey-Club {C}
0.8 TC Blau-Weiß {C}
0.8 Tennisclub {T}`,
    athletic: `
1 Sportclub {C}
1 Ruderclub {C}
0.8 Hockey-Club {C}`,
    yacht: `
2 Yacht-Club {C}
1 Segel-Club {C}
1 Segelclub {T}
0.5 Segler-Vereinigung {C}
0.6 Yachtclub {C}`,
    ski: `
2 Skiclub {C}
1 Ski-Club {T}`,
    hunting: `
1 Jagdclub {C}
1 Jagdgesellschaft {T}
0.8 Jagdverein {C}`,
    shooting: `
1.5 Schützenverein {C}
1 Schützengesellschaft {C}
0.5 Schießclub {T}`,
    fishing: `
1 Angelverein {C}
1 Fliegenfischer-Club {C}
0.8 Anglerverein {T}`,
    polo: `
1 Polo Club {C}
1 Polo- und Reitclub {T}`,
    outdoor: `
1 Alpenverein Sektion {C}
1 Wanderclub {C}
0.6 Bergsteigerclub {T}`,
    wine: `
1 Weinbruderschaft {C}
1 Weinkonvent {C}
0.6 Weinclub {C}`,
    arts: `
1 Kunstverein {C}
1 Künstlerclub {C}
0.6 Kunstclub {T}`,
    dining: `
1 Tafelrunde {C}
1 Gourmet-Club {C}`,
  },
  fr: {
    golf: `
4 Golf de {C}
2 Golf Club de {C}
2 Golf de {T}
1 Golf du Domaine de {T}
1 Golf du Château de {T}
1 Golf de {N}
1R Royal Golf Club de {C}`,
    country_club: `
2 Country Club de {C}
1.5 Golf & Country Club de {C}
1 Club de {T}
1 Domaine de {N}
0.5 Cercle de {T}`,
    city: `
2 Cercle de {C}
1 Cercle de l'Union de {C}
1 Le Cercle {C}
0.8 Cercle du Commerce de {C}
0.7 Automobile Club de {C}
0.5 Cercle Interallié de {C}`,
    social: `
1 Cercle des Amis de {C}
0.8 Société Littéraire de {C}
0.8 Club des Voyageurs de {C}
0.6 Cercle de {T}`,
    tennis: `
2 Tennis Club de {C}
1 Lawn-Tennis Club de {C}
0.6 Stade {T}`,
    athletic: `
1 Racing Club de {C}
1 Cercle Sportif de {C}
1 Club Athlétique de {C}`,
    yacht: `
2 Yacht Club de {C}
1 Société Nautique de {C}
1 Cercle de la Voile de {C}
0.5 Société des Régates de {C}
1R Royal Yacht Club de {C}`,
    ski: `
2 Ski Club de {C}
1 Club des Sports de {C}`,
    hunting: `
1 Rallye {T}
1 Société de Chasse de {C}
0.6 Équipage de {T}`,
    shooting: `
1 Ball-Trap Club de {C}
1 Société de Tir de {C}`,
    fishing: `
1 Club de Pêche de {C}
1 Société de Pêche de {T}`,
    wine: `
1 Confrérie des Vins de {C}
1 Cercle des Vignerons de {C}
0.6 Club des Grands Crus de {C}`,
    dining: `
1 Club Gastronomique de {C}
1 Table d'Hôtes de {C}
0.6 Cercle Gourmand de {C}`,
    arts: `
1 Cercle Artistique de {C}
1 Société des Beaux-Arts de {C}`,
    polo: `
2 Polo Club de {C}
1 Polo de {T}`,
    beach: `
1 Club de Plage de {C}
1 Plage Privée de {T}`,
    outdoor: `
1 Club Alpin de {C}
1 Club de Randonnée de {C}`,
  },
  es: {
    golf: `
3 Club de Golf {C}
3 Club de Golf {N}
1R Real Club de Golf {N}
1R Real Club de Golf de {C}
0.4 Club de Golf {N}, {C}
1 Golf {N}
0.8 {N} Golf Club
0.6 {N} Golf`,
    country_club: `
2 Club de Campo {C}
1.5 Club Campestre {C}
1 Club Campestre {N}
1 Country Club {N}
1 {N} Country Club
0.6 Jockey Club de {C}
0.8R Real Club de Campo de {C}`,
    city: `
1.5 Casino de {C}
1 Club de la Unión {C}
1 Círculo Mercantil de {C}
1 Nuevo Club {C}
0.8 Jockey Club de {C}
0.8 Club {C}`,
    social: `
1 Club Social {C}
1 Círculo de la Amistad de {C}
0.8 Casino {N}
0.6 Liceo de {C}`,
    arts: `
1 Círculo de Bellas Artes de {C}
1 Ateneo de {C}`,
    tennis: `
2 Club de Tenis {C}
1R Real Club de Tenis {C}
1 Club de Tenis {N}
0.6 Club de Pádel {N}`,
    athletic: `
1 Club Atlético {C}
1 Club Deportivo {N}
0.8 Club de Remo {C}
0.5 Club Hípico {C}`,
    yacht: `
2 Club Náutico {C}
1R Real Club Náutico de {C}
1 Club de Yates {C}
0.8 Club de Regatas {C}
0.6 Yacht Club {C}`,
    beach: `
1 Club de Playa {N}
1 Beach Club {N}
0.6 Club de Mar {C}`,
    hunting: `
1 Club de Caza {C}
1 Coto {N}
0.6 Sociedad de Cazadores de {C}`,
    shooting: `
1 Club de Tiro {C}
0.8 Club de Tiro al Plato {N}`,
    fishing: `
1 Club de Pesca {C}
0.6 Club de Pesca Deportiva {N}`,
    wine: `
1 Club del Vino {C}
0.8 Cofradía del Vino de {C}
0.6 Bodega Club {N}`,
    dining: `
1 Sociedad Gastronómica {N}
1 Club Gastronómico {C}`,
    cigar: `
1 Club del Habano {C}
0.6 Círculo del Tabaco {C}`,
    polo: `
2 Club de Polo {C}
1 {N} Polo Club
1 Club de Polo {N}
0.6 Polo Club {N}`,
    ski: `
1 Club de Esquí {C}
0.5 Club Andino {C}`,
    outdoor: `
1 Club Andino {C}
1 Club de Montaña {C}`,
  },
  pt: {
    golf: `
2 {C} Golf Clube
2 Clube de Golfe {N}
1 Golf Club {N}
1 {N} Golf
1 Clube de Golfe de {C}`,
    country_club: `
2 Clube de Campo de {C}
2 {C} Country Club
1 {N} Country Club
1 Clube {N}`,
    city: `
1.5 Clube {C}
1 Jockey Club de {C}
0.8 Grémio Literário de {C}`,
    tennis: `
2 {C} Tênis Clube
1 Clube de Ténis {N}`,
    yacht: `
2 Iate Clube de {C}
1 Clube Naval de {C}
0.6 Clube de Vela {N}`,
    athletic: `
1 Clube Atlético {C}
1 Esporte Clube {N}
0.6 Clube de Regatas {C}`,
    polo: `
1 {C} Polo Clube
1 Clube de Polo {N}`,
    beach: `
1 Clube de Praia {N}`,
    hunting: `
1 Clube de Caça {C}`,
    shooting: `
1 Clube de Tiro {C}`,
    fishing: `
1 Clube de Pesca {C}`,
  },
  it: {
    golf: `
3 Golf Club {C}
2 Circolo Golf {C}
2 Golf Club {N}
1 Golf {N}`,
    country_club: `
1 Circolo {N}
1 Country Club {C}
1 Golf & Country Club {N}
1 Circolo Golf e Tennis {N}`,
    city: `
1.5 Circolo dell'Unione di {C}
1 Società del Casino di {C}
1 Circolo degli Scacchi di {C}
1 Circolo della Caccia di {C}
0.8 Circolo {C}
0.6 Società del Whist di {C}`,
    social: `
1 Circolo {N}
1 Circolo Ricreativo {C}
0.8 Società della Concordia di {C}`,
    tennis: `
2 Circolo Tennis {C}
1 Tennis Club {C}
0.6 Circolo del Tennis {N}`,
    yacht: `
2 Yacht Club {C}
1 Circolo della Vela {C}
1 Circolo Nautico {C}`,
    athletic: `
1 Canottieri {C}
1 Circolo Sportivo {C}`,
    hunting: `
1 Riserva di Caccia {N}
0.6 Circolo dei Cacciatori di {C}`,
    shooting: `
1 Tiro a Volo {C}`,
    fishing: `
1 Circolo Pescatori {C}`,
    wine: `
1 Accademia del Vino di {C}
1 Enoclub {C}`,
    dining: `
1 Circolo Gastronomico {C}
1 Accademia della Cucina di {C}`,
    arts: `
1 Circolo degli Artisti di {C}
1 Società per le Belle Arti di {C}`,
    ski: `
2 Sci Club {C}`,
    polo: `
1 Polo Club {C}
1 Circolo Polo {N}`,
  },
  nl: {
    golf: `
3 Golfclub {C}
2 Golfclub {N}
1 Golf & Country Club {N}
1R Royal {C} Golf Club
0.5R Koninklijke {C} Golf & Country Club`,
    country_club: `
2 Golf & Country Club {N}
1 {N} Country Club
1 Golf & Country Club {C}`,
    city: `
2 Sociëteit {N}
1 Sociëteit {C}
1 Club {C}`,
    tennis: `
2 Tennisclub {C}
1 Lawn Tennis Club {N}`,
    yacht: `
2 Watersportvereniging {C}
1 Jachtclub {C}
1R Koninklijke Jachtclub {C}`,
    hunting: `
1 Jachtvereniging {C}`,
    athletic: `
1 Roeivereniging {C}
1 Hockeyclub {C}`,
  },
  nordic: {
    golf: `
4 {C} {GK}
2 {T} {GK}
0.6 {T} Golf`,
    country_club: `
2 {T} Golf & Country Club
1 {C} Golf & Country Club`,
    tennis: `
1 {C} {TK}`,
    yacht: `
1 {C} {SK}
0.5 {T} {SK}`,
  },
};

const NORDIC_WORDS: Record<string, { GK: string; TK: string; SK: string }> = {
  SE: { GK: "Golfklubb", TK: "Tennisklubb", SK: "Segelsällskap" },
  NO: { GK: "Golfklubb", TK: "Tennisklubb", SK: "Seilforening" },
  DK: { GK: "Golfklub", TK: "Tennisklub", SK: "Sejlklub" },
};

interface Pattern {
  text: string;
  flags: string;
}

function parsePatterns(text: string): [Pattern, number][] {
  return text.trim().split("\n").map((line) => {
    const m = /^([\d.]+)([A-Z]*)\s+(.+)$/.exec(line.trim());
    if (!m) throw new Error(`bad pattern line: ${line}`);
    return [{ text: m[3]!, flags: m[2]! }, Number(m[1])];
  });
}

const PARSED_PATTERNS = new Map<string, [Pattern, number][]>();
function patternsFor(lang: Lang, type: string): [Pattern, number][] {
  const key = `${lang}/${type}`;
  let parsed = PARSED_PATTERNS.get(key);
  if (!parsed) {
    const own = PATTERNS[lang][type];
    parsed = own ? parsePatterns(own) : [];
    PARSED_PATTERNS.set(key, parsed);
  }
  return parsed;
}

// ---------------------------------------------------------------------------
// Amenities, architects and descriptions.

const AMENITIES: Record<string, string[]> = {
  golf: words(`
Driving range|Practice putting green|Short-game area|Pro shop|Golf lessons|
Caddie program|Locker rooms|Clubhouse dining|Men's grill|Halfway house|
Golf simulators|Junior golf program|Club fitting|Bag storage|
Member-guest tournaments`),
  country_club: words(`
Championship golf course|Swimming pool|Tennis courts|Pickleball courts|
Fitness center|Spa|Formal dining room|Casual dining|Children's programs|
Ballroom|Event spaces|Guest rooms|Platform tennis|Squash courts|Wine cellar`),
  city: words(`
Main dining room|Bar and lounge|Library|Private dining rooms|
Overnight guest rooms|Business center|Fitness center|Squash courts|
Reciprocal clubs|Lecture series|Rooftop terrace|Barbershop|
Members' wine locker`),
  social: words(`
Dining room|Bar and lounge|Event calendar|Private dining rooms|Card room|
Library|Ballroom|Garden terrace|Speaker series|Holiday galas|
Reciprocal clubs`),
  arts: words(`
Gallery|Studio space|Performance hall|Library|Lecture series|
Members' exhibitions|Dining room|Bar|Life-drawing sessions|Music room`),
  cigar: words(`
Walk-in humidor|Private cigar lockers|Whisky bar|Lounge|
Ventilated smoking room|Outdoor terrace|Tasting events|Television lounge|
Card room`),
  dining: words(`
Chef's table|Private dining rooms|Wine cellar|Cocktail bar|Cooking classes|
Guest chef dinners|Garden terrace|Tasting menus`),
  wine: words(`
Private wine lockers|Tasting room|Sommelier service|Cellar tours|
Winemaker dinners|Temperature-controlled storage|Library|Bar`),
  athletic: words(`
Fitness center|Indoor pool|Squash courts|Basketball court|Group classes|
Personal training|Steam room|Sauna|Locker rooms|Massage|Rooftop track|
Grill room`),
  tennis: words(`
Clay courts|Hard courts|Grass courts|Indoor courts|Pickleball courts|
Pro shop|Tennis lessons|Junior academy|Swimming pool|Clubhouse|Locker rooms`),
  wellness: words(`
Spa|Thermal pools|Sauna|Cold plunge|Yoga studio|Pilates studio|
Personal training|Nutrition coaching|Massage|Meditation room|Juice bar`),
  outdoor: words(`
Guided hikes|Lodge|Gear library|Climbing wall|Canoe and kayak storage|
Backcountry huts|Trip program|Navigation courses`),
  hunting: words(`
Upland bird hunting|Waterfowl blinds|Deer stands|Kennels|Lodge|Guides|
Game processing|Sporting clays|Gun room`),
  fishing: words(`
Private water|Fly-fishing lessons|Guides|Lodge|Boat launch|Tackle room|
Stocked ponds|Casting pool`),
  shooting: words(`
Sporting clays course|Trap field|Skeet field|Five-stand|Rifle range|
Pistol range|Instruction|Gun cleaning room|Clubhouse`),
  adventure: words(`
Expedition program|Heli-skiing trips|Safari trips|Dive trips|
Expedition planning|Member lodge|Gear storage|Lecture series`),
  yacht: words(`
Marina|Moorings|Launch service|Sailing school|Junior sailing|Racing program|
Dry storage|Fuel dock|Clubhouse dining|Swimming pool|Bar|Reciprocal clubs`),
  beach: words(`
Private beach|Cabanas|Swimming pool|Beach service|Oceanfront dining|
Tennis courts|Children's programs|Fitness center|Bar|Paddleboards`),
  ski: words(`
Ski lockers|Ski valet|Slopeside lodge|Après-ski bar|Boot warmers|
Private lift access|Ski school|Dining room|Hot tubs`),
  polo: words(`
Polo fields|Stabling|Practice arena|Polo school|Clubhouse|
Tournament calendar|Grooms' quarters|Riding trails`),
};

const ARCHITECTS = words(`
Donald Ross|A.W. Tillinghast|Alister MacKenzie|Tom Fazio|Pete Dye|
Robert Trent Jones Sr.|Robert Trent Jones Jr.|Rees Jones|Jack Nicklaus|
Arnold Palmer|Tom Doak|Bill Coore & Ben Crenshaw|Seth Raynor|
Charles Blair Macdonald|George C. Thomas Jr.|William Flynn|Harry Colt|
Tom Simpson|James Braid|Old Tom Morris|Herbert Fowler|Perry Maxwell|
Dick Wilson|Desmond Muirhead|Gil Hanse|Kyle Phillips|Greg Norman|Gary Player|
Tom Weiskopf|Arthur Hills|Stanley Thompson|Devereux Emmet|Walter Travis|
Martin Hawtree`);

const TYPE_NOUN: Record<string, [string, string]> = {
  golf: ["golf club", "golf clubs"],
  country_club: ["country club", "country clubs"],
  city: ["city club", "city clubs"],
  social: ["social club", "social clubs"],
  arts: ["arts club", "arts clubs"],
  cigar: ["cigar club", "cigar clubs"],
  dining: ["dining club", "dining clubs"],
  wine: ["wine society", "wine societies"],
  athletic: ["athletic club", "athletic clubs"],
  tennis: ["tennis club", "tennis clubs"],
  wellness: ["wellness club", "wellness clubs"],
  outdoor: ["outdoor club", "outdoor clubs"],
  hunting: ["hunting club", "hunting clubs"],
  fishing: ["fishing club", "fishing clubs"],
  shooting: ["shooting club", "shooting clubs"],
  adventure: ["adventure club", "adventure clubs"],
  yacht: ["yacht club", "yacht clubs"],
  beach: ["beach club", "beach clubs"],
  ski: ["ski club", "ski clubs"],
  polo: ["polo club", "polo clubs"],
};

const TYPE_DETAIL: Record<string, string[]> = {
  golf: [
    "Its fairways are lined with mature hardwoods, and the greens are known for being firm, fast and true.",
    "The course rewards thoughtful play more than raw length, with angles that change with the wind.",
    "Tee times are rarely hard to come by, and the pace of play is brisk even on tournament weekends.",
    "A caddie program, a well-stocked practice ground and a small, friendly grill round out the golf.",
  ],
  country_club: [
    "Beyond golf, members gather for tennis, swimming and a full calendar of family events.",
    "The clubhouse, renovated in recent years, anchors a busy social life from spring through the holidays.",
    "It is a family club at heart: Sunday brunch, junior clinics and a summer pool scene that draws three generations.",
    "Members come as much for the dining and the friendships as for the golf.",
  ],
  city: [
    "Its clubhouse offers dining rooms, a library and overnight rooms for members traveling on business.",
    "Lawyers, bankers and civic leaders have long treated its dining room as an extension of the office.",
    "A reciprocal network gives members access to sister clubs around the world.",
    "Jackets are expected in the main dining room, though the bar has relaxed over the years.",
  ],
  social: [
    "The calendar is full: lectures, dinner dances, holiday parties and a long-running bridge night.",
    "Members are drawn from across the professions, and the tone is warm rather than formal.",
    "The club occupies a handsome historic building that has been carefully restored.",
  ],
  arts: [
    "Painters, musicians, writers and patrons share a clubhouse that doubles as a gallery.",
    "Monthly exhibitions of members' work hang alongside a small permanent collection.",
    "Salon evenings, readings and recitals keep the rooms busy most nights of the week.",
  ],
  cigar: [
    "A walk-in humidor, private lockers and a serious whisky list are the main attractions.",
    "Leather club chairs, good ventilation and a quiet card room make it a favourite after-work retreat.",
    "Tasting nights with visiting blenders are a highlight of the season.",
  ],
  dining: [
    "Membership centres on the table: seasonal menus, guest chefs and a well-chosen cellar.",
    "Dinners are intimate, and the kitchen cooks to members' preferences as a matter of course.",
    "Monthly tasting dinners sell out quickly, so members plan well ahead.",
  ],
  wine: [
    "Members store their own bottles in temperature-controlled lockers and meet for regular tastings.",
    "The society's cellar, built up over decades, is the envy of many restaurants.",
    "Winemaker dinners and cellar trips abroad fill the calendar.",
  ],
  athletic: [
    "Facilities include squash courts, a pool and a fitness floor that is busy from dawn.",
    "Serious athletes and weekend regulars share the courts, the pool and a famously good steam room.",
    "Group classes, personal training and a lively grill room keep members coming back.",
  ],
  tennis: [
    "Courts on several surfaces, a teaching staff and a strong junior program define the club.",
    "League play, club championships and social round-robins fill the calendar.",
    "The clay courts are meticulously kept, and the clubhouse terrace overlooks centre court.",
  ],
  wellness: [
    "Thermal pools, saunas and cold plunges sit alongside studios for yoga and Pilates.",
    "Members book treatments, training and nutrition coaching through a single concierge.",
    "The atmosphere is calm, unhurried and deliberately phone-free.",
  ],
  outdoor: [
    "Members organise hikes, paddling trips and climbs throughout the year.",
    "A lodge and a gear library make it easy to get outside at short notice.",
    "Navigation and safety courses are offered to new members each season.",
  ],
  hunting: [
    "Thousands of acres of managed land offer upland birds, waterfowl and deer in season.",
    "Guides, kennels and a comfortable lodge support members and their guests.",
    "Conservation is taken seriously, and members help manage habitat year-round.",
  ],
  fishing: [
    "Members fish miles of private water on carefully managed streams and ponds.",
    "Fly-fishing instruction and experienced guides are available to members of every level.",
    "Catch-and-release is the rule, and the water shows it.",
  ],
  shooting: [
    "A sporting clays course, trap and skeet fields and a rifle range make up the grounds.",
    "Instruction is available for beginners, and competitive shooters train here year-round.",
    "Safety briefings are required of all new members and guests.",
  ],
  adventure: [
    "Members travel together on expeditions, from heli-skiing to safari.",
    "The club plans trips that would be hard to arrange alone, with experienced leaders on every departure.",
    "Between expeditions, members meet for talks by explorers and photographers.",
  ],
  yacht: [
    "The club keeps moorings, a launch service and an active racing program.",
    "Junior sailing in the summer and frostbite racing in the winter keep the harbour busy.",
    "The clubhouse terrace is the best place in town to watch the fleet come in.",
  ],
  beach: [
    "Cabanas, a pool and attentive beach service define a relaxed club day.",
    "Families spend whole summers here, moving between the beach, the pool and the grill.",
    "The club's stretch of sand is private and well kept.",
  ],
  ski: [
    "Slopeside lockers, a valet and a warm lodge make ski days effortless.",
    "Members enjoy private lift access and a lively après-ski scene.",
    "A ski school and race program serve the club's younger members.",
  ],
  polo: [
    "The club maintains several polo fields, stabling and a practice arena.",
    "Sunday matches draw members, guests and spectators through the season.",
    "A polo school introduces new players to the sport on club horses.",
  ],
};

const WAITLIST_TEXT: Record<string, string[]> = {
  open: [
    "Membership is currently open, and prospective members are invited to arrange a visit.",
    "The club is accepting new members, subject to a short interview.",
  ],
  waitlist: [
    "Demand for membership is strong, and new applicants join a waitlist that can stretch several years.",
    "There is a waitlist for most membership categories.",
  ],
  by_invitation: [
    "Membership is by invitation, typically requiring sponsorship by two current members.",
    "Prospective members are proposed and seconded by existing members.",
  ],
  invite_only: [
    "Membership is strictly by invitation only; the club does not accept applications.",
    "The club does not advertise, and membership is by invitation only.",
  ],
  closed: [
    "The membership rolls are currently closed to new applicants.",
    "The club is not accepting new members at this time.",
  ],
  unknown: ["The club does not publish its membership process."],
};

const QUOTES = [
  'One longtime member calls it "the best-kept secret in {P}," and the membership seems to agree.',
  'As one of the founders put it, "a place to gather, not to be seen."',
  'Regulars describe the atmosphere as "relaxed, but never casual."',
  'Members like to say it is "a second home, with better food."',
  'The club\'s motto, "Friendship, fellowship and fair play," still hangs over the bar.',
  'Visitors often remark that it feels "like stepping back in time, in the best way."',
];

const CLOSERS = [
  "Guests must be accompanied by a member.",
  "A jacket-required policy applies in the main dining room.",
  "Reciprocal privileges are available at a number of clubs abroad.",
  "Mobile phones are discouraged in the clubhouse.",
  "Children are welcome at most club events.",
  "The club hosts an annual gala that is a fixture of the local calendar.",
];

// ---------------------------------------------------------------------------
// Fees.

/** Initiation and annual-dues ranges in USD per type. */
const FEE_RANGES: Record<string, [number, number, number, number]> = {
  golf: [5_000, 250_000, 3_000, 30_000],
  country_club: [10_000, 300_000, 5_000, 40_000],
  city: [1_000, 50_000, 1_500, 12_000],
  social: [500, 25_000, 1_000, 8_000],
  arts: [250, 10_000, 500, 5_000],
  cigar: [500, 10_000, 1_200, 8_000],
  dining: [500, 15_000, 1_000, 10_000],
  wine: [500, 15_000, 1_000, 10_000],
  athletic: [1_000, 30_000, 1_500, 12_000],
  tennis: [1_000, 40_000, 1_500, 12_000],
  wellness: [500, 5_000, 1_500, 15_000],
  outdoor: [100, 5_000, 200, 3_000],
  hunting: [2_000, 75_000, 1_500, 15_000],
  fishing: [2_000, 75_000, 1_000, 12_000],
  shooting: [1_000, 25_000, 800, 8_000],
  adventure: [500, 20_000, 2_000, 25_000],
  yacht: [2_000, 100_000, 2_000, 20_000],
  beach: [5_000, 150_000, 3_000, 25_000],
  ski: [5_000, 200_000, 2_000, 25_000],
  polo: [5_000, 150_000, 5_000, 40_000],
};

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function niceRound(value: number, estimate: boolean): number {
  if (estimate) {
    if (value >= 50_000) return roundTo(value, 5_000);
    if (value >= 10_000) return roundTo(value, 1_000);
    if (value >= 1_000) return roundTo(value, 100);
    return roundTo(value, 50);
  }
  if (value >= 10_000) return roundTo(value, 250);
  if (value >= 1_000) return roundTo(value, 25);
  return roundTo(value, 5);
}

// ---------------------------------------------------------------------------
// Founding years.

const ERAS: Record<string, [number, number, number][]> = {
  old: [[2, 1750, 1800], [40, 1800, 1900], [38, 1900, 1960], [20, 1960, 2024]],
  golf: [[1, 1750, 1880], [34, 1880, 1930], [20, 1930, 1970], [40, 1970, 2010], [
    5,
    2010,
    2024,
  ]],
  yacht: [[2, 1750, 1840], [58, 1840, 1950], [40, 1950, 2024]],
  sport: [[60, 1870, 1960], [40, 1960, 2020]],
  field: [[50, 1850, 1960], [50, 1960, 2020]],
  modern: [[15, 1950, 1990], [85, 1990, 2024]],
  mid: [[50, 1900, 1970], [50, 1970, 2022]],
};
const TYPE_ERA: Record<string, string> = {
  golf: "golf",
  country_club: "golf",
  city: "old",
  social: "old",
  arts: "old",
  yacht: "yacht",
  athletic: "sport",
  tennis: "sport",
  polo: "sport",
  hunting: "field",
  fishing: "field",
  shooting: "field",
  outdoor: "field",
  cigar: "modern",
  wine: "modern",
  dining: "modern",
  wellness: "modern",
  adventure: "modern",
  ski: "mid",
  beach: "mid",
};
const ERA_TABLES = new Map(
  Object.entries(ERAS).map(([k, v]) => [
    k,
    new Weighted(v.map(([w, lo, hi]) => [[lo, hi] as const, w] as const)),
  ]),
);

// ---------------------------------------------------------------------------
// Generation.

const STATUSES = new Weighted<string | null>([
  ["published", 71.5],
  ["unclaimed", 25],
  ["coming_soon", 3],
  [null, 0.5],
]);
const FEE_TIER_TABLE = new Weighted<ClubRecord["fee_tier"]>([
  ["verified", 15],
  ["estimate", 45],
  ["none", 35],
  [null, 5],
]);
const WAITLIST_OPEN = new Weighted<ClubRecord["waitlist_status"]>([
  ["open", 38],
  ["waitlist", 14],
  ["by_invitation", 7],
  ["invite_only", 4],
  ["closed", 4],
  ["unknown", 23],
  [null, 10],
]);
const WAITLIST_EXCLUSIVE = new Weighted<ClubRecord["waitlist_status"]>([
  ["open", 16],
  ["waitlist", 26],
  ["by_invitation", 18],
  ["invite_only", 12],
  ["closed", 5],
  ["unknown", 13],
  [null, 10],
]);
const EXCLUSIVE_TYPES = new Set(words(`
city|social|country_club|polo|yacht|hunting`));
const URBAN_TYPES = new Set(words(`
city|social|arts|cigar|dining|wine|athletic|wellness`));
const FEE_SHAPES = new Weighted<[boolean, boolean, boolean]>([
  [[true, true, true], 62],
  [[true, true, false], 14],
  [[false, true, true], 10],
  [[false, true, false], 8],
  [[true, false, false], 4],
  [[false, false, true], 2],
]);
const HOLES = new Weighted<number>([[9, 12], [18, 70], [27, 10], [36, 8]]);

function uuid(rng: Rng): string {
  let hex = "";
  for (let i = 0; i < 4; i++) hex += rng.u32().toString(16).padStart(8, "0");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${
    hex.slice(17, 20)
  }-${hex.slice(20, 32)}`;
}

/** Lower-case ASCII slug of a text: NFKD-folded, hyphen-joined. */
export function slugify(text: string): string {
  const slug = fold(text).replace(/['’]/g, "").replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= 180) return slug;
  return slug.slice(0, 180).replace(/-+[^-]*$/, "");
}

/** All state kept across the rows of one run. */
class Run {
  readonly rng: Rng;
  readonly countries: Country[];
  readonly countryTable: Weighted<Country>;
  readonly coverage: [Country, Region][] = [];
  readonly names = new Set<string>();
  readonly slugs = new Set<string>();
  readonly towns = new Map<string, string[]>();
  readonly patternTables = new Map<string, Weighted<Pattern>>();
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
    this.rng = new Rng(seed);
    this.countries = resolveCountries();
    this.countryTable = new Weighted(
      this.countries.map((c) => [c, c.def.weight] as const),
    );
    for (const country of this.countries) {
      const everyRegion = country.def.code === "US" ||
        country.def.code === "CA";
      const regions = everyRegion ? country.regions.items : country.regions.items.slice(0, 1);
      for (const region of regions) this.coverage.push([country, region]);
    }
  }

  townsOf(region: Region): string[] {
    let pool = this.towns.get(region.code);
    if (!pool) {
      const rng = new Rng(this.seed ^ hashString(region.code));
      const names = new Set<string>();
      for (let i = 0; i < 200 && names.size < 24; i++) {
        const town = makeTown(rng, region.townLang!);
        if (!region.cities.includes(town)) names.add(town);
      }
      pool = [...names];
      this.towns.set(region.code, pool);
    }
    return pool;
  }

  estateName(lang: Lang, country: Country, region: Region): string {
    const rng = this.rng;
    const r = rng.next();
    const town = () => region.townLang ? rng.pick(this.townsOf(region)) : rng.pick(INTL_PLACES);
    switch (lang) {
      case "en":
        if (country.def.code !== "US" && r < 0.25) return rng.pick(GB_PLACES);
        if (r < 0.85) return rng.pick(EN_PLACES);
        if (r < 0.95) {
          return `${rng.pick(SURNAMES)} ${rng.pick(["Park", "Farms", "Hills", "Manor", "Estate"])}`;
        }
        return town();
      case "intl":
        if (region.townLang && r < 0.5) return town();
        return rng.pick(INTL_PLACES);
      case "ja":
        return r < 0.8 ? town() : rng.pick(INTL_PLACES);
      case "fr":
        return r < 0.6 ? rng.pick(FR_PLACES) : town();
      case "de":
        return r < 0.6 ? rng.pick(DE_PLACES) : town();
      case "es":
        return rng.pick(ES_PLACES);
      case "pt":
        return rng.pick(PT_PLACES);
      case "it":
        return rng.pick(IT_PLACES);
      case "nl":
        return rng.pick(NL_PLACES);
      case "nordic":
        return town();
    }
  }

  localTown(region: Region): string {
    if (region.townLang) return this.rng.pick(this.townsOf(region));
    return this.rng.pick(region.cities);
  }

  makeName(
    type: string,
    lang: Lang,
    country: Country,
    region: Region,
    city: string,
  ): string {
    const rng = this.rng;
    const code = country.def.code;
    const american = code === "US" || code === "CA";
    const allowed = (flags: string) =>
      (!flags.includes("R") || country.def.royal === true) &&
      (!flags.includes("A") || american) &&
      (!flags.includes("B") || !american) &&
      (!flags.includes("C") || code === "CA") &&
      (!flags.includes("G") || country.def.gymkhana === true);
    const key = `${lang}/${type}/${code}`;
    let table = this.patternTables.get(key);
    if (!table) {
      let list = patternsFor(lang, type).filter(([p]) => allowed(p.flags));
      if (list.length === 0 && lang !== "en") {
        list = patternsFor("intl", type).filter(([p]) => allowed(p.flags));
      }
      if (list.length === 0) {
        list = patternsFor("en", type).filter(([p]) => allowed(p.flags));
      }
      table = new Weighted(list);
      this.patternTables.set(key, table);
    }
    const pattern = table.pick(rng);
    const words = NORDIC_WORDS[code] ?? NORDIC_WORDS.SE!;
    return pattern.text.replace(/\{(\w+)\}/g, (_, key: string) => {
      switch (key) {
        case "C":
          return city;
        case "N":
          return this.estateName(lang, country, region);
        case "T":
          return region.townLang || lang === "intl"
            ? this.localTown(region)
            : this.estateName(lang, country, region);
        case "S":
          return rng.pick(SURNAMES);
        case "R":
          return region.name;
        case "HB":
          return code === "US" ? "Harbor" : "Harbour";
        case "GK":
          return words.GK;
        case "TK":
          return words.TK;
        case "SK":
          return words.SK;
        default:
          throw new Error(`unknown placeholder ${key}`);
      }
    });
  }

  row(index: number): ClubRecord {
    const rng = this.rng;
    const id = uuid(rng);
    const forced = index % 7 === 3 ? this.coverage[(index - 3) / 7] : undefined;
    const country = forced?.[0] ?? this.countryTable.pick(rng);
    const type = country.types.pick(rng);
    const region = forced?.[1] ??
      (type === "ski" && country.ski ? country.ski : country.regions).pick(rng);
    const urban = type !== null && URBAN_TYPES.has(type);
    const townShare = urban ? (country.def.towns ?? 0) / 3 : country.def.towns ?? 0;
    const city = region.cities.length === 0 ||
        (region.townLang && rng.chance(townShare))
      ? rng.pick(this.townsOf(region))
      : rng.pickSkewed(region.cities, urban ? 1.8 : 1.2);
    const cityCell = rng.chance(0.02) ? null : city;
    const status = STATUSES.pick(rng);
    const comingSoon = status === "coming_soon";

    let name = "";
    for (let attempt = 0;; attempt++) {
      // Crowded cities run out of local patterns: fall back to English ones,
      // and only as a last resort number the name.
      const lang = attempt < 12
        ? region.lang
        : region.lang === "en" || country.def.code === "CA"
        ? "en"
        : "intl";
      name = this.makeName(type ?? "social", lang, country, region, city);
      if (attempt >= 60) name = `${name} ${attempt - 58}`;
      const key = `${name}\u0000${cityCell ?? ""}`;
      if (!this.names.has(key)) {
        this.names.add(key);
        break;
      }
    }
    const base = slugify(cityCell ? `${name} ${cityCell}` : name) || "club";
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);

    // Fees.
    const feeTier = FEE_TIER_TABLE.pick(rng);
    let initiation: number | null = null;
    let annual: number | null = null;
    let monthly: number | null = null;
    if (feeTier === "verified" || feeTier === "estimate") {
      const estimate = feeTier === "estimate";
      const [iLo, iHi, aLo, aHi] = FEE_RANGES[type ?? "social"] ??
        FEE_RANGES.social!;
      const prestige = (rng.next() + rng.next()) / 2;
      const factor = (country.def.fee ?? 0.5) * (0.85 + rng.next() * 0.3);
      const scale = (lo: number, hi: number, p: number) =>
        lo * Math.pow(hi / lo, Math.min(1, Math.max(0, p))) * factor;
      const [hasInit, hasAnnual, hasMonthly] = FEE_SHAPES.pick(rng);
      const annualRaw = scale(aLo, aHi, prestige + (rng.next() - 0.5) * 0.2);
      if (hasInit) {
        const wave = type === "wellness" && rng.chance(0.3);
        initiation = wave ? 0 : niceRound(
          scale(iLo, iHi, prestige + (rng.next() - 0.5) * 0.2),
          estimate,
        );
      }
      if (hasAnnual) annual = niceRound(annualRaw, estimate);
      if (hasMonthly) {
        monthly = annual !== null ? Math.round(annual / 12) : niceRound(annualRaw / 12, estimate);
      }
    }

    // Golf.
    const golfish = type === "golf" || type === "country_club";
    let holes: number | null = null;
    let par: number | null = null;
    let yardage: number | null = null;
    let architect: string | null = null;
    if (rng.chance(golfish ? 0.9 : 0.02)) {
      holes = golfish ? HOLES.pick(rng) : rng.chance(0.7) ? 9 : 18;
      if (holes === 9) {
        const par3 = rng.chance(0.12);
        par = par3 ? 27 : rng.int(33, 36);
        yardage = par3 ? rng.int(2_000, 2_400) : rng.int(2_600, 3_600);
      } else if (holes === 18 && rng.chance(0.02)) {
        par = 54;
        yardage = rng.int(2_400, 3_400);
      } else {
        par = rng.pick([70, 71, 71, 72, 72, 72, 72, 69]);
        const lo = holes === 18 ? 5_800 : 6_400;
        yardage = Math.min(7_800, rng.int(lo, 7_400) + (72 - par) * -60);
      }
      if (rng.chance(0.04)) par = null;
      if (rng.chance(0.06)) yardage = null;
      if (rng.chance(0.8)) architect = rng.pick(ARCHITECTS);
    }

    // Membership.
    const waitlist =
      (type !== null && EXCLUSIVE_TYPES.has(type) ? WAITLIST_EXCLUSIVE : WAITLIST_OPEN).pick(rng);

    // Years.
    let founded: number | null = null;
    let opened: number | null = null;
    if (comingSoon) {
      opened = rng.int(2027, 2029);
      if (rng.chance(0.2)) founded = rng.int(2021, 2024);
    } else if (!rng.chance(0.15)) {
      const era = ERA_TABLES.get(TYPE_ERA[type ?? "social"] ?? "mid")!;
      const [lo, hi] = era.pick(rng);
      founded = rng.int(lo, hi);
      const since = country.def.since ?? 1820;
      if (founded < since) founded = rng.int(since, Math.max(since, 2024));
      if (founded > 2024) founded = 2024;
      if (rng.chance(0.06)) opened = Math.min(2024, founded + rng.int(0, 4));
    }

    // Listing.
    const verified = rng.chance(0.05) ? null : rng.chance(
      feeTier === "verified" ? 0.55 : status === "unclaimed" ? 0.05 : 0.2,
    );
    const heroImage = rng.chance(0.2) ? null : `https://images.clubdir.example/clubs/${slug}.jpg`;
    const amenityList = AMENITIES[type ?? "social"] ?? AMENITIES.social!;
    const amenities = rng.chance(0.1) ? null : rng.sample(amenityList, rng.int(0, 10));

    let rating: number | null = null;
    let reviews: number | null = null;
    if (comingSoon ? rng.chance(0.1) : !rng.chance(0.25)) {
      const raw = rng.chance(0.06)
        ? 3 + rng.next() * 1.2
        : 4.4 + (rng.next() + rng.next() + rng.next() - 1.5) * 0.6;
      rating = Math.round(Math.min(5, Math.max(3, raw)) * 10) / 10;
      reviews = Math.max(
        1,
        Math.round(Math.exp(Math.log(3) + rng.next() * Math.log(1_500))),
      );
    }

    const description = rng.chance(0.08) ? null : this.describe({
      comingSoon,
      name,
      type,
      city: cityCell,
      state: region.name,
      country,
      founded,
      opened,
      holes,
      par,
      yardage,
      architect,
      waitlist,
      amenities,
    });

    return {
      id,
      name,
      slug,
      city: cityCell,
      state: region.name,
      country: country.name,
      type,
      status,
      verified,
      hero_image_url: heroImage,
      initiation_fee: initiation,
      annual_dues: annual,
      monthly_dues: monthly,
      fee_tier: feeTier,
      waitlist_status: waitlist,
      holes,
      par,
      yardage,
      course_architect: architect,
      founded_year: founded,
      opened_year: opened,
      currency: "USD",
      amenities,
      description,
      google_rating: rating,
      google_review_count: reviews,
    };
  }

  describe(c: {
    comingSoon: boolean;
    name: string;
    type: string | null;
    city: string | null;
    state: string;
    country: Country;
    founded: number | null;
    opened: number | null;
    holes: number | null;
    par: number | null;
    yardage: number | null;
    architect: string | null;
    waitlist: string | null;
    amenities: string[] | null;
  }): string {
    const rng = this.rng;
    const code = c.country.def.code;
    const domestic = code === "US" || code === "CA" || code === "AU";
    const where = c.city ?? c.state;
    const place = c.city
      ? `${c.city}, ${domestic ? c.state : c.country.name}`
      : `${c.state}, ${c.country.name}`;
    const [noun, plural] = c.type ? TYPE_NOUN[c.type]! : ["private club", "private clubs"];
    const first: string[] = [];
    if (c.comingSoon && c.opened) {
      first.push(
        `Opening in ${c.opened}, ${c.name} will be among the newest private ${plural} in ${place}.`,
      );
    } else if (c.founded && c.founded < 1920 && rng.chance(0.5)) {
      first.push(
        `Founded in ${c.founded}, ${c.name} is one of the oldest ${plural} in ${
          domestic ? c.state : c.country.name
        }.`,
      );
    } else if (c.founded && rng.chance(0.5)) {
      first.push(
        `${c.name} has been a fixture of ${where} life since ${c.founded}.`,
      );
    } else {
      first.push(
        rng.pick([
          `${c.name} is a private ${noun} in ${place}.`,
          `Tucked away in ${place}, ${c.name} is a members-only ${noun} with a loyal, multigenerational following.`,
          `${c.name} is a ${noun} in ${place}, known locally for its warm welcome and well-kept grounds.`,
        ]),
      );
    }
    if (c.holes) {
      const parts = [`The ${c.holes}-hole course`];
      if (c.architect) parts.push(`, designed by ${c.architect},`);
      let sentence = parts.join("");
      if (c.par && c.yardage) {
        sentence += ` plays to a par of ${c.par} and stretches ${
          c.yardage.toLocaleString("en-US")
        } yards from the back tees.`;
      } else if (c.par) {
        sentence += ` plays to a par of ${c.par}.`;
      } else {
        sentence += " is the heart of the club.";
      }
      first.push(sentence);
    }
    const details = TYPE_DETAIL[c.type ?? "social"] ?? TYPE_DETAIL.social!;
    first.push(rng.pick(details));
    if (c.amenities && c.amenities.length >= 3 && rng.chance(0.6)) {
      const items = c.amenities.slice(0, 4).map((a) => a.toLowerCase());
      const last = items.pop()!;
      first.push(
        `Members enjoy ${items.join(", ")} and ${last}, among other amenities.`,
      );
    }
    const paragraphs = [first.join(" ")];
    if (rng.chance(0.45)) {
      const second: string[] = [];
      if (c.waitlist && WAITLIST_TEXT[c.waitlist]) {
        second.push(rng.pick(WAITLIST_TEXT[c.waitlist]!));
      }
      if (rng.chance(0.35)) second.push(rng.pick(QUOTES).replace("{P}", where));
      second.push(rng.pick(CLOSERS));
      paragraphs.push(second.join(" "));
    }
    return paragraphs.join("\n\n");
  }
}

/**
 * Yields the directory's clubs, deterministically for a seed.
 *
 * @param options Seed and count; defaults {@link DEFAULT_SEED} and
 * {@link DEFAULT_COUNT}.
 */
export function* generateClubs(
  options: GenerateOptions = {},
): Generator<ClubRecord> {
  const seed = options.seed ?? DEFAULT_SEED;
  const count = options.count ?? DEFAULT_COUNT;
  if (!Number.isInteger(seed)) throw new RangeError("seed must be an integer");
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError("count must be a non-negative integer");
  }
  const run = new Run(seed);
  for (let i = 0; i < count; i++) yield run.row(i);
}

// ---------------------------------------------------------------------------
// CSV.

/** One cell as written: null empty, booleans and numbers plain, arrays JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/** CLUB_FIELDS-ordered cells of one club. */
export function toCsvCells(club: ClubRecord): string[] {
  return CLUB_FIELDS.map((field) => cell(club[field]));
}

/**
 * Yields the CSV in chunks: the header line first, then rows in batches.
 *
 * @param clubs The clubs to write.
 * @param batch Rows per chunk.
 */
export function* csvChunks(
  clubs: Iterable<ClubRecord>,
  batch = 500,
): Generator<string> {
  yield stringify([[...CLUB_FIELDS] as string[]]);
  let rows: string[][] = [];
  for (const club of clubs) {
    rows.push(toCsvCells(club));
    if (rows.length >= batch) {
      yield stringify(rows);
      rows = [];
    }
  }
  if (rows.length) yield stringify(rows);
}

/** The whole CSV text, header included. */
export function toCsv(clubs: Iterable<ClubRecord>): string {
  let out = "";
  for (const chunk of csvChunks(clubs)) out += chunk;
  return out;
}

/**
 * Writes the gzip-compressed CSV snapshot.
 *
 * @param path Where to write, such as {@link DEFAULT_OUT}.
 * @param options Seed and count.
 * @returns How many clubs were written.
 */
export async function writeSnapshot(
  path: string,
  options: GenerateOptions = {},
): Promise<number> {
  let rows = 0;
  const counted = (function* () {
    for (const club of generateClubs(options)) {
      rows++;
      yield club;
    }
  })();
  const file = await Deno.open(path, {
    write: true,
    create: true,
    truncate: true,
  });
  await ReadableStream.from(csvChunks(counted))
    .pipeThrough(new TextEncoderStream())
    .pipeThrough(new CompressionStream("gzip"))
    .pipeTo(file.writable);
  return rows;
}

const USAGE =
  "Usage: deno run --allow-write=data data/generate.ts [--seed N] [--count N] [--out data/clubs.csv.gz]";

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
