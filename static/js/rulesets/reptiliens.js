// @ts-check
// Les Reptiliens de Quinte-Bourg in the pages (seed 000): the module the shell loads (rules.js), the ruleset's
// hooks. Its parts, each holding the state it draws, are in rulesets/reptiliens/:
//   phone.js    the stage, the player's two cards and what he knows, the town (street of houses, week, society);
//   purse.js    the player's fortune and offices, the gift of coins (its form in the page's state), applications;
//   village.js  where the village stands (the week, tonight's table, an invocation, the society's board): both pages;
//   console.js  the MJ's board, notebook, history and each seat's cards, secrets and actions;
//   street.js   the console's street as a picture (who slept where, the attack, animals and cameras);
//   setup.js    the console's set-up of the two decks and the options, the server's composition check;
//   journal.js  the ruleset's events and announcements made words, its questions' words;
//   end.js      why the game stopped and each seat's result;  dream.js  the spirits' signs on screen;
//   common.js   the module's texts (`rt`), icons, the ruleset's catalogue (GET /api/rulesets/<key>), shared lookups.
//
// No rule of the game is here: the view says what a seat knows (`secrets`), what it may invoke (`secrets.invocable`),
// which answers of Poirot's show the rules allow (`secrets.show_legal`), where everyone slept and what the attack did
// (`mj.reptiliens.night`), and why each seat won (`result.seats[].reasons`); GET /api/rulesets/reptiliens gives the
// cards, their decks and camps, and the week's tables. Texts of this module's own are in static/i18n/reptiliens/
// under `ui.rp-` (written with `rt`, checked by tests/browser/test_reptiliens.py).
import { addBotButton, botBadge, removeBot } from "../bots.js";
import { h, icon, patch } from "../shell/dom.js";
import { has, listNames, roleName, t } from "../shell/i18n.js";
import { namer } from "../shell/journal.js";
import { rulesetData } from "../shell/net.js";
import {
  byseat, CAMP_ICONS, campOf, conversationOf, data, deckOf, fateOf, lawLabel, learn, OFFICE_ICONS, rt, village, weekdayName,
} from "./reptiliens/common.js";
import { board, controlsExtra, seatActions, seatBody, seatMarks } from "./reptiliens/console.js";
import { dreamOverlay } from "./reptiliens/dream.js";
import { endDetails, endWhy } from "./reptiliens/end.js";
import { describe, promptParams } from "./reptiliens/journal.js";
import { cards, stage, table } from "./reptiliens/phone.js";
import { setupPanel } from "./reptiliens/setup.js";

export { announceParams } from "./reptiliens/journal.js";

