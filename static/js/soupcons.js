// Soupçons: the player's phone page (join, lobby, the table, offers and replies, the end with every hand and the
// true history) and, with data-mode="mj", the host's console (start, bots, pause, skip; every card only for a host
// who does not play: option host_sees_cards).
import {
  $,
  api, bindJoinForm, Connection, copyText, countdown, describe, fill, h, icon, keepAwake, listNames, loadQr, mjKey,
  namer, prettyCode, rejectionText, seatKey, showStatus, startClock, store, t, takeFragment, toast,
} from "./common.js";

const root = $("#sc");
const CODE = root.dataset.code;
const MODE = root.dataset.mode === "mj" ? "mj" : "player";
const WATCH_KEY = `veillee:watch:${CODE}`;

if (MODE === "mj") {
  const key = takeFragment("k");
  if (key) store.set(mjKey(CODE), key);
} else {
  const token = takeFragment("t");
  if (token) store.set(seatKey(CODE), token);
}

const ui = {
  mode: "join", // join | play | watch | mj | kicked
  conn: null,
  sel: { key: null, target: null, card: null, announce: null },
  sending: false,
  asked: "", // the questions already brought into view
};

const hostToken = () => store.get(mjKey(CODE));

// -- small pictures (inline SVG: the phone may have no emoji font) ------------------------------------------------
const PICTURES = {
  mask: '<path d="M2.5 8.5c3.2-2.2 6.4-2.2 9.5 0 3.1-2.2 6.3-2.2 9.5 0-.6 5.4-3.8 7.8-6.3 6.6L12 13l-3.2 2.1C6.3 16.3 3.1 13.9 2.5 8.5z"/><circle cx="7.6" cy="10.4" r="1.4"/><circle cx="16.4" cy="10.4" r="1.4"/>',
  snake: '<path d="M5 19.5c3.5 2 8.5.5 7.6-3.4-.8-3.6-6.9-2.6-6.9-6.6 0-3.7 5.2-4.8 8.3-3"/><path d="M14 6.5c1.4-1.7 4-2 5.5-.4"/><path d="M19.5 6.1l1.5.9"/><circle cx="17.2" cy="5.4" r=".5" fill="currentColor"/>',
  doorOpen: '<path d="M6 21V3h12v18"/><path d="M6 3l7 2.2V23L6 21z" fill="currentColor" fill-opacity=".3"/><circle cx="11" cy="13" r=".8" fill="currentColor"/>',
  doorClosed: '<rect x="6" y="3" width="12" height="18" rx="1" fill="currentColor" fill-opacity=".3"/><circle cx="15" cy="12.5" r="1" fill="currentColor"/>',
  bot: '<rect x="5" y="8" width="14" height="11" rx="3"/><path d="M12 4.5V8M9.5 13h.01M14.5 13h.01M9.5 16.2h5"/><circle cx="12" cy="4" r="1"/>',
};

function picture(name, extra = "") {
  const span = document.createElement("span");
  span.className = `icon sc-pic ${extra}`.trim();
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" ` +
    `stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${PICTURES[name] || ""}</svg>`;
  return span;
}

// -- words --------------------------------------------------------------------------------------------------------
const isSerpent = (card) => typeof card === "string" && card.startsWith("S");
const cardValue = (card) => (isSerpent(card) ? null : Number(String(card).slice(1)));
const cardText = (card) => (isSerpent(card) ? t("sc.card.serpent") : String(cardValue(card)));
const truthOf = (card) => (isSerpent(card) ? "serpent" : String(cardValue(card)));
const announceText = (a) => (a === "serpent" ? t("sc.ann.serpent") : t("sc.ann.value", { v: a }));
const ordinal = (n) => t(`sc.nth.${Math.min(3, Math.max(1, Number(n) || 1))}`);

/** A card face: Masque (value) or Serpent; `back` for a card seen from behind. */
function cardFace(card, { small = false, back = false, extra = null } = {}) {
  const cls = ["sc-card", small && "sc-card-small", extra];
  if (back || !card) return h("span", { class: [...cls, "sc-back"], title: t("sc.card.back") }, picture("mask", "sc-back-mark"));
  if (isSerpent(card)) {
    return h("span", { class: [...cls, "sc-serpent"], "data-card": card, title: t("sc.card.serpent") },
      picture("snake", "sc-card-pic"), h("b", {}, t("sc.card.serpent_short")));
  }
  return h("span", { class: [...cls, "sc-mask"], "data-card": card, title: t("sc.card.mask", { v: cardValue(card) }) },
    h("b", { class: "sc-card-v" }, String(cardValue(card))), picture("mask", "sc-card-pic"));
}

