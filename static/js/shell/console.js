// @ts-check
// The game master's console, the same for every ruleset: invite, seats, start; then the game's controls, the seats
// with their Actions menu (answer for, write to, rename, substitute, and the ruleset's own overrides), the open
// questions, the log and the chat. The room's ruleset module adds its set-up, its seat details and its board.
import { ChatPanel, MAX_TEXT } from "./chat.js";
import { countdown, followPause, keepAwake, startClock } from "./clock.js";
import { $, copyText, fill, h, icon, loadQr, patch, show, toast } from "./dom.js";
import { listNames, prettyCode, rejectionText, stepName, t } from "./i18n.js";
import { eventList, formatAnswer, JournalMark, namer, promptIndex } from "./journal.js";
import { api, Connection, showStatus, mjKey, publicBase, store, takeFragment } from "./net.js";
import { officeBadges } from "./offices.js";
import { notesOf, reasonsList, renderPrompt } from "./prompts.js";
import { applyTheme, hook, loadRuleset, rules } from "./rules.js";
import { mjWaiting, mjWaitingBar } from "./waiting.js";

const root = $("#mj");
const CODE = root.dataset.code;
const ui = {
  conn: null,
  selection: new Map(),
  modal: null, // {kind: "answer", prompt, seat} while the answer dialog is open
  pane: sessionStorage.getItem(`veillee:mj-pane:${CODE}`) === "log" ? "log" : "chat",
  chat: null,
  unread: 0,
  loaded: null, // how many events the first frame held: what comes after is live
  logMark: new JournalMark(),
  timer: null,
};
const BASE_TITLE = document.title;

// The private link carries the token in its fragment (#k=…), which never reaches the server.
const fromLink = takeFragment("k");
if (fromLink) store.set(mjKey(CODE), fromLink);
const TOKEN = store.get(mjKey(CODE));

const joinUrl = `${publicBase()}/r/${CODE}`;

function send(command, args = {}) {
  return ui.conn.act(command, args);
}

/** What the ruleset module is handed. */
function context(v, events, name) {
  return {
    v, events, name, ui, code: CODE, token: TOKEN, conn: ui.conn, now: ui.conn ? ui.conn.now() : 0,
    view: () => ui.conn && ui.conn.view, send, toast, rerender: render, openModal, closeModal: () => modal.close(),
    prompts: promptIndex(events || []),
  };
}

// -- start ------------------------------------------------------------------------------------------------------
async function start() {
  if (!TOKEN) {
    show("#mj-missing", true);
    show("#loading", false);
    return;
  }
  $("#join-link").value = joinUrl;
  loadQr($("#qr"), CODE);
  $("#mj-link").value = `${publicBase()}/r/${CODE}/mj#k=${TOKEN}`;
  $("#copy-join").addEventListener("click", () => copyText(joinUrl));
  $("#copy-mj").addEventListener("click", () => copyText($("#mj-link").value));
  ui.conn = new Connection(CODE, TOKEN, {
    onFrame: () => render(),
    onStatus: showStatus,
    onFatal: () => {
      store.del(mjKey(CODE));
      show("#mj-app", false);
      show("#mj-missing", true);
    },
  });
  ui.conn.connect();
  await loadRuleset(root.dataset.ruleset);
  hook("consoleInit", null, context(null, [], null));
  rules.ready = true;
  render();
}

