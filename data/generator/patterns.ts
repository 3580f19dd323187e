/**
 * The club-name patterns, per name style and club type, with their weights.
 * Pure data for `names.ts`, which parses and fills them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PATTERNS } from "./patterns.ts";
 * assert.equal(PATTERNS.nordic.golf!.trim().split("\n")[0], "4 {C} {GK}");
 * ```
 * @module
 */
import type { Lang } from "./lang.ts";

/**
 * Name patterns per style and type, "WEIGHT[FLAGS] pattern". Flags: R royal
 * countries only, A US and Canada only, B everywhere but the US and Canada,
 * C Canada only, G countries with gymkhanas. Placeholders: {C} city, {N} a
 * local estate or landscape name, {T} a local made-up place, {S} a surname,
 * {R} the region, {HB} Harbor or Harbour, {GK} {TK} {SK} local words for
 * golf, tennis and sailing club.
 */
export const PATTERNS: Record<Lang, Partial<Record<string, string>>> = {
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

/**
 * The words for golf, tennis and sailing club that the "nordic" patterns'
 * `{GK}`, `{TK}` and `{SK}` stand for, per country (Swedish elsewhere).
 */
export const NORDIC_WORDS: Record<string, { GK: string; TK: string; SK: string }> = {
  SE: { GK: "Golfklubb", TK: "Tennisklubb", SK: "Segelsällskap" },
  NO: { GK: "Golfklubb", TK: "Tennisklubb", SK: "Seilforening" },
  DK: { GK: "Golfklub", TK: "Tennisklub", SK: "Sejlklub" },
};
