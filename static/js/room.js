// The player's (or spectator's) page: join, lobby, role card, night prompts, day votes, end of the game.
import {
  $,
  api, bindJoinForm, campClasses, campOf, confirmTally, Connection, countdown, daySchedule, describe, eventList, fill,
  h, has, icon, JournalMark, keepAwake, keepFocus, listNames, loadQr, localTime, localZone, namer, prettyCode, promptIndex,
  promptTitle, publicMarks, reasonsList, renderPrompt, roleIcon, roleName, seatKey, showStatus, startClock, store, t,
  takeFragment, tallyOf, toast,
} from "./common.js";
import { ChatPanel } from "./chat.js";

const root = $("#room");
const CODE = root.dataset.code;
const PRETTY = root.dataset.pretty;
const WATCH_KEY = `veillee:watch:${CODE}`;
const CARD_KEY = `veillee:card-hidden:${CODE}`;

const TAB_KEY = `veillee:tab:${CODE}`;
const WIDE = window.matchMedia("(min-width: 980px)");
const BASE_TITLE = document.title;

const ui = {
  mode: "join", // join | play | watch | kicked
  conn: null,
  selection: new Map(),
  drafts: new Map(), // vote reasons being typed
  cardHidden: sessionStorage.getItem(CARD_KEY) === "1",
  tab: sessionStorage.getItem(TAB_KEY) === "chat" ? "chat" : "play", // on a phone: the game or the chat
  chat: null,
  journal: new JournalMark(), // which events are new since the last visit
  loaded: null, // how many events the first frame held (a rematch announced after that is live)
  unread: 0,
  timer: null,
  roles: null, // the ruleset's roles ({key, camp}), for the camp on the role card
};

api("/api/rulesets/thiercelieux").then((info) => {
  ui.roles = info.roles;
  render();
}).catch(() => { /* the card then guesses the camp from the role's name */ });

// A substitute's link carries the seat's token in the fragment (#t=…): keep it, then clean the address.
const fromLink = takeFragment("t");
if (fromLink) store.set(seatKey(CODE), fromLink);

function show(id, on) {
  const node = $(id);
  if (node) node.hidden = !on;
}

