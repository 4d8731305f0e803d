// @ts-check
// Texts: the catalogue the server embeds in every page (static/i18n/*.json, merged with each ruleset's own), and
// the ways of saying lists, names and times in the reader's language. A text is an ICU MessageFormat message:
// `{name}` fills a value, `{n, plural, one {# pièce} other {# pièces}}` agrees with a number, `{g, select, …}`
// with a word; intl-messageformat (static/vendor, pinned; docs/architecture.md, "Texts") formats it with the
// browser's own plural rules (Intl.PluralRules) for the page's language.
import { IntlMessageFormat } from "../../vendor/intl-messageformat/intl-messageformat.iife.js";

const catalogueNode = document.getElementById("i18n");
export const catalogue = catalogueNode ? JSON.parse(catalogueNode.textContent || "{}") : {};
export const LANG = document.documentElement.lang || "fr";

// Each message is parsed once (key → formatter, or null when it does not parse).
const compiled = new Map();

function formatter(key, text) {
  if (!compiled.has(key)) {
    let fmt;
    try {
      fmt = new IntlMessageFormat(text, LANG, undefined, { ignoreTag: true });
    } catch {
      fmt = null;
    }
    compiled.set(key, fmt);
  }
  return compiled.get(key);
}

/**
 * The text of `key` with its values filled in (numbers stay numbers, so plurals agree with them); the key itself
 * when the catalogue lacks it. A value left out shows as its `{placeholder}`, which the text test catches.
 */
export function t(key, params = {}) {
  const text = catalogue[key];
  if (typeof text !== "string") return key;
  if (!text.includes("{")) return text;
  const values = {};
  for (const [name, value] of Object.entries(params || {})) {
    if (value !== null && value !== undefined) values[name] = typeof value === "number" ? value : String(value);
  }
  const fmt = formatter(key, text);
  if (fmt) {
    try {
      return elide(String(fmt.format(values)), values);
    } catch {
      // a value is missing: said below
    }
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (values[name] === undefined ? whole : String(values[name])));
}

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/iu;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * French elides "de" and "que" before a vowel ("la maison d'Emma", not "de Emma"): only before a filled-in value
 * (a name, a card), since the catalogue's own words are written right. The same rule as app/i18n.py's `elide`.
 */
export function elide(text, values, lang = LANG) {
  if (lang !== "fr") return text;
  const mark = text.includes("’") ? "’" : "'";
  for (const value of Object.values(values || {})) {
    if (typeof value !== "string" || !VOWEL.test(value)) continue;
    text = text.replace(new RegExp(`(^|[^\\p{L}])(de|De|que|Que) (?=${escape(value)})`, "gu"),
      (_, before, word) => `${before}${word.slice(0, -1)}${mark}`);
  }
  return text;
}

export const has = (key) => typeof catalogue[key] === "string";

/** A card's name (every ruleset names its cards `role.<key>`). */
export const roleName = (key) => (key ? t(`role.${key}`) : "?");

/** A question's step as a short label (`pstep.<key>`); a ruleset that names its questions by their step has only
 * `step.<key>`, which may name the question's seats and coins: `params` fills them. */
export const stepName = (key, params = {}) => (has(`pstep.${key}`) ? t(`pstep.${key}`, params)
  : has(`step.${key}`) ? t(`step.${key}`, params) : String(key));

// Intl's formatters are made once: a journal of a thousand lines asked for a thousand of each.
let lists = null;
let hours = null;

/** "A, B et C": a list of words as the reader's language says it. */
export function listOf(items) {
  try {
    lists = lists || new Intl.ListFormat(LANG, { style: "long", type: "conjunction" });
    return lists.format(items);
  } catch {
    return items.join(", ");
  }
}

export function listNames(seats, name) {
  const items = (seats || []).map((s) => name(s));
  if (!items.length) return t("ui.nobody");
  return listOf(items);
}

export function prettyCode(code) {
  const c = String(code || "");
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** m:ss (or h:mm:ss) of a number of seconds. */
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, "0");
  if (m >= 60) return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${rest}`;
  return `${m}:${rest}`;
}

/** The browser's own time zone (IANA name), or null. */
export function localZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const dayKey = (date, zone) => {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone || undefined, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  } catch {
    return date.toDateString();
  }
};

/**
 * An epoch time as the reader's local clock time ("20:30"), with the day when it is not today ("demain 20:30",
 * "sam. 20:30"). `zone` shows it in another time zone instead (the room's).
 */
export function localTime(epoch, zone = null, now = Date.now() / 1000) {
  const date = new Date(epoch * 1000);
  let hm;
  try {
    hm = date.toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit", timeZone: zone || undefined });
  } catch {
    hm = date.toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" });
  }
  const today = dayKey(new Date(now * 1000), zone);
  const that = dayKey(date, zone);
  if (that === today) return hm;
  if (that === dayKey(new Date((now + 86400) * 1000), zone)) return t("time.tomorrow", { time: hm });
  let day;
  try {
    day = date.toLocaleDateString(LANG, { weekday: "long", timeZone: zone || undefined });
  } catch {
    day = date.toLocaleDateString(LANG, { weekday: "long" });
  }
  return t("time.on_day", { day, time: hm });
}

export function timeOf(at) {
  try {
    hours = hours || new Intl.DateTimeFormat(LANG, { hour: "2-digit", minute: "2-digit" });
    return hours.format(new Date(at * 1000));
  } catch {
    return "";
  }
}

/** A room option's label (its `opt.<key>` text), else its key. */
export function optionName(key) {
  return has(`opt.${key}`) ? t(`opt.${key}`) : key;
}

/** The translated text of a rejection's code (its params made readable), else the server's own message. */
export function rejectionText(code, message, params = {}) {
  /** @type {Record<string, any>} */
  const shown = { ...(params || {}) };
  if (code === "option_fixed_in_game" && typeof shown.option === "string") shown.option = optionName(shown.option);
  if (typeof shown.role === "string") shown.role = roleName(shown.role);
  if (typeof shown.seat === "number") shown.seat = shown.seat + 1;
  return has(`error.${code}`) ? t(`error.${code}`, shown) : message || code;
}
