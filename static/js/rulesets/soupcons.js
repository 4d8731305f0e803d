// @ts-check
// Soupçons in the pages: the circle of Nuit / Jour cards, Masque and Serpent cards, the Portes, the offer (three
// questions put together on one form) and the reply, the hand, the lines of the journal and the true history at
// the end; on the console, the bots before the start and the table with every hand for a host who does not play.
import { addIcons, copyText, h, icon, toast } from "../shell/dom.js";
import { rejectionText, t } from "../shell/i18n.js";
import { namer } from "../shell/journal.js";
import { api, publicBase } from "../shell/net.js";
import { screenLink } from "../shell/stage.js";

addIcons({
  "sc-mask": '<path d="M2.5 8.5c3.2-2.2 6.4-2.2 9.5 0 3.1-2.2 6.3-2.2 9.5 0-.6 5.4-3.8 7.8-6.3 6.6L12 13l-3.2 2.1C6.3 16.3 3.1 13.9 2.5 8.5z"/><circle cx="7.6" cy="10.4" r="1.4"/><circle cx="16.4" cy="10.4" r="1.4"/>',
  "sc-snake": '<path d="M5 19.5c3.5 2 8.5.5 7.6-3.4-.8-3.6-6.9-2.6-6.9-6.6 0-3.7 5.2-4.8 8.3-3"/><path d="M14 6.5c1.4-1.7 4-2 5.5-.4"/><path d="M19.5 6.1l1.5.9"/><circle cx="17.2" cy="5.4" r=".5" fill="currentColor"/>',
  "sc-door-open": '<path d="M6 21V3h12v18"/><path d="M6 3l7 2.2V23L6 21z" fill="currentColor" fill-opacity=".3"/><circle cx="11" cy="13" r=".8" fill="currentColor"/>',
  "sc-door-closed": '<rect x="6" y="3" width="12" height="18" rx="1" fill="currentColor" fill-opacity=".3"/><circle cx="15" cy="12.5" r="1" fill="currentColor"/>',
  "sc-bot": '<rect x="5" y="8" width="14" height="11" rx="3"/><path d="M12 4.5V8M9.5 13h.01M14.5 13h.01M9.5 16.2h5"/><circle cx="12" cy="4" r="1"/>',
});

const picture = (name, extra = "") => icon(`sc-${name}`, `sc-pic ${extra}`.trim());

// -- words ----------------------------------------------------------------------------------------------------------
const isSerpent = (card) => typeof card === "string" && card.startsWith("S");
const cardValue = (card) => (isSerpent(card) ? null : Number(String(card).slice(1)));
const cardText = (card) => (isSerpent(card) ? t("sc.card.serpent") : String(cardValue(card)));
const truthOf = (card) => (isSerpent(card) ? "serpent" : String(cardValue(card)));
const announceText = (a) => (a === "serpent" ? t("sc.ann.serpent") : t("sc.ann.value", { v: a }));
const ordinal = (n) => t(`sc.nth.${Math.min(3, Math.max(1, Number(n) || 1))}`);

/** A card face: Masque (value) or Serpent; `back` for a card seen from behind. */
function cardFace(card, { small = false, back = false, extra = null, key = null } = {}) {
  const cls = ["sc-card", small && "sc-card-small", extra];
  if (back || !card) return h("span", { class: [...cls, "sc-back"], title: t("sc.card.back"), "data-key": key }, picture("mask", "sc-back-mark"));
  if (isSerpent(card)) {
    return h("span", { class: [...cls, "sc-serpent"], "data-card": card, title: t("sc.card.serpent"), "data-key": key || card },
      picture("snake", "sc-card-pic"), h("b", {}, t("sc.card.serpent_short")));
  }
  return h("span", { class: [...cls, "sc-mask"], "data-card": card, title: t("sc.card.mask", { v: cardValue(card) }), "data-key": key || card },
    h("b", { class: "sc-card-v" }, String(cardValue(card))), picture("mask", "sc-card-pic"));
}

// -- the host's actions (the table's creator holds its MJ token, and plays from the player page) --------------------
async function hostCall(ctx, path, method, body) {
  try {
    await api(path, { method, token: ctx.hostToken || ctx.token, body });
    return true;
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
    return false;
  }
}

const addBot = (ctx) => hostCall(ctx, `/api/rooms/${ctx.code}/bots`, "POST", { count: 1 });
const removeBot = (ctx, seat) => hostCall(ctx, `/api/rooms/${ctx.code}/bots/${seat}`, "DELETE");
const command = (ctx, name, args = {}) => hostCall(ctx, `/api/rooms/${ctx.code}/commands`, "POST", { command: name, args });

