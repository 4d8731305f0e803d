// @ts-check
// The player's (or spectator's) page, the same for every ruleset: connection, join, reconnection, the render loop,
// the phone's two tabs (the game and the chat), a question of mine on whichever tab is open, notifications. What it
// shows of the game (the status bar, the stage, the village, the journal, the end, the rematch) is drawn by
// stage.js; the room's ruleset module (static/js/rulesets/<key>.js, see rules.js) draws what is its own: cards,
// marks, panels, its own lines.
import { ChatPanel } from "./chat.js";
import { cuesTold, lastCall, stepCue } from "./cues.js";
import { followPause, keepAwake, startClock } from "./clock.js";
import { $, h, icon, patch, qrNode, show, toast } from "./dom.js";
import { rejectionText, t } from "./i18n.js";
import { JournalMark, namer, promptIndex } from "./journal.js";
import { nightNote, notifyButton, notifyIfAway } from "./notify.js";
import { renderPrompt, tallyPanel, verdictPanel, waitingFor } from "./prompts.js";
import { api, Connection, showStatus, mjKey, seatKey, store, takeFragment } from "./net.js";
import { applyTheme, hook, loadRuleset, rules } from "./rules.js";
import { feed, rematchBanner, stage, statusBar, village } from "./stage.js";
import { mountSeatLink } from "../seat_link.js";

const root = $("#room");
const CODE = root.dataset.code;
const PRETTY = root.dataset.pretty;
const WATCH_KEY = `veillee:watch:${CODE}`;
const TAB_KEY = `veillee:tab:${CODE}`;
const WIDE = window.matchMedia("(min-width: 980px)");
const BASE_TITLE = document.title;

const ui = {
  mode: "join", // join | play | watch | kicked
  conn: null,
  leaving: false, // this page asked to leave the table: the server closing its socket ("left") is the answer
  selection: new Map(), // picks being made on a question that takes several
  drafts: new Map(), // vote reasons being typed
  state: {}, // the ruleset module's own page state (a hidden card, an offer being put together…)
  tab: sessionStorage.getItem(TAB_KEY) === "chat" ? "chat" : "play", // on a phone: the game or the chat
  chat: null,
  journal: new JournalMark(), // which events are new since the last visit
  loaded: null, // how many events the first frame held (a rematch announced after that is live)
  unread: 0,
  timer: null,
  cues: cuesTold, // the steps this phone was cued at (cues.js): the same on every phone (tests compare them)
  code: CODE,
  pretty: PRETTY,
};

// A seat's personal link carries its token in the fragment (#t=…): keep it, then clean the address.
const fromLink = takeFragment("t");
if (fromLink) store.set(seatKey(CODE), fromLink);

const hostToken = () => store.get(mjKey(CODE));

function setMode(mode) {
  ui.mode = mode;
  show("#join", mode === "join");
  show("#kicked", mode === "kicked");
  show("#game", mode === "play" || mode === "watch");
  mountSeatLink(); // the personal link's panel: for a seated browser only (templates/_seat_link.html)
  if (mode === "join") setTimeout(() => $("#name-input") && $("#name-input").focus({ preventScroll: true }), 0);
}

function kicked(title, text, { rejoin = true, watch = true } = {}) {
  patch("#kicked-title", title);
  patch("#kicked-text", text);
  show("#rejoin-button", rejoin);
  show("#kicked-watch", watch);
  setMode("kicked");
  show("#loading", false);
  show("#conn", false); // the page stopped on purpose: not an "offline" to worry about
  window.scrollTo({ top: 0 });
  keepAwake(false);
}

