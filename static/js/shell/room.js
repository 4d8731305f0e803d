// The player's (or spectator's) page, the same for every ruleset: connection, join, reconnection, the status bar,
// prompts, the journal, the chat, notifications and the end screen. The room's ruleset module
// (static/js/rulesets/<key>.js, see rules.js) draws what is its own: cards, marks, panels, its own lines.
import { ChatPanel } from "./chat.js";
import { countdown, followPause, keepAwake, startClock } from "./clock.js";
import { $, h, icon, patch, qrNode, show, toast } from "./dom.js";
import { has, listNames, prettyCode, rejectionText, roleName, t } from "./i18n.js";
import { eventList, JournalMark, namer, promptIndex } from "./journal.js";
import { notifyButton, notifyIfAway } from "./notify.js";
import { officeBadges } from "./offices.js";
import { renderPrompt, tallyPanel, verdictPanel, waitingFor } from "./prompts.js";
import { api, Connection, showStatus, mjKey, publicBase, seatKey, store, takeFragment } from "./net.js";
import { applyTheme, hook, loadRuleset, rules } from "./rules.js";
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
    onFrame: () => render(),
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
/** Whether any of the viewer's characters lives (two characters each, 004: out only when both are dead). */
export function anyAlive(v) {
  return Boolean(v.me && (v.me.alive || (v.characters || []).some((c) => c.alive)));
}