function setMode(mode) {
  ui.mode = mode;
  show("#join", mode === "join");
  show("#kicked", mode === "kicked");
  show("#game", mode === "play" || mode === "watch");
  if (mode === "join") setTimeout(() => $("#name-input") && $("#name-input").focus({ preventScroll: true }), 0);
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
      if (code === "no_such_room") {
        fill("#kicked-title", t("ui.not_found"));
        fill("#kicked-text", t("error.no_such_room"));
        show("#rejoin-button", false);
        show("#kicked-watch", false);
      } else {
        fill("#kicked-title", t("room.kicked_title"));
        fill("#kicked-text", t("room.kicked_text"));
      }
      setMode("kicked");
      show("#loading", false);
      keepAwake(false);
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

// -- join -------------------------------------------------------------------------------------------------------
bindJoinForm(CODE, { form: "#join-form", input: "#name-input", button: "#join-button" }, (seat) => {
  sessionStorage.removeItem(WATCH_KEY);
  setMode("play");
  connect(seat.token);
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

async function leaveTable() {
  if (!window.confirm(t("room.leave_confirm"))) return;
  if (await ui.conn.act("leave")) {
    store.del(seatKey(CODE));
    setMode("join");
    connect(null);
  }
}

// -- rendering --------------------------------------------------------------------------------------------------
function render() {
  const conn = ui.conn;
  const v = conn && conn.view;
  if (!v) return;
  show("#loading", false);
  const events = conn.events;
  const name = namer(v, events);
  // The dead who see everything read the others' private lines too: in the third person.
  const omniscient = Boolean(v.me && !anyAlive(v) && v.options && v.options.dead_see_all);
  const ctx = { name, me: v.me ? v.me.seat : null, thirdPerson: omniscient, prompts: promptIndex(events) };
  const night = v.phase === "night" || v.phase === "lobby";
  document.body.classList.toggle("theme-night", night);
  document.body.classList.toggle("theme-day", !night);

  if (ui.mode === "join") {
    renderJoin(v);
    return;
  }
  if (ui.mode === "play" && v.viewer.kind !== "seat") {
    // The MJ took this seat off the table before the start.
    store.del(seatKey(CODE));
    fill("#kicked-title", t("room.removed_title"));
    fill("#kicked-text", t("room.removed_text"));
    setMode("kicked");
    return;
  }
  keepAwake(ui.mode === "play" && (v.phase === "night" || v.phase === "day"));
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
  keepFocus(() => {
    fill("#status", statusBar(v));
    fill("#rematch-banner", rematchBanner(v, events));
    fill("#stage", stage(v, events, ctx));
    // At the end the table of every card replaces the role card and the village list.
    const over = v.phase === "ended";
    show("#card", !over);
    show("#village", !over);
    // Two characters each (004): a card for each.
    fill("#card", over ? null : [roleCard(v, name), ...(v.characters || []).map((c) => roleCard(v, name, c))]);
    fill("#village", over ? null : village(v));
    fill("#feed", feed(v, events, ctx));
  });
  badges(v);
  notifyIfAway(v, name);
  scheduleRender(v);
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

/** A question the step does not wait for (the Assassin's signal, open all day): the view says so (`optional`). */
const optionalPrompt = (p) => (typeof p.optional === "boolean" ? p.optional : p.policy === "first" && p.min === 0);

function waitingPrompt(v) {
  const me = v.me ? String(v.me.seat) : null;
  return (v.prompts || []).some((p) => p.mine && !optionalPrompt(p) && me !== null
    && !(String(p.as ?? me) in (p.answers || {})));
}

function badges(v) {
  const waiting = waitingPrompt(v);
  const chatBadge = $("#chat-badge");
  chatBadge.hidden = !ui.unread;
  chatBadge.textContent = ui.unread > 99 ? "99+" : String(ui.unread);
  const playBadge = $("#play-badge");
  playBadge.hidden = !waiting;
  playBadge.textContent = "!";
  playBadge.title = waiting ? t("room.prompt_waiting") : "";
  $("#tab-play").classList.toggle("attention", waiting && ui.tab !== "play");
  document.title = `${waiting ? "● " : ""}${ui.unread ? `(${ui.unread}) ` : ""}${BASE_TITLE}`;
}

// -- notifications while the page is in the background ---------------------------------------------------------
const notes = { prompts: null, phase: null };

function canNotify() {
  return "Notification" in window && Notification.permission === "granted";
}

function askNotifications() {
  if (!("Notification" in window)) return;
  Promise.resolve(Notification.requestPermission()).then((answer) => {
    if (answer === "granted") toast(t("notify.enabled"), "ok");
    else if (answer === "denied") toast(t("notify.denied"));
    render();
  }).catch(() => {});
}

function notifyButton(extraClass = "") {
  if (!("Notification" in window) || Notification.permission !== "default" || ui.mode !== "play") return null;
  return h("button", { type: "button", class: `btn btn-small btn-ghost notify-button ${extraClass}`.trim(),
    title: t("notify.enable_help"), "aria-label": t("notify.enable"), onclick: askNotifications },
  icon("bell"), h("span", { class: "notify-text" }, t("notify.enable")));
}

function notify(title, body) {
  try {
    const note = new Notification(title, { body, tag: `veillee-${CODE}`, icon: "/static/img/icon.svg" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch { /* phones want a service worker for this: the title and the badges still tell */ }
}

function notifyIfAway(v, name) {
  const phase = `${v.phase}:${v.night}:${v.day}`;
  const me = v.me ? String(v.me.seat) : null;
  const open = (v.prompts || []).filter((p) => p.mine && !optionalPrompt(p) && me !== null
    && !(String(p.as ?? me) in (p.answers || {})));
  const first = notes.prompts === null;
  const known = notes.prompts || new Set();
  notes.prompts = new Set(open.map((p) => p.id));
  const previousPhase = notes.phase;
  notes.phase = phase;
  if (first || !document.hidden || !canNotify() || ui.mode !== "play") return;
  const fresh = open.filter((p) => !known.has(p.id));
  if (fresh.length) {
    const p = fresh[0];
    notify(t("notify.prompt"), promptTitle(p, name));
  } else if (previousPhase !== phase) {
    notify(t("notify.phase"), phaseText(v));
  }
}

/** Render again when the vote locks or closes (nothing comes from the server at those moments). */
function scheduleRender(v) {
  clearTimeout(ui.timer);
  const schedule = daySchedule(v, ui.conn.events);
  if (!schedule) return;
  const now = ui.conn.now();
  const next = [schedule.locks_at, schedule.closes_at, schedule.ends_at].filter((x) => x > now).sort((a, b) => a - b)[0];
  if (next) ui.timer = setTimeout(render, Math.min(2 ** 31 - 1, (next - now) * 1000 + 300));
}

function scheduleCard(v, schedule, now) {
  const state = now < schedule.locks_at ? "open" : now < schedule.closes_at ? "late" : "closed";
  const steps = [
    { key: "open", until: schedule.locks_at },
    { key: "late", until: schedule.closes_at },
    { key: "closed", until: schedule.ends_at },
  ];
  const order = steps.map((s) => s.key);
  const zone = v.options.timezone;
  const here = localZone();
  return h("div", { class: ["card", "schedule", `schedule-${state}`], "data-state": state },
    h("p", { class: "schedule-state" }, icon(state === "open" ? "check" : state === "late" ? "lock" : "moon"),
      h("b", {}, t(`forum.state.${state}`))),
    h("p", { class: "schedule-help" }, t(`forum.state.${state}.help`, {
      locks: localTime(schedule.locks_at), closes: localTime(schedule.closes_at), ends: localTime(schedule.ends_at) })),
    h("ol", { class: "timeline" }, steps.map((s, i) => h("li", {
      class: [s.key === state && "current", order.indexOf(state) > i && "done"] },
    h("span", { class: "timeline-label" }, t(`forum.step.${s.key}`)),
    h("time", {}, t("forum.until", { time: localTime(s.until) }))))),
    h("p", { class: "small muted" }, t("forum.your_time"),
      zone && here && zone !== here ? [" ", t("forum.room_time", { time: localTime(schedule.ends_at, zone), zone })] : null));
}

function renderJoin(v) {
  const open = v.phase === "lobby";
  show("#join-form", open);
  $(".join .or").hidden = !open;
  const players = v.players || [];
  fill("#join-players",
    open ? null : h("p", { class: "notice-line" }, t("room.already_started")),
    h("h2", {}, t("room.seated", { n: players.length })),
    players.length ? h("ul", { class: "chips" }, players.map((p) => h("li", { class: "chip" }, p.name)))
      : h("p", { class: "muted" }, t("room.nobody_yet")));
}

function phaseLabel(v) {
  if (v.phase === "lobby") return [icon("users"), t("phase.lobby")];
  if (v.phase === "night") return [icon("moon"), t("phase.night", { n: v.night })];
  if (v.phase === "day") return [icon("sun"), t("phase.day", { n: v.day })];
  return [icon("flag"), t("phase.ended")];
}

function phaseText(v) {
  if (v.phase === "night") return t("phase.night", { n: v.night });
  if (v.phase === "day") return t("phase.day", { n: v.day });
  return t(`phase.${v.phase}`);
}

function statusBar(v) {
  const step = v.step;
  return h("div", { class: `status status-${v.phase}` },
    h("div", { class: "status-row" },
      h("span", { class: "phase-label" }, phaseLabel(v)),
      step ? h("span", { class: "step-label" }, t(`step.${step.key}`)) : null,
      v.paused ? h("span", { class: "badge badge-warn" }, icon("pause"), t("ui.paused")) : null,
      notifyButton("status-notify")),
    step && step.deadline ? countdown(step.deadline, step.started, v.paused) : null);
}

function sinceLastPhase(events) {
  let i = events.length - 1;
  while (i >= 0 && events[i].type !== "phase") i--;
  return events.slice(i + 1);
}

function stage(v, events, ctx) {
  if (v.phase === "lobby") return lobbyStage(v);
  if (v.phase === "ended") return endStage(v, ctx.name);
  const me = v.me;
  const mine = (v.prompts || []).filter((p) => p.mine);
  const parts = [];
  if (v.paused) parts.push(h("div", { class: "banner banner-warn" }, icon("pause"), t("ui.paused_long")));
  if (v.viewer.kind === "spectator") parts.push(h("div", { class: "banner" }, icon("eye"), t("room.spectating")));
  else if (me && !anyAlive(v)) parts.push(h("div", { class: "banner banner-dead" }, icon("cross"), t("room.you_are_dead")));

  const schedule = daySchedule(v, events);
  const now = ui.conn.now();
  parts.push(headline(v, mine.length > 0, schedule, ctx.name));
  if (schedule && now < schedule.ends_at) parts.push(scheduleCard(v, schedule, now));
  for (const prompt of mine) {
    const opened = ctx.prompts.get(prompt.id) || {};
    // With two characters each (004), `as` says which of them the question is for.
    const as = prompt.as ?? (me ? me.seat : null);
    parts.push(renderPrompt(prompt, {
      view: v, name: ctx.name, seat: as, actingAs: me && as !== me.seat ? ctx.name(as) : null,
      selection: ui.selection, rerender: render,
      drafts: ui.drafts, now, locksAt: prompt.locks_at ?? opened.locks_at ?? (schedule ? schedule.locks_at : null),
      submit: (answer, reason) => ui.conn.act("answer", { prompt: prompt.id, answer, ...(reason ? { reason } : {}) }),
    }));
  }
  for (const prompt of v.prompts || []) {
    if (prompt.mine || prompt.visibility !== "public") continue;
    if (prompt.kind === "pick") parts.push(tallyPanel(prompt, ctx.name));
    else if (prompt.kind === "confirm") parts.push(verdictPanel(prompt, ctx.name));
  }
  const peek = (v.secrets && v.secrets.peek) || (v.characters || []).map((c) => c.secrets.peek).find(Boolean);
  if (peek && v.phase === "night") {
    parts.push(h("div", { class: "card peek" }, h("h3", {}, icon("eye"), t("room.peek_title")),
      Object.keys(peek).length
        ? h("p", {}, Object.entries(peek).map(([seat, n]) => t("room.peek_line", { name: ctx.name(seat), n })).join(" · "))
        : h("p", { class: "muted" }, t("room.peek_none"))));
  }
  const news = sinceLastPhase(events).map((e) => describe(e, ctx, "feed")).filter(Boolean);
  if (news.length) {
    parts.push(h("div", { class: "news card" },
      h("h3", {}, t(v.phase === "night" ? "room.news_night" : "room.news_day")),
      h("ul", {}, news.map((line) => h("li", { class: `line ${line.cls}` }, line.text)))));
  }
  return parts;
}

function headline(v, acting, schedule, name) {
  const step = v.step;
  const key = step ? step.key : null;
  if (key === "dusk" && schedule) {
    return h("div", { class: "headline headline-day" }, icon("moon"), h("div", {},
      h("h1", {}, t("narr.dusk")), h("p", {}, t("forum.night_at", { time: localTime(schedule.ends_at) }))));
  }
  if (v.phase === "night") {
    if (acting) {
      return h("div", { class: "headline headline-act" }, icon("eye"), h("div", {},
        h("h1", {}, t("room.your_turn")), key ? h("p", {}, t(`narr.${key}`)) : null));
    }
    return h("div", { class: "sleep" },
      h("div", { class: "moon-big" }, icon("moon")),
      h("h1", {}, t("room.village_sleeps")),
      h("p", { class: "sleep-hint" }, t("room.close_eyes")),
      key ? h("p", { class: "narration" }, t(`narr.${key}`)) : null);
  }
  // "C'est sûrement pas lui" (004): who is still standing.
  const standing = v.public && Array.isArray(v.public.standing) && v.public.standing.length ? v.public.standing : null;
  return h("div", { class: "headline headline-day" }, icon("sun"), h("div", {},
    h("h1", {}, key ? t(`narr.${key}`) : t("phase.day", { n: v.day })),
    key && has(`narr.${key}.help`) ? h("p", {}, t(`narr.${key}.help`)) : null,
    standing ? h("p", { class: "standing-line", "data-standing": standing.join(" ") },
      t("room.standing", { names: listNames(standing, name) })) : null));
}

/** A public yes/no question the viewer does not answer (the village's verdict on the accused). */
function verdictPanel(prompt, name) {
  const waiting = (prompt.to || []).filter((s) => !(String(s) in (prompt.answers || {})));
  // Who is on trial: a public prompt's info (`accused`) is everyone's.
  return h("div", { class: "card tally", "data-prompt": prompt.id },
    h("h3", {}, promptTitle(prompt, name)),
    confirmTally(prompt, name) || h("p", { class: "muted" }, t("ui.no_votes")),
    waiting.length ? h("p", { class: "muted small" }, t("ui.waiting_for", { names: listNames(waiting, name) })) : null);
}

/** The table's rule about saying one's role (004), for everyone to see. */
function talkRule(v) {
  const rule = (v.public && v.public.role_talk) || (v.options && v.options.role_talk) || "allowed";
  return h("p", { class: ["talk-rule", `talk-${rule}`], "data-rule": rule }, icon("chat"), h("span", {}, t(`talk.${rule}`)));
}

function tallyPanel(prompt, name) {
  const tally = tallyOf(prompt);
  const rows = [...tally.entries()].sort((a, b) => b[1].length - a[1].length);
  const waiting = (prompt.to || []).filter((s) => !(String(s) in (prompt.answers || {})));
  return h("div", { class: "card tally", "data-prompt": prompt.id },
    h("h3", {}, t(`pstep.${prompt.step}`)),
    rows.length ? h("ul", { class: "tally-rows" }, rows.map(([target, voters]) =>
      h("li", {}, h("b", {}, name(target)), h("span", { class: "count" }, String(voters.length)),
        h("small", {}, listNames(voters, name)))))
      : h("p", { class: "muted" }, t("ui.no_votes")),
    reasonsList(prompt, name),
    waiting.length ? h("p", { class: "muted small" }, t("ui.waiting_for", { names: listNames(waiting, name) })) : null);
}

function qrNode() {
  const node = h("div", { class: "qr", role: "img", "aria-label": t("ui.qr_alt") });
  loadQr(node, CODE);
  return node;
}

function lobbyStage(v) {
  const me = v.me;
  const url = `${location.origin}/r/${CODE}`;
  const counts = {};
  for (const role of v.composition || []) counts[role] = (counts[role] || 0) + 1;
  return [
    h("div", { class: "card lobby" },
      me ? h("h1", {}, t("room.welcome", { name: me.name })) : h("h1", {}, t("room.lobby_title")),
      h("p", {}, me ? t("room.wait_for_mj") : t("room.spectating_lobby")),
      h("div", { class: "invite" },
        qrNode(),
        h("div", {},
          h("p", { class: "muted small" }, t("room.invite")),
          h("p", { class: "code-big" }, PRETTY),
          h("p", { class: "link small" }, url))),
      Object.keys(counts).length ? h("div", { class: "deck" }, h("h3", {}, t("room.cards_in_play")),
        h("ul", { class: "chips" }, Object.entries(counts).map(([role, n]) =>
          h("li", { class: "chip" }, n > 1 ? `${n} × ${roleName(role)}` : roleName(role))))) : null,
      talkRule(v),
      me ? h("div", { class: "button-row lobby-buttons" },
        notifyButton(),
        WIDE.matches ? null : h("button", { type: "button", class: "btn btn-small", onclick: () => setTab("chat") },
          icon("chat"), t("room.open_chat")),
        h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: leaveTable }, t("room.leave")))
        : h("button", { type: "button", class: "btn btn-primary", onclick: joinTable }, t("room.join_table"))),
  ];
}

const END_ICONS = { wolves: "wolf", lovers: "heart", vampires: "bat", hamsters: "hamster", "loup-blanc": "wolf",
  "joueur-de-flute": "note", tueur: "dagger", assassin: "dagger" };

function endStage(v, name) {
  const result = v.result || {};
  const winners = new Set(result.winners || []);
  const me = v.me;
  const stopped = result.reason === "mj" || !result.camp;
  const title = stopped ? t("end.stopped") : t(`end.win.${result.camp}`);
  // With two characters each (004), a player wins if either of his characters is among the winners.
  const mine = me ? [me.seat, ...(v.characters || []).map((c) => c.seat)] : [];
  const personal = me && !stopped ? (mine.some((s) => winners.has(s)) ? t("end.you_won") : t("end.you_lost")) : null;
  return h("div", { class: ["card", "end", `end-${result.camp || "none"}`] },
    h("div", { class: "end-icon" }, icon(END_ICONS[result.camp] || "sun")),
    h("h1", { class: "end-title" }, title),
    personal ? h("p", { class: "end-personal" }, personal) : null,
    winners.size ? h("p", { class: "winners" }, t("end.winners", { names: listNames([...winners], name) })) : null,
    h("table", { class: "roles-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("ui.player")), h("th", {}, t("ui.role")), h("th", {}, ""))),
      h("tbody", {}, (v.players || []).map((p) => h("tr", { class: [winners.has(p.seat) && "winner", !p.alive && "dead"] },
        h("td", {}, p.name, p.me ? h("small", {}, ` (${t("ui.you")})`) : null),
        h("td", {}, roleName(p.role)),
        h("td", { class: "marks" },
          winners.has(p.seat) ? h("span", { class: "badge badge-good" }, t("end.winner")) : null,
          !p.alive ? h("span", { class: "badge" }, t("ui.dead")) : null))))),
    h("a", { class: "btn btn-ghost", href: "/" }, t("end.new_game")));
}

/** Whether any of the viewer's characters lives (two characters each, 004: out only when both are dead). */
function anyAlive(v) {
  return Boolean(v.me && (v.me.alive || (v.characters || []).some((c) => c.alive)));
}

/** The card of the viewer's character: their own, or `character` (a second one, 004, with its own secrets). */
function roleCard(v, name, character = null) {
  if (character) v = { ...v, me: character, secrets: character.secrets || {} };
  const me = v.me;
  if (!me || !me.role) return null;
  const eyebrow = v.characters && v.characters.length ? t("room.your_character", { name: me.name }) : t("room.your_role");
  const hidden = ui.cardHidden;
  const toggle = h("button", { type: "button", class: "btn btn-ghost btn-small toggle-card", "aria-pressed": hidden ? "false" : "true",
    onclick: () => {
      ui.cardHidden = !ui.cardHidden;
      sessionStorage.setItem(CARD_KEY, ui.cardHidden ? "1" : "0");
      render();
    } }, icon(hidden ? "eye" : "eyeoff"), hidden ? t("room.show_card") : t("room.hide_card"));
  const secrets = v.secrets || {};
  const bitten = Boolean(secrets.vampire); // bitten by the vampires (004)
  const camp = campOf(me.role, ui.roles, { wolf: secrets.converted, vampire: bitten });
  const extra = [];
  if (me.original_role && me.original_role !== me.role) extra.push(t("room.was_role", { role: roleName(me.original_role) }));
  if (secrets.lover !== undefined) extra.push(h("span", { class: "love" }, icon("heart"), t("room.in_love_with", { name: name(secrets.lover) })));
  if (secrets.cupid_pair) extra.push(t("room.cupid_pair", { names: listNames(secrets.cupid_pair, name) }));
  if (me.role === "chaman" && me.alive) extra.push(h("span", {}, icon("ghost"), " ", t("room.chaman_hint")));
  if (secrets.potions) {
    extra.push(t("room.potions", {
      heal: secrets.potions.heal ? t("room.potion_left") : t("room.potion_used"),
      poison: secrets.potions.poison ? t("room.potion_left") : t("room.potion_used"),
    }));
  }
  extra.push(...secretLines(v, secrets, name, bitten));
  return h("div", { class: ["role-card", ...campClasses(camp), hidden && "is-hidden"], "data-role": hidden ? null : me.role,
    "data-camp": hidden ? null : camp },
    h("div", { class: "role-card-top" }, h("span", { class: "eyebrow" }, eyebrow), toggle),
    hidden ? h("p", { class: "role-hidden" }, t("room.card_hidden"))
      : [
        h("div", { class: "role-emblem" }, roleIcon(me.role)),
        h("h2", { class: "role-name" }, roleName(me.role)),
        h("p", { class: "role-camp" }, t(`camp.${camp}`)),
        h("p", { class: "role-desc" }, has(`role.${me.role}.desc`) ? t(`role.${me.role}.desc`) : ""),
        extra.length ? h("ul", { class: "role-secrets" }, extra.map((x) => h("li", {}, x))) : null,
        talkRule(v),
      ]);
}

/** What only this player knows, in plain words (view.secrets). */
function secretLines(v, secrets, name, bitten) {
  const me = v.me;
  const out = [];
  if (Array.isArray(secrets.masons)) {
    const brothers = secrets.masons.filter((s) => s !== me.seat);
    out.push(h("span", {}, icon("users"), " ", brothers.length ? t("room.secret.masons", { names: listNames(brothers, name) })
      : t("room.secret.masons_alone")));
  }
  if (secrets.master !== undefined && secrets.master !== null) {
    out.push(h("span", {}, icon("book"), " ", t("room.secret.master", { name: name(secrets.master) })));
  }
  if (typeof secrets.sheep === "number" && secrets.sheep <= 0) out.push(h("span", {}, icon("sheep"), " ", t("room.secret.sheep_dead")));
  if (secrets.last_protected !== undefined && secrets.last_protected !== null) {
    out.push(h("span", {}, icon("shield"), " ", t("room.secret.last_protected", { name: name(secrets.last_protected) })));
  }
  if (secrets.infect_used) out.push(t("room.secret.infect_used"));
  if (secrets.struck !== undefined && secrets.struck === v.day && v.phase === "day") out.push(t("room.secret.struck"));
  if (bitten) out.push(h("span", {}, icon("bat"), " ", t("room.secret.vampire")));
  else if (secrets.converted) out.push(h("span", {}, icon("wolf"), " ", t("room.secret.converted")));
  if (secrets.second_role) out.push(t("room.secret.second_role", { role: roleName(secrets.second_role) }));
  if (secrets.camp_card) out.push(t("room.secret.camp_card", { role: roleName(secrets.camp_card) }));
  const dayCard = ((v.public && v.public.day_roles) || {})[String(me.seat)];
  if (dayCard) out.push(h("span", {}, roleIcon(dayCard), " ", t("room.secret.day_card", { role: roleName(dayCard) })));
  if (v.public && v.public.powers_lost && campOf(me.role, ui.roles) === "village") out.push(t("room.powers_lost_card"));
  return out;
}

function village(v) {
  const players = v.players || [];
  const lover = v.secrets ? v.secrets.lover : undefined;
  const alive = players.filter((p) => p.alive).length;
  return [
    h("h2", {}, t("room.village"), h("small", { class: "muted" }, " · ",
      v.phase === "lobby" ? t("room.seated", { n: players.length }) : t("room.alive_count", { n: alive, total: players.length }))),
    v.public && v.public.powers_lost ? h("p", { class: "notice-line powers-lost" }, t("public.powers_lost")) : null,
    h("ul", { class: "players" }, players.map((p) => h("li", { class: ["player", !p.alive && "dead", p.me && "me"], "data-seat": p.seat },
      h("span", { class: "pname" }, p.name, p.me ? h("small", {}, ` (${t("ui.you")})`) : null),
      h("span", { class: "pmarks" },
        p.captain ? h("span", { class: "badge badge-captain", title: t("ui.captain") }, icon("star"), t("ui.captain")) : null,
        lover === p.seat ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
        publicMarks(v, p.seat),
        p.role && !p.me ? h("span", { class: ["badge", "role-chip", campOf(p.role, ui.roles) === "wolves" && "wolf"] }, roleName(p.role)) : null,
        !p.alive ? h("span", { class: "badge" }, icon("cross"), t("ui.dead")) : null)))),
  ];
}

function feed(v, events, ctx) {
  if (v.phase === "ended") {
    // The story starts when the cards are dealt (the lobby's comings and goings are of no interest now).
    const start = events.findIndex((e) => e.type === "announce" && e.data && e.data.key === "game_started");
    return [h("h2", {}, t("end.history")), eventList(start > 0 ? events.slice(start) : events, { ...ctx, me: null, thirdPerson: true }, "full")];
  }
  return [h("h2", {}, t("room.journal")), eventList(events, ctx, "feed", { reverse: true, mark: ui.journal.index })];
}

// -- rematch: the group moves to a new table ----------------------------------------------------------------------
function rematchBanner(v, events) {
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
    // The seat's secret link works at the new table too.
    if (token && !store.get(seatKey(code))) store.set(seatKey(code), token);
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

// The status bar's height, so that the chat can fill the screen below it.
if ("ResizeObserver" in window) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--status-h", `${$("#status").offsetHeight}px`);
  }).observe($("#status"));
}
document.body.dataset.tab = ui.tab;
for (const button of document.querySelectorAll("#tabbar .tab")) {
  button.classList.toggle("active", button.dataset.tab === ui.tab);
}

startClock(() => (ui.conn ? ui.conn.offset : 0));
start();
window.veillee = ui; // for the curious and for tests: the live connection (its token is in localStorage anyway)