// -- the table ------------------------------------------------------------------------------------------------------
function whoActs(v, name) {
  const sc = v.soupcons || {};
  const me = v.me ? v.me.seat : null;
  if (sc.stage === "reply") return sc.target === me ? t("sc.turn.you_reply") : t("sc.turn.replies", { name: name(sc.target) });
  if (sc.giver === me) return t("sc.turn.you_offer");
  return t("sc.turn.offers", { name: name(sc.giver) });
}

function center(v, name) {
  const sc = v.soupcons || {};
  if (v.phase === "ended") {
    const camp = v.result && v.result.camp;
    return h("div", { class: "sc-bubble sc-bubble-end" }, icon(camp === "innocents" ? "sun" : "moon"),
      h("b", {}, camp ? t(`sc.end.short.${camp}`) : t("sc.end.short.none")));
  }
  const refused = sc.refused ? h("div", { class: "sc-refused", title: t("sc.refused", { n: sc.refused }) },
    Array.from({ length: sc.refused }, (_, i) => cardFace(null, { small: true, back: true, key: `r${i}` })),
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

function board(v, name) {
  const sc = v.soupcons || {};
  const cards = sc.table || [];
  const ring = h("div", { class: "sc-ring", style: `--n:${cards.length}`, "data-key": "ring" }, cards.map((c, i) => {
    const angle = (i / cards.length) * 360;
    const label = c.side === "gone" ? t("sc.table.gone", { v: c.v }) : t(`sc.table.${c.side}`, { v: c.v });
    return h("div", { class: ["sc-tc", `sc-${c.side}`], style: `--a:${angle}deg`, "data-value": c.v, "data-key": `tc${c.v}`,
      "data-side": c.side, title: label, "aria-label": label, role: "img" },
    c.side === "gone" ? h("span", { class: "sc-tc-v" }, String(c.v))
      : [h("span", { class: "sc-tc-v" }, String(c.v)), icon(c.side === "nuit" ? "moon" : "sun", "sc-tc-icon")]);
  }), h("div", { class: "sc-center" }, center(v, name)));
  const live = cards.filter((c) => c.side !== "gone");
  const nuit = live.filter((c) => c.side === "nuit").length;
  return h("section", { class: "sc-board", "aria-label": t("sc.table"), "data-key": "board" }, ring,
    v.phase === "ended" ? null : h("p", { class: "sc-board-line small muted" }, t("sc.table.count", { nuit, jour: live.length - nuit })));
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
      "data-seat": s.seat, "data-door": s.door, "data-key": `s${s.seat}`,
    },
    h("span", { class: ["sc-door", open ? "sc-door-open" : "sc-door-closed"], title: t(open ? "sc.door.open" : "sc.door.closed") },
      picture(open ? "door-open" : "door-closed"), h("span", { class: "sr-only" }, t(open ? "sc.door.open" : "sc.door.closed"))),
    h("span", { class: "sc-seat-name" }, s.bot ? picture("bot", "sc-bot-pic") : null, p.name || name(s.seat),
      p.me ? h("small", { class: "muted" }, ` (${t("sc.you")})`) : null),
    seatCards(s, mine),
    over && hands ? h("span", { class: ["badge", winners.has(s.seat) ? "badge-good" : ""] },
      winners.has(s.seat) ? t("sc.won") : t("sc.lost")) : null,
    !over && hands && sc.camps ? h("span", { class: "badge" }, t(`camp.${sc.camps[String(s.seat)]}`)) : null);
  }))];
}

function seatCards(s, mine) {
  return h("span", { class: "sc-seat-cards", "aria-label": t("sc.cards_n", { n: s.cards }) },
    mine ? mine.map((c) => cardFace(c, { small: true }))
      : Array.from({ length: s.cards }, (_, i) => cardFace(null, { small: true, back: true, key: `b${i}` })));
}

function handView(sc) {
  const hand = sc.hand || [];
  const refused = new Set(sc.refused_cards || []);
  const serpent = sc.camp === "serpents";
  return h("div", { class: "card sc-hand-card" },
    h("h2", {}, t("sc.hand.title")),
    h("div", { class: "sc-hand" }, hand.map((c) => cardFace(c, { extra: [refused.has(c) && "is-refused", sc.offered === c && "is-offered"] }))),
    h("p", { class: ["sc-camp", serpent ? "sc-camp-serpents" : "sc-camp-innocents"] },
      picture(serpent ? "snake" : "mask"), h("span", {}, t(serpent ? "sc.hand.serpent" : "sc.hand.innocent"))),
    h("p", { class: "small muted" }, t(serpent ? "sc.hand.serpent_goal" : "sc.hand.innocent_goal")));
}