// -- connection -------------------------------------------------------------------------------------------------
function show(selector, on) {
  const node = $(selector);
  if (node) node.hidden = !on;
}

function setMode(mode) {
  ui.mode = mode;
  show("#sc-join", mode === "join");
  show("#sc-kicked", mode === "kicked");
  show("#sc-game", mode === "play" || mode === "watch" || mode === "mj");
}

function connect(token) {
  if (ui.conn) ui.conn.stop();
  const conn = new Connection(CODE, token, {
    onFrame: () => render(),
    onStatus: showStatus,
    onFatal: (code) => {
      show("#loading", false);
      if (MODE === "mj") {
        store.del(mjKey(CODE));
        show("#sc-game", false);
        show("#sc-missing", true);
        return;
      }
      fill("#sc-kicked-title", code === "no_such_room" ? t("ui.not_found") : t("room.kicked_title"));
      fill("#sc-kicked-text", code === "no_such_room" ? t("error.no_such_room") : t("room.kicked_text"));
      setMode("kicked");
    },
  });
  ui.conn = conn;
  conn.connect();
}

function start() {
  if (MODE === "mj") {
    const token = hostToken();
    if (!token) {
      show("#loading", false);
      show("#sc-missing", true);
      return;
    }
    setMode("mj");
    connect(token);
    return;
  }
  const token = store.get(seatKey(CODE));
  if (token) {
    setMode("play");
    connect(token);
  } else if (sessionStorage.getItem(WATCH_KEY) === "1") {
    setMode("watch");
    connect(null);
  } else {
    setMode("join");
    connect(null);
  }
}

if (MODE === "player") {
  bindJoinForm(CODE, { form: "#sc-join-form", input: "#sc-name-input", button: "#sc-join-button" }, (seat) => {
    sessionStorage.removeItem(WATCH_KEY);
    setMode("play");
    connect(seat.token);
  });
  $("#sc-watch-button").addEventListener("click", () => {
    sessionStorage.setItem(WATCH_KEY, "1");
    setMode("watch");
    render();
  });
  $("#sc-rejoin-button").addEventListener("click", () => {
    store.del(seatKey(CODE));
    setMode("join");
    connect(null);
  });
}

// -- host actions (the table's creator holds the MJ token) ---------------------------------------------------------
async function hostCall(path, method, body) {
  try {
    await api(path, { method, token: hostToken(), body });
    return true;
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
    return false;
  }
}

const addBot = () => hostCall(`/api/rooms/${CODE}/bots`, "POST", { count: 1 });
const removeBot = (seat) => hostCall(`/api/rooms/${CODE}/bots/${seat}`, "DELETE");
const command = (name, args = {}) => hostCall(`/api/rooms/${CODE}/commands`, "POST", { command: name, args });

// -- rendering --------------------------------------------------------------------------------------------------
function render() {
  const conn = ui.conn;
  const v = conn && conn.view;
  if (!v) return;
  if (ui.loaded === undefined) ui.loaded = conn.events.length; // a rematch announced after this is live
  show("#loading", false);
  const name = namer(v, conn.events);
  if (ui.mode === "join") {
    renderJoin(v);
    return;
  }
  if (ui.mode === "play" && v.viewer.kind !== "seat") {
    store.del(seatKey(CODE));
    fill("#sc-kicked-title", t("room.removed_title"));
    fill("#sc-kicked-text", t("room.removed_text"));
    setMode("kicked");
    return;
  }
  const sc = v.soupcons || {};
  const lobby = v.phase === "lobby";
  const over = v.phase === "ended";
  const dawn = over && v.result && v.result.camp === "innocents";
  document.body.classList.toggle("theme-night", !dawn);
  document.body.classList.toggle("theme-day", dawn);
  document.body.dataset.phase = v.phase;
  keepAwake(ui.mode === "play" && !lobby && !over);

  show("#sc-lobby", lobby);
  fill("#sc-lobby", lobby ? lobbyView(v, name) : null);
  show("#sc-status", !lobby && !over);
  fill("#sc-status", lobby || over ? null : statusBar(v, name));
  show("#sc-board", !lobby);
  fill("#sc-board", lobby ? null : board(v, name));
  show("#sc-action", !lobby && !over);
  fill("#sc-action", lobby || over ? null : action(v, name));
  // A new question for me: bring it into view (once), since the table fills the top of a phone's screen.
  const asked = (v.prompts || []).filter((p) => p.mine).map((p) => p.id).join(",");
  if (asked && asked !== ui.asked) {
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    $("#sc-action").scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  }
  ui.asked = asked;
  show("#sc-seats", !lobby);
  fill("#sc-seats", lobby ? null : seatsView(v, name));
  const seated = v.viewer.kind === "seat";
  show("#sc-hand", !lobby && !over && seated);
  fill("#sc-hand", !lobby && !over && seated ? handView(sc) : null);
  show("#sc-controls", MODE === "mj" && !lobby && !over);
  fill("#sc-controls", MODE === "mj" && !lobby && !over ? controls(v) : null);
  show("#sc-end", over);
  fill("#sc-end", over ? endView(v, name) : null);
  fill("#sc-log", over ? historyView(v, name) : journal(v, name));
}

