// @ts-check
// Thiercelieux's set-up page (/thiercelieux): create a room (players, composition, moderation, durations, options).
// The form names its ruleset (`data-ruleset`); the cards, options (their controls drawn from the options' schema:
// rulesets/thiercelieux/option_fields.js) and night orders come from the server, which
// also judges the composition (rulesets/thiercelieux/composition.js): "create" is offered when it says the game
// may start.
import { $, fill, h } from "./shell/dom.js";
import { rejectionText, t } from "./shell/i18n.js";
import { loadRuleset } from "./shell/rules.js";
import {
  allowedCards, cardCount, checker, compositionEditor, compositionNotes, compositionOf, compositionReport, countsOf,
  refusalText,
} from "./rulesets/thiercelieux/composition.js";
import {
  bindSetup, readOptions, showRefusedOption, refreshNightOrder, renderFakeRoles, resetsComposition, startingOptions,
  useRuleset, writeOptions,
} from "./rulesets/thiercelieux/options.js";
import { drawOptionFields } from "./rulesets/thiercelieux/option_fields.js";
import { bindHostChoice, createRoom } from "./host_choice.js";

const form = $("#create-form");
const playersInput = $("#players");
const create = $("#create");
// check: the server's last answer; waiting: an answer is coming; suggesting: the next answer's suggestion is taken.
const state = { counts: {}, info: null, check: null, waiting: false, suggesting: false };
const ask = checker((check) => {
  state.waiting = false;
  state.check = check;
  showRefusedOption(form, check);
  if (state.suggesting && check && Array.isArray(check.suggested)) {
    state.suggesting = false;
    state.counts = countsOf(check.suggested);  // judged already: an empty composition is judged as the suggestion
    ask.settle(players(), compositionOf(state.counts, state.info.roles), readOptions(form));
  }
  render();
});
form.calledSteps = () => (state.check ? state.check.called_steps : null);

function players() {
  const n = Math.round(Number(playersInput.value));
  const { min_players: lo = Number(playersInput.min), max_players: hi = Number(playersInput.max) } = state.info || {};
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : 8;
}

/** Start again from the server's suggestion for this table and these options. */
function suggest() {
  state.counts = {};
  state.suggesting = true;
  render();
}

function render() {
  if (!state.info) return;
  const composition = compositionOf(state.counts, state.info.roles);
  state.waiting = ask(players(), composition, readOptions(form));
  const { check } = state;
  if (state.suggesting && !state.waiting && check && Array.isArray(check.suggested)) {
    state.suggesting = false;  // the last answer was for this very table: its suggestion stands
    state.counts = countsOf(check.suggested);
    render();
    return;
  }
  // "Create" only for a composition the server has judged fit, and while no other answer is coming; until it
  // comes, the verdict line keeps its words but says neither yes nor no.
  create.disabled = state.waiting || !check || !check.valid;
  const line = $("#composition-check");
  const problem = refusalText(check);
  line.className = `comp-check ${check && !state.waiting ? (problem ? "bad" : "good") : ""}`;
  if (!(state.suggesting && state.waiting)) {  // (a suggestion to come: the editor is drawn when it does)
    fill("#composition", ...compositionNotes(check),
      compositionEditor(allowedCards(state.info.roles, check), state, () => render()));
  }
  if (state.waiting) return;
  fill(line, check ? problem || t("home.composition_ok", { n: cardCount(state.counts) }) : "");
  fill("#composition-report", ...compositionReport(check));
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
  drawOptionFields(form, state.info);
  renderFakeRoles(form, state.info.roles);
  bindSetup(form, () => state.info && state.info.options);
  writeOptions(form, startingOptions(form, state.info));
  bindHostChoice(form, state.info);  // (once the moderation shows its value)
  suggest();
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-stepper=players] [data-step]"))) {
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
// The options count in the server's judgement; one that changes what a composition is (004's multi-card variants)
// starts again from its suggestion.
form.addEventListener("input", (ev) => {
  if (state.info && ev.target !== playersInput && !ev.target.closest("#composition")) render();
});
form.addEventListener("change", (ev) => {
  if (state.info && resetsComposition(ev.target)) suggest();
});

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (!state.info) return;
  createRoom(form, {
    ruleset: form.dataset.ruleset, options: readOptions(form), composition: compositionOf(state.counts, state.info.roles),
  }, refusalText(state.check));
});

load();
