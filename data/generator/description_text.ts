/**
 * The sentences and words descriptions are assembled from. Pure data for
 * `description.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TYPE_NOUN } from "./description_text.ts";
 * assert.deepStrictEqual(TYPE_NOUN.wine, ["wine society", "wine societies"]);
 * ```
 * @module
 */

/** What a club of each type is called in prose, singular and plural. */
export const TYPE_NOUN: Record<string, [string, string]> = {
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

/** Sentences that describe a club of each type; one is used per club. */
export const TYPE_DETAIL: Record<string, string[]> = {
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

/** Sentences about joining, per `waitlist_status` value. */
export const WAITLIST_TEXT: Record<string, string[]> = {
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

/** Members' sayings; `{P}` stands for the club's city (or region). */
export const QUOTES = [
  'One longtime member calls it "the best-kept secret in {P}," and the membership seems to agree.',
  'As one of the founders put it, "a place to gather, not to be seen."',
  'Regulars describe the atmosphere as "relaxed, but never casual."',
  'Members like to say it is "a second home, with better food."',
  'The club\'s motto, "Friendship, fellowship and fair play," still hangs over the bar.',
  'Visitors often remark that it feels "like stepping back in time, in the best way."',
];

/** House rules and customs that close a description. */
export const CLOSERS = [
  "Guests must be accompanied by a member.",
  "A jacket-required policy applies in the main dining room.",
  "Reciprocal privileges are available at a number of clubs abroad.",
  "Mobile phones are discouraged in the clubhouse.",
  "Children are welcome at most club events.",
  "The club hosts an annual gala that is a fixture of the local calendar.",
];