function renderJoin(v) {
  const open = v.phase === "lobby" && (v.players || []).length < 6;
  show("#sc-join-form", open);
  $("#sc-join .or").hidden = !open;
  const players = v.players || [];
  fill("#sc-join-players",
    open ? null : h("p", { class: "notice-line" }, v.phase === "lobby" ? t("sc.lobby.full") : t("room.already_started")),
    h("h2", {}, t("room.seated", { n: players.length })),
    players.length ? h("ul", { class: "chips" }, players.map((p) => h("li", { class: "chip" }, p.name)))
      : h("p", { class: "muted" }, t("room.nobody_yet")));
}

// -- lobby ------------------------------------------------------------------------------------------------------
function lobbyView(v, name) {
  const sc = v.soupcons || {};
  const bots = new Set(sc.bots || []);
  const host = MODE === "mj" || Boolean(hostToken());
  const players = v.players || [];
  const n = players.length;
  const joinUrl = `${location.origin}/r/${CODE}`;
  const setup = sc.setup;
  const list = h("ul", { class: "sc-lobby-list" }, players.map((p) => h("li", { class: ["sc-lobby-seat", p.me && "is-me"], "data-seat": p.seat },
    bots.has(p.seat) ? picture("bot", "sc-bot-pic") : null,
    h("span", { class: "sc-lobby-name" }, p.name),
    p.me ? h("span", { class: "badge badge-good" }, t("sc.you")) : null,
    bots.has(p.seat) ? h("span", { class: "badge" }, t("sc.bot")) : null,
    host && bots.has(p.seat) ? h("button", { type: "button", class: "btn btn-icon btn-danger-ghost sc-remove-bot",
      "aria-label": t("sc.lobby.remove_bot", { name: p.name }), title: t("sc.lobby.remove_bot", { name: p.name }),
      onclick: () => removeBot(p.seat) }, icon("close")) : null)));
  const qr = h("div", { class: "qr", role: "img", "aria-label": t("ui.qr_alt") });
  loadQr(qr, CODE);
  const out = [
    h("section", { class: "card" },
      h("h1", {}, t("sc.name")),
      h("p", { class: "muted" }, t("sc.lobby.count", { n })),
      list,
      setup ? h("p", { class: "small sc-setup-line" }, t("sc.lobby.setup", { masks: setup.masks, days: setup.days, serpents: setup.serpents })) : null,
      host ? h("div", { class: "sc-host" },
        h("button", { type: "button", class: "btn", id: "sc-add-bot", disabled: n >= 6 ? true : null, onclick: addBot },
          picture("bot"), t("sc.lobby.add_bot")),
        h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "sc-start", disabled: n < 3 ? true : null,
          onclick: () => (MODE === "mj" ? ui.conn.act("start") : command("start")) }, icon("play"), t("sc.lobby.start")),
        n < 3 ? h("p", { class: "small muted" }, t("sc.lobby.need", { n: 3 - n })) : null)
        : h("p", { class: "sc-wait" }, icon("clock"), t("sc.lobby.waiting"))),
    h("section", { class: "card sc-invite" },
      h("h2", {}, t("sc.lobby.invite")),
      h("div", { class: "invite" }, qr, h("div", {}, h("p", { class: "muted small" }, t("ui.room_code")),
        h("p", { class: "code-big" }, root.dataset.pretty))),
      h("div", { class: "linkbox" }, h("input", { type: "text", readonly: true, value: joinUrl, "aria-label": t("mj.join_link") }),
        h("button", { type: "button", class: "btn btn-small", onclick: () => copyText(joinUrl) }, t("ui.copy")))),
  ];
  if (host && MODE === "player") {
    out.push(h("p", { class: "small muted sc-console-link" }, t("sc.lobby.console_help_table"), " ",
      h("a", { href: `/r/${CODE}/mj` }, t("sc.console"))));
  }
  return out;
}

