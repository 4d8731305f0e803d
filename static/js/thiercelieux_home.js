// Thiercelieux's set-up page (/thiercelieux): create a room (players, composition, moderation, durations, options).
// The form names its ruleset (`data-ruleset`); the cards, options and night orders come from the server.
import { $, fill, h } from "./shell/dom.js";
import { localZone, rejectionText, t } from "./shell/i18n.js";
import { loadRuleset } from "./shell/rules.js";
import {
  allowedRoles, bindSetup, cardsMode, cardsModeLine, compositionEditor, compositionOf, compositionProblem,
  compositionReport, countsOf, forumProblem, readOptions, refreshNightOrder, renderFakeRoles, reportedCards, reporter,
  suggestedFor, tableSize, useRuleset, writeOptions,
} from "./setup.js";
import { bindHostChoice, createRoom } from "./host_choice.js";

const form = $("#create-form");
const playersInput = $("#players");
const state = { counts: {}, info: null, touched: false };
// The server's advice on the composition (warnings, balance): shown, never blocking.
const askReport = reporter((report) => fill("#composition-report", compositionReport(report)));
form.activeCards = () => (state.info ? compositionOf(state.counts, state.info.roles) : []);

function players() {
  const n = Math.round(Number(playersInput.value));
  const { min_players: lo = Number(playersInput.min), max_players: hi = Number(playersInput.max) } = state.info || {};
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : 8;
}

/** The options that change what a composition is (004's multi-card variants). */
function cardsOptions() {
  return {
    cards: form.elements.cards ? form.elements.cards.value : "one",
    camp_wolves: form.elements.camp_wolves ? Number(form.elements.camp_wolves.value) || 0 : 0,
    characters: form.elements.characters ? Number(form.elements.characters.value) || 1 : 1,
  };
}

/** The cards to deal: one per character (two characters each in a 004 variant). */
const seats = () => tableSize(players(), cardsOptions());

function suggest() {
  state.counts = countsOf(suggestedFor(state.info, seats(), cardsMode(cardsOptions())));
  state.touched = false;
  render();
}

function render() {
  if (!state.info) return;
  const options = cardsOptions();
  const mode = cardsMode(options);
  fill("#composition", cardsModeLine(seats(), mode),
    compositionEditor(allowedRoles(state.info.roles, mode), state, () => { state.touched = true; render(); }));
  const problem = compositionProblem(seats(), state.counts, state.info.roles, options, state.info);
  const total = Object.values(state.counts).reduce((a, b) => a + b, 0);
  const check = $("#composition-check");
  check.className = `comp-check ${problem ? "bad" : "good"}`;
  fill(check, problem || t("home.composition_ok", { n: total }));
  askReport(seats(), reportedCards(compositionOf(state.counts, state.info.roles), seats(), options, state.info));
  refreshNightOrder(form);
}

async function load() {
  const rules = await loadRuleset(form.dataset.ruleset);
  if (!rules.info) {
    fill("#composition", h("p", { class: "error" }, rejectionText("network", t("ui.conn.offline"))));
    return;
  }
  state.info = rules.info;
  useRuleset(state.info);
  renderFakeRoles(form, state.info.roles);
  // A forum game's hours are the MJ's own, unless they pick another time zone.
  writeOptions(form, { ...state.info.options, timezone: localZone() || state.info.options.timezone });
  suggest();
}

for (const button of document.querySelectorAll("[data-stepper=players] [data-step]")) {
  button.addEventListener("click", () => {
    playersInput.value = String(players() + Number(button.dataset.step));
    if (state.info) suggest();
  });
}
playersInput.addEventListener("change", () => {
  playersInput.value = String(players());
  if (state.info) suggest();
});
$("#suggest").addEventListener("click", () => state.info && suggest());
// Another multi-card mode: the cards are counted and chosen differently, so start from its suggestion.
for (const radio of form.querySelectorAll('input[name="cards"]')) {
  radio.addEventListener("change", () => state.info && suggest());
}
if (form.elements.camp_wolves) form.elements.camp_wolves.addEventListener("input", () => render());
if (form.elements.characters) form.elements.characters.addEventListener("change", () => state.info && suggest());

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (!state.info) return;
  const problem = compositionProblem(seats(), state.counts, state.info.roles, cardsOptions(), state.info)
    || forumProblem(form);
  createRoom(form, {
    ruleset: form.dataset.ruleset, options: readOptions(form), composition: compositionOf(state.counts, state.info.roles),
  }, problem);
});

bindSetup(form, () => state.info && state.info.options);
bindHostChoice(form);
load();