// -- rendering --------------------------------------------------------------------------------------------------
function render() {
  const conn = ui.conn;
  const v = conn && conn.view;
  if (!v || !rules.ready) return;
  show("#loading", false);
  show("#mj-app", true);
  const events = conn.events;
  const name = namer(v, events);
  if (ui.loaded === null) ui.loaded = events.length;
  updateChat(v, name);
  ui.logMark.follow(ui.chat && ui.chat.seen, events, ui.pane === "log");
  liveAlerts(events, name);
  followPause(v, events, conn.now());
  const ctx = context(v, events, name);
  applyTheme(v);
  keepAwake(hook("running", v.phase === "night" || v.phase === "day", v));

  const lobby = v.phase === "lobby";
  // During the game the ruleset may show the options the MJ can still change (`consoleGame`, issue 14).
  const live = !lobby && v.phase !== "ended" && hook("consoleGame", false, v, ctx) === true;
  show("#setup", (lobby || live) && Boolean($("#setup-form")));
  if (lobby) hook("consoleLobby", null, v, ctx);
  patch("#controls", controls(v, ctx));
  patch("#seats-title", t("mj.seats"), h("small", { class: "muted" }, " · ", lobby
    ? t("room.seated", { n: v.players.length })
    : t("room.alive_count", { n: v.players.filter((p) => p.alive).length, total: v.players.length })));
  patch("#seats", lobby ? lobbySeats(v, ctx) : gameSeats(v, ctx));
  const board = lobby ? null : hook("board", null, v, ctx);
  show("#board", Boolean(board));
  patch("#board", board);
  const prompts = $("#prompts");
  prompts.hidden = lobby || v.phase === "ended";
  if (!prompts.hidden) patch(prompts, promptsPanel(v, ctx));
  // The view goes along: a ruleset's lines may read it (Reptiliens: a house's number in the street).
  patch("#log", eventList(events, { v, name, me: null, thirdPerson: true, prompts: ctx.prompts }, "full",
    { reverse: true, mark: ui.logMark.index }));
  refreshModal(v, name);
  // The questions waiting for the MJ, pinned at the top of the page and counted in the tab's title.
  const waitingBar = mjWaitingBar(v, name, (p) => openAnswer(p.id, -1));
  show("#mj-waiting", Boolean(waitingBar));
  patch("#mj-waiting", waitingBar);
  const asked = mjWaiting(v).length;
  $("#mj-chat-unread").hidden = !ui.unread;
  $("#mj-chat-unread").textContent = String(ui.unread);
  document.title = `${asked ? `(${asked}) ` : ""}${ui.unread ? `✉${ui.unread} ` : ""}${BASE_TITLE}`;
  scheduleRender(v, events);
}

// -- the right-hand panel: the chat and the log -----------------------------------------------------------------
function setPane(pane) {
  ui.pane = pane;
  sessionStorage.setItem(`veillee:mj-pane:${CODE}`, pane);
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".pane-tab"))) {
    const on = button.dataset.pane === pane;
    button.classList.toggle("active", on);
    button.setAttribute("aria-selected", on ? "true" : "false");
  }
  $("#mj-chat").hidden = pane !== "chat";
  $("#log-pane").hidden = pane !== "log";
  if (pane === "chat" && ui.chat) ui.chat.shown();
  if (pane === "log") markLogFrom();
  render();
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".pane-tab"))) {
  button.addEventListener("click", () => setPane(button.dataset.pane));
}

function updateChat(v, name) {
  if (!ui.chat) {
    ui.chat = new ChatPanel($("#mj-chat"), { mj: true, onRelay: openRelay, onUnread: (n) => { ui.unread = n; } });
  }
  ui.chat.update(ui.conn, { name, kind: "mj", me: null, alive: true, visible: ui.pane === "chat",
    seenKey: `veillee:seen:${CODE}:mj` });
}

/** Open a seat's private thread with the MJ. */
function writeTo(seat) {
  setPane("chat");
  ui.chat.open(`mj:${seat}`);
  $("#mj-chat").scrollIntoView({ block: "nearest", behavior: "smooth" });
}

function markLogFrom() {
  if (ui.conn) ui.logMark.markFrom(ui.chat && ui.chat.seen, ui.conn.events.length);
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden || !ui.conn || !ui.conn.view) return;
  if (ui.pane === "log") markLogFrom();
  else if (ui.chat) ui.chat.shown();
  render();
});

/** A player flagged as away: said once, when it happens. */
function liveAlerts(events, name) {
  const from = ui.alerted ?? ui.loaded;
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (e.type === "announce" && e.data && e.data.key === "afk_flagged") {
      toast(t("mj.afk_toast", { name: name(e.data.params.seat), n: e.data.params.missed }));
    }
  }
  ui.alerted = events.length;
}

function scheduleRender(v, events) {
  clearTimeout(ui.timer);
  const at = hook("nextRenderAt", null, v, events, ui.conn.now());
  if (at) ui.timer = setTimeout(render, Math.min(2 ** 31 - 1, (at - ui.conn.now()) * 1000 + 300));
}