// -- the game ---------------------------------------------------------------------------------------------------
function whoActs(v, name) {
  const sc = v.soupcons || {};
  const me = v.me ? v.me.seat : null;
  if (sc.stage === "reply") {
    return sc.target === me ? t("sc.turn.you_reply") : t("sc.turn.replies", { name: name(sc.target) });
  }
  if (sc.giver === me) return t("sc.turn.you_offer");
  return t("sc.turn.offers", { name: name(sc.giver) });
}

function statusBar(v, name) {
  const step = v.step;
  return h("div", { class: "sc-status-inner" },
    h("div", { class: "sc-status-row" },
      h("span", { class: "sc-round" }, icon("moon"), t("sc.round", { n: v.day })),
      h("span", { class: "sc-who" }, whoActs(v, name)),
      v.paused ? h("span", { class: "badge badge-warn" }, icon("pause"), t("ui.paused")) : null),
    step && step.deadline ? countdown(step.deadline, step.started, v.paused) : null);
}

function board(v, name) {
  const sc = v.soupcons || {};
  const cards = sc.table || [];
  const ring = h("div", { class: "sc-ring", style: `--n:${cards.length}` });
  cards.forEach((c, i) => {
    const angle = (i / cards.length) * 360;
    const label = c.side === "gone" ? t("sc.table.gone", { v: c.v }) : t(`sc.table.${c.side}`, { v: c.v });
    ring.append(h("div", { class: ["sc-tc", `sc-${c.side}`], style: `--a:${angle}deg`, "data-value": c.v,
      "data-side": c.side, title: label, "aria-label": label, role: "img" },
    c.side === "gone" ? h("span", { class: "sc-tc-v" }, String(c.v))
      : [h("span", { class: "sc-tc-v" }, String(c.v)), icon(c.side === "nuit" ? "moon" : "sun", "sc-tc-icon")]));
  });
  ring.append(h("div", { class: "sc-center" }, center(v, name)));
  const live = cards.filter((c) => c.side !== "gone");
  const nuit = live.filter((c) => c.side === "nuit").length;
  return [ring, v.phase === "ended" ? null : h("p", { class: "sc-board-line small muted" },
    t("sc.table.count", { nuit, jour: live.length - nuit }))];
}

function center(v, name) {
  const sc = v.soupcons || {};
  if (v.phase === "ended") {
    const camp = v.result && v.result.camp;
    return h("div", { class: "sc-bubble sc-bubble-end" }, icon(camp === "innocents" ? "sun" : "moon"),
      h("b", {}, camp ? t(`sc.end.short.${camp}`) : t("sc.end.short.none")));
  }
  const refused = sc.refused ? h("div", { class: "sc-refused", title: t("sc.refused", { n: sc.refused }) },
    Array.from({ length: sc.refused }, () => cardFace(null, { small: true, back: true })),
    h("small", {}, t("sc.refused", { n: sc.refused }))) : null;
  const arrow = h("p", { class: "sc-arrow" }, h("b", {}, name(sc.giver)), " → ",
    sc.target !== null && sc.target !== undefined ? h("b", {}, name(sc.target)) : "…");
  if (sc.stage === "reply" && sc.announce) {
    return h("div", { class: "sc-bubble" }, arrow,
      h("p", { class: "sc-announce", "data-announce": sc.announce }, announceText(sc.announce)),
      h("small", { class: "muted" }, t("sc.attempt", { nth: ordinal(sc.attempt) })), refused);
  }
  return h("div", { class: "sc-bubble sc-thinking" }, arrow,
    h("p", { class: "muted small" }, sc.attempt > 1 ? t("sc.attempt", { nth: ordinal(sc.attempt) }) : t("sc.choosing")), refused);
}

