// The game master's console: invite, seats, set-up and start; then the game's controls, seats, prompts and log.
import {
  $,
  api, campClasses, campOf, Connection, copyText, countdown, daySchedule, eventList, fill, formatAnswer, h, has, icon,
  JournalMark, keepAwake, keepFocus, listNames, loadQr, localTime, localZone, mjKey, namer, prettyCode, promptIndex,
  publicMarks, reasonsList, rejectionText, renderPrompt, roleName, showStatus, startClock, store, t, takeFragment,
  toast,
} from "./common.js";
import { ChatPanel, MAX_TEXT } from "./chat.js";
import {
  allowedRoles, bindSetup, cardsMode, cardsModeLine, compositionEditor, compositionOf, compositionProblem,
  compositionReport, countsOf, forumProblem, readOptions, refreshNightOrder, renderFakeRoles, reportedCards, reporter,
  sortRoles, suggestedFor, tableSize, useRuleset, warningText, writeOptions,
} from "./setup.js";

const root = $("#mj");
const CODE = root.dataset.code;
const ui = {
  conn: null,
  info: null, // the ruleset: roles, suggested compositions
  setup: { counts: {}, dirty: false, options: null },
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

const joinUrl = `${location.origin}/r/${CODE}`;

function send(command, args = {}) {
  return ui.conn.act(command, args);
}

// -- start ------------------------------------------------------------------------------------------------------
function start() {
  if (!TOKEN) {
    $("#mj-missing").hidden = false;
    $("#loading").hidden = true;
    return;
  }
  $("#join-link").value = joinUrl;
  loadQr($("#qr"), CODE);
  $("#mj-link").value = `${location.origin}/r/${CODE}/mj#k=${TOKEN}`;
  $("#copy-join").addEventListener("click", () => copyText(joinUrl));
  $("#copy-mj").addEventListener("click", () => copyText($("#mj-link").value));
  api("/api/rulesets/thiercelieux").then((info) => {
    ui.info = info;
    useRuleset(info);
    renderFakeRoles(setupForm, info.roles);
    render();
  }).catch((err) => toast(rejectionText(err.code, err.message, err.params)));

  ui.conn = new Connection(CODE, TOKEN, {
    onFrame: () => render(),
    onStatus: showStatus,
    onFatal: () => {
      store.del(mjKey(CODE));
      $("#mj-app").hidden = true;
      $("#mj-missing").hidden = false;
    },
  });
  ui.conn.connect();
}

// -- set-up (lobby) ---------------------------------------------------------------------------------------------
const setupForm = $("#setup-form");
// The server's advice on the composition being edited (warnings, balance); advice only, the MJ may still start.
const askReport = reporter((report) => fill("#mj-composition-report", compositionReport(report, { start: true })));
setupForm.activeCards = () => {
  const v = ui.conn && ui.conn.view;
  const total = Object.values(ui.setup.counts).reduce((a, b) => a + b, 0);
  if (total && ui.info) return compositionOf(ui.setup.counts, ui.info.roles);
  return v ? v.composition || [] : [];
};

function markDirty() {
  ui.setup.dirty = true;
  $("#setup-dirty").hidden = false;
  renderSetupComposition();
}

/** The form's options that change what a composition is (004's multi-card variants). */
function setupCards() {
  return {
    cards: setupForm.elements.cards ? setupForm.elements.cards.value : "one",
    camp_wolves: setupForm.elements.camp_wolves ? Number(setupForm.elements.camp_wolves.value) || 0 : 0,
    characters: setupForm.elements.characters ? Number(setupForm.elements.characters.value) || 1 : 1,
  };
}

function renderSetupComposition() {
  const v = ui.conn && ui.conn.view;
  if (!ui.info || !v) return;
  const options = setupCards();
  const mode = cardsMode(options);
  const players = tableSize((v.players || []).length, options);
  fill("#mj-composition", cardsModeLine(Math.max(players, ui.info.min_players || 5), mode),
    compositionEditor(allowedRoles(ui.info.roles, mode), ui.setup, markDirty));
  const total = Object.values(ui.setup.counts).reduce((a, b) => a + b, 0);
  const check = $("#mj-composition-check");
  refreshNightOrder(setupForm);
  if (!total) {
    check.className = "comp-check";
    fill(check, t("mj.composition_auto"));
    // The suggested composition the server will use: its report comes with the view.
    askReport(0, []);
    fill("#mj-composition-report", compositionReport(v.mj && v.mj.composition_report, { start: true }));
    return;
  }
  const problem = players >= (ui.info.min_players || 5)
    ? compositionProblem(players, ui.setup.counts, ui.info.roles, options, ui.info) : null;
  check.className = `comp-check ${problem ? "bad" : "good"}`;
  fill(check, problem || t("mj.composition_fits", { n: total, players }));
  const n = Math.max(players, ui.info.min_players || 5);
  askReport(n, reportedCards(compositionOf(ui.setup.counts, ui.info.roles), n, options, ui.info));
}

function syncSetup(v) {
  if (ui.setup.dirty) return;
  ui.setup.counts = countsOf(v.composition);
  writeOptions(setupForm, v.options);
  renderSetupComposition();
}

setupForm.addEventListener("input", () => {
  ui.setup.dirty = true;
  $("#setup-dirty").hidden = false;
});
// Another multi-card mode counts and allows other cards: back to the suggested composition (the server deals the
// mode's own when the composition is left empty), and the editor redrawn for the mode.
for (const radio of setupForm.querySelectorAll('input[name="cards"]')) {
  radio.addEventListener("change", () => {
    ui.setup.counts = {};
    markDirty();
  });
}
if (setupForm.elements.camp_wolves) setupForm.elements.camp_wolves.addEventListener("input", () => renderSetupComposition());
if (setupForm.elements.characters) {
  setupForm.elements.characters.addEventListener("change", () => {
    ui.setup.counts = {};
    markDirty();
  });
}

bindSetup(setupForm, () => ui.info && ui.info.options);

async function saveSetup() {
  const problem = forumProblem(setupForm);
  if (problem) {
    toast(problem);
    return false;
  }
  const composition = compositionOf(ui.setup.counts, ui.info ? ui.info.roles : []);
  if (!(await send("configure", { options: readOptions(setupForm), composition }))) return false;
  ui.setup.dirty = false;
  $("#setup-dirty").hidden = true;
  return true;
}

setupForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (await saveSetup()) toast(t("mj.saved"), "ok");
});