function connect(token) {
  if (ui.conn) ui.conn.stop();
  ui.selection = new Map();
  ui.loaded = null;
  ui.journal.reset();
  ui.phaseKey = null;
  const conn = new Connection(CODE, token, {
    onFrame: (c, frame) => {
      // Every seated phone's cue at a new step (cues.js), before the page draws it.
      if (c.view) {
        stepCue(c.view, frame, ui.mode === "play");
        nightNote(ui, frame, CODE);
      }
      render();
    },
    onStatus: showStatus,
    onFatal: (code) => {
      if (code === "no_such_room") kicked(t("ui.not_found"), t("error.no_such_room"), { rejoin: false, watch: false });
      // The seat left the table: the server closed its sockets. Leaving on purpose goes back to the join form;
      // taken off the table by the host, the page says so.
      else if (code === "left") {
        store.del(seatKey(CODE));
        if (ui.leaving) toJoin();
        else kicked(t("room.removed_title"), t("room.removed_text"), { watch: false });
      }
      // The seat goes on without this page: on another device (its personal link was opened there), or with a
      // substitute. Nothing to join again here; watching is still open.
      else if (code === "handed_over" || code === "substituted") {
        kicked(t(`room.${code}_title`), t(`room.${code}_text`), { rejoin: false });
        // A host's controls went with their seat (static/js/host_table.js stops here too).
        if (code === "handed_over") window.dispatchEvent(new CustomEvent("veillee:handed-over"));
      } else kicked(t("room.kicked_title"), t("room.kicked_text"));
    },
  });
  ui.conn = conn;
  conn.connect();
}

function start() {
  const token = store.get(seatKey(CODE));
  if (token) {
    setMode("play");
    connect(token);
  } else if (sessionStorage.getItem(WATCH_KEY) === "1") {
    setMode("watch");
    connect(null);
  } else {
    setMode("join");
    connect(null); // a spectator's stream, to show who is already seated
  }
}

// -- join, watch, leave -----------------------------------------------------------------------------------------
$("#join-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const name = $("#name-input").value.trim();
  if (!name) {
    toast(t("error.bad_name"));
    return;
  }
  const button = $("#join-button");
  button.disabled = true;
  try {
    const seat = await api(`/api/rooms/${CODE}/join`, { method: "POST", body: { name } });
    store.set(seatKey(CODE), seat.token);
    sessionStorage.removeItem(WATCH_KEY);
    setMode("play");
    connect(seat.token);
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
  } finally {
    button.disabled = false;
  }
});

function watch() {
  sessionStorage.setItem(WATCH_KEY, "1");
  setMode("watch");
  if (!ui.conn || ui.conn.token) connect(null);
  else render();
}

$("#watch-button").addEventListener("click", watch);
$("#kicked-watch").addEventListener("click", () => {
  store.del(seatKey(CODE));
  watch();
});
$("#rejoin-button").addEventListener("click", () => {
  store.del(seatKey(CODE));
  sessionStorage.removeItem(WATCH_KEY);
  setMode("join");
  connect(null);
});

function joinTable() {
  sessionStorage.removeItem(WATCH_KEY);
  setMode("join");
  render();
}

function toJoin() {
  ui.leaving = false;
  store.del(seatKey(CODE));
  setMode("join");
  connect(null);
}

async function leaveTable() {
  if (!window.confirm(t("room.leave_confirm"))) return;
  // The server closes a seat's sockets once it has left (the socket's fatal "left" goes to the join form): the
  // acknowledgement may never arrive, and a closed connection then is no failure.
  ui.leaving = true;
  const conn = ui.conn;
  try {
    await conn.send("leave");
  } catch (err) {
    if (err.code === "closed" && (conn.fatal === "left" || ui.conn !== conn)) return;
    ui.leaving = false;
    toast(rejectionText(err.code, err.message, err.params));
    return;
  }
  if (ui.conn === conn) toJoin();
}

// -- rendering --------------------------------------------------------------------------------------------------
/** Whether a game runs (the ruleset may say otherwise: `running`). */
const running = (v) => Boolean(hook("running", v.phase === "night" || v.phase === "day", v));

/** Whether any of the viewer's characters lives (two characters each, 004: out only when both are dead). */
export function anyAlive(v) {
  return Boolean(v.me && (v.me.alive || (v.characters || []).some((c) => c.alive)));
}