/** @type {import("../types/hooks").RulesetHooks} */
const hooks = {
  chatOrder: ["village", "rp-reptiliens", "rp-amoureux"],
  // The thread a team talks its question over in (a phone shows them together: room.js, promptCall).
  teamChannel: (prompt) => ({ "rp-concertation": "rp-reptiliens", "rp-amoureux-signes": "rp-amoureux" })[prompt.step],

  async init(key) {
    const info = await rulesetData(key);
    this.info = info;
    learn(key, info);
  },

  // -- the page's words --------------------------------------------------------------------------------------------
  phaseLabel(v) {
    const week = village(v).week || {};
    if (v.phase === "night") return [icon("moon"), rt("ui.rp-phase-night", { day: weekdayName(week.weekday), n: v.night })];
    if (v.phase === "day" && week.festival) return [icon("party"), rt("ui.rp-festival")];
    if (v.phase === "day") return [icon("sun"), rt("ui.rp-phase-day", { day: weekdayName(week.weekday), n: v.day })];
    return undefined;
  },

  stepLabel(v) {
    // The festival's one step is the phase itself: the status bar says it once.
    return (village(v).week || {}).festival ? "" : undefined;
  },

  // The village screen's spoken texts (static/i18n/narration/): the weekday (Sunday on the festival, which follows
  // Saturday's night), and whose turn it is in the day's vote (public: `village.session.turn`).
  sayParams(v) {
    const vil = village(v);
    const week = vil.week || {};
    const turn = (vil.session || {}).turn;
    const params = { weekday: weekdayName(week.festival ? "sun" : week.weekday) };
    return turn === null || turn === undefined ? params : { ...params, name: namer(v, [])(turn) };
  },

  promptTitle(prompt, name) {
    const key = `ui.rp-prompt.${prompt.step}`;
    return has(key) ? t(key, promptParams(prompt, name)) : undefined;
  },

  // The day's vote goes in turn (§6 "seront annoncés"), one prompt a voter: the onlookers' panel shows every
  // ballot given so far, in order, and stands for them.
  tallyBody(view, prompt, name) {
    if (prompt.step !== "rp-vote") return undefined;
    const ballots = ((village(view).session || {}).ballots) || [];
    if (!ballots.length) return h("p", { class: "muted" }, t("ui.no_votes"));
    return h("ol", { class: "tally-rows rp-ballots" }, ballots.map(([seat, ballot], i) => h("li", { "data-key": `b${i}` },
      (ballot || []).length ? rt("ui.rp-ballot", { name: name(seat), targets: listNames(ballot, name) })
        : rt("ui.rp-ballot-blank", { name: name(seat) }))));
  },

  promptHelp(prompt, view) {
    const info = prompt.info || {};
    // A Condorcet ballot: the order of the taps is the ranking.
    if (prompt.step === "rp-vote" && info.ranked) return rt("ui.rp-prompt.rp-vote.help.ranked");
    if (prompt.step === "rp-reve" && info.answer !== undefined) return rt("ui.rp-prompt.rp-reve.help", { answer: info.answer });
    const key = `ui.rp-prompt.${prompt.step}.help${info.alpha !== undefined ? ".alpha" : ""}`;
    const alpha = info.alpha !== undefined ? (byseat(view || {}).get(info.alpha) || {}).name : null;
    if (has(key)) return t(key, { alpha: alpha || "", max: prompt.max, min: prompt.min });
    return has(`power.${prompt.step}.desc`) ? t(`power.${prompt.step}.desc`) : undefined;
  },

  choiceLabel(prompt, option) {
    // Poirot names a camp card; the MJ deals a card: options that are cards read as their names.
    if (prompt.step === "rp-show" || prompt.step === "rp-donne") return has(`role.${option}`) ? roleName(option) : undefined;
    return undefined;
  },

  describe,
  promptParams,

  // The MJ's approval of the proposed laws: each proposer's button says the law he proposed.
  optionDetail(prompt, option) {
    if (prompt.step !== "rp-loi-aval") return undefined;
    const law = ((prompt.info || {}).proposals || []).find((p) => p.by === option);
    return law ? lawLabel(law.key, law.text) : undefined;
  },

  // The dead's banner: what each fate may still do (§9).
  deadNote(v) {
    return rt(`ui.rp-dead.${fateOf(v, v.me.seat) || "none"}`);
  },

  // -- chat --------------------------------------------------------------------------------------------------------
  chatLabel(channel, ctx) {
    const pair = conversationOf(channel);
    return pair ? rt("ui.rp-conversation", { names: listNames(pair, ctx.name) }) : null;
  },

  chatHelp(channel) {
    return conversationOf(channel) ? rt("chat.help.rp-fete") : "";
  },

  chatReadonly(channel, view, ctx, info, mj) {
    if (mj || !info.live) return null;
    if (channel === "village" && ctx.kind === "seat" && ctx.alive && view.phase === "night") return t("chat.readonly.night");
    if (channel === "rp-reptiliens") return rt("ui.rp-readonly-pack");
    if (channel === "rp-amoureux") return rt("ui.rp-readonly-lovers");
    if (conversationOf(channel)) return rt("ui.rp-readonly-conversation");
    return null;
  },

  // -- the player's page -------------------------------------------------------------------------------------------
  lobbyExtra(v) {
    const counts = new Map();
    for (const card of v.composition || []) counts.set(card, (counts.get(card) || 0) + 1);
    if (!counts.size) return h("p", { class: "muted small" }, rt("ui.rp-lobby-suggested"));
    return ["camp", "specialty"].map((deck) => h("div", { class: "deck", "data-key": `deck-${deck}` },
      h("h3", {}, deck === "camp" ? rt("ui.rp-deck-camp", { n: [...counts.entries()].filter(([c]) => deckOf(c) === deck).reduce((a, [, n]) => a + n, 0) })
        : rt("ui.rp-deck-specialty", { n: [...counts.entries()].filter(([c]) => deckOf(c) === deck).reduce((a, [, n]) => a + n, 0) })),
      h("ul", { class: "chips" }, [...counts.entries()].filter(([c]) => deckOf(c) === deck).map(([card, n]) =>
        h("li", { class: ["chip", `rp-camp-${campOf(card)}`], "data-key": card }, n > 1 ? `${n} × ${roleName(card)}` : roleName(card))))));
  },

  stage,
  cards,
  table,

  afterRender(v, ctx) {
    dreamOverlay(ctx.events || [], ctx, ctx.now || Date.now() / 1000);
  },

  endTitle(result) {
    if (result.reason === "mj") return undefined;
    return result.camp ? t(`end.win.${result.camp}`) : rt("victory.rp-nobody");
  },
  endWhy,
  endDetails,
  officeIcon(office) {
    return OFFICE_ICONS[office] || "star";
  },

  endIcon(camp) {
    return CAMP_ICONS[camp] || "sun";
  },

  // -- the console ------------------------------------------------------------------------------------------------
  consoleLobby(v, ctx) {
    patch("#rp-setup", setupPanel(v, ctx));
  },

  // Bots the server plays (issue 22, app/engine/rulesets/reptiliens/bot.py): the lobby's button, their badge, and
  // their removal, as in Thiercelieux (static/js/bots.js).
  lobbyCheck(v, ctx) {
    return addBotButton(v, ctx, data.max);
  },

  lobbySeatExtra(v, p) {
    return botBadge(v, p);
  },

  removeSeat: removeBot,

  board,
  controlsExtra,
  seatBody,
  seatMarks,
  seatActions,

  seatClasses(v, p) {
    const camp = campOf((p.cards || {}).camp);
    return camp ? `rp-camp-${camp}` : null;
  },

  promptInfo(v, p, ctx) {
    const info = p.info || {};
    if (p.step === "rp-show-reponses" && info.guess) return rt("ui.rp-info-guess", { role: roleName(info.guess) });
    if (info.alpha !== undefined) return rt("ui.rp-info-alpha", { name: ctx.name(info.alpha) });
    if (info.seat !== undefined) return rt("ui.rp-info-seat", { name: ctx.name(info.seat) });
    return null;
  },
};

export default hooks;