// -- the controls -----------------------------------------------------------------------------------------------
function phaseLine(v) {
  if (v.phase === "lobby") return [icon("users"), t("phase.lobby")];
  if (v.phase === "night") return [icon("moon"), t("phase.night", { n: v.night })];
  if (v.phase === "day") return [icon("sun"), t("phase.day", { n: v.day })];
  return [icon("flag"), t("phase.ended")];
}

async function startGame() {
  if (rules.beforeStart && !(await rules.beforeStart())) return;
  send("start");
}

function controls(v, ctx) {
  const out = [h("h2", { class: "phase-title" }, hook("phaseLabel", phaseLine(v), v, ctx))];
  if (v.phase === "lobby") {
    out.push(hook("lobbyCheck", null, v, ctx));
    out.push(h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "start-game",
      onclick: startGame }, icon("play"), t("mj.start")));
    return out;
  }
  if (v.phase === "ended") {
    const result = v.result || {};
    const stopped = result.reason === "mj" || !result.camp;
    out.push(h("p", { class: "end-title small-end" },
      hook("endTitle", stopped ? t("end.stopped") : t(`end.win.${result.camp}`), result, v)));
    if ((result.winners || []).length) out.push(h("p", {}, t("end.winners", { names: listNames(result.winners, ctx.name) })));
    const moved = [...ui.conn.events].reverse().find((e) => e.type === "rematch");
    if (moved) {
      const code = moved.data.code;
      out.push(h("p", { class: "small" }, t("rematch.ready", { code: prettyCode(code) })));
      out.push(h("button", { type: "button", class: "btn btn-primary btn-block", onclick: () => goToRematch(code) },
        icon("repeat"), t("rematch.open_console")));
    } else {
      out.push(h("button", { type: "button", class: "btn btn-primary btn-block", id: "rematch", onclick: rematch },
        icon("repeat"), t("rematch.button")));
      out.push(h("p", { class: "small muted" }, t("rematch.help")));
    }
    out.push(h("a", { class: "btn btn-ghost btn-block", href: hook("newGameHref", "/", v) }, t("end.new_game")));
    return out;
  }
  const step = v.step;
  out.push(h("p", { class: "step-now" }, step ? t(`step.${step.key}`) : t("mj.no_step"),
    v.paused ? h("span", { class: "badge badge-warn paused-badge", title: t("ui.paused_long") }, icon("pause"), t("ui.paused")) : null));
  if (step && step.deadline) out.push(countdown(step.deadline, step.started, v.paused));
  out.push(hook("controlsExtra", null, v, ctx));
  const stepPrompts = (v.prompts || []).filter((p) => !p.to_mj);
  const allAnswered = stepPrompts.length > 0 && stepPrompts.every((p) => (p.to || []).every((s) => String(s) in p.answers));
  if (v.mj && v.mj.min_end && allAnswered && v.mj.min_end > ui.conn.now()) {
    out.push(h("p", { class: "small muted" }, t("mj.min_end")));
  }
  out.push(h("div", { class: "control-grid" },
    h("button", { type: "button", class: "btn btn-primary", id: "advance", onclick: () => send("advance") },
      icon("forward"), t("mj.advance")),
    h("button", { type: "button", class: "btn", onclick: () => send("extend", { seconds: 30 }) }, "+30 s"),
    h("button", { type: "button", class: "btn", onclick: () => send("extend", { seconds: -30 }) }, "−30 s"),
    v.paused
      ? h("button", { type: "button", class: "btn", id: "resume", onclick: () => send("resume") }, icon("play"), t("mj.resume"))
      : h("button", { type: "button", class: "btn", id: "pause", onclick: () => send("pause") }, icon("pause"), t("mj.pause")),
    h("button", { type: "button", class: "btn", onclick: () => {
      if (window.confirm(t("mj.undo_confirm"))) send("undo");
    } }, icon("undo"), t("mj.undo")),
    h("button", { type: "button", class: "btn btn-danger", onclick: () => {
      if (window.confirm(t("mj.end_confirm"))) send("end");
    } }, icon("flag"), t("mj.end"))));
  return out;
}

