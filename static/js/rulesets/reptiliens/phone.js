// @ts-check
// The phone: the stage (the night or the day, the player's questions, the festival, the news), the player's two
// cards and what he knows, and the town (the week, the street of houses, the society).
import { cardHidden, cardToggle } from "../../shell/card_toggle.js";
import { h, icon } from "../../shell/dom.js";
import { has, listNames, listOf, roleName, stepName, t } from "../../shell/i18n.js";
import { invokePanel } from "../../shell/invoke.js";
import { describe as genericLine, sinceLastPhase } from "../../shell/journal.js";
import { officeBadges } from "../../shell/offices.js";
import {
  ALL_SLOTS, byseat, CAMP_ICONS, campIcon, campName, campOf, fateBadge, fateOf, groupName, heldSlots, nightsOf,
  powerName, rt, slotName, village, weekdayName,
} from "./common.js";
import { purseBox } from "./purse.js";
import { invocationBanner, societyBox, tonightBox, weekStrip } from "./village.js";

// -- the town: the street of houses --------------------------------------------------------------------------------
/** The village's houses in street order, each with its owner, as a phone shows them: the player's own marked. */
function streetTiles(v, ctx) {
  const vil = village(v);
  const players = byseat(v);
  const coins = vil.coins || null;
  const secrets = v.secrets || {};
  const me = v.me ? v.me.seat : null;
  const fellowsOf = (seat) => Object.entries(secrets.fellows || {}).filter(([, seats]) => seats.includes(seat)).map(([g]) => g);
  return h("ol", { class: "rp-street" }, (vil.street || []).map((owner, i) => {
    const p = players.get(owner) || { seat: owner, name: ctx.name(owner), alive: true };
    const known = p.me ? [] : ALL_SLOTS.map((slot) => (p.cards || {})[slot]).filter(Boolean);
    const spouse = (vil.spouses || {})[String(owner)];
    return h("li", { class: ["rp-house", owner === me && "mine", !p.alive && "dead"], "data-seat": owner, "data-key": `h${owner}` },
      h("span", { class: "rp-house-no", title: rt("ui.rp-house-n", { n: i + 1 }) }, icon("house"), h("small", {}, String(i + 1))),
      h("span", { class: "rp-house-body" },
        h("b", { class: "rp-house-owner" }, p.name),
        owner === me ? h("small", { class: "rp-house-mine" }, rt("ui.rp-your-house")) : null,
        h("span", { class: "rp-house-marks" },
          coins && coins[String(owner)] !== undefined
            ? h("span", { class: "rp-coins", title: rt("ui.rp-coins-of", { name: p.name, n: coins[String(owner)] }) }, icon("coin"), String(coins[String(owner)])) : null,
          officeBadges(p, { text: false }),
          secrets.lover === owner ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
          spouse !== undefined && spouse !== null ? h("span", { class: "badge rp-spouse", title: rt("ui.rp-spouse-of", { name: ctx.name(spouse) }) }, icon("heart"), ctx.name(spouse)) : null,
          !p.alive ? fateBadge(v, owner) : null,
          // A fellow whose card this player was shown wears the card; one he only knows as a fellow, the group.
          owner !== me && !known.length ? fellowsOf(owner).filter((g) => g !== "rp-amoureux").map((g) => h("span", { class: ["badge", "rp-fellow", `rp-camp-${g}`] }, groupName(g))) : null,
          known.map((card) => h("span", { class: ["badge", "role-chip", `rp-camp-${campOf(card)}`], "data-card": card }, roleName(card))),
          !p.alive ? h("span", { class: "badge" }, icon("cross"), t("ui.dead")) : null)));
  }));
}

// -- the phone: the stage ------------------------------------------------------------------------------------------
function headline(v, ctx, acting) {
  const week = village(v).week || {};
  const key = v.step ? v.step.key : null;
  const stepLine = key ? h("p", { class: "narration" }, stepName(key)) : null;
  const secrets = v.secrets || {};
  if (v.phase === "night") {
    if (acting) {
      return h("div", { class: "headline headline-act", "data-key": "headline" }, icon("eye"), h("div", {},
        h("h1", {}, t("room.your_turn")), stepLine));
    }
    return h("div", { class: "sleep", "data-key": "sleep" },
      h("div", { class: "moon-big" }, icon(secrets.asleep ? "sleep" : "moon")),
      h("h1", {}, rt("ui.rp-night-of", { day: weekdayName(week.weekday) })),
      secrets.asleep ? h("p", { class: "rp-asleep-line" }, rt("ui.rp-asleep")) : h("p", { class: "sleep-hint" }, sleepHint(v)),
      stepLine);
  }
  if (week.festival) {
    return h("div", { class: "headline headline-day rp-festival", "data-key": "headline" }, icon("party"), h("div", {},
      h("h1", {}, rt("ui.rp-festival")), h("p", {}, rt("ui.rp-festival-help"))));
  }
  return h("div", { class: "headline headline-day", "data-key": "headline" }, icon("sun"), h("div", {},
    h("h1", {}, rt("ui.rp-day-of", { day: weekdayName(week.weekday) })), stepLine));
}