/** What the ruleset module is handed on every render. */
function context(v, events, name) {
  const me = v.me ? v.me.seat : null;
  return {
    v, events, name, me, ui, code: CODE, pretty: PRETTY, conn: ui.conn, mode: ui.mode, wide: WIDE.matches,
    // A dead player the server gives the whole stream ("all": the room lets the dead see everything) reads the
    // others' private lines too: in the third person. Which stream he gets is the server's rule, not the page's.
    thirdPerson: Boolean(v.me && !anyAlive(v) && ui.conn && ui.conn.stream === "all"),
    prompts: promptIndex(events),
    now: ui.conn.now(),
    hostToken: hostToken(),
    rerender: render,
    send: (command, args) => ui.conn.act(command, args),
    anyAlive: () => anyAlive(v),
    setTab,
    prompt: (prompt, extra = {}) => promptNode(v, prompt, name, extra),
    publicPrompts: () => publicPanels(v, name),
    qr: () => qrNode(CODE),
    notifyButton: (cls) => notifyButton(ui, cls),
    leave: leaveTable,
    joinTable,
  };
}

/** A question put to this viewer, answered from this page. */
function promptNode(v, prompt, name, extra) {
  const me = v.me;
  // With two characters each (004), `as` says which of them the question is for.
  const as = prompt.as ?? (me ? me.seat : null);
  return renderPrompt(prompt, {
    view: v, name, seat: as, actingAs: me && as !== me.seat ? name(as) : null,
    selection: ui.selection, rerender: render, drafts: ui.drafts, now: ui.conn.now(),
    submit: (answer, reason) => ui.conn.act("answer", { prompt: prompt.id, answer, ...(reason ? { reason } : {}) }),
    ...extra,
  });
}

/** The public questions this viewer does not answer: the village's vote as it stands, a verdict. */
function publicPanels(v, name) {
  return (v.prompts || []).filter((p) => !p.mine && p.visibility === "public").map((p) =>
    p.kind === "pick" ? tallyPanel(v, p, name) : p.kind === "confirm" ? verdictPanel(p, name) : null);
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

  if (ui.mode === "join") {
    renderJoin(v);
    return;
  }
  if (ui.mode === "play" && v.viewer.kind !== "seat") {
    // The MJ took this seat off the table before the start.
    store.del(seatKey(CODE));
    kicked(t("room.removed_title"), t("room.removed_text"), { watch: false });
    return;
  }
  keepAwake(ui.mode === "play" && running(v));
  if (ui.loaded === null) ui.loaded = events.length;
  // Night falls, day breaks, the cards are dealt: a phone showing the chat goes back to the game (unless its
  // owner is typing).
  const phaseKey = `${v.phase}:${v.night}:${v.day}`;
  if (ui.phaseKey && ui.phaseKey !== phaseKey && ui.tab === "chat" && !WIDE.matches &&
      !(document.activeElement && document.activeElement.classList.contains("chat-input"))) {
    ui.phaseKey = phaseKey;
    setTab("play");
    return;
  }
  ui.phaseKey = phaseKey;
  updateChat(v, name);
  ui.journal.follow(ui.chat && ui.chat.seen, events, gameOnScreen());
  const over = v.phase === "ended";
  patch("#status", over ? null : statusBar(v, ctx));
  show("#status", !over);
  patch("#rematch-banner", rematchBanner(events, ctx));
  patch("#stage", stage(v, ctx));
  const card = over ? null : hook("cards", null, v, ctx);
  show("#card", Boolean(card));
  patch("#card", card);
  // The ruleset's own table (null: none now), else the village's list of players.
  const table = typeof rules.table === "function" ? rules.table(v, ctx) : over ? null : village(v, ctx);
  show("#village", Boolean(table));
  patch("#village", table);
  patch("#feed", feed(v, ctx));
  promptCall(v);
  badges(v);
  notifyIfAway(ui, v, name, CODE);
  hook("afterRender", null, v, ctx);
  scheduleRender(v, events);
}

// -- the two views of a phone: the game and the chat ------------------------------------------------------------
function chatOnScreen() {
  return ui.mode !== "join" && ui.mode !== "kicked" && (WIDE.matches || ui.tab === "chat");
}

function gameOnScreen() {
  return WIDE.matches || ui.tab === "play";
}