function seatsView(v, name) {
  const sc = v.soupcons || {};
  const hands = sc.hands || null;
  const winners = new Set((v.result && v.result.winners) || []);
  const over = v.phase === "ended";
  return [h("h2", {}, t("sc.players")), h("ul", { class: "sc-seat-list" }, (sc.seats || []).map((s) => {
    const p = (v.players || []).find((x) => x.seat === s.seat) || {};
    const mine = hands ? hands[String(s.seat)] : (p.me ? sc.hand : null);
    const open = s.door === "open";
    return h("li", {
      class: ["sc-seat", p.me && "is-me", sc.giver === s.seat && !over && "is-giver", sc.target === s.seat && !over && "is-target",
        over && winners.has(s.seat) && "is-winner"],
      "data-seat": s.seat, "data-door": s.door,
    },
    h("span", { class: ["sc-door", open ? "sc-door-open" : "sc-door-closed"], title: t(open ? "sc.door.open" : "sc.door.closed") },
      picture(open ? "doorOpen" : "doorClosed"), h("span", { class: "sr-only" }, t(open ? "sc.door.open" : "sc.door.closed"))),
    h("span", { class: "sc-seat-name" }, s.bot ? picture("bot", "sc-bot-pic") : null, p.name || name(s.seat),
      p.me ? h("small", { class: "muted" }, ` (${t("sc.you")})`) : null),
    h("span", { class: "sc-seat-cards", "aria-label": t("sc.cards_n", { n: s.cards }) },
      mine ? mine.map((c) => cardFace(c, { small: true }))
        : Array.from({ length: s.cards }, () => cardFace(null, { small: true, back: true }))),
    over && hands ? h("span", { class: ["badge", winners.has(s.seat) ? "badge-good" : ""] },
      winners.has(s.seat) ? t("sc.won") : t("sc.lost")) : null,
    !over && hands && sc.camps ? h("span", { class: "badge" }, t(`camp.${sc.camps[String(s.seat)]}`)) : null);
  }))];
}

function handView(sc) {
  const hand = sc.hand || [];
  const refused = new Set(sc.refused_cards || []);
  const serpent = sc.camp === "serpents";
  return [
    h("h2", {}, t("sc.hand.title")),
    h("div", { class: "sc-hand" }, hand.map((c) => cardFace(c, { extra: [refused.has(c) && "is-refused", sc.offered === c && "is-offered"] }))),
    h("p", { class: ["sc-camp", serpent ? "sc-camp-serpents" : "sc-camp-innocents"] },
      picture(serpent ? "snake" : "mask"), h("span", {}, t(serpent ? "sc.hand.serpent" : "sc.hand.innocent"))),
    h("p", { class: "small muted" }, t(serpent ? "sc.hand.serpent_goal" : "sc.hand.innocent_goal")),
  ];
}

// -- prompts -----------------------------------------------------------------------------------------------------
function action(v, name) {
  const mine = (v.prompts || []).filter((p) => p.mine);
  const by = Object.fromEntries(mine.map((p) => [p.step, p]));
  if (by["sc-announce"]) return offerForm(v, by, name);
  if (by["sc-accept"]) return replyForm(v, by["sc-accept"], name);
  return null; // the status bar says who is acting
}

function offerForm(v, by, name) {
  const sc = v.soupcons || {};
  const key = `${v.step ? v.step.started : ""}:${by["sc-announce"].id}`;
  if (ui.sel.key !== key) ui.sel = { key, target: null, card: null, announce: null };
  const sel = ui.sel;
  const refused = new Set(sc.refused_cards || []);
  const left = (sc.hand || []).filter((c) => !refused.has(c));
  const target = by["sc-target"] ? sel.target : sc.target;
  const card = by["sc-card"] ? sel.card : left[0];
  const ready = target !== null && target !== undefined && card && sel.announce && !ui.sending;
  const rerender = () => render();
  const parts = [h("h2", { class: "prompt-title" }, sc.attempt > 1
    ? t("sc.offer.again", { name: name(sc.target), nth: ordinal(sc.attempt) }) : t("sc.offer.title"))];
  if (sc.attempt === 3) parts.push(h("p", { class: "sc-note" }, t("sc.offer.last")));
  if (by["sc-target"]) {
    parts.push(h("h3", {}, t("sc.offer.to")), h("div", { class: "targets sc-targets" }, by["sc-target"].options.map((seat) =>
      h("button", { type: "button", class: ["btn", "target", sel.target === seat && "selected"], "data-seat": seat,
        onclick: () => { sel.target = seat; rerender(); } }, name(seat)))));
  } else {
    parts.push(h("p", {}, t("sc.offer.to_fixed", { name: name(target) })));
  }
  if (by["sc-card"]) {
    parts.push(h("h3", {}, t("sc.offer.card")), h("div", { class: "sc-hand sc-pick-card" }, by["sc-card"].options.map((c) =>
      h("button", { type: "button", class: ["sc-card-btn", sel.card === c && "selected"], "data-card": c,
        "aria-pressed": sel.card === c ? "true" : "false", onclick: () => { sel.card = c; rerender(); } }, cardFace(c)))));
  } else if (card) {
    parts.push(h("h3", {}, t("sc.offer.card_last")), h("div", { class: "sc-hand" }, cardFace(card)));
  }
  parts.push(h("h3", {}, t("sc.offer.announce")), h("div", { class: "sc-announces" }, by["sc-announce"].options.map((a) =>
    h("button", { type: "button", class: ["btn", "sc-ann", a === "serpent" && "sc-ann-serpent", sel.announce === a && "selected"],
      "data-announce": a, "aria-pressed": sel.announce === a ? "true" : "false",
      onclick: () => { sel.announce = a; rerender(); } }, a === "serpent" ? [picture("snake"), t("sc.card.serpent")] : a))));
  if (card && sel.announce) {
    const lie = truthOf(card) !== sel.announce;
    parts.push(h("p", { class: ["sc-summary", lie && "sc-lie"] }, t(lie ? "sc.offer.summary_lie" : "sc.offer.summary_true",
      { card: cardText(card), said: announceText(sel.announce), name: target !== null && target !== undefined ? name(target) : "…" })));
  }
  parts.push(h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "sc-send-offer",
    disabled: ready ? null : true, onclick: () => sendOffer(by) }, icon("forward"), t("sc.offer.send")));
  return h("section", { class: "card prompt sc-offer", "data-step": "sc-offer" }, parts);
}

