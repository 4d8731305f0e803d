// @ts-check
// The end: why the game stopped, and every seat's cards and result with its reasons (`result.seats[].reasons`).
import { h } from "../../shell/dom.js";
import { has, roleName, t } from "../../shell/i18n.js";
import { readableParams } from "../../shell/journal.js";
import { ALL_SLOTS, byseat, campName, campOf, rt, village } from "./common.js";

// -- the end ---------------------------------------------------------------------------------------------------------
function reasonText(reason, name) {
  return has(reason.key) ? t(reason.key, readableParams(reason.params || {}, name)) : reason.key;
}

export function endWhy(v, ctx) {
  const result = v.result || {};
  const stop = result.stop || [];
  const camps = result.camps || [];
  if (!stop.length && camps.length < 2) return null;
  return h("div", { class: "rp-why", "data-key": "why" },
    camps.length > 1 ? h("p", { class: "rp-camps-won" }, camps.map((c) => t(`end.win.${c}`)).join(" ")) : null,
    stop.length ? [h("h3", {}, rt("victory.rp-why")), h("ul", {}, stop.map((r, i) => h("li", { "data-key": `why${i}` }, reasonText(r, ctx.name))))] : null);
}

/** The specialties passed on to `seat` (shown at the end only: `village.inherited`, §9). */
function inherited(v, seat) {
  return ((village(v).inherited || {})[String(seat)]) || [];
}

/** The specialties others inherited (a donor's chip among them reads "passed on"). */
function passedOn(v, seat) {
  return Object.entries(village(v).inherited || {}).filter(([heir]) => heir !== String(seat)).flatMap(([, cards]) => cards);
}

/** Whether `seat` passed his specialty on (public: `village.dead.inheritance`). */
function donated(v, seat) {
  return ((village(v).dead || {}).inheritance || []).includes(seat);
}

export function endDetails(v, ctx) {
  const result = v.result || {};
  const players = byseat(v);
  // The winners first, then those who reached a consolation objective, then the others (each in seat order).
  const rank = { won: 0, consolation: 1 };
  const judged = (result.seats || []).length > 0;
  // A game the MJ stopped has no results, but its end still shows every seat's cards (both of them).
  const rows = judged ? [...result.seats].sort((a, b) => (rank[a.result] ?? 2) - (rank[b.result] ?? 2))
    : (v.players || []).map((p) => ({ seat: p.seat, alive: p.alive }));
  if (!rows.length) return undefined;
  return h("table", { class: "roles-table rp-results" },
    h("thead", {}, h("tr", {}, h("th", {}, t("ui.player")), judged ? h("th", {}, rt("ui.rp-result")) : null)),
    h("tbody", {}, rows.map((r) => {
      const p = players.get(r.seat) || { cards: {} };
      return h("tr", { class: [r.result === "won" && "winner", !r.alive && "dead", r.result && `rp-result-${r.result}`], "data-seat": r.seat, "data-key": `r${r.seat}` },
        h("td", {}, h("b", {}, ctx.name(r.seat)), p.me ? h("small", {}, ` (${t("ui.you")})`) : null,
          !r.alive ? h("small", { class: "muted" }, ` · ${t("ui.dead")}`) : null,
          h("span", { class: "rp-end-cards" }, ALL_SLOTS.filter((slot) => (p.cards || {})[slot]).map((slot) => {
            const c = p.cards[slot];
            // The same specialty under its donor and its heir (§9): each chip says which way it went.
            const note = slot === "camp" ? null : inherited(v, r.seat).includes(c) ? rt("ui.rp-end-inherited")
              : donated(v, r.seat) && passedOn(v, r.seat).includes(c) ? rt("ui.rp-end-passed-on") : null;
            return h("span", { class: ["badge", "role-chip", `rp-camp-${campOf(c)}`, note && "rp-end-heritage"], "data-slot": slot },
              roleName(c), note ? h("small", {}, ` · ${note}`) : null);
          })),
          r.camp ? h("small", { class: "rp-dominant" }, rt("ui.rp-dominant", { camp: campName(r.camp) })) : null),
        judged ? h("td", {}, h("span", { class: ["badge", r.result === "won" ? "badge-good" : r.result === "consolation" ? "badge-warn" : ""] },
          t(`victory.rp-result.${r.result}`)),
        (r.reasons || []).length ? h("ul", { class: "rp-reasons" }, r.reasons.map((reason, i) => h("li", { "data-key": `re${i}` }, reasonText(reason, ctx.name)))) : null) : null);
    })));
}