function setTab(tab) {
  ui.tab = tab;
  sessionStorage.setItem(TAB_KEY, tab);
  document.body.dataset.tab = tab;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tabbar .tab"))) {
    const on = button.dataset.tab === tab;
    button.classList.toggle("active", on);
    button.setAttribute("aria-selected", on ? "true" : "false");
  }
  if (tab === "chat" && ui.chat) ui.chat.shown();
  if (tab === "play") markJournalFrom();
  window.scrollTo({ top: 0 });
  render();
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tabbar .tab"))) {
  button.addEventListener("click", () => setTab(button.dataset.tab));
}
WIDE.addEventListener("change", () => {
  if (ui.chat) ui.chat.shown();
  render();
});

function viewerKey(v) {
  const who = v.viewer.kind === "seat" ? `seat${v.viewer.seat}` : v.viewer.kind;
  return `veillee:seen:${CODE}:${who}`;
}

function updateChat(v, name) {
  if (!ui.chat) {
    ui.chat = new ChatPanel($("#chat"), { onUnread: (n) => { ui.unread = n; } });
  }
  ui.chat.update(ui.conn, {
    name, kind: v.viewer.kind, me: v.me ? v.me.seat : null, alive: anyAlive(v),
    seats: v.me ? [v.me.seat, ...(v.characters || []).map((c) => c.seat)] : [],
    visible: chatOnScreen(), seenKey: viewerKey(v),
  });
}

/** The journal: what arrived since the last visit is marked until the next one. */
function markJournalFrom() {
  if (ui.conn) ui.journal.markFrom(ui.chat && ui.chat.seen, ui.conn.events.length);
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  // Back on the page after a while: what came meanwhile is the new part.
  if (gameOnScreen()) markJournalFrom();
  if (ui.chat && chatOnScreen()) ui.chat.shown();
  render();
});

function badges(v) {
  const waiting = (v.prompts || []).some((p) => waitingFor(v, p));
  // A question shown on the chat tab with its team's chat (promptCall) needs no "!" on the game's tab.
  const elsewhere = (v.prompts || []).some((p) => waitingFor(v, p) && p.id !== ui.docked);
  const chatBadge = $("#chat-badge");
  chatBadge.hidden = !ui.unread;
  chatBadge.textContent = ui.unread > 99 ? "99+" : String(ui.unread);
  const playBadge = $("#play-badge");
  playBadge.hidden = !elsewhere;
  playBadge.textContent = "!";
  playBadge.title = elsewhere ? t("room.prompt_waiting") : "";
  $("#tab-play").classList.toggle("attention", elsewhere && ui.tab !== "play");
  document.title = `${waiting ? "● " : ""}${ui.unread ? `(${ui.unread}) ` : ""}${BASE_TITLE}`;
}

/** Render again at a moment the ruleset names (a forum vote that locks): nothing comes from the server then. */
function scheduleRender(v, events) {
  clearTimeout(ui.timer);
  const at = hook("nextRenderAt", null, v, events, ui.conn.now());
  if (at) ui.timer = setTimeout(render, Math.min(2 ** 31 - 1, (at - ui.conn.now()) * 1000 + 300));
}

function renderJoin(v) {
  const open = hook("joinOpen", v.phase === "lobby", v);
  show("#join-form", open);
  $(".join .or").hidden = !open;
  const players = v.players || [];
  patch("#join-players",
    open ? null : h("p", { class: "notice-line" }, v.phase === "lobby" ? t("room.full") : t("room.already_started")),
    h("h2", {}, t("room.seated", { n: players.length })),
    players.length ? h("ul", { class: "chips" }, players.map((p) => h("li", { class: "chip", "data-key": `s${p.seat}` }, p.name)))
      : h("p", { class: "muted" }, t("room.nobody_yet")));
}

// -- a question of mine, whatever tab is open -------------------------------------------------------------------
/** The question a team answers together now (the pack's attack: `policy` "team"), to be shown with the team's chat. */
function teamPrompt(v) {
  return (v.prompts || []).find((p) => p.mine && p.policy === "team" && !p.suspended) || null;
}

/**
 * On a phone, a question of mine is never out of sight: on the chat tab, a call above the chat opens it (the
 * "!" on the game's tab was missed); a team's question shows right there, above the team's chat (the game's column
 * keeps only that question: `data-dock`), and on the game's tab a button opens the team's chat. The call's area
 * is patched like the rest: the chat's half-typed text and its focus are left alone.
 */