// -- the offer and the reply ----------------------------------------------------------------------------------------
function action(v, ctx) {
  const mine = (v.prompts || []).filter((p) => p.mine);
  const by = Object.fromEntries(mine.map((p) => [p.step, p]));
  if (by["sc-announce"]) return offerForm(v, by, ctx);
  if (by["sc-accept"]) return replyForm(v, by["sc-accept"], ctx);
  return null; // the status bar says who is acting
}

function offerForm(v, by, ctx) {
  const { name } = ctx;
  const st = ctx.ui.state;
  const sc = v.soupcons || {};
  const key = `${v.step ? v.step.started : ""}:${by["sc-announce"].id}`;
  if (!st.sel || st.sel.key !== key) st.sel = { key, target: null, card: null, announce: null };
  const sel = st.sel;
  const refused = new Set(sc.refused_cards || []);
  const left = (sc.hand || []).filter((c) => !refused.has(c));
  const target = by["sc-target"] ? sel.target : sc.target;
  const card = by["sc-card"] ? sel.card : left[0];
  const ready = target !== null && target !== undefined && card && sel.announce && !st.sending;
  const parts = [h("h2", { class: "prompt-title" }, sc.attempt > 1
    ? t("sc.offer.again", { name: name(sc.target), nth: ordinal(sc.attempt) }) : t("sc.offer.title"))];
  // Why this seat is asked (issue 24: every prompt says it), then the last offer's rule.
  parts.push(h("p", { class: "prompt-why" }, t(sc.attempt > 1 ? "sc.offer.why_again" : "sc.offer.why")));
  if (sc.attempt === 3) parts.push(h("p", { class: "sc-note" }, t("sc.offer.last")));
  if (by["sc-target"]) {
    parts.push(h("h3", {}, t("sc.offer.to")), h("div", { class: "targets sc-targets" }, by["sc-target"].options.map((seat) =>
      h("button", { type: "button", class: ["btn", "target", sel.target === seat && "selected"], "data-seat": seat, "data-key": `t${seat}`,
        onclick: () => { sel.target = seat; ctx.rerender(); } }, name(seat)))));
  } else {
    parts.push(h("p", {}, t("sc.offer.to_fixed", { name: name(target) })));
  }
  if (by["sc-card"]) {
    parts.push(h("h3", {}, t("sc.offer.card")), h("div", { class: "sc-hand sc-pick-card" }, by["sc-card"].options.map((c) =>
      h("button", { type: "button", class: ["sc-card-btn", sel.card === c && "selected"], "data-card": c, "data-key": `c${c}`,
        "aria-pressed": sel.card === c ? "true" : "false", onclick: () => { sel.card = c; ctx.rerender(); } }, cardFace(c)))));
  } else if (card) {
    parts.push(h("h3", {}, t("sc.offer.card_last")), h("div", { class: "sc-hand" }, cardFace(card)));
  }
  parts.push(h("h3", {}, t("sc.offer.announce")), h("div", { class: "sc-announces" }, by["sc-announce"].options.map((a) =>
    h("button", { type: "button", class: ["btn", "sc-ann", a === "serpent" && "sc-ann-serpent", sel.announce === a && "selected"],
      "data-announce": a, "data-key": `a${a}`, "aria-pressed": sel.announce === a ? "true" : "false",
      onclick: () => { sel.announce = a; ctx.rerender(); } }, a === "serpent" ? [picture("snake"), t("sc.card.serpent")] : a))));
  if (card && sel.announce) {
    const lie = truthOf(card) !== sel.announce;
    parts.push(h("p", { class: ["sc-summary", lie && "sc-lie"] }, t(lie ? "sc.offer.summary_lie" : "sc.offer.summary_true",
      { card: cardText(card), said: announceText(sel.announce), name: target !== null && target !== undefined ? name(target) : "…" })));
  }
  parts.push(h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "sc-send-offer",
    disabled: ready ? null : true, onclick: () => sendOffer(by, ctx) }, icon("forward"), t("sc.offer.send")));
  return h("section", { class: "card prompt sc-offer", "data-step": "sc-offer", "data-key": "offer" }, parts);
}

