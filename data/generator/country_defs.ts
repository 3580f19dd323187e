/**
 * The hand-written country list: which countries the snapshot covers, how
 * many of its clubs each gets, and the real regions and cities they sit in.
 *
 * It is pure data, kept apart from the code that reads it
 * (`countries.ts`) because it is most of the generator's bulk.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COUNTRY_DEFS } from "./country_defs.ts";
 * assert.equal(COUNTRY_DEFS[0]!.code, "US");
 * ```
 * @module
 */
import type { Lang, TownLang } from "./lang.ts";

/**
 * One country of the snapshot. `places` lists real regions (ISO 3166-2 codes,
 * without the country prefix) with a weight and real cities, one a line:
 * "CODE WEIGHT City|City".
 */
export interface CountryDef {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** Share of all clubs, in percent (normalised). */
  weight: number;
  /** Style of its club names and, unless `townLang` says, its towns. */
  lang: Lang;
  /** Listed regions and their cities, "CODE WEIGHT City|City" a line. */
  places: string;
  /** Weight of each unlisted top-level region, whose towns are generated. */
  fill?: number;
  /** Share of clubs in listed regions that sit in generated towns. */
  towns?: number;
  /** Style of generated town names when it is not the one of `lang`. */
  townLang?: TownLang;
  /** Per-region name and town language. */
  regionLang?: Record<string, Lang>;
  /** Whether "Royal …" names fit (pattern flag R). */
  royal?: boolean;
  /** Whether "… Gymkhana" names fit (pattern flag G). */
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
  /** Top-level regions that `fill` leaves out. */
  exclude?: string[];
}

/**
 * Every country of the snapshot, in the order the PRNG's weighted choice
 * walks them: reordering changes every row after the first.
 */
export const COUNTRY_DEFS: CountryDef[] = [
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