async function startGame() {
  // Settings edited but not saved yet are saved first: what the MJ sees is what the game uses.
  if (ui.setup.dirty && !(await saveSetup())) return;
  send("start");
}

$("#reset-setup").addEventListener("click", () => {
  ui.setup.dirty = false;
  $("#setup-dirty").hidden = true;
  if (ui.conn && ui.conn.view) syncSetup(ui.conn.view);
});

$("#mj-suggest").addEventListener("click", () => {
  const v = ui.conn && ui.conn.view;
  if (!ui.info || !v) return;
  const n = Math.max(ui.info.min_players || 5, tableSize((v.players || []).length, setupCards()));
  ui.setup.counts = countsOf(suggestedFor(ui.info, n, cardsMode(setupCards())));
  markDirty();
});

// -- rendering --------------------------------------------------------------------------------------------------
function render() {
  const conn = ui.conn;
  const v = conn && conn.view;
  if (!v) return;
  $("#loading").hidden = true;
  $("#mj-app").hidden = false;
  const events = conn.events;
  const name = namer(v, events);
  if (ui.loaded === null) ui.loaded = events.length;
  updateChat(v, name);
  ui.logMark.follow(ui.chat && ui.chat.seen, events, ui.pane === "log");
  liveAlerts(events, name);
  const ctx = { name, me: null, thirdPerson: true, prompts: promptIndex(events) };
  const night = v.phase === "night" || v.phase === "lobby";
  document.body.classList.toggle("theme-night", night);
  document.body.classList.toggle("theme-day", !night);
  document.body.dataset.phase = v.phase;
  keepAwake(v.phase === "night" || v.phase === "day");

  const lobby = v.phase === "lobby";
  $("#setup").hidden = !lobby;
  if (lobby) syncSetup(v);
  keepFocus(() => fill("#controls", controls(v, name)));
  fill("#seats-title", t("mj.seats"), h("small", { class: "muted" }, " · ", lobby
    ? t("room.seated", { n: v.players.length })
    : t("room.alive_count", { n: v.players.filter((p) => p.alive).length, total: v.players.length })));
  fill("#seats", lobby ? lobbySeats(v) : gameSeats(v, name));
  const prompts = $("#prompts");
  prompts.hidden = lobby || v.phase === "ended";
  if (!prompts.hidden) fill(prompts, promptsPanel(v, name));
  fill("#log", eventList(events, ctx, "full", { reverse: true, mark: ui.logMark.index }));
  refreshModal(v, name);
  $("#mj-chat-unread").hidden = !ui.unread;
  $("#mj-chat-unread").textContent = String(ui.unread);
  document.title = `${ui.unread ? `(${ui.unread}) ` : ""}${BASE_TITLE}`;
  scheduleRender(v, events);
}