// -- the seats --------------------------------------------------------------------------------------------------
function lobbySeats(v, ctx) {
  const players = v.players;
  if (!players.length) return h("p", { class: "muted" }, t("mj.no_players"));
  const order = players.map((p) => p.seat);
  const move = (i, delta) => {
    const next = [...order];
    const j = i + delta;
    if (j < 0 || j >= next.length) return;
    [next[i], next[j]] = [next[j], next[i]];
    send("reorder", { order: next });
  };
  return h("ol", { class: "seat-list" }, players.map((p, i) => h("li", { class: "seat-row", "data-seat": p.seat, "data-key": `s${p.seat}` },
    h("span", { class: "seat-pos" }, String(i + 1)),
    h("span", { class: "seat-name" }, p.name),
    hook("lobbySeatExtra", null, v, p, ctx),
    h("span", { class: "seat-buttons" },
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.move_up"), title: t("mj.move_up"),
        disabled: i === 0 ? true : null, onclick: () => move(i, -1) }, icon("up")),
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.move_down"), title: t("mj.move_down"),
        disabled: i === players.length - 1 ? true : null, onclick: () => move(i, 1) }, icon("down")),
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.rename"), title: t("mj.rename"),
        onclick: () => rename(p) }, icon("pencil")),
      h("button", { type: "button", class: "btn btn-icon btn-danger-ghost", "aria-label": t("mj.remove"), title: t("mj.remove"),
        onclick: () => {
          if (window.confirm(t("mj.remove_confirm", { name: p.name }))) hook("removeSeat", null, v, p, ctx) ?? send("leave", { seat: p.seat });
        } }, icon("close"))))));
}

function gameSeats(v, ctx) {
  const { name } = ctx;
  const tags = (v.mj && v.mj.tags) || {};
  const afkAfter = Number((v.options && v.options.afk_after) || 0);
  const openPrompts = (v.prompts || []).filter((p) => !p.to_mj);
  const ended = v.phase === "ended";
  const threads = new Set((v.channels || []).map((c) => c.name));
  return h("div", { class: "seat-grid" }, v.players.map((p) => {
    const asked = openPrompts.filter((pr) => (pr.to || []).includes(p.seat));
    const missed = Number((tags[String(p.seat)] || {}).afk_missed || 0);
    const afk = afkAfter > 0 && missed >= afkAfter && p.alive && !ended;
    return h("article", { class: ["seat-card", !p.alive && "dead", hook("seatClasses", null, v, p), afk && "afk"],
      "data-seat": p.seat, "data-key": `seat${p.seat}` },
      h("header", {},
        h("b", { class: "seat-name" }, p.name),
        h("span", { class: "pmarks" },
          afk ? h("span", { class: "badge badge-warn badge-afk", title: t("mj.afk_help", { n: missed }) }, t("mj.afk")) : null,
          officeBadges(p, { text: false }),
          hook("seatMarks", null, v, p, ctx),
          !p.alive ? h("span", { class: "badge" }, icon("cross"), t("ui.dead")) : null)),
      hook("seatBody", null, v, p, ctx),
      afk ? h("button", { type: "button", class: "btn btn-small btn-primary afk-substitute", onclick: () => openSubstitute(p) },
        t("mj.substitute")) : null,
      asked.length ? h("ul", { class: "asked" }, asked.map((pr) => {
        const answer = (pr.answers || {})[String(p.seat)];
        return h("li", { class: answer === undefined ? "waiting" : "done", "data-key": pr.id },
          h("span", {}, `${stepName(pr.step)} : `, h("b", {}, answer === undefined ? t("mj.waiting") : formatAnswer(pr, answer, name))));
      })) : null,
      ended ? null : h("details", { class: "seat-actions", "data-key": `actions${p.seat}` },
        h("summary", {}, t("mj.actions")),
        h("div", { class: "seat-action-grid" },
          hook("seatActions", null, v, p, ctx),
          // A host who does not see every card cannot answer for a seat (hidden_from_host).
          v.mj ? asked.map((pr) => h("button", { type: "button", class: "btn btn-small answer-for", "data-key": `answer${pr.id}`,
            onclick: () => openAnswer(pr.id, p.seat) }, t("mj.answer_step", { step: stepName(pr.step) }))) : null,
          threads.has(`mj:${p.seat}`) ? h("button", { type: "button", class: "btn btn-small", "data-action": "write",
            onclick: () => writeTo(p.seat) }, icon("chat"), t("mj.write_to")) : null,
          h("button", { type: "button", class: "btn btn-small", "data-action": "rename", onclick: () => rename(p) }, t("mj.rename")),
          h("button", { type: "button", class: "btn btn-small", "data-action": "substitute", onclick: () => openSubstitute(p) }, t("mj.substitute")))));
  }));
}

