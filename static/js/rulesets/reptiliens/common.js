// @ts-check
// Les Reptiliens' shared words and lookups: the module's texts (`rt`), its icons, the ruleset's catalogue the
// server serves (GET /api/rulesets/<key>: cards, decks, the week's tables), and the view's public facts every part
// reads (the village, a seat's fate, an office's or a law's name).
import { addIcons, h, icon } from "../../shell/dom.js";
import { has, t } from "../../shell/i18n.js";
import { officeName } from "../../shell/offices.js";

/** A text of the ruleset's own catalogue (static/i18n/reptiliens/<lang>.json). */
export const rt = (key, params) => t(key, params);

addIcons({
  house: '<path d="M4 11l8-7 8 7v9H4z"/><path d="M10 20v-5h4v5"/>',
  // A reptile's eye: the slit pupil.
  reptile: '<path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z"/><path d="M12 7c-1.2 1.6-1.2 8.4 0 10 1.2-1.6 1.2-8.4 0-10z"/>',
  coin: '<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="4.5"/>',
  sleep: '<path d="M4 5h6l-6 7h6"/><path d="M13 11h5l-5 6h5"/>',
  note: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  shield: '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>',
  camera: '<rect x="3" y="7" width="13" height="10" rx="2"/><path d="M16 10.5l5-2.5v8l-5-2.5z"/>',
  paw: '<circle cx="6.5" cy="10" r="1.8"/><circle cx="10" cy="6" r="1.8"/><circle cx="14" cy="6" r="1.8"/><circle cx="17.5" cy="10" r="1.8"/><path d="M8 17.5c0-3 1.8-5 4-5s4 2 4 5c0 1.8-2 1.8-4 1.2-2 .6-4 .6-4-1.2z"/>',
  dagger: '<path d="M20 4l-9.5 9.5"/><path d="M20 4v4l-8 8"/><path d="M8 11l5 5"/><path d="M9.5 14.5L4 20"/>',
  party: '<path d="M4 20l4-12 8 8z"/><path d="M14 4v2M19 9h2M17.5 5.5l-1.5 1.5M13 9c1-1 2.5-1 3.5 0"/>',
  mask: '<path d="M2 9c3-1 6-1 10 1 4-2 7-2 10-1-1 5-3 7-6 7-2 0-3-2-4-2s-2 2-4 2c-3 0-5-2-6-7z"/><path d="M7 11.5h2M15 11.5h2"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 19V5"/><path d="M9 7h6"/>',
});

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
// A seat's cards: camp, specialty, and a second specialty once inherited (§9 héritage spirituel).
export const ALL_SLOTS = ["camp", "specialty", "specialty2"];
export const slotName = (slot) => rt(`ui.rp-card-${slot}`);
/** The slots shown for a seat's cards (players[].cards: slot -> card; me.cards: slot -> {card, …}): the third only
 * once held. */
export const heldSlots = (cards) => ALL_SLOTS.filter((slot) => {
  const c = (cards || {})[slot];
  return slot !== "specialty2" || Boolean(c && (typeof c === "string" || c.card));
});

// The emblem of a camp (a specialty card belongs to none).
export const CAMP_ICONS = { "rp-reptiliens": "reptile", "rp-villageois": "house", "rp-amoureux": "heart", "rp-idealistes": "book",
  "rp-seths": "mask", "rp-souris": "users", "rp-martyre": "cross", "rp-musiciens": "note", "rp-specialite": "star" };

// What the server says of the ruleset (GET /api/rulesets/<key>): read once when the page loads the module (`learn`),
// never changed after.
export const data = { key: null, roles: new Map(), nights: {}, suggested: {}, min: 6, max: 40, info: null };