// -- the right-hand panel: the chat and the log -----------------------------------------------------------------
function setPane(pane) {
  ui.pane = pane;
  sessionStorage.setItem(`veillee:mj-pane:${CODE}`, pane);
  for (const button of document.querySelectorAll(".pane-tab")) {
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

for (const button of document.querySelectorAll(".pane-tab")) {
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

/** A player flagged as away, a rematch opened elsewhere: said once, when it happens. */
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

// -- forum days -------------------------------------------------------------------------------------------------
function scheduleRender(v, events) {
  clearTimeout(ui.timer);
  const schedule = daySchedule(v, events);
  if (!schedule) return;
  const now = ui.conn.now();
  const next = [schedule.locks_at, schedule.closes_at, schedule.ends_at].filter((x) => x > now).sort((a, b) => a - b)[0];
  if (next) ui.timer = setTimeout(render, Math.min(2 ** 31 - 1, (next - now) * 1000 + 300));
}

function scheduleLines(v, schedule) {
  const now = ui.conn.now();
  const state = now < schedule.locks_at ? "open" : now < schedule.closes_at ? "late" : "closed";
  const zone = v.options.timezone;
  const here = localZone();
  return h("div", { class: ["mj-schedule", `schedule-${state}`], "data-state": state },
    h("p", { class: "schedule-state" }, icon(state === "open" ? "check" : state === "late" ? "lock" : "moon"),
      h("b", {}, t(`forum.state.${state}`))),
    h("ul", { class: "small" },
      h("li", {}, t("forum.mj_locks", { time: localTime(schedule.locks_at) })),
      h("li", {}, t("forum.mj_closes", { time: localTime(schedule.closes_at) })),
      h("li", {}, t("forum.mj_ends", { time: localTime(schedule.ends_at) }))),
    zone && here && zone !== here
      ? h("p", { class: "small muted" }, t("forum.room_time", { time: localTime(schedule.ends_at, zone), zone })) : null);
}

function phaseLine(v) {
  if (v.phase === "lobby") return [icon("users"), t("phase.lobby")];
  if (v.phase === "night") return [icon("moon"), t("phase.night", { n: v.night })];
  if (v.phase === "day") return [icon("sun"), t("phase.day", { n: v.day })];
  return [icon("flag"), t("phase.ended")];
}

function controls(v, name) {
  const out = [h("h2", { class: "phase-title" }, phaseLine(v))];
  if (v.phase === "lobby") {
    const players = v.players.length;
    const min = (ui.info && ui.info.min_players) || 5;
    let problem = null;
    if (players < min) problem = t("error.not_enough_players", { min });
    else if (ui.info && v.composition.length) {
      problem = compositionProblem(tableSize(players, v.options), countsOf(v.composition), ui.info.roles,
        v.options || {}, ui.info);
    }
    out.push(h("p", { class: ["comp-check", problem ? "bad" : "good"] }, problem || t("mj.ready", { n: players })));
    const report = v.mj && v.mj.composition_report;
    if (report && (report.warnings || []).length && players >= min) {
      // The rules' advice on the saved composition: the MJ may start anyway.
      out.push(h("ul", { class: "comp-warnings small" }, report.warnings.map((w) =>
        h("li", { class: "comp-warning", "data-code": w.code }, icon("bell"), h("span", {}, warningText(w))))));
    }
    if (ui.setup.dirty) out.push(h("p", { class: "small muted" }, t("mj.unsaved_start")));
    out.push(h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "start-game",
      onclick: startGame }, icon("play"), t("mj.start")));
    return out;
  }
  if (v.phase === "ended") {
    const result = v.result || {};
    const stopped = result.reason === "mj" || !result.camp;
    out.push(h("p", { class: "end-title small-end" }, stopped ? t("end.stopped") : t(`end.win.${result.camp}`)));
    if ((result.winners || []).length) out.push(h("p", {}, t("end.winners", { names: listNames(result.winners, name) })));
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
    out.push(h("a", { class: "btn btn-ghost btn-block", href: "/" }, t("end.new_game")));
    return out;
  }
  const step = v.step;
  out.push(h("p", { class: "step-now" }, step ? t(`step.${step.key}`) : t("mj.no_step"),
    v.paused ? h("span", { class: "badge badge-warn" }, icon("pause"), t("ui.paused")) : null));
  const standing = v.public && Array.isArray(v.public.standing) && v.public.standing.length ? v.public.standing : null;
  if (standing) {
    // "C'est sûrement pas lui" (004): who is still standing.
    out.push(h("p", { class: "small standing-line", "data-standing": standing.join(" ") },
      t("room.standing", { names: listNames(standing, name) })));
  }
  if (step && step.deadline) out.push(countdown(step.deadline, step.started, v.paused));
  const schedule = daySchedule(v, ui.conn.events);
  if (schedule) out.push(scheduleLines(v, schedule));
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
      ? h("button", { type: "button", class: "btn", onclick: () => send("resume") }, icon("play"), t("mj.resume"))
      : h("button", { type: "button", class: "btn", onclick: () => send("pause") }, icon("pause"), t("mj.pause")),
    h("button", { type: "button", class: "btn", onclick: () => {
      if (window.confirm(t("mj.undo_confirm"))) send("undo");
    } }, icon("undo"), t("mj.undo")),
    h("button", { type: "button", class: "btn btn-danger", onclick: () => {
      if (window.confirm(t("mj.end_confirm"))) send("end");
    } }, icon("flag"), t("mj.end"))));
  if (v.mj && v.mj.spare_cards && v.mj.spare_cards.length) {
    out.push(h("p", { class: "small muted" }, t("mj.spare_cards", { roles: v.mj.spare_cards.map(roleName).join(", ") })));
  }
  return out;
}