function promptsPanel(v, ctx) {
  const { name } = ctx;
  const prompts = v.prompts || [];
  const out = [h("h2", {}, t("mj.open_prompts"))];
  if (!prompts.length) {
    out.push(h("p", { class: "muted" }, t("mj.no_prompts")));
    return out;
  }
  // The MJ's own questions still waiting come first, those the MJ answered last (they may still change until the
  // step ends); the players' questions between them.
  const waiting = new Set(mjWaiting(v).map((p) => p.id));
  const rank = (p) => (waiting.has(p.id) ? 0 : p.to_mj ? 2 : 1);
  for (const p of [...prompts].sort((a, b) => rank(a) - rank(b))) {
    if (p.to_mj) {
      // A judgment call for the MJ: optional, used only if the rules need it when the step ends.
      out.push(h("div", { class: ["mj-judgment", waiting.has(p.id) && "is-waiting"], "data-key": `j${p.id}` }, renderPrompt(p, {
        view: v, name, seat: -1, selection: ui.selection, rerender: render,
        submit: (answer) => send("answer", { prompt: p.id, answer }),
      })));
      continue;
    }
    const infoLine = hook("promptInfo", null, v, p, ctx);
    out.push(h("div", { class: "mj-prompt", "data-prompt": p.id, "data-key": `q${p.id}` },
      h("div", { class: "mj-prompt-head" },
        h("h3", {}, stepName(p.step), h("small", { class: "muted" }, ` · ${t(`kind.${p.kind}`)}`)),
        h("button", { type: "button", class: "btn btn-small btn-ghost", title: t("mj.close_prompt_help"),
          onclick: () => send("close_prompt", { prompt: p.id }) }, t("mj.close_prompt"))),
      notesOf(v, p, name),
      infoLine ? h("p", { class: "small" }, infoLine) : null,
      h("ul", { class: "answers" }, (p.to || []).map((seat) => {
        const answer = (p.answers || {})[String(seat)];
        return h("li", { class: answer === undefined ? "waiting" : "done", "data-key": `a${seat}` },
          h("b", {}, name(seat)), " ", h("span", {}, answer === undefined ? t("mj.waiting") : formatAnswer(p, answer, name)),
          v.mj ? h("button", { type: "button", class: "btn btn-small answer-for", onclick: () => openAnswer(p.id, seat) }, t("mj.answer_for")) : null);
      })),
      reasonsList(p, name)));
  }
  return out;
}

function rename(player) {
  const name = window.prompt(t("mj.rename_prompt", { name: player.name }), player.name);
  if (name && name.trim() && name.trim() !== player.name) send("rename", { seat: player.seat, name: name.trim() });
}

// -- dialogs ----------------------------------------------------------------------------------------------------
const modal = $("#modal");
modal.addEventListener("close", () => { ui.modal = null; });

function openModal(state, ...content) {
  // The same dialog drawn again (an answer dialog while votes come in) is patched: what the MJ picked or typed stays.
  const same = modal.open && modal.dataset.shown === JSON.stringify(state);
  modal.dataset.shown = JSON.stringify(state);
  ui.modal = state;
  (same ? patch : fill)("#modal-body", ...content);
  if (!modal.open) modal.showModal();
}

function closeButton() {
  return h("button", { type: "button", class: "btn btn-icon modal-close", "aria-label": t("ui.close"),
    onclick: () => modal.close() }, icon("close"));
}

function openAnswer(promptId, seat) {
  ui.modal = { kind: "answer", prompt: promptId, seat };
  refreshModal(ui.conn.view, namer(ui.conn.view, ui.conn.events), true);
}

function refreshModal(v, name, force = false) {
  if (!ui.modal || ui.modal.kind !== "answer") return;
  const prompt = (v.prompts || []).find((p) => p.id === ui.modal.prompt);
  if (!prompt) {
    if (modal.open) modal.close();
    return;
  }
  if (!force && !modal.open) return;
  const seat = ui.modal.seat;
  const own = seat === -1; // a question put to the MJ (the pinned bar opens it here), else answering for a seat
  const shown = { ...prompt, mine: true };
  openModal(ui.modal,
    h("div", { class: "modal-head" }, h("h2", {}, own ? t("mj.waiting_yours") : t("mj.answer_for_name", { name: name(seat) })),
      closeButton()),
    renderPrompt(shown, {
      view: v, name, seat, selection: ui.selection, rerender: () => refreshModal(ui.conn.view, name, true),
      submit: async (answer) => {
        if (await send("answer", own ? { prompt: prompt.id, answer } : { prompt: prompt.id, seat, answer })) modal.close();
      },
    }));
}

