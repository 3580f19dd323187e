/**
 * The syllables made-up town names are built from, per language, and the few
 * whole words some languages' names use (saints, rivers, adjectives). Pure
 * data for `towns.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOWN_PARTS } from "./town_parts.ts";
 * assert.equal(TOWN_PARTS.de.a[0]! + TOWN_PARTS.de.b[0]!, "Lindendorf");
 * ```
 * @module
 */
import type { TownLang } from "./lang.ts";
import { words } from "./words.ts";

/**
 * Per town language, first parts (`a`) and second parts (`b`) of a town's
 * name. Spanish, Portuguese and Italian use them differently: `a` holds
 * saints' names and `b` the words that follow them.
 */
export const TOWN_PARTS: Record<TownLang, { a: string[]; b: string[] }> = {
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

/** Saints of French "Saint-…" towns. */
export const FR_SAINTS: string[] = words(`
Rémy|Germain|Cyr|Jean|Lambert|Aubin|Martin|Nom|Maur|Hilaire|Étienne|Raphaël`);
/** Rivers and waters of French "…-sur-…" towns. */
export const FR_RIVERS = ["Seine", "Loire", "Marne", "Oise", "Mer", "Lac", "Rhône"];
/** Female saints of Spanish "Santa …" towns. */
export const ES_SAINTAS = ["Lucía", "Rosa", "Ana", "Clara", "Teresa", "Eulalia"];
/** Adjectives of Spanish "Villa …" towns. */
export const ES_ADJ = ["Hermosa", "Alegre", "Real", "Verde", "Nueva", "Serena"];
