// @ts-check
// The MJ's console: the board (the street, tonight's table, the notebook, the society, the money and offices
// history, the week), each seat's cards, secrets and actions, and the carnage switch.
import { h, icon } from "../../shell/dom.js";
import { has, listNames, listOf, roleName, stepName, t, timeOf } from "../../shell/i18n.js";
import { describe as genericLine } from "../../shell/journal.js";
import { officeBadges, officeName } from "../../shell/offices.js";
import { lifeButton } from "../../shell/seat_actions.js";
import {
  ALL_SLOTS, campName, campOf, data, DAYS, failureText, FATE_ICONS, fateBadge, fateOf, heldSlots, powerName, rt,
  slotName, village, weekdayName,
} from "./common.js";
import { endDetails, endWhy } from "./end.js";
import { legend, observers, streetPicture, whereabouts } from "./street.js";
import { invocationBanner, societyBox, tonightList, tonightTitle, weekStrip } from "./village.js";

// -- the console: money and offices, newest first ------------------------------------------------------------------------
const MONEY_KEYS = new Set(["rp-don", "rp-heritage-veuf", "rp-heritage-notaire", "rp-pickpocket-vol", "rp-tarif-paye",
  "rp-enquete", "rp-vote-impaye", "rp-larcin-butin", "rp-larcin-rendu"]);
const OFFICE_KEYS = new Set(["rp-nomme", "rp-poste-vacant", "rp-poste-retire", "rp-renonce", "rp-scrutateur-tourne",
  "rp-demission", "rp-postes-echanges", "rp-adoration-echange", "rp-chef-milice", "rp-grace-bourreau", "rp-candidature",
  "rp-postes-en-jeu", "rp-poste-non-remplace", "rp-farce-clockwise", "rp-farce-counterclockwise"]);

function historyBox(v, ctx) {
  const events = ctx.events || [];
  const coins = new Map();
  const lines = [];
  events.forEach((e, i) => {
    const d = e.data || {};
    if (e.type === "rp-coins") {
      const before = coins.get(d.seat);
      coins.set(d.seat, d.coins);
      if (before === undefined || before === d.coins) return;
      const by = d.coins - before;
      lines.push([i, e.at, rt("ui.rp-history-coins", { name: ctx.name(d.seat), before, after: d.coins, by: by > 0 ? `+${by}` : String(by) }), "coins"]);
    } else if (e.type === "office") {
      // An office change its announcement tells just after (`rp-nomme`, `rp-poste-retire`…) is said once.
      const told = events.slice(i + 1, i + 6).some((x) => x.type === "announce" && OFFICE_KEYS.has((x.data || {}).key)
        && ((x.data || {}).params || {}).office === d.office);
      if (told) return;
      lines.push([i, e.at, d.seat === null || d.seat === undefined ? t("event.office.none", { office: officeName(d.office) })
        : t("event.office", { name: ctx.name(d.seat), office: officeName(d.office) }), "office"]);
    } else if (e.type === "rp-invocation" && ["rp-assassinat", "rp-enquete"].includes(d.power)) {
      // The fact reads as `rp-invoque-mj` (its line); an older log's twin announcement, just after, is said once.
      const line = genericLine(e, { ...ctx, thirdPerson: true }, "full");
      if (line && line.text) lines.push([i, e.at, line.text, "money"]);
    } else if (e.type === "announce" && (MONEY_KEYS.has(d.key) || OFFICE_KEYS.has(d.key) || (d.key === "rp-invoque-mj"
      && ["rp-assassinat", "rp-enquete"].includes((d.params || {}).power)
      && !events.slice(Math.max(0, i - 6), i).some((x) => x.type === "rp-invocation" && x.at === e.at)))) {
      const line = genericLine(e, { ...ctx, thirdPerson: true }, "full");
      if (line && line.text) lines.push([i, e.at, line.text, MONEY_KEYS.has(d.key) || d.key === "rp-invoque-mj" ? "money" : "office"]);
    }
  });
  const shown = lines.reverse().slice(0, 60);
  return h("details", { class: "rp-history more", "data-key": "history", open: true },
    h("summary", {}, icon("coin"), " ", rt("ui.rp-history")),
    shown.length ? h("ol", { class: "rp-history-list small" }, shown.map(([i, at, text, kind]) => h("li", { class: `rp-history-${kind}`, "data-key": `h${i}` },
      h("time", { class: "at" }, timeOf(at)), " ", text))) : h("p", { class: "muted small" }, rt("ui.rp-history-none")));
}