function openSubstitute(player) {
  const input = h("input", { type: "text", maxlength: 40, value: player.name, id: "substitute-name", required: true });
  openModal({ kind: "substitute" },
    h("div", { class: "modal-head" }, h("h2", {}, t("mj.substitute_title", { name: player.name })), closeButton()),
    h("p", { class: "small muted" }, t("mj.substitute_help")),
    h("form", { class: "stack", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const out = await api(`/api/rooms/${CODE}/substitute`, { method: "POST", token: TOKEN,
          body: { seat: player.seat, name: $("#substitute-name").value.trim() || null } });
        const link = `${out.join_url}#t=${out.token}`;
        openModal({ kind: "substitute" },
          h("div", { class: "modal-head" }, h("h2", {}, t("mj.substitute_done")), closeButton()),
          h("p", {}, t("mj.substitute_link_help")),
          h("div", { class: "linkbox" }, h("input", { type: "text", readonly: true, value: link }),
            h("button", { type: "button", class: "btn btn-small", onclick: () => copyText(link) }, t("ui.copy"))));
      } catch (err) {
        toast(rejectionText(err.code, err.message, err.params));
      }
    } },
    h("label", { for: "substitute-name" }, t("mj.substitute_name")), input,
    h("button", { type: "submit", class: "btn btn-primary" }, t("mj.substitute_confirm"))));
}

/** Pass on what a dead player said to those who hear the dead (the server says who: the channel's `relay_to`). */
function openRelay(msg) {
  const v = ui.conn.view;
  const name = namer(v, ui.conn.events);
  const line = (v.channels || []).find((c) => c.name === msg.channel);
  const listeners = (line && line.relay_to) || [];
  const text = h("textarea", { id: "relay-text", class: "relay-text", rows: 4, maxlength: MAX_TEXT });
  text.value = msg.text || "";
  openModal({ kind: "relay" },
    h("div", { class: "modal-head" }, h("h2", {}, t("mj.relay_title")), closeButton()),
    h("p", { class: "small muted" }, t("mj.relay_from", { name: name(msg.seat) })),
    h("blockquote", { class: "relay-original" }, msg.text),
    listeners.length ? null : h("p", { class: "comp-check bad" }, t("error.nobody_listens")),
    h("form", { class: "stack", onsubmit: async (ev) => {
      ev.preventDefault();
      if (await send("relay", { message: msg.id, text: $("#relay-text").value })) {
        modal.close();
        toast(t("mj.relayed"), "ok");
      }
    } },
    h("label", { for: "relay-text" }, t("mj.relay_text", { names: listNames(listeners, name) })), text,
    h("button", { type: "submit", class: "btn btn-primary" }, icon("relay"), t("chat.relay"))));
  $("#relay-text").focus();
}

function goToRematch(code) {
  // The MJ's key opens the new table too.
  if (!store.get(mjKey(code))) store.set(mjKey(code), TOKEN);
  location.assign(`/r/${encodeURIComponent(code)}/mj`);
}

async function rematch() {
  const button = $("#rematch");
  if (button) button.disabled = true;
  try {
    const room = await api(`/api/rooms/${CODE}/rematch`, { method: "POST", token: TOKEN });
    goToRematch(room.code);
  } catch (err) {
    if (button) button.disabled = false;
    toast(rejectionText(err.code, err.message, err.params));
  }
}

// The pinned bar's height, so that the chat and the log (sticky on a wide screen) start below it.
if ("ResizeObserver" in window) {
  new ResizeObserver(() => {
    const bar = $("#mj-waiting");
    document.documentElement.style.setProperty("--waiting-h", bar.hidden ? "0px" : `${bar.offsetHeight + 14}px`);
  }).observe($("#mj-waiting"));
}

startClock(() => (ui.conn ? ui.conn.offset : 0));
setPane(ui.pane);
start();
window.veillee = ui;