/** The ruleset's catalogue as the server serves it: its cards (decks, camps), the week's tables, the sizes. */
export function learn(key, info) {
  data.key = key;
  data.roles = new Map((info.roles || []).map((r) => [r.key, r]));
  data.nights = info.nights || {};
  data.suggested = info.suggested || {};
  data.min = info.min_players || 6;
  data.max = info.max_players || 40;
  data.info = info;  // its options' schema and the console's options (setup.js)
}

export const campOf = (card) => (data.roles.get(card) || {}).camp || null;
export const deckOf = (card) => (data.roles.get(card) || {}).deck || null;
export const campName = (camp) => (camp && has(`camp.${camp}`) ? t(`camp.${camp}`) : camp || "");
export const powerName = (power) => (has(`power.${power}`) ? t(`power.${power}`) : power);
export const weekdayName = (day) => (day ? t(`rp.weekday.${day}`) : "");
export const campIcon = (camp, extra = "") => icon(CAMP_ICONS[camp] || "card", extra);
/** The weekdays whose night calls a card (the week's tables the server serves). */
export const nightsOf = (card) => DAYS.filter((d) => (data.nights[d] || []).some((s) => (s.actors || []).includes(card)));
/** A group of seats that know each other (`secrets.fellows`): a camp's name, else a personal condition's. */
export const groupName = (group) => (has(`camp.${group}`) ? t(`camp.${group}`) : has(`victory.${group}`) ? t(`victory.${group}`) : group);
export const failureText = (code) => (code && has(`ui.rp-failure.${code}`) ? t(`ui.rp-failure.${code}`) : code || "");
export const causeText = (cause) => (has(`power.${cause}`) ? t(`power.${cause}`) : has(`ui.rp-cause.${cause}`) ? t(`ui.rp-cause.${cause}`) : cause);
export const village = (v) => v.village || {};
export const byseat = (v) => new Map((v.players || []).map((p) => [p.seat, p]));
export const conversationOf = (channel) => {
  const m = /^rp-fete-(\d+)-(\d+)$/.exec(channel || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
};

/** An office by its variant's name when the game plays one (`village.offices.variants`). */
export function officeLabel(v, office) {
  const variant = ((village(v).offices || {}).variants || {})[office];
  return officeName(variant || office);
}
/** The law of the day: its label, or the proposer's own words. */
export function lawLabel(key, text) {
  if (text) return rt("ui.rp-law-own", { text });
  return key && has(`choice.rp-loi.${key}`) ? t(`choice.rp-loi.${key}`) : key || "";
}
export const sessionLabel = (kind) => (has(`choice.rp-session-speciale.${kind}`) ? t(`choice.rp-session-speciale.${kind}`) : kind);
/** What a dead seat became (public, `village.dead`): "ghost", "spirit", "inheritance", "choosing", or null. */
export function fateOf(v, seat) {
  const d = village(v).dead || {};
  if ((d.ghosts || []).includes(seat)) return "ghost";
  if ((d.spirits || []).includes(seat)) return "spirit";
  if ((d.inheritance || []).includes(seat)) return "inheritance";
  if ((d.choosing || []).includes(seat)) return "choosing";
  return null;
}
export const FATE_ICONS = { ghost: "ghost", spirit: "eye", inheritance: "star", choosing: "clock" };
// The emblem of each office (badges, the board, a vote's targets: the shell's `officeIcon` hook).
export const OFFICE_ICONS = { "rp-scrutateur": "check", "rp-chef-milice": "ghost", "rp-president": "flag", "rp-procureur": "eye",
  "rp-notaire": "book", "rp-senateur": "users", "rp-pretre": "heart", "rp-adjoint": "camera", "rp-pickpocket": "coin",
  "rp-bourreau": "dagger" };
export function fateBadge(v, seat) {
  const fate = fateOf(v, seat);
  if (!fate) return null;
  return h("span", { class: ["badge", "rp-fate", `rp-fate-${fate}`], "data-fate": fate, title: rt(`ui.rp-fate.${fate}`) },
    icon(FATE_ICONS[fate]), rt(`ui.rp-fate.${fate}`));
}
