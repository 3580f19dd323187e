/**
 * The estate and landscape names that stand for `{N}` in club names ("Pine
 * Valley Golf Club"), per language, and the surnames for `{S}`. Pure data for
 * `names.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EN_PLACES } from "./place_names.ts";
 * assert.equal(`${EN_PLACES[0]} Golf Club`, "Pine Valley Golf Club");
 * ```
 * @module
 */
import { words } from "./words.ts";

/** American-style estate names, for English-language clubs. */
export const EN_PLACES: string[] = words(`
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

/** British estate names, for English-language clubs outside the US. */
export const GB_PLACES: string[] = words(`
Walton Heath|Swinley Forest|Moor Park|Ashridge|West Hill|Woodhall Spa|
Burnham & Berrow|Hankley Common|Kingswood|Hollinwell|Ferndown|Broadstone|
Denham|Thorpe Hall|Crowborough Beacon|Hillside|Formby Hall|St. Enodoc|
Saunton|Liphook|Camberley Heath|Knole Park|Prince's|St. George's Hill|
Royal Oak|Wentworth Park`);

/** Resort-style names, for "intl" clubs and as the fallback where no town fits. */
export const INTL_PLACES: string[] = words(`
Emirates|Creek|Palm|Lakeside|Harbour View|Hillside|Royal Palm|Crystal Bay|
Orchid|Lotus|Jade Dragon|Golden Sands|Blue Canyon|Nirvana|Marina|Island|
Pearl|Sapphire|Green Valley|Eagle Ridge|Mission Hills|Sunrise|Bamboo|
Dragon Lake|Coral Bay|Tamarind|Palm Hills|Sunset Bay|Mountain View|Riverside|
Lakeview|Olive Grove|Cypress Hill|Silver Oaks|Seaside|Highlands`);

/** French estate names. */
export const FR_PLACES: string[] = words(`
la Boulie|Morfontaine|la Vallée|l'Étang|la Roseraie|Bellevue|Beaulieu|
la Forêt|la Bretesche|Fontenailles|Joyenval|Chiberta|Hardelot|Chantaco|
la Salette|Rochefort|Montgriffon|l'Île d'Or|la Grande Motte|Saint-Germain`);

/** German estate names. */
export const DE_PLACES: string[] = words(`
Schloss Lüdersburg|Gut Kaden|Falkenstein|Wannsee|Hubbelrath|St. Leon-Rot|
Eichenried|Gut Altentann|Schloss Nippenburg|Seddiner See|Hösel|
Gut Lärchenhof|Feldafing|Hohe Klinge|Sonnenalp|Beuerberg|Schloss Egmating|
Rheinblick|Waldsee|Am Mondsee`);

/** Spanish estate names (Spain and Latin America). */
export const ES_PLACES: string[] = words(`
La Moraleja|Las Brisas|Los Naranjos|El Saler|La Herradura|Valle Alto|
Las Lomas|Los Arqueros|El Bosque|La Cañada|Los Leones|El Prado|Monteverde|
La Reserva|Las Colinas|Los Robles|El Encinar|La Quinta|Los Lagos|
Altos del Río|Santa Clara|El Rincón|La Dehesa|Los Pinos|Puerta de Hierro|
Las Palmeras|El Paraíso|Bellavista|Guadalmina|La Loma|Las Américas|
El Cortijo`);

/** Portuguese estate names (Portugal and Brazil). */
export const PT_PLACES: string[] = words(`
Quinta da Marinha|Quinta do Lago|Vale do Lobo|Penha Longa|Aroeira|Belas|
Gávea|São Fernando|Jardim Europa|Alphaville|Terras de São José|Vila Verde|
Monte Rei|Dunas|Quinta da Baroneza|Vale da Pinta|Morro Alto|Praia Grande|
Bom Sucesso|Lagoa Azul`);

/** Italian estate names. */
export const IT_PLACES: string[] = words(`
Villa d'Este|Le Querce|I Roveri|La Pinetina|Monticello|Le Robinie|
Il Picciolo|La Rossera|Villa Carolina|Le Betulle|Castelconturbia|Le Fronde|
Poggio dei Medici|Villa Condulmer|Acquabona|Le Rovedine|La Mandria|
Ca' della Nave|Il Castello|Bogogno|Olgiata|Parco de' Medici|Margara|
I Ciliegi`);

/** Dutch estate names. */
export const NL_PLACES: string[] = words(`
De Pan|Het Rijk|De Haar|Hoge Kleij|De Lage Vuursche|Lauswolt|Toxandria|
De Dommel|Het Gooi|De Kennemer|Noordwijkse Duinen|De Hoge Veluwe|Rosendael|
De Scherpenbergh|Zeegersloot|De Batouwe|Het Loo|Ockenburgh`);

/** English surnames, for "The {S} Club" and estates such as "Whitmore Farms". */
export const SURNAMES: string[] = words(`
Whitmore|Ashford|Pemberton|Hollister|Carrington|McAllister|O'Brien|
Fitzgerald|Donnelly|Hawthorne|Kingsley|Prescott|Winslow|Sterling|Ellsworth|
Bradford|Chandler|Davenport|Montgomery|Radcliffe|O'Connor|D'Arcy|Van Buren|
Harrington|Lockwood|Beaumont|Whitfield|Thornton|Gallagher|Sinclair`);