async function sendOffer(by) {
  const sel = ui.sel;
  ui.sending = true;
  render();
  try {
    if (by["sc-target"]) await ui.conn.send("answer", { prompt: by["sc-target"].id, answer: [sel.target] });
    if (by["sc-card"]) await ui.conn.send("answer", { prompt: by["sc-card"].id, answer: sel.card });
    await ui.conn.send("answer", { prompt: by["sc-announce"].id, answer: sel.announce });
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
  } finally {
    ui.sending = false;
    render();
  }
}

function replyForm(v, prompt, name) {
  const info = prompt.info || {};
  const answered = prompt.answers && prompt.answers[String(v.me.seat)] !== undefined;
  const reply = async (yes) => {
    if (ui.sending) return;
    ui.sending = true;
    try {
      await ui.conn.send("answer", { prompt: prompt.id, answer: yes });
    } catch (err) {
      toast(rejectionText(err.code, err.message, err.params));
    } finally {
      ui.sending = false;
    }
  };
  return h("section", { class: "card prompt sc-reply", "data-step": "sc-reply" },
    h("h2", { class: "prompt-title" }, t("sc.reply.title", { name: name(info.giver) })),
    h("p", { class: "sc-announce sc-announce-big" }, announceText(info.announce)),
    h("p", { class: "small muted" }, t(info.attempt >= 2 ? "sc.reply.help_last" : "sc.reply.help", { nth: ordinal(info.attempt) })),
    h("div", { class: "confirm-row" },
      h("button", { type: "button", class: "btn btn-big btn-yes", "data-answer": "yes", disabled: answered ? true : null,
        onclick: () => reply(true) }, icon("check"), t("sc.reply.accept")),
      h("button", { type: "button", class: "btn btn-big btn-no", "data-answer": "no", disabled: answered ? true : null,
        onclick: () => reply(false) }, icon("close"), t("sc.reply.refuse"))));
}

function controls(v) {
  return [h("h2", {}, t("sc.console")),
    h("div", { class: "control-grid" },
      h("button", { type: "button", class: "btn", onclick: () => ui.conn.act("advance") }, icon("forward"), t("sc.skip")),
      v.paused ? h("button", { type: "button", class: "btn", onclick: () => ui.conn.act("resume") }, icon("play"), t("mj.resume"))
        : h("button", { type: "button", class: "btn", onclick: () => ui.conn.act("pause") }, icon("pause"), t("mj.pause")),
      h("button", { type: "button", class: "btn btn-danger", onclick: () => {
        if (window.confirm(t("mj.end_confirm"))) ui.conn.act("end");
      } }, icon("flag"), t("mj.end"))),
    // The host sees every card only in a room made for a host who does not play (option host_sees_cards).
    h("p", { class: "small muted" }, t(v.options && v.options.host_sees_cards ? "sc.console_help" : "sc.console_help_table"))];
}