/** What the night is for this viewer: a living player is woken by the phone, a ghost for the militia's vote, a
 * spirit (or one who passed his specialty on) watches it all, a spectator learns it in the morning. */
function sleepHint(v) {
  if (v.viewer.kind === "spectator") return t("room.sleep_spectator");
  if (!v.me || v.me.alive) return t("room.close_eyes");
  const fate = fateOf(v, v.me.seat);
  if (fate === "ghost") return rt("ui.rp-night.ghost");
  if (fate === "spirit" || fate === "inheritance") return rt("ui.rp-night.spirit");
  return t("room.sleep_dead");
}

/** What a question needs beyond the shell's rendering: the answers Poirot's show allows this seat (`show_legal`). */
function promptExtra(v, prompt) {
  const legal = v.secrets && v.secrets.show_legal;
  if (prompt.step !== "rp-show-reponses" || !Array.isArray(legal) || !v.me) return {};
  const refused = Object.fromEntries((prompt.options || []).filter((o) => !legal.includes(o)).map((o) => [o, "illegal_answer"]));
  return { view: { ...v, disabled: { ...(v.disabled || {}), [prompt.id]: { [String(v.me.seat)]: refused } } } };
}

/** The Sunday festival: the conversations open (each a chat channel every living player may read), and with whom
 * this player may open one. */
function festivalBox(v, ctx) {
  const vil = village(v);
  if (!(vil.week || {}).festival || !v.me) return null;
  const me = v.me.seat;
  const pairs = vil.conversations || [];
  const open = (pair) => {
    const [a, b] = [...pair].sort((x, y) => x - y);
    ctx.setTab("chat");
    if (ctx.ui.chat) ctx.ui.chat.open(`rp-fete-${a}-${b}`);
  };
  const may = new Set((v.secrets || {}).may_converse || []);  // the server says with whom
  const others = (v.players || []).filter((p) => may.has(p.seat));
  return h("section", { class: "card rp-conversations", "data-key": "festival" },
    h("h2", {}, icon("chat"), " ", rt("ui.rp-conversations")),
    pairs.length ? h("ul", { class: "rp-pairs" }, pairs.map((pair) => h("li", { "data-key": `c${pair.join("-")}` },
      h("button", { type: "button", class: "btn btn-small", "data-pair": pair.join("-"), onclick: () => open(pair) },
        icon("chat"), rt("ui.rp-conversation", { names: listNames(pair, ctx.name) })))))
      : h("p", { class: "muted" }, rt("ui.rp-no-conversation")),
    others.length ? [h("h3", {}, rt("ui.rp-talk-to")), h("div", { class: "rp-talk-buttons" }, others.map((p) => h("button", {
      type: "button", class: "btn btn-small", "data-with": p.seat, "data-key": `w${p.seat}`,
      onclick: async () => {
        if (await ctx.send("rp-converse", { with: p.seat })) open([me, p.seat]);
      } }, p.name)))] : null);
}

/** What happened since the phase began, as the journal says it. */
function news(v, ctx) {
  const events = ctx.events;
  const since = sinceLastPhase(events);
  const offset = events.length - since.length;
  const lines = since.map((e, i) => [genericLine(e, ctx, "feed"), offset + i]).filter(([line]) => line);
  if (!lines.length) return null;
  return h("div", { class: "news card", "data-key": "news" },
    h("h3", {}, t(v.phase === "night" ? "room.news_night" : "room.news_day")),
    h("ul", {}, lines.map(([line, i]) => h("li", { class: `line ${line.cls}`, "data-key": `n${i}` }, line.text))));
}

export function stage(v, ctx) {
  // The questions that take answers now first; those an invoked action set aside wait below.
  const mine = (v.prompts || []).filter((p) => p.mine).sort((a, b) => Number(Boolean(a.suspended)) - Number(Boolean(b.suspended)));
  const secrets = v.secrets || {};
  return [
    headline(v, ctx, mine.length > 0),
    invocationBanner(v),
    mine.map((prompt) => ctx.prompt(prompt, promptExtra(v, prompt))),
    ctx.publicPrompts(),
    v.me ? invokePanel(secrets.invocable || [], ctx, { running: Boolean(village(v).invocation) }) : null,
    purseBox(v, ctx),
    festivalBox(v, ctx),
    news(v, ctx),
  ];
}