/** The MJ's bookkeeping (`mj.reptiliens`): lovers, cards set aside, the pack's choice, tonight's dead, the richest. */
function notebook(v, ctx) {
  const mj = (v.mj && v.mj.reptiliens) || {};
  const night = mj.night || {};
  const { name } = ctx;
  const row = (key, label, value) => (value === null || value === undefined || value === "" ? null
    : [h("dt", { "data-key": `t${key}` }, label), h("dd", { "data-key": `d${key}`, "data-row": key }, value)]);
  const pack = night.pack;
  const inv = mj.invocation;
  const aside = mj.aside || {};
  return h("dl", { class: "rp-notebook small" },
    row("lovers", rt("ui.rp-nb-lovers"), (mj.lovers || []).length
      ? [listNames(mj.lovers, name), mj.spare_life ? ` (${rt("ui.rp-nb-spare-life")})` : ""] : null),
    row("pack", rt("ui.rp-nb-pack"), pack ? (pack.house === null || pack.house === undefined ? failureText(pack.failure)
      : [rt("ui.rp-house-of", { name: name(pack.house) }), pack.squatter ? ` (${rt("ui.rp-nb-squatter")})` : "",
        pack.decided_by ? ` · ${has(`ui.rp-decided.${pack.decided_by}`) ? t(`ui.rp-decided.${pack.decided_by}`) : pack.decided_by}` : ""]) : null),
    row("dying", rt("ui.rp-nb-dying"), (night.dying || []).length ? listNames(night.dying.map(Number), name) : null),
    row("asleep", rt("ui.rp-nb-asleep"), (night.asleep || []).length ? listNames(night.asleep, name) : null),
    row("militia", rt("ui.rp-nb-militia"), night.militia !== null && night.militia !== undefined ? rt("ui.rp-house-of", { name: name(night.militia) }) : null),
    row("richest", rt("ui.rp-nb-richest"), mj.richest !== null && mj.richest !== undefined ? name(mj.richest) : null),
    row("charmed", rt("ui.rp-nb-charmed"), (mj.charmed || []).length ? listNames(mj.charmed, name) : null),
    row("observers", rt("ui.rp-nb-observers"), observers(night).length ? observers(night).map((o, i) => h("span", { class: "rp-nb-observer", "data-key": `o${i}` },
      i ? " · " : "", o.house !== null && o.house !== undefined
        ? rt(`ui.rp-observer.${o.kind}`, { name: name(o.owner) }) + " → " + rt("ui.rp-house-of", { name: name(o.house) })
        : rt(`ui.rp-observer.${o.kind}`, { name: name(o.owner) }) + " → " + rt("ui.rp-morgue", { name: name(o.corpse) }))) : null),
    row("invocation", rt("ui.rp-nb-invocation"), inv ? rt("ui.rp-nb-invoked", { name: name(inv.seat), power: powerName(inv.power) }) : null),
    row("aside", rt("ui.rp-nb-aside"), [...(aside.camp || []), ...(aside.specialty || [])].length
      ? listOf([...(aside.camp || []), ...(aside.specialty || [])].map(roleName)) : null),
    row("estate", rt("ui.rp-nb-estate"), mj.estate ? String(mj.estate) : null));
}