// -- the end ------------------------------------------------------------------------------------------------------
function endView(v, name) {
  const result = v.result || {};
  const camp = result.camp;
  const reason = result.reason;
  const winners = result.winners || [];
  const me = v.me ? v.me.seat : null;
  let title;
  if (camp) title = t(`sc.end.${camp}`);
  else if (reason === "max_rounds") title = t("sc.end.undecided");
  else title = t("sc.end.stopped");
  const mine = me === null ? null : winners.includes(me) ? t("sc.end.you_won") : t("sc.end.you_lost");
  return h("section", { class: ["card", "sc-result", camp ? `sc-result-${camp}` : "sc-result-none"] },
    h("h1", { class: "end-title" }, title),
    camp ? h("p", {}, t(`sc.end.${camp}.why`)) : null,
    mine && camp ? h("p", { class: "sc-mine" }, h("b", {}, mine)) : null,
    winners.length ? h("p", {}, t("sc.end.winners", { names: listNames(winners, name) })) : null,
    rematchPart(),
    h("div", { class: "button-row" },
      h("a", { class: ["btn", hostToken() ? "btn-ghost" : "btn-primary"], href: "/soupcons" }, t("sc.end.again"))));
}

// -- rematch: the same table again (seats, bots, options); every phone is taken there ------------------------------
function rematchPart() {
  const events = ui.conn.events;
  let index = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === "rematch") {
      index = i;
      break;
    }
  }
  if (index >= 0) {
    const code = events[index].data.code;
    const go = () => {
      // Seat links and the creator's token work at the new table too.
      const seat = store.get(seatKey(CODE));
      if (seat && !store.get(seatKey(code))) store.set(seatKey(code), seat);
      if (hostToken() && !store.get(mjKey(code))) store.set(mjKey(code), hostToken());
      location.assign(`/r/${encodeURIComponent(code)}${MODE === "mj" ? "/mj" : ""}`);
    };
    const live = index >= (ui.loaded ?? 0) && ui.mode !== "watch";
    if (live && !ui.moving) {
      ui.moving = true;
      setTimeout(go, 2500);
    }
    return h("div", { class: "banner banner-rematch", role: "status" }, icon("repeat"),
      h("b", {}, t(live ? "rematch.moving" : "rematch.ready", { code: prettyCode(code) })),
      h("button", { type: "button", class: "btn btn-primary btn-small", onclick: go }, t("rematch.go")));
  }
  if (!hostToken()) return null;
  return h("div", { class: "sc-rematch" },
    h("button", { type: "button", class: "btn btn-primary btn-block", id: "sc-rematch", onclick: async (ev) => {
      const button = ev.currentTarget;
      button.disabled = true;
      if (!(await hostCall(`/api/rooms/${CODE}/rematch`, "POST"))) button.disabled = false;
    } }, icon("repeat"), t("rematch.button")),
    h("p", { class: "small muted" }, t("rematch.help")));
}

/** Offers of the whole game from the stream (at the end it holds every private event too). */
function turns(events) {
  const rows = [];
  let current = null;
  for (const e of events) {
    const d = e.data || {};
    if (e.type === "sc_round") rows.push({ kind: "round", round: d.round, starter: d.starter });
    else if (e.type === "sc_offer") {
      current = { kind: "offer", giver: d.giver, to: d.to, attempt: d.attempt, announce: d.announce, card: null, outcome: null, effect: null };
      rows.push(current);
    } else if (e.type === "sc_offer_card" && current) current.card = d.card;
    else if (e.type === "sc_refused" && current) current.outcome = "refused";
    else if (e.type === "sc_accepted" && current) current.outcome = d.forced ? "forced" : "accepted";
    else if (e.type === "sc_received" && current && !current.card) current.card = d.card;
    else if (e.type === "sc_effect" && current) current.effect = d;
    else if (e.type === "sc_round_end" && d.removed !== null && d.removed !== undefined) rows.push({ kind: "removed", value: d.removed });
  }
  return rows;
}

function effectText(effect, name) {
  if (!effect) return "";
  if (effect.effect === "nothing") return t("sc.effect.nothing", { name: name(effect.seat) });
  return t(`sc.effect.${effect.effect}`, { name: name(effect.seat), v: effect.value });
}

