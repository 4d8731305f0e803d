// @ts-check
// Where the village stands, on the phone and the console alike: the week, tonight's table, an invoked action
// under way, and the society's public board.
import { h, icon } from "../../shell/dom.js";
import { has, listNames, listOf, stepName, t } from "../../shell/i18n.js";
import { officeName } from "../../shell/offices.js";
import { byseat, DAYS, lawLabel, OFFICE_ICONS, officeLabel, rt, sessionLabel, village, weekdayName } from "./common.js";

// -- where the village stands --------------------------------------------------------------------------------------
/** Monday to Sunday, today marked (the night's day at night, the day's by day; Sunday during the festival). */
export function weekStrip(v) {
  const week = village(v).week || {};
  const today = week.festival ? "sun" : week.weekday;
  return h("ol", { class: "rp-week", "aria-label": rt("ui.rp-week") }, DAYS.map((d) => h("li", {
    class: [d === today && "today", d === "sun" && "sunday"], "data-day": d, "data-key": `d${d}`,
    "aria-current": d === today ? "date" : null, title: weekdayName(d) }, weekdayName(d).slice(0, 3))));
}

/** Tonight's table (the night under way, or the coming one), the step on now marked; the MJ sees who holds what. */
export function tonightList(v, { mj = false } = {}) {
  const steps = village(v).tonight || [];
  if (!steps.length) return null;
  const current = v.phase === "night" && v.step ? v.step.key : null;
  const at = steps.findIndex((s) => s.key === current);
  // Whom each step would call now (the MJ's view says it; the page works nothing out).
  const calls = new Map(((v.mj && v.mj.reptiliens && v.mj.reptiliens.tonight) || []).map((row) => [row.key, row.seats || []]));
  const names = byseat(v);
  return h("ol", { class: "rp-tonight" }, steps.map((s, i) => {
    const holders = mj ? (calls.get(s.key) || []).map((seat) => (names.get(seat) || {}).name).filter(Boolean) : [];
    return h("li", { class: [at >= 0 && i < at && "done", i === at && "current", s.in_progress && "in-progress"],
      "data-step": s.key, "data-key": `s${i}` },
    h("span", { class: "rp-step-name" }, stepName(s.key)),
    mj && s.in_progress ? h("small", { class: "badge" }, rt("ui.rp-in-progress")) : null,
    holders.length ? h("small", { class: "rp-step-holders" }, listOf(holders)) : null);
  }));
}

export function tonightBox(v, opts = {}) {
  const list = tonightList(v, opts);
  if (!list) return null;
  return h("details", { class: "rp-tonight-box more", "data-key": "tonight", open: opts.open ? true : null },
    h("summary", {}, icon("moon"), " ", tonightTitle(v)), list);
}

/** "Tonight · Monday", or by day "The coming night · Tuesday" (the view names the table's weekday). */
export function tonightTitle(v) {
  const week = village(v).week || {};
  if (v.phase === "night") return rt("ui.rp-tonight", { day: weekdayName(week.weekday) });
  return week.tonight ? rt("ui.rp-next-night-day", { day: weekdayName(week.tonight) }) : rt("ui.rp-next-night");
}

/** An invoked action under way: its kind only (the view says no more). */
export function invocationBanner(v) {
  const inv = village(v).invocation;
  if (!inv) return null;
  return h("div", { class: "banner banner-warn rp-invocation", "data-key": "invocation", role: "status" }, icon("forward"),
    h("span", {}, rt("ui.rp-invocation", { kind: stepName(inv.kind) })));
}

// -- the society (part 2): offices, the session and the law, marriages, the dead, the estate --------------------------
// What the view says (`village.offices`, `village.session`, `village.dead`, `village.spouses`, `village.estate`,
// `secrets.may_give`, `secrets.may_apply`); the page decides nothing.

const spousePairs = (v) => {
  const out = [];
  for (const [a, b] of Object.entries(village(v).spouses || {})) if (Number(a) < Number(b)) out.push([Number(a), Number(b)]);
  return out;
};
/** The public board of the society: offices held, vacant and out of play, the session and its law, who votes, the
 * dead (ghosts, spirits, the militia's chief), the spouses, the coins waiting for an heir. */