function roleOptions(selected, withNone) {
  const roles = ui.info ? sortRoles(ui.info.roles) : [];
  return [
    withNone ? h("option", { value: "", selected: !selected ? true : null }, t("mj.random_role")) : null,
    roles.map((r) => h("option", { value: r.key, selected: r.key === selected ? true : null }, roleName(r.key))),
  ];
}

function lobbySeats(v) {
  const players = v.players;
  if (!players.length) return h("p", { class: "muted" }, t("mj.no_players"));
  const preset = (v.options && v.options.preassigned) || {};
  const order = players.map((p) => p.seat);
  const move = (i, delta) => {
    const next = [...order];
    const j = i + delta;
    if (j < 0 || j >= next.length) return;
    [next[i], next[j]] = [next[j], next[i]];
    send("reorder", { order: next });
  };
  return h("ol", { class: "seat-list" }, players.map((p, i) => h("li", { class: "seat-row", "data-seat": p.seat },
    h("span", { class: "seat-pos" }, String(i + 1)),
    h("span", { class: "seat-name" }, p.name),
    h("label", { class: "seat-preset" }, h("span", { class: "sr-only" }, t("mj.preassign")),
      h("select", { "aria-label": t("mj.preassign"), title: t("mj.preassign"), onchange: (ev) => {
        if (ev.target.value) send("set_role", { seat: p.seat, role: ev.target.value });
        else send("configure", { options: { preassigned: Object.fromEntries(Object.entries(preset).filter(([s]) => s !== String(p.seat))) } });
      } }, roleOptions(preset[String(p.seat)], true))),
    h("span", { class: "seat-buttons" },
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.move_up"), title: t("mj.move_up"),
        disabled: i === 0 ? true : null, onclick: () => move(i, -1) }, icon("up")),
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.move_down"), title: t("mj.move_down"),
        disabled: i === players.length - 1 ? true : null, onclick: () => move(i, 1) }, icon("down")),
      h("button", { type: "button", class: "btn btn-icon", "aria-label": t("mj.rename"), title: t("mj.rename"),
        onclick: () => rename(p) }, icon("pencil")),
      h("button", { type: "button", class: "btn btn-icon btn-danger-ghost", "aria-label": t("mj.remove"), title: t("mj.remove"),
        onclick: () => {
          if (window.confirm(t("mj.remove_confirm", { name: p.name }))) send("leave", { seat: p.seat });
        } }, icon("close"))))));
}