function historyView(v, name) {
  const rows = turns(ui.conn.events);
  const hands = (v.soupcons && v.soupcons.hands) || {};
  return [
    h("h2", {}, t("sc.history.title")),
    h("p", { class: "small muted" }, t("sc.history.help")),
    h("ol", { class: "sc-history" }, rows.map((r) => {
      if (r.kind === "round") return h("li", { class: "sc-h-round" }, t("sc.history.round", { n: r.round, name: name(r.starter) }));
      if (r.kind === "removed") return h("li", { class: "sc-h-removed" }, t("sc.history.removed", { v: r.value }));
      const lie = r.card && truthOf(r.card) !== r.announce;
      return h("li", { class: ["sc-h-offer", lie && "is-lie", r.outcome === "refused" && "is-refused"] },
        h("span", { class: "sc-h-who" }, h("b", {}, name(r.giver)), " → ", h("b", {}, name(r.to))),
        h("span", { class: "sc-h-said" }, announceText(r.announce)),
        h("span", { class: "sc-h-true" }, t("sc.history.truth"), " ", r.card ? cardFace(r.card, { small: true }) : "?",
          lie ? h("small", { class: "sc-lie-tag" }, t("sc.history.lie")) : null),
        h("span", { class: "sc-h-outcome" }, t(`sc.history.${r.outcome || "refused"}`),
          r.effect ? ` · ${effectText(r.effect, name)}` : ""));
    })),
    Object.keys(hands).length ? h("p", { class: "small muted" }, t("sc.history.final")) : null,
  ];
}

// -- the journal (during the game) -------------------------------------------------------------------------------
function line(e, v, name) {
  const d = e.data || {};
  const me = v.me ? v.me.seat : null;
  const third = MODE === "mj" || me === null;
  switch (e.type) {
    case "sc_dealt":
      return t("sc.log.dealt", { dealer: name(d.dealer), first: name(d.first) });
    case "sc_hand":
      return third ? t("sc.log.hand_3p", { name: name(d.seat), cards: d.cards.map(cardText).join(", ") })
        : t("sc.log.hand", { cards: d.cards.map(cardText).join(", ") });
    case "sc_round":
      return { text: t("sc.log.round", { n: d.round, name: name(d.starter) }), cls: "sep" };
    case "sc_offer":
      return t(d.forced ? "sc.log.offer_forced" : "sc.log.offer", { giver: name(d.giver), to: name(d.to), said: announceText(d.announce), nth: ordinal(d.attempt) });
    case "sc_offer_card":
      return { text: t(third ? "sc.log.offer_card_3p" : "sc.log.offer_card", { name: name(d.giver), card: cardText(d.card) }), cls: "secret" };
    case "sc_refused":
      return t("sc.log.refused", { name: name(d.to) });
    case "sc_accepted":
      return d.forced ? null : t("sc.log.accepted", { name: name(d.to) });
    case "sc_received":
      if (!third && d.to === me) return { text: t("sc.log.received", { card: cardText(d.card) }), cls: "secret" };
      if (!third && d.giver === me) return { text: t("sc.log.gave", { name: name(d.to), card: cardText(d.card) }), cls: "secret" };
      return { text: t("sc.log.received_3p", { name: name(d.to), card: cardText(d.card) }), cls: "secret" };
    case "sc_returned":
      return t("sc.log.returned", { name: name(d.giver), n: d.count });
    case "sc_effect":
      return { text: effectText(d, name), cls: `sc-effect-${d.effect}` };
    case "sc_round_end":
      return d.removed === null || d.removed === undefined ? t("sc.log.round_end", { n: d.round })
        : t("sc.log.round_end_removed", { n: d.round, v: d.removed });
    case "role_set":
      return null;
    default: {
      const generic = describe(e, { name, me, thirdPerson: third, prompts: new Map() }, third ? "full" : "feed");
      if (!generic || e.type === "phase" || e.type === "step" || e.type.startsWith("prompt") || e.type === "answered") return null;
      return generic;
    }
  }
}

function journal(v, name) {
  const items = [];
  for (const e of ui.conn.events) {
    const out = line(e, v, name);
    if (!out) continue;
    const { text, cls } = typeof out === "string" ? { text: out, cls: "" } : out;
    items.push(h("li", { class: ["line", cls] }, h("span", { class: "txt" }, text)));
  }
  items.reverse();
  return [h("h2", {}, t("sc.log.title")), items.length ? h("ol", { class: "log sc-journal" }, items.slice(0, 40))
    : h("p", { class: "muted" }, t("ui.nothing_yet"))];
}

startClock(() => (ui.conn ? ui.conn.offset : 0));
start();
window.veillee = ui;