/** The six nights of the week, each a column: the week's table (GET /api/rulesets/reptiliens). */
function weekTable(v) {
  const today = (village(v).week || {}).weekday;
  const days = DAYS.filter((d) => (data.nights[d] || []).length);
  if (!days.length) return null;
  return h("details", { class: "rp-week-table more", "data-key": "week-table" },
    h("summary", {}, rt("ui.rp-whole-week")),
    h("div", { class: "rp-week-cols" }, days.map((d) => h("div", { class: ["rp-week-col", d === today && "today"], "data-key": `wk${d}` },
      h("h4", {}, weekdayName(d)),
      h("ol", {}, data.nights[d].filter((step) => step.key !== "rp-aube").map((step, i) => h("li", { "data-key": `${d}${i}`, class: step.in_progress ? "in-progress" : null },
        stepName(step.key), step.actors.length && step.actors.length < 3 ? h("small", {}, ` (${listOf(step.actors.map(roleName))})`) : null)))))));
}

export function board(v, ctx) {
  if (v.phase === "lobby") return null;
  if (v.phase === "ended") {
    return [h("h2", {}, icon("house"), " ", rt("ui.rp-street")), streetPicture(v, ctx), endWhy(v, ctx), endDetails(v, ctx) || null];
  }
  const vil = village(v);
  return [
    h("div", { class: "rp-board-head", "data-key": "head" }, h("h2", {}, icon("house"), " ", rt("ui.rp-street")), weekStrip(v),
      vil.carnage ? h("span", { class: "badge badge-warn rp-carnage-badge" }, icon("reptile"), rt("ui.rp-carnage-short")) : null),
    h("div", { class: "rp-board-grid", "data-key": "grid" },
      h("div", { class: "rp-picture", "data-key": "picture" }, streetPicture(v, ctx), legend(v), whereabouts(v, ctx)),
      h("div", { class: "rp-board-side", "data-key": "side" },
        h("div", { class: "rp-board-tonight", "data-key": "tonight" },
          h("h3", {}, icon("moon"), " ", tonightTitle(v)),
          tonightList(v, { mj: true })),
        h("div", { class: "rp-board-notes", "data-key": "notes" },
          h("h3", {}, icon("book"), " ", rt("ui.rp-notebook")),
          notebook(v, ctx)),
        societyBox(v, ctx, { mj: true }),
        historyBox(v, ctx))),
    weekTable(v),
  ];
}

// -- the console: seats --------------------------------------------------------------------------------------------
function seatSecrets(v, seat) {
  return ((((v.mj && v.mj.reptiliens) || {}).seats) || {})[String(seat)] || {};
}

export function seatBody(v, p, ctx) {
  const s = seatSecrets(v, p.seat);
  const spouse = (village(v).spouses || {})[String(p.seat)];
  const held = p.cards || {};
  const place = ((((v.mj && v.mj.reptiliens) || {}).night || {}).places || {})[String(p.seat)];
  const lines = [];
  if ((s.personal || []).length) lines.push(["personal", rt("ui.rp-seat-personal", { conditions: listOf(s.personal.map((c) => t(`victory.${c}`))) })]);
  if ((s.converted || []).length) lines.push(["converted", rt("ui.rp-converted", { camp: listOf(s.converted.map(campName)) })]);
  if ((s.charms || []).length) lines.push(["charms", rt("ui.rp-seat-charms", { names: listNames(s.charms, ctx.name) })]);
  if ((s.used || []).length) lines.push(["used", rt("ui.rp-used", { powers: listOf(s.used.map(powerName)) })]);
  if ((s.invocable || []).length) lines.push(["invocable", rt("ui.rp-seat-invocable", { powers: listOf(s.invocable.map(powerName)) })]);
  if (place && place[0] !== p.seat) lines.push(["place", rt("ui.rp-seat-place", { name: ctx.name(place[0]), action: has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1] })]);
  return [
    h("p", { class: "seat-role rp-seat-cards" }, ALL_SLOTS.map((slot) => {
      const card = held[slot];
      return card ? h("span", { class: ["badge", "role-chip", `rp-camp-${campOf(card)}`], "data-slot": slot, "data-card": card,
        title: slotName(slot) }, roleName(card)) : null;
    }), typeof s.coins === "number" ? h("span", { class: "rp-coins", title: rt("ui.rp-coins-of", { name: p.name, n: s.coins }) }, icon("coin"), String(s.coins)) : null),
    (p.offices || []).length || spouse !== undefined || !p.alive ? h("p", { class: "rp-seat-society" }, officeBadges(p),
      spouse !== undefined && spouse !== null ? h("span", { class: "badge rp-spouse" }, icon("heart"), rt("ui.rp-spouse-of", { name: ctx.name(spouse) })) : null,
      !p.alive ? fateBadge(v, p.seat) : null) : null,
    lines.length ? h("ul", { class: "tags" }, lines.map(([key, text]) => h("li", { "data-key": key }, text))) : null,
  ];
}