function tagText(key, value, name) {
  if (key === "seen" && value && typeof value === "object" && !Array.isArray(value)) {
    return t("tag.seen", { list: Object.entries(value).map(([s, r]) => `${name(s)}: ${roleName(r)}`).join(", ") });
  }
  if (key === "lover") return t("tag.lover", { name: name(value) });
  if (key === "cupid_pair") return t("tag.cupid_pair", { names: listNames(value, name) });
  if (key === "pf_seen") return t("tag.pf_seen", { names: listNames(value, name) });
  if (key === "heal_used" || key === "poison_used") return t(`tag.${key}`);
  if (key === "afk_missed") return t("tag.afk_missed", { n: value });
  if (has(`tag.${key}`)) {
    return t(`tag.${key}`, {
      value, role: typeof value === "string" ? roleName(value) : "",
      name: typeof value === "number" ? name(value) : "", names: Array.isArray(value) ? listNames(value, name) : "",
    });
  }
  return `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`;
}

function gameSeats(v, name) {
  const lovers = new Set((v.mj && v.mj.lovers) || []);
  const tags = (v.mj && v.mj.tags) || {};
  const afkAfter = Number((v.options && v.options.afk_after) || 0);
  const openPrompts = (v.prompts || []).filter((p) => !p.to_mj);
  const ended = v.phase === "ended";
  return h("div", { class: "seat-grid" }, v.players.map((p) => {
    const asked = openPrompts.filter((pr) => (pr.to || []).includes(p.seat));
    const seatTags = Object.entries(tags[String(p.seat)] || {}).filter(([k, val]) => !(k === "afk_missed" && !val));
    const marks = tags[String(p.seat)] || {};
    const camp = campOf(p.role, ui.info && ui.info.roles, { wolf: marks.wolf, vampire: marks.vampire });
    const missed = Number((tags[String(p.seat)] || {}).afk_missed || 0);
    const afk = afkAfter > 0 && missed >= afkAfter && p.alive && !ended;
    return h("article", { class: ["seat-card", !p.alive && "dead", ...campClasses(camp), afk && "afk"], "data-seat": p.seat },
      h("header", {},
        h("b", { class: "seat-name" }, p.name),
        h("span", { class: "pmarks" },
          afk ? h("span", { class: "badge badge-warn badge-afk", title: t("mj.afk_help", { n: missed }) }, t("mj.afk")) : null,
          p.captain ? h("span", { class: "badge badge-captain", title: t("ui.captain") }, icon("star")) : null,
          lovers.has(p.seat) ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
          publicMarks(v, p.seat),
          !p.alive ? h("span", { class: "badge" }, icon("cross"), t("ui.dead")) : null)),
      h("p", { class: "seat-role" }, roleName(p.role)),
      afk ? h("button", { type: "button", class: "btn btn-small btn-primary afk-substitute", onclick: () => openSubstitute(p) },
        t("mj.substitute")) : null,
      seatTags.length ? h("ul", { class: "tags" }, seatTags.map(([k, val]) => h("li", {}, tagText(k, val, name)))) : null,
      asked.length ? h("ul", { class: "asked" }, asked.map((pr) => {
        const answer = pr.answers[String(p.seat)];
        return h("li", { class: answer === undefined ? "waiting" : "done" },
          h("span", {}, `${t(`pstep.${pr.step}`)} : `, h("b", {}, answer === undefined ? t("mj.waiting") : formatAnswer(pr, answer, name))));
      })) : null,
      ended ? null : h("details", { class: "seat-actions" },
        h("summary", {}, t("mj.actions")),
        h("div", { class: "seat-action-grid" },
          p.alive
            ? h("button", { type: "button", class: "btn btn-small btn-danger", onclick: () => {
              if (window.confirm(t("mj.kill_confirm", { name: p.name }))) send("kill", { seat: p.seat });
            } }, icon("cross"), t("mj.kill"))
            : h("button", { type: "button", class: "btn btn-small", onclick: () => send("revive", { seat: p.seat }) }, t("mj.revive")),
          p.alive && !p.captain ? h("button", { type: "button", class: "btn btn-small",
            onclick: () => send("set_captain", { seat: p.seat }) }, icon("star"), t("mj.make_captain")) : null,
          p.captain ? h("button", { type: "button", class: "btn btn-small",
            onclick: () => send("set_captain", { seat: null }) }, t("mj.remove_captain")) : null,
          h("label", { class: "inline-select" }, h("span", {}, t("mj.set_role")),
            h("select", { onchange: (ev) => {
              if (ev.target.value && ev.target.value !== p.role) send("set_role", { seat: p.seat, role: ev.target.value });
            } }, roleOptions(p.role, false))),
          asked.map((pr) => h("button", { type: "button", class: "btn btn-small answer-for",
            onclick: () => openAnswer(pr.id, p.seat) }, t("mj.answer_step", { step: t(`pstep.${pr.step}`) }))),
          h("button", { type: "button", class: "btn btn-small", onclick: () => writeTo(p.seat) }, icon("chat"), t("mj.write_to")),
          h("button", { type: "button", class: "btn btn-small", onclick: () => rename(p) }, t("mj.rename")),
          h("button", { type: "button", class: "btn btn-small", onclick: () => openSubstitute(p) }, t("mj.substitute")))));
  }));
}