async function sendOffer(by, ctx) {
  const st = ctx.ui.state;
  const sel = st.sel;
  st.sending = true;
  ctx.rerender();
  try {
    if (by["sc-target"]) await ctx.conn.send("answer", { prompt: by["sc-target"].id, answer: [sel.target] });
    if (by["sc-card"]) await ctx.conn.send("answer", { prompt: by["sc-card"].id, answer: sel.card });
    await ctx.conn.send("answer", { prompt: by["sc-announce"].id, answer: sel.announce });
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
  } finally {
    st.sending = false;
    ctx.rerender();
  }
}

function replyForm(v, prompt, ctx) {
  const st = ctx.ui.state;
  const info = prompt.info || {};
  const answered = prompt.answers && prompt.answers[String(v.me.seat)] !== undefined;
  const reply = async (yes) => {
    if (st.sending) return;
    st.sending = true;
    try {
      await ctx.conn.send("answer", { prompt: prompt.id, answer: yes });
    } catch (err) {
      toast(rejectionText(err.code, err.message, err.params));
    } finally {
      st.sending = false;
    }
  };
  return h("section", { class: "card prompt sc-reply", "data-step": "sc-reply", "data-key": `reply${prompt.id}` },
    h("h2", { class: "prompt-title" }, t("sc.reply.title", { name: ctx.name(info.giver) })),
    h("p", { class: "sc-announce sc-announce-big" }, announceText(info.announce)),
    h("p", { class: "small muted" }, t(info.attempt >= 2 ? "sc.reply.help_last" : "sc.reply.help", { nth: ordinal(info.attempt) })),
    h("div", { class: "confirm-row" },
      h("button", { type: "button", class: "btn btn-big btn-yes", "data-answer": "yes", disabled: answered ? true : null,
        onclick: () => reply(true) }, icon("check"), t("sc.reply.accept")),
      h("button", { type: "button", class: "btn btn-big btn-no", "data-answer": "no", disabled: answered ? true : null,
        onclick: () => reply(false) }, icon("close"), t("sc.reply.refuse"))));
}

// -- the lobby --------------------------------------------------------------------------------------------------------
function lobbySeatList(v, ctx, host) {
  const bots = new Set(((v.soupcons || {}).bots) || []);
  return h("ul", { class: "sc-lobby-list" }, (v.players || []).map((p) => h("li", {
    class: ["sc-lobby-seat", p.me && "is-me"], "data-seat": p.seat, "data-key": `s${p.seat}` },
  bots.has(p.seat) ? picture("bot", "sc-bot-pic") : null,
  h("span", { class: "sc-lobby-name" }, p.name),
  p.me ? h("span", { class: "badge badge-good" }, t("sc.you")) : null,
  bots.has(p.seat) ? h("span", { class: "badge" }, t("sc.bot")) : null,
  host && bots.has(p.seat) ? h("button", { type: "button", class: "btn btn-icon btn-danger-ghost sc-remove-bot",
    "aria-label": t("sc.lobby.remove_bot", { name: p.name }), title: t("sc.lobby.remove_bot", { name: p.name }),
    onclick: () => removeBot(ctx, p.seat) }, icon("close")) : null)));
}