export function seatMarks(v, p) {
  const s = seatSecrets(v, p.seat);
  return [
    s.lover !== undefined ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
    s.charmed ? h("span", { class: "badge", title: rt("ui.rp-nb-charmed") }, icon("note")) : null,
    s.asleep ? h("span", { class: "badge", title: rt("ui.rp-heavy-sleep") }, icon("sleep")) : null,
    (village(v).spouses || {})[String(p.seat)] !== undefined ? h("span", { class: "badge rp-spouse", title: rt("ui.rp-spouses") }, icon("heart")) : null,
    fateOf(v, p.seat) ? h("span", { class: "badge", title: rt(`ui.rp-fate.${fateOf(v, p.seat)}`) }, icon(FATE_ICONS[fateOf(v, p.seat)])) : null,
  ];
}

function cardOptions(deck, selected) {
  return [...data.roles.values()].filter((r) => r.deck === deck)
    .map((r) => h("option", { value: r.key, selected: r.key === selected ? true : null }, roleName(r.key)));
}

export function seatActions(v, p, ctx) {
  const s = seatSecrets(v, p.seat);
  return [
    lifeButton(p, ctx),
    (s.invocable || []).map((power) => h("button", { type: "button", class: "btn btn-small", "data-action": "invoke", "data-power": power,
      "data-key": `inv${power}`, onclick: () => {
        if (window.confirm(rt("ui.rp-invoke-for-confirm", { name: p.name, power: powerName(power) }))) ctx.send("invoke", { seat: p.seat, power });
      } }, icon("forward"), rt("ui.rp-invoke-for", { power: powerName(power) }))),
    heldSlots(p.cards).map((slot) => h("label", { class: "inline-select", "data-key": `set${slot}` },
      h("span", {}, slotName(slot)),
      h("select", { "data-action": `set-${slot}`, onchange: (ev) => {
        const card = ev.target.value;
        const held = (p.cards || {})[slot];
        if (!card || card === held) return;
        if (window.confirm(t("mj.set_role_confirm", { name: p.name, role: roleName(card) }))) ctx.send("set_role", { seat: p.seat, role: card, slot });
        else ev.target.value = held || "";
      } }, (p.cards || {})[slot] ? null : h("option", { value: "" }, "—"), cardOptions(slot === "camp" ? "camp" : "specialty", (p.cards || {})[slot])))),
  ];
}

export function controlsExtra(v, ctx) {
  if (v.phase !== "night" && v.phase !== "day") return null;
  const on = Boolean(village(v).carnage);
  return h("div", { class: "rp-controls", "data-key": "rp-controls" },
    invocationBanner(v),
    h("button", { type: "button", class: ["btn", "btn-block", "rp-carnage-switch", on && "btn-danger"], "aria-pressed": on ? "true" : "false",
      "data-action": "carnage", onclick: () => ctx.send("rp-carnage", { on: !on }) },
    icon("reptile"), on ? rt("ui.rp-carnage-stop") : rt("ui.rp-carnage-start")),
    h("p", { class: "hint" }, rt("ui.rp-carnage-help")));
}
