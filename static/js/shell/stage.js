// @ts-check
// What a player's (or spectator's) page shows of the game, drawn from the view and the page's context (room.js
// `context`: the code, the host's key, the tab, the page's state): the status bar, the stage (the lobby, the game,
// the end), the village, the journal and the rematch. The ruleset's hooks (rules.js) draw their own parts in it.
import { countdown } from "./clock.js";
import { $, h, icon, toast } from "./dom.js";
import { has, listNames, prettyCode, rejectionText, roleName, t } from "./i18n.js";
import { eventList } from "./journal.js";
import { officeBadges } from "./offices.js";
import { api, mjKey, publicBase, seatKey, store } from "./net.js";
import { hook } from "./rules.js";

/** The MJ's key for this room, when this browser holds it (the host plays): read when it is needed. */
const hostToken = (ctx) => store.get(mjKey(ctx.code));

// -- the status bar ---------------------------------------------------------------------------------------------
/** The phase as the status bar names it (a ruleset's `phaseLabel` hook may name it its own way). */
export function phaseLabel(v) {
  if (v.phase === "lobby") return [icon("users"), t("phase.lobby")];
  if (v.phase === "night") return [icon("moon"), t("phase.night", { n: v.night })];
  if (v.phase === "day") return [icon("sun"), t("phase.day", { n: v.day })];
  return [icon("flag"), t("phase.ended")];
}

export function statusBar(v, ctx) {
  const step = v.step;
  const stepLabel = hook("stepLabel", step && has(`step.${step.key}`) ? t(`step.${step.key}`) : null, v, ctx);
  return h("div", { class: `status status-${v.phase}` },
    h("div", { class: "status-row" },
      h("span", { class: "phase-label" }, hook("phaseLabel", phaseLabel(v), v, ctx)),
      stepLabel ? h("span", { class: "step-label", title: typeof stepLabel === "string" ? stepLabel : null }, stepLabel) : null,
      hook("statusExtra", null, v, ctx),
      // The one sign of a pause (the countdown below stands still on the time left): always on screen.
      v.paused ? h("span", { class: "badge badge-warn paused-badge", title: t("ui.paused_long") }, icon("pause"), t("ui.paused")) : null,
      // The lobby has its own, labelled bell (lobbyStage): one is enough.
      v.phase === "lobby" ? null : ctx.notifyButton("status-notify")),
    step && step.deadline ? countdown(step.deadline, step.started, v.paused) : null);
}

// -- the stage: the lobby, the game, the end --------------------------------------------------------------------
export function stage(v, ctx) {
  if (v.phase === "lobby") return hook("lobby", null, v, ctx) ?? lobbyStage(v, ctx);
  if (v.phase === "ended") return endStage(v, ctx);
  const parts = [];
  if (v.viewer.kind === "spectator") parts.push(h("div", { class: "banner", "data-key": "spectating" }, icon("eye"), t("room.spectating")));
  else if (v.me && !ctx.anyAlive()) {
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
  const url = `${publicBase()}/r/${ctx.code}`;
  return h("div", { class: "card lobby" },
    me ? h("h1", {}, t("room.welcome", { name: me.name })) : h("h1", {}, t("room.lobby_title")),
    h("p", {}, me ? t("room.wait_for_mj") : t("room.spectating_lobby")),
    h("div", { class: "invite" },
      ctx.qr(),
      h("div", {},
        h("p", { class: "muted small" }, t("room.invite")),
        h("p", { class: "code-big" }, ctx.pretty),
        h("p", { class: "link small" }, url))),
    hook("lobbyExtra", null, v, ctx),
    screenLink(ctx.code),
    me ? h("div", { class: "button-row lobby-buttons" },
      ctx.notifyButton(),
      ctx.wide ? null : h("button", { type: "button", class: "btn btn-small", onclick: () => ctx.setTab("chat") },
        icon("chat"), t("room.open_chat")),
      h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: ctx.leave }, t("room.leave")))
      : h("button", { type: "button", class: "btn btn-primary", onclick: ctx.joinTable }, t("room.join_table")));
}

/** The village screen's link (templates/screen.html), for the table's TV or laptop: any viewer may open it. */
export function screenLink(code) {
  return h("p", { class: "screen-link small", "data-key": "screen-link" },
    h("a", { href: `/r/${encodeURIComponent(code)}/ecran`, target: "_blank", rel: "noopener", id: "screen-link" },
      icon("expand"), " ", t("screen.open")));
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
    rematchButton(ctx),
    h("a", { class: ["btn", hostToken(ctx) ? "btn-ghost" : "btn-primary"], href: hook("newGameHref", "/", v) }, t("end.new_game")));
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

export function village(v, ctx) {
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
export function feed(v, ctx) {
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
    eventList(ctx.events, ctx, "feed", { reverse: true, mark: ctx.ui.journal.index })];
}

// -- rematch: the group moves to a new table ----------------------------------------------------------------------
export function rematchBanner(events, ctx) {
  let index = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === "rematch") {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  const code = events[index].data.code;
  const token = store.get(seatKey(ctx.code));
  const go = () => {
    // The seat's personal link (and the host's key) work at the new table too.
    if (token && !store.get(seatKey(code))) store.set(seatKey(code), token);
    if (hostToken(ctx) && !store.get(mjKey(code))) store.set(mjKey(code), hostToken(ctx));
    location.assign(`/r/${encodeURIComponent(code)}`);
  };
  const live = index >= (ctx.ui.loaded ?? 0) && ctx.ui.mode === "play" && token;
  if (live && !ctx.ui.moving) {
    ctx.ui.moving = true;
    setTimeout(go, 2500);
  }
  return h("div", { class: "banner banner-rematch", role: "status" }, icon("repeat"),
    h("div", {}, h("b", {}, t(live ? "rematch.moving" : "rematch.ready", { code: prettyCode(code) }))),
    h("button", { type: "button", class: "btn btn-primary btn-small", onclick: go }, t("rematch.go")));
}

/** The host who plays (their MJ key is in this browser) offers the table a rematch from the end screen. */
function rematchButton(ctx) {
  if (!hostToken(ctx) || $("#host-bar") || (ctx.ui.conn.events || []).some((e) => e.type === "rematch")) return null;
  return h("div", { class: "rematch-box" },
    h("button", { type: "button", class: "btn btn-primary btn-block", id: "rematch", onclick: async (ev) => {
      const button = ev.currentTarget;
      button.disabled = true;
      try {
        await api(`/api/rooms/${ctx.code}/rematch`, { method: "POST", token: hostToken(ctx) });
      } catch (err) {
        button.disabled = false;
        toast(rejectionText(err.code, err.message, err.params));
      }
    } }, icon("repeat"), t("rematch.button")),
    h("p", { class: "small muted" }, t("rematch.help")));
}
