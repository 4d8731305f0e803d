// @ts-check
// Les Reptiliens' set-up page (/reptiliens): the table's size, the two decks, who moderates, "je joue aussi", the
// durations and options. Everything comes from the server (GET /api/rulesets/reptiliens: cards, suggestions,
// options schema); whether the composition may start is the server's answer too (POST …/composition `problem`).
// Untouched, the composition is not sent: the server suggests one for the seats taken when the game starts.
import { $, fill, h, patch } from "./shell/dom.js";
import { has, rejectionText, roleName, t } from "./shell/i18n.js";
import { api, rulesetData } from "./shell/net.js";
import { formOptions, optionField, readOptions } from "./options_form.js";
import { bindHostChoice, createRoom } from "./host_choice.js";

const form = $("#rp-create-form");
const key = form.dataset.ruleset;
const playersInput = $("#players");
const PREFIX = "ui.rp-opt.";
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
const state = { info: null, counts: new Map(), touched: false, shown: [], asked: 0 };

function players() {
  const n = Math.round(Number(playersInput.value));
  const lo = Number(playersInput.min);
  const hi = Number(playersInput.max);
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}

const composition = () => [...state.counts].flatMap(([card, n]) => Array(n).fill(card));
const cards = (deck) => state.info.roles.filter((r) => r.deck === deck);
const inDeck = (deck) => cards(deck).reduce((sum, r) => sum + (state.counts.get(r.key) || 0), 0);
const campName = (camp) => (has(`camp.${camp}`) ? t(`camp.${camp}`) : "");
const nightsOf = (card) => DAYS.filter((d) => ((state.info.nights || {})[d] || []).some((s) => (s.actors || []).includes(card)));
const dayList = (days) => days.map((d) => t(`rp.weekday.${d}`)).join(", ");

function suggest() {
  state.counts = new Map();
  for (const card of state.info.suggested[String(players())] || []) state.counts.set(card, (state.counts.get(card) || 0) + 1);
  state.touched = false;
  render();
}

function change(card, by) {
  state.counts.set(card, Math.max(0, (state.counts.get(card) || 0) + by));
  state.touched = true;
  render();
}

function deckRows(deck) {
  return cards(deck).map((r) => {
    const n = state.counts.get(r.key) || 0;
    const nights = deck === "camp" ? [] : nightsOf(r.key);
    return h("div", { class: ["comp-row", `rp-camp-${r.camp}`, !n && "zero"], "data-role": r.key, "data-key": r.key },
      h("span", { class: "comp-name" }, h("b", {}, roleName(r.key)),
        h("small", {}, deck === "camp" ? campName(r.camp) : nights.length ? dayList(nights) : t("ui.rp-any-time"))),
      h("span", { class: "stepper small" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.rp-less", { role: roleName(r.key) }),
          disabled: n ? null : true, onclick: () => change(r.key, -1) }, "−"),
        h("output", {}, String(n)),
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.rp-more", { role: roleName(r.key) }),
          disabled: r.unique && n >= 1 ? true : null, onclick: () => change(r.key, 1) }, "+")));
  });
}

function render() {
  const decks = $("#rp-decks");
  // Patched, not rebuilt: an open deck stays open, a scrolled list keeps its place, the tapped button its focus.
  const first = !decks.querySelector("details");
  patch(decks, ["camp", "specialty"].map((deck) => h("details", { class: "more rp-deck", "data-deck": deck,
    "data-key": deck, open: first && deck === "camp" ? true : null },
  h("summary", {}, t(deck === "camp" ? "ui.rp-deck-camp" : "ui.rp-deck-specialty", { n: inDeck(deck) })),
  h("div", { class: "comp-rows" }, deckRows(deck)))));
  fill("#rp-comp-source", state.touched ? t("page.rp-setup.own") : t("page.rp-setup.suggested", { n: players() }));
  check();
}

/** The server's word on the composition: what would stop the start, and its warnings. */
async function check() {
  const asked = ++state.asked;
  const box = $("#rp-comp-check");
  const counts = t("page.rp-setup.counts", { camp: inDeck("camp"), specialty: inDeck("specialty"), players: players() });
  let report;
  try {
    report = await api(`/api/rulesets/${encodeURIComponent(key)}/composition`, { method: "POST",
      body: { players: players(), composition: composition(), options: options() } });
  } catch (err) {
    if (asked !== state.asked) return;
    box.className = "comp-check bad";
    fill(box, counts, " ", rejectionText(err.code, err.message, err.params));
    fill("#rp-comp-report");
    return;
  }
  if (asked !== state.asked) return;
  const problem = report.problem;
  box.className = `comp-check ${problem ? "bad" : "good"}`;
  box.dataset.problem = problem ? problem.code : "";
  fill(box, counts, " ", problem ? rejectionText(problem.code, problem.message, problem.params) : t("page.rp-setup.ready"));
  fill("#rp-comp-report", (report.warnings || []).map((w) => h("li", { "data-warning": w.code },
    has(w.key) ? t(w.key, w.params) : w.code)));
}

/** The options the form shows (the schema's scalar ones, but the one "je joue aussi" sets). */
function shownOptions() {
  const info = state.info;
  return formOptions(info, [...(info.fixed_options || []), info.host_plays_option].filter(Boolean));
}

const options = () => (state.info ? readOptions(form, state.info, state.shown) : {});

function drawOptions() {
  const info = state.info;
  const props = info.options_schema.properties;
  state.shown = shownOptions();
  // An option the schema places in a section of its own (`section`, e.g. the moderation) goes to #rp-<section>.
  const section = (name) => (props[name] || {}).section;
  for (const box of form.querySelectorAll("[data-section]")) {
    fill(box, state.shown.filter((name) => section(name) === box.dataset.section).map((name) => optionField(info, name, PREFIX)));
  }
  const rest = state.shown.filter((name) => !section(name));
  fill("#rp-durations", rest.filter((name) => (props[name] || {}).unit).map((name) => optionField(info, name, PREFIX)));
  fill("#rp-options", rest.filter((name) => !(props[name] || {}).unit).map((name) => optionField(info, name, PREFIX)));
  $("#host-choice").hidden = !info.host_plays_option;
}

async function load() {
  try {
    state.info = await rulesetData(key);
  } catch (err) {
    fill("#rp-decks", h("p", { class: "error" }, rejectionText(err.code || "network", t("ui.conn.offline"))));
    return;
  }
  drawOptions();
  bindHostChoice(form, state.info);
  suggest();
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-stepper=players] [data-step]"))) {
  button.addEventListener("click", () => {
    playersInput.value = String(players() + Number(button.dataset.step));
    if (state.info) (state.touched ? render() : suggest());
  });
}
playersInput.addEventListener("change", () => {
  playersInput.value = String(players());
  if (state.info) (state.touched ? render() : suggest());
});
$("#rp-suggest").addEventListener("click", () => state.info && suggest());
// An option may change what may start (who deals, who moderates): ask again.
form.addEventListener("change", (ev) => {
  if (state.info && ev.target.name && state.shown.includes(ev.target.name)) check();
});

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (!state.info) return;
  createRoom(form, { ruleset: key, options: options(), ...(state.touched ? { composition: composition() } : {}) });
});

load();