/** What the ruleset module is handed on every render. */
function context(v, events, name) {
  const me = v.me ? v.me.seat : null;
  return {
    v, events, name, me, ui, code: CODE, pretty: PRETTY, conn: ui.conn, mode: ui.mode, wide: WIDE.matches,
    // The dead who see everything read the others' private lines too: in the third person.
    thirdPerson: Boolean(v.me && !anyAlive(v) && v.options && v.options.dead_see_all),
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
  keepAwake(ui.mode === "play" && hook("running", v.phase === "night" || v.phase === "day", v));
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
  patch("#rematch-banner", rematchBanner(events));
  patch("#stage", stage(v, ctx));
  const card = over ? null : hook("cards", null, v, ctx);
  show("#card", Boolean(card));
  patch("#card", card);
  // The ruleset's own table (null: none now), else the village's list of players.
  const table = typeof rules.table === "function" ? rules.table(v, ctx) : over ? null : village(v, ctx);
  show("#village", Boolean(table));
  patch("#village", table);
  patch("#feed", feed(v, ctx));
  promptCall(v, ctx);
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
  for (const button of document.querySelectorAll("#tabbar .tab")) {
    const on = button.dataset.tab === tab;
    button.classList.toggle("active", on);
    button.setAttribute("aria-selected", on ? "true" : "false");
  }
  if (tab === "chat" && ui.chat) ui.chat.shown();
  if (tab === "play") markJournalFrom();
  window.scrollTo({ top: 0 });
  render();
}

for (const button of document.querySelectorAll("#tabbar .tab")) {
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
function promptCall(v, ctx) {
  const phone = !WIDE.matches && ui.mode === "play" && v.phase !== "lobby" && v.phase !== "ended";
  const team = phone ? teamPrompt(v) : null;
  const dock = team && ui.tab === "chat" ? team.id : null;
  if (dock && ui.docked !== dock) openTeamChat(v, team); // once a question: the player may pick another thread
  ui.docked = dock;
  document.body.toggleAttribute("data-dock", Boolean(dock));
  for (const node of document.querySelectorAll("#stage .prompt[data-prompt]")) {
    node.toggleAttribute("data-docked", node.dataset.prompt === dock);
  }
  const waiting = phone ? (v.prompts || []).filter((p) => waitingFor(v, p) && p.id !== dock) : [];
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
  patch("#prompt-call", call);
  show("#prompt-call", Boolean(call));
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

// -- the status bar ---------------------------------------------------------------------------------------------
function phaseLabel(v) {
  if (v.phase === "lobby") return [icon("users"), t("phase.lobby")];
  if (v.phase === "night") return [icon("moon"), t("phase.night", { n: v.night })];
  if (v.phase === "day") return [icon("sun"), t("phase.day", { n: v.day })];
  return [icon("flag"), t("phase.ended")];
}

function statusBar(v, ctx) {
  const step = v.step;
  const stepLabel = hook("stepLabel", step && has(`step.${step.key}`) ? t(`step.${step.key}`) : null, v, ctx);
  return h("div", { class: `status status-${v.phase}` },
    h("div", { class: "status-row" },
      h("span", { class: "phase-label" }, hook("phaseLabel", phaseLabel(v), v, ctx)),
      stepLabel ? h("span", { class: "step-label", title: typeof stepLabel === "string" ? stepLabel : null }, stepLabel) : null,
      hook("statusExtra", null, v, ctx),
      // The one sign of a pause (the countdown below stands still on the time left): always on screen.
      v.paused ? h("span", { class: "badge badge-warn paused-badge", title: t("ui.paused_long") }, icon("pause"), t("ui.paused")) : null,
      notifyButton(ui, "status-notify")),
    step && step.deadline ? countdown(step.deadline, step.started, v.paused) : null);
}

// -- the stage: the lobby, the game, the end --------------------------------------------------------------------
function stage(v, ctx) {
  if (v.phase === "lobby") return hook("lobby", null, v, ctx) ?? lobbyStage(v, ctx);
  if (v.phase === "ended") return endStage(v, ctx);
  const parts = [];
  if (v.viewer.kind === "spectator") parts.push(h("div", { class: "banner", "data-key": "spectating" }, icon("eye"), t("room.spectating")));
  else if (v.me && !anyAlive(v)) {
    // What the dead may still do is the ruleset's (a Reptiliens ghost debates and guards a house); by default they
    // keep quiet, and have the dead's channel when the room has one.
    const chat = (v.channels || []).some((c) => c.name === "dead") ? "yes" : "no";
    parts.push(h("div", { class: "banner banner-dead", "data-key": "dead" }, icon("cross"),
      hook("deadNote", t("room.you_are_dead", { chat }), v, ctx)));
  }
  const own = hook("stage", null, v, ctx);
  if (own) parts.push(own);
  else {
    for (const prompt of (v.prompts || []).filter((p) => p.mine)) parts.push(ctx.prompt(prompt));
    parts.push(ctx.publicPrompts());
  }
  return parts;
}

function lobbyStage(v, ctx) {
  const me = v.me;
  const url = `${publicBase()}/r/${CODE}`;
  return h("div", { class: "card lobby" },
    me ? h("h1", {}, t("room.welcome", { name: me.name })) : h("h1", {}, t("room.lobby_title")),
    h("p", {}, me ? t("room.wait_for_mj") : t("room.spectating_lobby")),
    h("div", { class: "invite" },
      ctx.qr(),
      h("div", {},
        h("p", { class: "muted small" }, t("room.invite")),
        h("p", { class: "code-big" }, PRETTY),
        h("p", { class: "link small" }, url))),
    hook("lobbyExtra", null, v, ctx),
    me ? h("div", { class: "button-row lobby-buttons" },
      notifyButton(ui),
      WIDE.matches ? null : h("button", { type: "button", class: "btn btn-small", onclick: () => setTab("chat") },
        icon("chat"), t("room.open_chat")),
      h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: leaveTable }, t("room.leave")))
      : h("button", { type: "button", class: "btn btn-primary", onclick: joinTable }, t("room.join_table")));
}

/** The end: who won, whether you did, the ruleset's account (every card, every hand), a rematch. */
function endStage(v, ctx) {
  const result = v.result || {};
  const winners = new Set(result.winners || []);
  const me = v.me;
  const stopped = result.reason === "mj" || !result.camp;
  const title = hook("endTitle", stopped ? t("end.stopped") : t(`end.win.${result.camp}`), result, v);
  // With two characters each (004), a player wins if either of his characters is among the winners.
  const mine = me ? [me.seat, ...(v.characters || []).map((c) => c.seat)] : [];
  const personal = me && !stopped ? (mine.some((s) => winners.has(s)) ? t("end.you_won") : t("end.you_lost")) : null;
  return h("div", { class: ["card", "end", `end-${result.camp || "none"}`, hook("endClass", null, v)] },
    h("div", { class: "end-icon" }, icon(hook("endIcon", "sun", result.camp, v))),
    h("h1", { class: "end-title" }, title),
    hook("endWhy", null, v, ctx),
    personal ? h("p", { class: "end-personal" }, personal) : null,
    winners.size ? h("p", { class: "winners" }, t("end.winners", { names: listNames([...winners], ctx.name) })) : null,
    hook("endDetails", defaultEndDetails(v, ctx, winners), v, ctx, winners),
    rematchButton(),
    h("a", { class: ["btn", hostToken() ? "btn-ghost" : "btn-primary"], href: hook("newGameHref", "/", v) }, t("end.new_game")));
}

function defaultEndDetails(v, ctx, winners) {
  return h("table", { class: "roles-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("ui.player")), h("th", {}, t("ui.role")), h("th", {}, ""))),
    h("tbody", {}, (v.players || []).map((p) => h("tr", { class: [winners.has(p.seat) && "winner", !p.alive && "dead"], "data-key": `s${p.seat}` },
      h("td", {}, p.name, p.me ? h("small", {}, ` (${t("ui.you")})`) : null),
      h("td", {}, roleName(p.role)),
      h("td", { class: "marks" },
        winners.has(p.seat) ? h("span", { class: "badge badge-good" }, t("end.winner")) : null,
        !p.alive ? h("span", { class: "badge" }, t("ui.dead")) : null)))));
}

// -- the village: who sits where ---------------------------------------------------------------------------------

/** The cards of another seat this viewer knows: each slot's (`cards`, several a seat), else the one `role`. */
function knownCards(p) {
  if (p.cards) return Object.values(p.cards).filter(Boolean);
  return p.role ? [p.role] : [];
}

function village(v, ctx) {
  const players = v.players || [];
  const alive = players.filter((p) => p.alive).length;
  return [
    h("h2", {}, t("room.village"), h("small", { class: "muted" }, " · ",
      v.phase === "lobby" ? t("room.seated", { n: players.length }) : t("room.alive_count", { n: alive, total: players.length }))),
    hook("villageExtra", null, v, ctx),
    h("ul", { class: "players" }, players.map((p) => h("li", {
      class: ["player", !p.alive && "dead", p.me && "me"], "data-seat": p.seat, "data-key": `s${p.seat}` },
    h("span", { class: "pname" }, p.name, p.me ? h("small", {}, ` (${t("ui.you")})`) : null),
    h("span", { class: "pmarks" },
      officeBadges(p),
      hook("marks", null, v, p, ctx),
      p.me ? null : knownCards(p).map((card) => h("span", { class: ["badge", "role-chip", hook("roleChipClass", null, card)] },
        roleName(card))),
      !p.alive ? h("span", { class: "badge" }, icon("cross"), t("ui.dead")) : null)))),
  ];
}

// -- the journal, and the whole story at the end ------------------------------------------------------------------
function feed(v, ctx) {
  if (v.phase === "ended") {
    const own = hook("history", null, v, ctx);
    if (own) return own;
    // The story starts when the cards are dealt (the lobby's comings and goings are of no interest now).
    const events = ctx.events;
    const start = events.findIndex((e) => e.type === "announce" && e.data && e.data.key === "game_started");
    return [h("h2", {}, t("end.history")),
      eventList(start > 0 ? events.slice(start) : events, { ...ctx, me: null, thirdPerson: true }, "full",
        { offset: start > 0 ? start : 0 })];
  }
  return [h("h2", {}, t("room.journal")),
    eventList(ctx.events, ctx, "feed", { reverse: true, mark: ui.journal.index })];
}

// -- rematch: the group moves to a new table ----------------------------------------------------------------------
function rematchBanner(events) {
  let index = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === "rematch") {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  const code = events[index].data.code;
  const token = store.get(seatKey(CODE));
  const go = () => {
    // The seat's personal link (and the host's key) work at the new table too.
    if (token && !store.get(seatKey(code))) store.set(seatKey(code), token);
    if (hostToken() && !store.get(mjKey(code))) store.set(mjKey(code), hostToken());
    location.assign(`/r/${encodeURIComponent(code)}`);
  };
  const live = index >= (ui.loaded ?? 0) && ui.mode === "play" && token;
  if (live && !ui.moving) {
    ui.moving = true;
    setTimeout(go, 2500);
  }
  return h("div", { class: "banner banner-rematch", role: "status" }, icon("repeat"),
    h("div", {}, h("b", {}, t(live ? "rematch.moving" : "rematch.ready", { code: prettyCode(code) }))),
    h("button", { type: "button", class: "btn btn-primary btn-small", onclick: go }, t("rematch.go")));
}

/** The host who plays (their MJ key is in this browser) offers the table a rematch from the end screen. */
function rematchButton() {
  if (!hostToken() || $("#host-bar") || (ui.conn.events || []).some((e) => e.type === "rematch")) return null;
  return h("div", { class: "rematch-box" },
    h("button", { type: "button", class: "btn btn-primary btn-block", id: "rematch", onclick: async (ev) => {
      const button = ev.currentTarget;
      button.disabled = true;
      try {
        await api(`/api/rooms/${CODE}/rematch`, { method: "POST", token: hostToken() });
      } catch (err) {
        button.disabled = false;
        toast(rejectionText(err.code, err.message, err.params));
      }
    } }, icon("repeat"), t("rematch.button")),
    h("p", { class: "small muted" }, t("rematch.help")));
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
for (const button of document.querySelectorAll("#tabbar .tab")) {
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
