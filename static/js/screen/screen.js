// @ts-check
// The village screen (/r/{code}/ecran): one shared screen for the table, a TV, a laptop or a tablet. It is a
// spectator: it reads the public stream only (what anyone watching may know), draws it large (the phase and the
// day, a big countdown, the living and the dead, the votes as they stand, the news, the ruleset's board) and speaks
// it (narrator.js, lines.js). It keeps itself awake, goes full screen on a tap, and reconnects by itself.
import { followPause, keepAwake, startClock } from "../shell/clock.js";
import { $, h, icon, patch, qrNode, show } from "../shell/dom.js";
import { has, prettyCode, t, timeOf } from "../shell/i18n.js";
import { describe, namer, promptIndex, sinceLastPhase } from "../shell/journal.js";
import { tallyPanel, verdictPanel } from "../shell/prompts.js";
import { Connection, publicBase, showStatus } from "../shell/net.js";
import { applyTheme, hook, loadRuleset, rules } from "../shell/rules.js";
import { phaseLabel, stage, village } from "../shell/stage.js";
import { isNews, linesFor } from "./lines.js";
import { Narrator } from "./narrator.js";
import { settingsPanel } from "./settings.js";

const root = $("#screen");
const CODE = root.dataset.code;
const PRETTY = root.dataset.pretty;

const ui = {
  conn: null,
  narrator: new Narrator(),
  heard: null, // how many events of the stream were narrated (null: none yet, the first frame is the past)
  told: [], // where each line said came from (lines.js: a catalogue key, or `event:<index>`), for the curious and tests
  live: [], // the events heard live, [index in the stream, event]: what the lines were said from
  step: null, // the public step open, as last narrated
  state: {}, // the ruleset module's own page state
  code: CODE,
  pretty: PRETTY,
  mode: "watch",
  render: () => render(),
};

function connect() {
  const conn = new Connection(CODE, null, {
    onFrame: (_conn, frame) => {
      narrate(frame);
      render();
    },
    onStatus: showStatus,
    onFatal: (code) => {
      patch("#screen-body", h("section", { class: "card notice" },
        h("h1", {}, t("ui.not_found")), h("p", {}, t(code === "no_such_room" ? "error.no_such_room" : "error.bad_token"))));
    },
  });
  ui.conn = conn;
  conn.connect();
}

// -- narration --------------------------------------------------------------------------------------------------
/**
 * Say what the new events of the stream tell. The past is not news: the first frame, a stream sent again whole (the
 * server does when the game ends: a spectator then reads every line), what a long disconnection missed.
 * @param {import("../types/frames").StreamFrame} frame
 */
function narrate(frame) {
  const conn = ui.conn;
  const v = conn.view;
  if (!v) return;
  const events = conn.events;
  const current = v.step ? v.step.key : null;
  if (ui.heard === null || frame.from === 0 || frame.type === "sync" || ui.heard > events.length) {
    ui.heard = events.length;
    ui.step = current;
    return;
  }
  const now = conn.now();
  // Back after a dropped connection: what happened more than half a minute ago is old news, not read out.
  const from = ui.heard;
  ui.heard = events.length;
  const stale = events.slice(from).filter((e) => typeof e.at === "number" && now - e.at > 30).length;
  if (stale === events.length - from) return;
  for (let i = from + stale; i < events.length; i++) ui.live.push([i, events[i]]);
  const out = linesFor(events.slice(from + stale), { v, name: namer(v, events), step: ui.step, from: from + stale });
  ui.step = current ?? out.step;
  ui.told.push(...out.lines.map((line) => line.key));
  for (const sound of out.sounds) ui.narrator.ambience(sound);
  ui.narrator.say(out.texts);
}

// -- drawing ----------------------------------------------------------------------------------------------------
function context(v, events, name) {
  return {
    v, events, name, me: null, ui, code: CODE, pretty: PRETTY, conn: ui.conn, mode: "watch", wide: true,
    screen: true, thirdPerson: false, prompts: promptIndex(events), now: ui.conn.now(), hostToken: null,
    rerender: render, send: async () => false, anyAlive: () => false, setTab: () => {},
    prompt: () => null, publicPrompts: () => votes(v, name), qr: () => qrNode(CODE), notifyButton: () => null,
    leave: () => {}, joinTable: () => {},
  };
}

function phaseLine(v, ctx) {
  const step = v.step;
  const stepLabel = hook("stepLabel", step && has(`step.${step.key}`) ? t(`step.${step.key}`) : null, v, ctx);
  return [
    h("p", { class: "screen-phase" }, hook("phaseLabel", phaseLabel(v), v, ctx)),
    stepLabel ? h("p", { class: "screen-step" }, stepLabel) : null,
    h("div", { class: "screen-status-extra" }, hook("statusExtra", null, v, ctx)),
    v.paused ? h("p", { class: "badge badge-warn screen-paused" }, icon("pause"), t("ui.paused")) : null,
  ];
}

/** The big countdown of the step under way. */
function bigClock(v) {
  const step = v.step;
  if (!step || !step.deadline) return null;
  // clock.js's countdown element, ticked by startClock like every countdown of the pages.
  return h("div", { class: ["countdown", "screen-countdown", v.paused && "is-paused"], "data-deadline": step.deadline,
    "data-started": step.started || "", "data-paused": v.paused ? String(followPause(v, ui.conn.events, ui.conn.now())) : null,
    "data-key": "clock" },
  h("div", { class: "countdown-row" }, h("span", { class: "countdown-text" }, "")),
  h("div", { class: "bar" }, h("span", {})));
}