function lobby(v, ctx) {
  const sc = v.soupcons || {};
  const host = Boolean(ctx.hostToken);
  const n = (v.players || []).length;
  const joinUrl = `${publicBase()}/r/${ctx.code}`;
  const setup = sc.setup;
  const out = [
    h("section", { class: "card lobby sc-lobby", "data-key": "lobby" },
      h("h1", {}, t("sc.name")),
      h("p", { class: "muted" }, t("sc.lobby.count", { n })),
      lobbySeatList(v, ctx, host),
      setup ? h("p", { class: "small sc-setup-line" }, t("sc.lobby.setup", { masks: setup.masks, days: setup.days, serpents: setup.serpents })) : null,
      host ? h("div", { class: "sc-host" },
        h("button", { type: "button", class: "btn", id: "sc-add-bot", disabled: n >= 6 ? true : null, onclick: () => addBot(ctx) },
          picture("bot"), t("sc.lobby.add_bot")),
        h("button", { type: "button", class: "btn btn-primary btn-big btn-block", id: "sc-start", disabled: n < 3 ? true : null,
          onclick: () => command(ctx, "start") }, icon("play"), t("sc.lobby.start")),
        n < 3 ? h("p", { class: "small muted" }, t("sc.lobby.need", { n: 3 - n })) : null)
        : h("p", { class: "sc-wait" }, icon("clock"), t("sc.lobby.waiting")),
      v.me ? h("div", { class: "button-row lobby-buttons" },
        ctx.notifyButton(),
        ctx.wide ? null : h("button", { type: "button", class: "btn btn-small", onclick: () => ctx.setTab("chat") },
          icon("chat"), t("room.open_chat")),
        host ? null : h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: ctx.leave }, t("room.leave")))
        : h("button", { type: "button", class: "btn btn-primary", onclick: ctx.joinTable }, t("room.join_table"))),
    h("section", { class: "card sc-invite", "data-key": "invite" },
      h("h2", {}, t("sc.lobby.invite")),
      h("div", { class: "invite" }, ctx.qr(), h("div", {}, h("p", { class: "muted small" }, t("ui.room_code")),
        h("p", { class: "code-big" }, ctx.pretty))),
      h("div", { class: "linkbox" }, h("input", { type: "text", readonly: true, value: joinUrl, "aria-label": t("mj.join_link") }),
        h("button", { type: "button", class: "btn btn-small", onclick: () => copyText(joinUrl) }, t("ui.copy"))),
      screenLink(ctx.code)),
  ];
  if (host) {
    out.push(h("p", { class: "small muted sc-console-link", "data-key": "console" }, t("sc.lobby.console_help_table"), " ",
      h("a", { href: `/r/${ctx.code}/mj` }, t("sc.console"))));
  }
  return out;
}

// -- the journal and the true history -------------------------------------------------------------------------------
function effectText(effect, name) {
  if (!effect) return "";
  if (effect.effect === "nothing") return t("sc.effect.nothing", { name: name(effect.seat) });
  return t(`sc.effect.${effect.effect}`, { name: name(effect.seat), v: effect.value });
}

const SILENT = new Set(["phase", "step", "prompt_opened", "answered", "prompt_dropped", "role_set"]);

function line(e, ctx) {
  const d = e.data || {};
  const { name } = ctx;
  const me = ctx.me ?? null;
  const third = Boolean(ctx.thirdPerson) || me === null;
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
    default:
      return SILENT.has(e.type) ? null : undefined;
  }
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

