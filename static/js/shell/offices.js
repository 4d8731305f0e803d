// @ts-check
// Offices held by seats (the view's `offices` of each player: a captain, a president, a notary…), for every
// ruleset alike: a badge per office, named by the catalogue (`office.<key>`), with the ruleset's emblem if it has
// one (its `officeIcon` hook), else a star.
import { h, icon } from "./dom.js";
import { has, t } from "./i18n.js";
import { hook } from "./rules.js";

export const officeName = (key) => (has(`office.${key}`) ? t(`office.${key}`) : key);

const emblem = (key, extra = "") => icon(hook("officeIcon", "star", key), extra);

/** A badge per office the seat holds; `text`: its name beside the emblem (else only as the title). */
export function officeBadges(p, { text = true } = {}) {
  return (p.offices || []).map((key) => h("span", {
    class: ["badge", "badge-office", `badge-${key}`], title: officeName(key), "data-office": key },
  emblem(key), text ? officeName(key) : null));
}

/** A small emblem per office, beside a name (a vote's targets). */
export function officeMarks(p) {
  return ((p && p.offices) || []).map((key) => emblem(key, `office-mark ${key}-mark`));
}