export function societyBox(v, ctx, { mj = false } = {}) {
  if (v.phase === "lobby" || v.phase === "ended") return null;
  const vil = village(v);
  const offices = vil.offices || {};
  const holders = offices.holders || {};
  const session = vil.session || {};
  const dead = vil.dead || {};
  const { name } = ctx;
  const rows = [];
  const row = (key, label, value) => {
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return;
    rows.push(h("dt", { "data-key": `t${key}` }, label), h("dd", { "data-key": `d${key}`, "data-row": key }, value));
  };
  const optional = new Set(vil.optional || []);
  const officeRows = (offices.in_play || []).map((office) => {
    const seat = holders[office];
    const applicants = (offices.applications || {})[office] || [];
    return h("li", { class: ["rp-office", seat === undefined && "vacant"], "data-office": office, "data-key": `of${office}` },
      icon(OFFICE_ICONS[office] || "star"), " ",
      h("b", {}, officeLabel(v, office)), " — ",
      seat !== undefined ? h("span", { class: "rp-office-holder" }, name(seat)) : h("span", { class: "muted" }, rt("ui.rp-office-vacant")),
      applicants.length ? h("small", { class: "rp-applicants" }, " · ", rt("ui.rp-applicants", { names: listNames(applicants, name) })) : null,
      mj && optional.has(office) ? h("button", { type: "button", class: "btn btn-small btn-ghost rp-withdraw", "data-action": "withdraw",
        "data-office": office, onclick: () => {
          if (window.confirm(rt("ui.rp-withdraw-confirm", { office: officeLabel(v, office) }))) ctx.send("rp-retirer-poste", { office });
        } }, rt("ui.rp-withdraw")) : null);
  });
  (offices.removed || []).forEach((office) => officeRows.push(h("li", { class: "rp-office removed", "data-office": office, "data-key": `rm${office}` },
    icon("close"), " ", h("s", {}, officeLabel(v, office)), " — ", h("span", { class: "muted" }, rt("ui.rp-office-removed")))));
  if (v.phase === "day" && session.kind) row("session", rt("ui.rp-session"), sessionLabel(session.kind));
  if (session.law) {
    row("law", rt("ui.rp-law"), [lawLabel(session.law.key, session.law.text),
      session.law.by !== null && session.law.by !== undefined ? h("small", { class: "muted" }, " · ", rt("ui.rp-law-by", { name: name(session.law.by) })) : null]);
  }
  if ((session.voters || []).length) row("voters", rt("ui.rp-voters"), listNames(session.voters, name));
  if (session.direction) row("direction", rt("ui.rp-direction"), has(`choice.rp-sens.${session.direction}`) ? t(`choice.rp-sens.${session.direction}`) : session.direction);
  // §6 "seront annoncés": the ballots given so far, in turn (each stands), and whose turn it is.
  row("ballots", rt("ui.rp-ballots"), (session.ballots || []).map(([seat, ballot], i) => h("span", { class: "rp-ballot", "data-key": `b${i}` },
    i ? " · " : "", (ballot || []).length ? rt("ui.rp-ballot", { name: name(seat), targets: listNames(ballot, name) })
      : rt("ui.rp-ballot-blank", { name: name(seat) }))));
  if (session.turn !== null && session.turn !== undefined) row("turn", rt("ui.rp-turn"), name(session.turn));
  if ((session.accused || []).length) row("accused", rt("ui.rp-accused"), listNames(session.accused, name));
  row("ghosts", rt("ui.rp-ghosts"), (dead.ghosts || []).length ? listNames(dead.ghosts, name) : null);
  // The militia's chief: in the offices above when the game plays the office, else here.
  if (!(offices.in_play || []).includes("rp-chef-milice")) {
    row("chief", officeName("rp-chef-milice"), dead.chief !== null && dead.chief !== undefined ? name(dead.chief) : null);
  }
  row("spirits", rt("ui.rp-spirits"), (dead.spirits || []).length ? listNames(dead.spirits, name) : null);
  row("inheritance", rt("ui.rp-donors"), (dead.inheritance || []).length ? listNames(dead.inheritance, name) : null);
  row("choosing", rt("ui.rp-choosing"), (dead.choosing || []).length ? listNames(dead.choosing, name) : null);
  const pairs = spousePairs(v);
  row("spouses", rt("ui.rp-spouses"), pairs.length ? pairs.map(([a, b], i) => h("span", { class: "rp-couple", "data-key": `c${a}-${b}` },
    i ? " · " : "", icon("heart"), " ", rt("ui.rp-couple", { a: name(a), b: name(b) }))) : null);
  if (typeof vil.estate === "number" && vil.estate > 0) row("estate", rt("ui.rp-estate"), rt("ui.rp-coins-short", { n: vil.estate }));
  return h("section", { class: "card rp-society", "data-key": "society" },
    h("h3", {}, icon("star"), " ", rt("ui.rp-society")),
    officeRows.length ? h("ul", { class: "rp-offices", "data-key": "offices" }, officeRows) : null,
    rows.length ? h("dl", { class: "rp-society-facts small", "data-key": "facts" }, rows) : null);
}