function historyView(v, ctx) {
  const { name } = ctx;
  const rows = turns(ctx.events);
  const hands = (v.soupcons && v.soupcons.hands) || {};
  return [
    h("h2", {}, t("sc.history.title")),
    h("p", { class: "small muted" }, t("sc.history.help")),
    h("ol", { class: "sc-history" }, rows.map((r, i) => {
      if (r.kind === "round") return h("li", { class: "sc-h-round", "data-key": `h${i}` }, t("sc.history.round", { n: r.round, name: name(r.starter) }));
      if (r.kind === "removed") return h("li", { class: "sc-h-removed", "data-key": `h${i}` }, t("sc.history.removed", { v: r.value }));
      const lie = r.card && truthOf(r.card) !== r.announce;
      return h("li", { class: ["sc-h-offer", lie && "is-lie", r.outcome === "refused" && "is-refused"], "data-key": `h${i}` },
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

/** @type {import("../types/hooks").RulesetHooks} */
const hooks = {
  chatOrder: ["table"],
  // Where a question of mine is answered (the call on the chat tab brings it on screen: room.js, goToPrompt).
  promptAnchor: () => ".sc-action",

  theme(v) {
    const dawn = v.phase === "ended" && v.result && v.result.camp === "innocents";
    return dawn ? "day" : "night";
  },

  running(v) {
    return v.phase === "day";
  },

  joinOpen(v) {
    return v.phase === "lobby" && (v.players || []).length < 6;
  },

  phaseLabel(v) {
    return v.phase === "day" ? [icon("moon"), t("sc.round", { n: v.day })] : undefined;
  },

  stepLabel() {
    return null;
  },

  // The village screen's spoken texts (static/i18n/narration/): whose turn it is, as the status bar says (whoActs).
  sayParams(v) {
    const sc = v.soupcons || {};
    const seat = sc.stage === "reply" ? sc.target : sc.giver;
    return seat === null || seat === undefined ? undefined : { name: namer(v, [])(seat) };
  },

  statusExtra(v, ctx) {
    return v.phase === "day" ? h("span", { class: "sc-who" }, whoActs(v, ctx.name)) : null;
  },

  lobby,

  stage(v, ctx) {
    return [board(v, ctx.name), h("div", { class: "sc-action", "aria-live": "polite", "data-key": "action" }, action(v, ctx))];
  },

  // The village screen: the circle of cards and what is being played, as a spectator sees them.
  screen(v, ctx) {
    return v.phase === "day" ? [board(v, ctx.name), h("div", { class: "sc-action", "data-key": "action" }, action(v, ctx))] : null;
  },

  afterRender(v, ctx) {
    // A new question for me: bring it into view (once), since the table fills the top of a phone's screen.
    const st = ctx.ui.state;
    const asked = (v.prompts || []).filter((p) => p.mine).map((p) => p.id).join(",");
    if (asked && asked !== st.asked) {
      const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const node = document.querySelector(".sc-action");
      if (node) node.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }
    st.asked = asked;
  },

  cards(v) {
    const seated = v.viewer.kind === "seat";
    return seated && v.phase === "day" ? handView(v.soupcons || {}) : null;
  },

  table(v, ctx) {
    return v.phase === "lobby" ? null : seatsView(v, ctx.name);
  },

  describe(e, ctx) {
    const out = line(e, ctx);
    if (out === undefined || out === null) return out;
    return typeof out === "string" ? { text: out, cls: "" } : out;
  },

  endTitle(result) {
    if (result.camp) return t(`sc.end.${result.camp}`);
    return result.reason === "max_rounds" ? t("sc.end.undecided") : t("sc.end.stopped");
  },

  endWhy(v) {
    const camp = v.result && v.result.camp;
    return camp ? h("p", {}, t(`sc.end.${camp}.why`)) : null;
  },

  endClass(v) {
    const camp = v.result && v.result.camp;
    return ["sc-result", camp ? `sc-result-${camp}` : "sc-result-none"];
  },

  endIcon(camp) {
    return camp === "innocents" ? "sun" : "moon";
  },

  endDetails(v, ctx) {
    return board(v, ctx.name);
  },

  newGameHref() {
    return "/soupcons";
  },

  history: historyView,

  // -- the console ------------------------------------------------------------------------------------------------
  board(v, ctx) {
    return [board(v, ctx.name),
      h("p", { class: "small muted" }, t(v.options && v.options.host_sees_cards ? "sc.console_help" : "sc.console_help_table"))];
  },

  lobbyCheck(v, ctx) {
    const n = (v.players || []).length;
    const setup = (v.soupcons || {}).setup;
    return [
      setup ? h("p", { class: "small sc-setup-line" }, t("sc.lobby.setup", { masks: setup.masks, days: setup.days, serpents: setup.serpents })) : null,
      n < 3 ? h("p", { class: "comp-check bad" }, t("sc.lobby.need", { n: 3 - n })) : h("p", { class: "comp-check good" }, t("mj.ready", { n })),
      h("button", { type: "button", class: "btn btn-block", id: "sc-add-bot", disabled: n >= 6 ? true : null,
        onclick: () => addBot(ctx) }, picture("bot"), t("sc.lobby.add_bot")),
    ];
  },

  lobbySeatExtra(v, p) {
    const bots = new Set(((v.soupcons || {}).bots) || []);
    return bots.has(p.seat) ? h("span", { class: "badge seat-bot" }, picture("bot"), t("sc.bot")) : null;
  },

  removeSeat(v, p, ctx) {
    const bots = new Set(((v.soupcons || {}).bots) || []);
    return bots.has(p.seat) ? removeBot(ctx, p.seat) : undefined;
  },

  seatClasses(v, p) {
    const sc = v.soupcons || {};
    const s = (sc.seats || []).find((x) => x.seat === p.seat) || {};
    return ["sc-console-seat", s.door === "closed" && "door-closed", sc.giver === p.seat && v.phase === "day" && "is-giver",
      sc.target === p.seat && v.phase === "day" && "is-target"];
  },

  seatBody(v, p) {
    const sc = v.soupcons || {};
    const s = (sc.seats || []).find((x) => x.seat === p.seat);
    if (!s) return null;
    const hands = sc.hands || null;
    const camp = sc.camps ? sc.camps[String(p.seat)] : null;
    return [seatCards(s, hands ? hands[String(p.seat)] : null),
      h("p", { class: "small muted" }, t(s.door === "open" ? "sc.door.open" : "sc.door.closed"),
        camp ? ` · ${t(`camp.${camp}`)}` : "")];
  },

  promptInfo(v, p, ctx) {
    const info = p.info || {};
    return info.announce ? `${ctx.name(info.giver)} : ${announceText(info.announce)}` : null;
  },
};

export default hooks;