function promptCall(v) {
  const phone = !WIDE.matches && ui.mode === "play" && v.phase !== "lobby" && v.phase !== "ended";
  const team = phone ? teamPrompt(v) : null;
  const dock = team && ui.tab === "chat" ? team.id : null;
  if (dock && ui.docked !== dock) openTeamChat(v, team); // once a question: the player may pick another thread
  ui.docked = dock;
  document.body.toggleAttribute("data-dock", Boolean(dock));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#stage .prompt[data-prompt]"))) {
    node.toggleAttribute("data-docked", node.dataset.prompt === dock);
  }
  const waiting = phone ? (v.prompts || []).filter((p) => waitingFor(v, p) && p.id !== dock) : [];
  // By day, on a phone, a last call to vote (cues.js), on whichever tab is open, above the chat tab's call.
  const last = lastCall(v, { now: ui.conn.now(), seated: phone, rerender: render, go: goToPrompt });
  let call = null;
  if (phone && ui.tab === "chat" && waiting.length) {
    call = h("div", { class: "banner banner-call", role: "status", "data-key": "call", "data-prompts": waiting.map((p) => p.id).join(" ") },
      icon("bell"),
      h("b", {}, waiting.length > 1 ? t("room.prompt_calls", { n: waiting.length }) : t("room.prompt_call")),
      h("button", { type: "button", class: "btn btn-primary btn-small", id: "prompt-call-go",
        onclick: () => goToPrompt(waiting[0].id) }, t("room.prompt_call_go")));
  } else if (team && ui.tab === "play") {
    call = h("div", { class: "banner banner-team", "data-key": "team" }, icon("chat"),
      h("button", { type: "button", class: "btn btn-small", id: "team-chat-go", onclick: () => setTab("chat") },
        t("room.team_chat")));
  }
  patch("#prompt-call", last, call);
  show("#prompt-call", Boolean(call || last));
}

/** The chat thread of the team asked (the ruleset names it: `teamChannel`), if this viewer has it. */
function openTeamChat(v, prompt) {
  const channel = hook("teamChannel", null, prompt, v);
  if (channel && ui.chat && ui.chat.channels && ui.chat.channels.has(channel)) ui.chat.open(channel);
}

/** The game's tab, the question on screen (under the status bar) and its first answer under the finger. */
function goToPrompt(id) {
  setTab("play");
  const node = document.querySelector(`#stage [data-prompt="${CSS.escape(id)}"]`) ||
    document.querySelector(hook("promptAnchor", "#stage", id));
  if (!node) return;
  const top = node.getBoundingClientRect().top + window.scrollY - $("#status").getBoundingClientRect().bottom - 8;
  window.scrollTo({ top: Math.max(0, top) });
  const first = node.querySelector("button:not([disabled]), input, textarea");
  if (first) first.focus({ preventScroll: true });
}

// The status bar's height, so that the chat can fill the screen below it (and below a call or a docked question).
if ("ResizeObserver" in window) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--status-h", `${$("#status").offsetHeight}px`);
  }).observe($("#status"));
  const above = () => {
    const call = $("#prompt-call");
    const play = $("#play");
    const h1 = call.hidden ? 0 : call.offsetHeight + 12;
    const h2 = document.body.hasAttribute("data-dock") ? play.offsetHeight + 12 : 0;
    document.documentElement.style.setProperty("--call-h", `${h1 + h2}px`);
  };
  const sizes = new ResizeObserver(above);
  sizes.observe($("#prompt-call"));
  sizes.observe($("#play"));
}
document.body.dataset.tab = ui.tab;
for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tabbar .tab"))) {
  button.classList.toggle("active", button.dataset.tab === ui.tab);
}

startClock(() => (ui.conn ? ui.conn.offset : 0));
start();
loadRuleset(root.dataset.ruleset).then(() => {
  rules.ready = true;
  render();
});
ui.render = render;
window.veillee = ui; // for the curious and for tests: the live connection (its token is in localStorage anyway)