/** The public votes as they stand. */
function votes(v, name) {
  return (v.prompts || []).filter((p) => p.visibility === "public").map((p) =>
    p.kind === "pick" ? tallyPanel(v, p, name) : p.kind === "confirm" ? verdictPanel(p, name) : null).filter(Boolean);
}

/** The news of the phase under way (deaths, announcements), newest first and largest. */
function news(v, ctx) {
  const journal = { ...ctx, me: null, thirdPerson: false };
  const items = [];
  const events = sinceLastPhase(ctx.events);
  const offset = ctx.events.length - events.length;
  events.forEach((e, i) => {
    const line = describe(e, journal, "feed");
    if (isNews(e, line)) {
      items.push(h("li", { class: ["line", line.cls], "data-key": `e${offset + i}` },
        h("time", { class: "at" }, timeOf(e.at)), h("span", { class: "txt" }, line.text)));
    }
  });
  if (!items.length) return null;
  items.reverse();
  return h("section", { class: "screen-news", "aria-live": "polite", "data-key": "news" },
    h("h2", {}, t("screen.news")), h("ol", { class: "log screen-news-list" }, items.slice(0, 6)));
}

/** Before the game: how to join, big enough to scan from across the room. */
function lobby(v) {
  const players = v.players || [];
  return h("section", { class: "screen-lobby card", "data-key": "lobby" },
    h("div", { class: "screen-join" },
      qrNode(CODE),
      h("div", {},
        h("p", { class: "screen-join-title" }, t("screen.join")),
        h("p", { class: "screen-code" }, PRETTY),
        h("p", { class: "screen-url" }, `${publicBase()}/r/${CODE}`))),
    h("h2", {}, t("room.seated", { n: players.length })),
    players.length ? h("ul", { class: "chips screen-chips" }, players.map((p) => h("li", { class: "chip", "data-key": `s${p.seat}` }, p.name)))
      : h("p", { class: "muted" }, t("room.nobody_yet")));
}

function render() {
  const conn = ui.conn;
  const v = conn && conn.view;
  if (!v || !rules.ready) return;
  show("#loading", false);
  const events = conn.events;
  const name = namer(v, events);
  followPause(v, events, conn.now());
  const ctx = context(v, events, name);
  applyTheme(v);
  keepAwake(true);
  patch("#screen-head", h("div", { class: "screen-phase-box" }, phaseLine(v, ctx)), bigClock(v),
    h("div", { class: "screen-room" }, h("span", { class: "muted" }, t("ui.room_code")), " ", h("b", {}, prettyCode(CODE))));
  if (v.phase === "lobby") {
    patch("#screen-body", lobby(v));
    return;
  }
  if (v.phase === "ended") {
    patch("#screen-body", h("div", { class: "screen-end", "data-key": "end" }, stage(v, ctx)));
    return;
  }
  const board = typeof rules.table === "function" ? rules.table(v, ctx) : null;
  patch("#screen-body",
    // Keyed parts: a keyed element (a card of the board) matches its twin under the same keyed parts only, never
    // one drawn elsewhere (the end shows the board again), which morphdom would move out of a part it removes.
    h("div", { class: "screen-main", "data-key": "main" },
      hook("screen", null, v, ctx),
      news(v, ctx),
      h("div", { class: "screen-votes", "data-key": "votes" }, votes(v, name))),
    h("section", { class: ["card", "screen-board", board ? "screen-own-board" : "village"], "data-key": "board" },
      board ?? village(v, ctx)));
  fit();
}

// The body's magnification: as large as the screen's width allows (screen.css, `--screen-zoom`), less when the
// game's board would not fit its height (a TV cannot scroll).
const ZOOMS = [[1800, 1.65], [1500, 1.45], [1200, 1.2], [0, 1]];
function fit() {
  const body = /** @type {HTMLElement} */ ($("#screen-body"));
  const full = (ZOOMS.find(([width]) => window.innerWidth >= width) || [0, 1])[1];
  let zoom = full;
  body.style.zoom = String(zoom);
  while (zoom > 0.7 && document.documentElement.scrollHeight > window.innerHeight + 1) {
    zoom = Math.round((zoom - 0.05) * 100) / 100;
    body.style.zoom = String(zoom);
  }
}
window.addEventListener("resize", () => fit());

// -- controls: start, full screen, voice --------------------------------------------------------------------------
function controls() {
  const n = ui.narrator;
  patch("#screen-controls",
    h("button", { type: "button", class: "btn btn-small", id: "screen-mute", "aria-pressed": n.settings.muted ? "true" : "false",
      onclick: () => { n.set({ muted: !n.settings.muted }); controls(); } },
    icon(n.settings.muted ? "mute" : "speaker"), n.settings.muted ? t("screen.unmute") : t("screen.mute")),
    document.fullscreenEnabled ? h("button", { type: "button", class: "btn btn-small", id: "screen-full",
      onclick: () => (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {}) },
    icon("expand"), document.fullscreenElement ? t("screen.exit_fullscreen") : t("screen.fullscreen")) : null,
    settingsPanel(n, controls));
}

$("#screen-start").addEventListener("click", () => {
  ui.narrator.start();
  show("#screen-gate", false);
  if (document.fullscreenEnabled && $("#screen-start-full").checked) document.documentElement.requestFullscreen().catch(() => {});
  keepAwake(true);
  controls();
});
document.addEventListener("fullscreenchange", controls);
if ("speechSynthesis" in window) window.speechSynthesis.addEventListener("voiceschanged", controls);
controls();

startClock(() => (ui.conn ? ui.conn.offset : 0));
connect();
loadRuleset(root.dataset.ruleset).then(() => {
  rules.ready = true;
  render();
});
window.veillee = ui; // for the curious and for tests: the live connection and the narrator