// -- the phone: the two cards and what the player knows --------------------------------------------------------------
function cardNode(slot, held) {
  const key = held && held.card;
  const camp = key ? campOf(key) : null;
  if (!key) {
    return h("article", { class: ["rp-card", `rp-card-${slot}`, "rp-card-none"], "data-slot": slot, "data-key": `card-${slot}` },
      h("span", { class: "eyebrow" }, slotName(slot)),
      h("p", { class: "role-desc" }, slot === "camp" ? rt("ui.rp-no-camp") : rt("ui.rp-no-specialty")));
  }
  const nights = slot !== "camp" ? nightsOf(key) : [];
  return h("article", { class: ["rp-card", `rp-card-${slot}`, `rp-camp-${camp}`], "data-slot": slot, "data-card": key,
    "data-key": `card-${slot}` },
  h("div", { class: "rp-card-top" },
    h("span", { class: "eyebrow" }, slotName(slot)),
    held.revealed ? h("span", { class: "badge rp-face-up", title: rt("ui.rp-face-up-help") }, icon("eye"), rt("ui.rp-face-up")) : null),
  h("div", { class: "rp-card-head" },
    h("span", { class: "rp-card-emblem" }, campIcon(camp)),
    h("div", {},
      h("h2", { class: "role-name" }, roleName(key)),
      h("p", { class: "role-camp" }, slot === "camp" ? campName(camp)
        : nights.length ? rt("ui.rp-nights", { days: listOf(nights.map(weekdayName)) }) : rt("ui.rp-any-time")))),
  h("p", { class: "role-desc" }, has(`role.${key}.desc`) ? t(`role.${key}.desc`) : ""),
  held.original && held.original !== key ? h("p", { class: "small rp-was" }, rt("ui.rp-was", { role: roleName(held.original) })) : null);
}

/** What only this player knows, in plain words (the view's `secrets`). */
function secretsList(v, ctx) {
  const s = v.secrets || {};
  const me = v.me.seat;
  const { name } = ctx;
  const out = [];
  const line = (key, ico, text, cls = null) => out.push(h("li", { class: ["rp-secret", cls], "data-secret": key, "data-key": key },
    icon(ico), h("span", {}, text)));
  if (typeof s.coins === "number") line("coins", "coin", rt("ui.rp-coins", { n: s.coins }));
  if (s.lover !== undefined && s.lover !== null) line("lover", "heart", rt("ui.rp-lover", { name: name(s.lover) }), "love");
  for (const [group, seats] of Object.entries(s.fellows || {})) {
    if (group === "rp-amoureux" && seats.includes(me)) continue; // said by the line above
    const others = seats.filter((x) => x !== me);
    line(`fellows-${group}`, CAMP_ICONS[group] || "users", seats.includes(me)
      ? rt("ui.rp-fellows", { group: groupName(group), names: others.length ? listNames(others, name) : rt("ui.rp-alone") })
      : rt("ui.rp-fellows-known", { group: groupName(group), names: listNames(seats, name) }));
  }
  for (const condition of s.personal || []) {
    line(`personal-${condition}`, "star", [h("b", {}, t(`victory.${condition}`)), " — ", t(`victory.${condition}.desc`)]);
  }
  for (const camp of s.converted || []) line(`converted-${camp}`, CAMP_ICONS[camp] || "star", rt("ui.rp-converted", { camp: campName(camp) }));
  if (s.charmed) line("charmed", "note", rt("ui.rp-charmed"));
  if ((s.charms || []).length) line("charms", "note", rt("ui.rp-charms", { names: listNames(s.charms, name) }));
  if (s.asleep) line("asleep", "sleep", rt("ui.rp-asleep"));
  if ((s.used || []).length) line("used", "check", rt("ui.rp-used", { powers: listOf(s.used.map(powerName)) }));
  return out;
}

export function cards(v, ctx) {
  const me = v.me;
  if (!me || !me.cards) return null;
  const hidden = cardHidden(ctx.code);
  const toggle = cardToggle(ctx);
  const known = secretsList(v, ctx);
  return [
    h("div", { class: "rp-cards-head", "data-key": "cards-head" }, h("h2", {}, rt("ui.rp-your-cards")), toggle),
    hidden ? h("div", { class: "role-card is-hidden", "data-key": "hidden" }, h("p", { class: "role-hidden" }, t("room.card_hidden")))
      : h("div", { class: "rp-cards", "data-key": "cards" }, heldSlots(me.cards).map((slot) => cardNode(slot, (me.cards || {})[slot]))),
    !hidden && known.length ? h("section", { class: "card rp-secrets", "data-key": "secrets" },
      h("h2", {}, icon("eye"), " ", rt("ui.rp-you-know")), h("ul", {}, known)) : null,
  ];
}

export function table(v, ctx) {
  if (v.phase === "ended") return null;
  const players = v.players || [];
  const alive = players.filter((p) => p.alive).length;
  if (v.phase === "lobby") {
    return [h("h2", {}, t("room.village"), h("small", { class: "muted" }, " · ", t("room.seated", { n: players.length }))),
      h("ul", { class: "chips" }, players.map((p) => h("li", { class: "chip", "data-key": `s${p.seat}` }, p.name)))];
  }
  const vil = village(v);
  return [
    h("h2", {}, rt("ui.rp-town"), h("small", { class: "muted" }, " · ", t("room.alive_count", { n: alive, total: players.length }))),
    weekStrip(v),
    vil.carnage ? h("p", { class: "notice-line rp-carnage-line", "data-key": "carnage" }, icon("reptile"), " ", rt("ui.rp-carnage")) : null,
    vil.coins ? null : h("p", { class: "hint", "data-key": "hidden-fortunes" }, rt("ui.rp-fortunes-hidden")),
    h("h3", { class: "rp-street-title" }, icon("house"), " ", rt("ui.rp-street")),
    streetTiles(v, ctx),
    societyBox(v, ctx),
    tonightBox(v),
  ];
}