function promptsPanel(v, name) {
  const prompts = v.prompts || [];
  const out = [h("h2", {}, t("mj.open_prompts"))];
  if (!prompts.length) {
    out.push(h("p", { class: "muted" }, t("mj.no_prompts")));
    return out;
  }
  for (const p of prompts) {
    if (p.to_mj) {
      // A judgment call for the MJ: optional, used only if the rules need it when the step ends.
      out.push(h("div", { class: "mj-judgment" }, renderPrompt(p, {
        view: { ...v, secrets: {} }, name, seat: -1, selection: ui.selection, rerender: render,
        submit: (answer) => send("answer", { prompt: p.id, answer }),
      })));
      continue;
    }
    const info = p.info || {};
    const infoLine = [];
    if (info.victim !== undefined) infoLine.push(t("mj.info_victim", { name: info.victim === null ? t("ui.nobody") : name(info.victim) }));
    if (info.cards) infoLine.push(t("mj.info_cards", { roles: info.cards.map(roleName).join(", ") }));
    out.push(h("div", { class: "mj-prompt", "data-prompt": p.id },
      h("div", { class: "mj-prompt-head" },
        h("h3", {}, t(`pstep.${p.step}`), h("small", { class: "muted" }, ` · ${t(`kind.${p.kind}`)}`)),
        h("button", { type: "button", class: "btn btn-small btn-ghost", title: t("mj.close_prompt_help"),
          onclick: () => send("close_prompt", { prompt: p.id }) }, t("mj.close_prompt"))),
      infoLine.length ? h("p", { class: "small" }, infoLine.join(" · ")) : null,
      h("ul", { class: "answers" }, (p.to || []).map((seat) => {
        const answer = p.answers[String(seat)];
        return h("li", { class: answer === undefined ? "waiting" : "done" },
          h("b", {}, name(seat)), " ", h("span", {}, answer === undefined ? t("mj.waiting") : formatAnswer(p, answer, name)),
          h("button", { type: "button", class: "btn btn-small answer-for", onclick: () => openAnswer(p.id, seat) }, t("mj.answer_for")));
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
  ui.modal = state;
  fill("#modal-body", ...content);
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
  const shown = { ...prompt, mine: true };
  openModal(ui.modal,
    h("div", { class: "modal-head" }, h("h2", {}, t("mj.answer_for_name", { name: name(seat) })), closeButton()),
    renderPrompt(shown, {
      view: { ...v, secrets: {} }, name, seat, selection: ui.selection, rerender: () => refreshModal(ui.conn.view, name, true),
      submit: async (answer) => {
        if (await send("answer", { prompt: prompt.id, seat, answer })) modal.close();
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
          body: { seat: player.seat, name: input.value.trim() || null } });
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

function openRelay(msg) {
  const name = namer(ui.conn.view, ui.conn.events);
  const text = h("textarea", { id: "relay-text", class: "relay-text", rows: 4, maxlength: MAX_TEXT });
  text.value = msg.text || "";
  const chaman = (ui.conn.view.players || []).filter((p) => p.role === "chaman" && p.alive);
  openModal({ kind: "relay" },
    h("div", { class: "modal-head" }, h("h2", {}, t("mj.relay_title")), closeButton()),
    h("p", { class: "small muted" }, t("mj.relay_from", { name: name(msg.seat) })),
    h("blockquote", { class: "relay-original" }, msg.text),
    chaman.length ? null : h("p", { class: "comp-check bad" }, t("error.nobody_listens")),
    h("form", { class: "stack", onsubmit: async (ev) => {
      ev.preventDefault();
      if (await send("relay", { message: msg.id, text: text.value })) {
        modal.close();
        toast(t("mj.relayed"), "ok");
      }
    } },
    h("label", { for: "relay-text" }, t("mj.relay_text", { names: listNames(chaman.map((p) => p.seat), name) })), text,
    h("button", { type: "submit", class: "btn btn-primary" }, icon("relay"), t("chat.relay"))));
  text.focus();
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

startClock(() => (ui.conn ? ui.conn.offset : 0));
setPane(ui.pane);
start();
window.veillee = ui;
