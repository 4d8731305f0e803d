// Les Reptiliens de Quinte-Bourg in the pages (seed 000). The phone: both cards (camp and specialty) with what they
// do, the player's house in the street and where the village stands (the day of the week, night or day, the
// festival, tonight's steps, the fortunes), what the player knows (fellows, lover, personal conditions…), the night's
// own questions (the shell's prompts), a button per power the view says may be invoked now, and the festival's
// conversations. The console: the street of houses as a picture (who owns which house, who slept where, the attack
// and its result), tonight's table, the MJ's bookkeeping, the carnage switch, each seat's cards and secrets, the
// set-up of the two decks; the end screen says who won and why.
//
// No rule of the game is here: the view says what a seat knows (`secrets`), what it may invoke (`secrets.invocable`),
// which answers of Poirot's show the rules allow (`secrets.show_legal`), where everyone slept and what the attack did
// (`mj.reptiliens.night`), and why each seat won (`result.seats[].reasons`); GET /api/rulesets/reptiliens gives the
// cards, their decks and camps, and the week's tables. Texts of this module's own are in static/i18n/reptiliens/
// under `ui.rp-` (written with `rt`, checked by tests/test_browser_reptiliens.py).
import { addBotButton, botBadge, removeBot } from "../bots.js";
import { cardHidden, cardToggle } from "../shell/card_toggle.js";
import { addIcons, h, icon, patch } from "../shell/dom.js";
import { has, listNames, listOf, rejectionText, roleName, stepName, t, timeOf } from "../shell/i18n.js";
import { invokePanel } from "../shell/invoke.js";
import { announceText, describe as genericLine, readableParams, sinceLastPhase } from "../shell/journal.js";
import { api, rulesetData } from "../shell/net.js";
import { officeBadges, officeName } from "../shell/offices.js";

/** A text of the ruleset's own catalogue (static/i18n/reptiliens/<lang>.json). */
const rt = (key, params) => t(key, params);

addIcons({
  house: '<path d="M4 11l8-7 8 7v9H4z"/><path d="M10 20v-5h4v5"/>',
  // A reptile's eye: the slit pupil.
  reptile: '<path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z"/><path d="M12 7c-1.2 1.6-1.2 8.4 0 10 1.2-1.6 1.2-8.4 0-10z"/>',
  coin: '<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="4.5"/>',
  sleep: '<path d="M4 5h6l-6 7h6"/><path d="M13 11h5l-5 6h5"/>',
  note: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  shield: '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>',
  camera: '<rect x="3" y="7" width="13" height="10" rx="2"/><path d="M16 10.5l5-2.5v8l-5-2.5z"/>',
  paw: '<circle cx="6.5" cy="10" r="1.8"/><circle cx="10" cy="6" r="1.8"/><circle cx="14" cy="6" r="1.8"/><circle cx="17.5" cy="10" r="1.8"/><path d="M8 17.5c0-3 1.8-5 4-5s4 2 4 5c0 1.8-2 1.8-4 1.2-2 .6-4 .6-4-1.2z"/>',
  dagger: '<path d="M20 4l-9.5 9.5"/><path d="M20 4v4l-8 8"/><path d="M8 11l5 5"/><path d="M9.5 14.5L4 20"/>',
  party: '<path d="M4 20l4-12 8 8z"/><path d="M14 4v2M19 9h2M17.5 5.5l-1.5 1.5M13 9c1-1 2.5-1 3.5 0"/>',
  mask: '<path d="M2 9c3-1 6-1 10 1 4-2 7-2 10-1-1 5-3 7-6 7-2 0-3-2-4-2s-2 2-4 2c-3 0-5-2-6-7z"/><path d="M7 11.5h2M15 11.5h2"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 19V5"/><path d="M9 7h6"/>',
});

const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
// A seat's cards: camp, specialty, and a second specialty once inherited (§9 héritage spirituel).
const ALL_SLOTS = ["camp", "specialty", "specialty2"];
const slotName = (slot) => rt(`ui.rp-card-${slot}`);
/** The slots shown for a seat's cards (players[].cards: slot -> card; me.cards: slot -> {card, …}): the third only
 * once held. */
const heldSlots = (cards) => ALL_SLOTS.filter((slot) => {
  const c = (cards || {})[slot];
  return slot !== "specialty2" || Boolean(c && (typeof c === "string" || c.card));
});
// The street as last drawn: an announcement's `house` (its owner's seat) reads as the house's number and owner.
const current = { street: [] };
// The emblem of a camp (a specialty card belongs to none).
const CAMP_ICONS = { "rp-reptiliens": "reptile", "rp-villageois": "house", "rp-amoureux": "heart", "rp-idealistes": "book",
  "rp-seths": "mask", "rp-souris": "users", "rp-martyre": "cross", "rp-musiciens": "note", "rp-specialite": "star" };
// The colour of a night's whereabouts in the street picture: the long action (long.<key>) that put someone there.
const ACTIONS = ["rp-attaquer", "rp-squatter", "rp-dormir-ensemble", "rp-enlevement", "rp-se-battre", "rp-copuler",
  "rp-sculpter"];

// What the server says of the ruleset (GET /api/rulesets/reptiliens).
const data = { key: null, roles: new Map(), nights: {}, suggested: {}, min: 6, max: 40 };

const campOf = (card) => (data.roles.get(card) || {}).camp || null;
const deckOf = (card) => (data.roles.get(card) || {}).deck || null;
const campName = (camp) => (camp && has(`camp.${camp}`) ? t(`camp.${camp}`) : camp || "");
const powerName = (power) => (has(`power.${power}`) ? t(`power.${power}`) : power);
const weekdayName = (day) => (day ? t(`rp.weekday.${day}`) : "");
const campIcon = (camp, extra = "") => icon(CAMP_ICONS[camp] || "card", extra);
/** The weekdays whose night calls a card (the week's tables the server serves). */
const nightsOf = (card) => DAYS.filter((d) => (data.nights[d] || []).some((s) => (s.actors || []).includes(card)));
/** A group of seats that know each other (`secrets.fellows`): a camp's name, else a personal condition's. */
const groupName = (group) => (has(`camp.${group}`) ? t(`camp.${group}`) : has(`victory.${group}`) ? t(`victory.${group}`) : group);
const failureText = (code) => (code && has(`ui.rp-failure.${code}`) ? t(`ui.rp-failure.${code}`) : code || "");
const causeText = (cause) => (has(`power.${cause}`) ? t(`power.${cause}`) : has(`ui.rp-cause.${cause}`) ? t(`ui.rp-cause.${cause}`) : cause);
const village = (v) => v.village || {};
const byseat = (v) => new Map((v.players || []).map((p) => [p.seat, p]));
const conversationOf = (channel) => {
  const m = /^rp-fete-(\d+)-(\d+)$/.exec(channel || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
};

// -- where the village stands --------------------------------------------------------------------------------------
/** Monday to Sunday, today marked (the night's day at night, the day's by day; Sunday during the festival). */
function weekStrip(v) {
  const week = village(v).week || {};
  const today = week.festival ? "sun" : week.weekday;
  return h("ol", { class: "rp-week", "aria-label": rt("ui.rp-week") }, DAYS.map((d) => h("li", {
    class: [d === today && "today", d === "sun" && "sunday"], "data-day": d, "data-key": `d${d}`,
    "aria-current": d === today ? "date" : null, title: weekdayName(d) }, weekdayName(d).slice(0, 3))));
}

/** Tonight's table (the night under way, or the coming one), the step on now marked; the MJ sees who holds what. */
function tonightList(v, { mj = false } = {}) {
  const steps = village(v).tonight || [];
  if (!steps.length) return null;
  const current = v.phase === "night" && v.step ? v.step.key : null;
  const at = steps.findIndex((s) => s.key === current);
  // Whom each step would call now (the MJ's view says it; the page works nothing out).
  const calls = new Map(((v.mj && v.mj.reptiliens && v.mj.reptiliens.tonight) || []).map((row) => [row.key, row.seats || []]));
  const names = byseat(v);
  return h("ol", { class: "rp-tonight" }, steps.map((s, i) => {
    const holders = mj ? (calls.get(s.key) || []).map((seat) => (names.get(seat) || {}).name).filter(Boolean) : [];
    return h("li", { class: [at >= 0 && i < at && "done", i === at && "current", s.in_progress && "in-progress"],
      "data-step": s.key, "data-key": `s${i}` },
    h("span", { class: "rp-step-name" }, stepName(s.key)),
    mj && s.in_progress ? h("small", { class: "badge" }, rt("ui.rp-in-progress")) : null,
    holders.length ? h("small", { class: "rp-step-holders" }, listOf(holders)) : null);
  }));
}

function tonightBox(v, opts = {}) {
  const list = tonightList(v, opts);
  if (!list) return null;
  return h("details", { class: "rp-tonight-box more", "data-key": "tonight", open: opts.open ? true : null },
    h("summary", {}, icon("moon"), " ", tonightTitle(v)), list);
}

/** "Tonight · Monday", or by day "The coming night · Tuesday" (the view names the table's weekday). */
function tonightTitle(v) {
  const week = village(v).week || {};
  if (v.phase === "night") return rt("ui.rp-tonight", { day: weekdayName(week.weekday) });
  return week.tonight ? rt("ui.rp-next-night-day", { day: weekdayName(week.tonight) }) : rt("ui.rp-next-night");
}

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

/** An invoked action under way: its kind only (the view says no more). */
function invocationBanner(v) {
  const inv = village(v).invocation;
  if (!inv) return null;
  return h("div", { class: "banner banner-warn rp-invocation", "data-key": "invocation", role: "status" }, icon("forward"),
    h("span", {}, rt("ui.rp-invocation", { kind: stepName(inv.kind) })));
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

function stage(v, ctx) {
  current.street = village(v).street || [];
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
function cardNode(slot, held, v, ctx) {
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

function cards(v, ctx) {
  const me = v.me;
  if (!me || !me.cards) return null;
  const hidden = cardHidden(ctx.code);
  const toggle = cardToggle(ctx);
  const known = secretsList(v, ctx);
  return [
    h("div", { class: "rp-cards-head", "data-key": "cards-head" }, h("h2", {}, rt("ui.rp-your-cards")), toggle),
    hidden ? h("div", { class: "role-card is-hidden", "data-key": "hidden" }, h("p", { class: "role-hidden" }, t("room.card_hidden")))
      : h("div", { class: "rp-cards", "data-key": "cards" }, heldSlots(me.cards).map((slot) => cardNode(slot, (me.cards || {})[slot], v, ctx))),
    !hidden && known.length ? h("section", { class: "card rp-secrets", "data-key": "secrets" },
      h("h2", {}, icon("eye"), " ", rt("ui.rp-you-know")), h("ul", {}, known)) : null,
  ];
}

function table(v, ctx) {
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

// -- the society (part 2): fortunes and gifts, offices, the session and the law, marriages, the dead ------------------
// What the view says (`village.offices`, `village.session`, `village.dead`, `village.spouses`, `village.estate`,
// `secrets.may_give`, `secrets.may_apply`); the page decides nothing.
/** An office by its variant's name when the game plays one (`village.offices.variants`). */
function officeLabel(v, office) {
  const variant = ((village(v).offices || {}).variants || {})[office];
  return officeName(variant || office);
}
/** The law of the day: its label, or the proposer's own words. */
function lawLabel(key, text) {
  if (text) return rt("ui.rp-law-own", { text });
  return key && has(`choice.rp-loi.${key}`) ? t(`choice.rp-loi.${key}`) : key || "";
}
const sessionLabel = (kind) => (has(`choice.rp-session-speciale.${kind}`) ? t(`choice.rp-session-speciale.${kind}`) : kind);
const spousePairs = (v) => {
  const out = [];
  for (const [a, b] of Object.entries(village(v).spouses || {})) if (Number(a) < Number(b)) out.push([Number(a), Number(b)]);
  return out;
};
/** What a dead seat became (public, `village.dead`): "ghost", "spirit", "inheritance", "choosing", or null. */
function fateOf(v, seat) {
  const d = village(v).dead || {};
  if ((d.ghosts || []).includes(seat)) return "ghost";
  if ((d.spirits || []).includes(seat)) return "spirit";
  if ((d.inheritance || []).includes(seat)) return "inheritance";
  if ((d.choosing || []).includes(seat)) return "choosing";
  return null;
}
const FATE_ICONS = { ghost: "ghost", spirit: "eye", inheritance: "star", choosing: "clock" };
// The emblem of each office (badges, the board, a vote's targets: the shell's `officeIcon` hook).
const OFFICE_ICONS = { "rp-scrutateur": "check", "rp-chef-milice": "ghost", "rp-president": "flag", "rp-procureur": "eye",
  "rp-notaire": "book", "rp-senateur": "users", "rp-pretre": "heart", "rp-adjoint": "camera", "rp-pickpocket": "coin",
  "rp-bourreau": "dagger" };
function fateBadge(v, seat) {
  const fate = fateOf(v, seat);
  if (!fate) return null;
  return h("span", { class: ["badge", "rp-fate", `rp-fate-${fate}`], "data-fate": fate, title: rt(`ui.rp-fate.${fate}`) },
    icon(FATE_ICONS[fate]), rt(`ui.rp-fate.${fate}`));
}

const QUICK_GIFT_NAMES = 12; // up to this many possible receivers, their names stand in the purse itself
// The gift being made on this phone (kept across renders: a re-render never closes it).
const gift = { open: false, to: null, coins: 1, error: "", sending: false };

/** "Donner": a name of `secrets.may_give`, then 1 to `secrets.coins` coins, then send `rp-give`. */
function giftForm(v, ctx) {
  const s = v.secrets || {};
  const may = s.may_give || [];
  const coins = Number(s.coins) || 0;
  if (!may.length || coins < 1) {
    gift.open = false;
    return null;
  }
  if (!gift.open) {
    // Two taps: a name here, then "give" (one coin unless the player says more). A big village gets a button that
    // opens the same list, so the purse stays short.
    if (may.length > QUICK_GIFT_NAMES) {
      return h("button", { type: "button", class: "btn rp-give-open", "data-action": "give", "data-key": "give-open",
        onclick: () => {
          Object.assign(gift, { open: true, to: null, coins: 1, error: "" });
          ctx.rerender();
        } }, icon("coin"), rt("ui.rp-give"));
    }
    return h("div", { class: "rp-give-quick", "data-key": "give-quick" },
      h("span", { class: "rp-give-quick-label" }, icon("coin"), rt("ui.rp-give-to-quick")),
      may.map((seat) => h("button", { type: "button", class: "btn btn-small rp-give-name", "data-give-to": seat,
        "data-key": `q${seat}`, onclick: () => {
          Object.assign(gift, { open: true, to: seat, coins: 1, error: "" });
          ctx.rerender();
        } }, ctx.name(seat))));
  }
  if (gift.to !== null && !may.includes(gift.to)) gift.to = null;
  gift.coins = Math.min(coins, Math.max(1, gift.coins));
  const send = async () => {
    if (gift.to === null || gift.sending) return;
    gift.sending = true;
    gift.error = "";
    try {
      await ctx.conn.send("rp-give", { to: gift.to, coins: gift.coins });
      Object.assign(gift, { open: false, to: null, coins: 1 });
    } catch (err) {
      gift.error = rejectionText(err.code, err.message, err.params);
    }
    gift.sending = false;
    ctx.rerender();
  };
  const setCoins = (n) => {
    gift.coins = Math.min(coins, Math.max(1, n));
    ctx.rerender();
  };
  return h("div", { class: "rp-give-form", "data-key": "give-form" },
    h("p", { class: "rp-give-step" }, rt("ui.rp-give-to")),
    h("div", { class: "rp-give-names" }, may.map((seat) => h("button", { type: "button",
      class: ["btn", "rp-give-name", gift.to === seat && "selected"], "data-give-to": seat, "data-key": `g${seat}`,
      "aria-pressed": gift.to === seat ? "true" : "false", onclick: () => {
        gift.to = seat;
        gift.error = "";
        ctx.rerender();
      } }, ctx.name(seat)))),
    gift.to !== null ? [
      h("p", { class: "rp-give-step", "data-key": "how-many" }, rt("ui.rp-give-how-many", { max: coins })),
      h("div", { class: "number-row rp-give-amount", "data-key": "amount" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.number_minus"), disabled: gift.coins <= 1 ? true : null,
          onclick: () => setCoins(gift.coins - 1) }, "−"),
        h("input", { type: "number", class: "number-input rp-give-coins", inputmode: "numeric", min: 1, max: coins, step: 1,
          value: gift.coins, "aria-label": rt("ui.rp-give-how-many", { max: coins }), oninput: (ev) => {
            const n = Number.parseInt(ev.target.value, 10);
            if (Number.isFinite(n)) gift.coins = Math.min(coins, Math.max(1, n));
          } }),
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.number_plus"), disabled: gift.coins >= coins ? true : null,
          onclick: () => setCoins(gift.coins + 1) }, "+")),
      h("button", { type: "button", class: "btn btn-primary btn-block rp-give-send", "data-key": "send", disabled: gift.sending ? true : null,
        onclick: send }, icon("coin"), rt("ui.rp-give-send", { n: gift.coins, name: ctx.name(gift.to) })),
    ] : null,
    gift.error ? h("p", { class: "rp-give-error error-line", role: "alert", "data-key": "error" }, gift.error) : null,
    h("button", { type: "button", class: "btn btn-ghost rp-give-cancel", "data-key": "cancel", onclick: () => {
      Object.assign(gift, { open: false, to: null, coins: 1, error: "" });
      ctx.rerender();
    } }, rt("ui.rp-give-cancel")));
}

/** The player's purse and offices: his fortune, the gift form, his offices, the vacant offices he may apply to. */
function purseBox(v, ctx) {
  const s = v.secrets;
  if (!s || !v.me || v.phase === "lobby" || v.phase === "ended") return null;
  const me = byseat(v).get(v.me.seat) || {};
  const apply = s.may_apply || [];
  const offices = me.offices || [];
  const spouse = (village(v).spouses || {})[String(v.me.seat)];
  return h("section", { class: "card rp-purse", "data-key": "purse" },
    h("div", { class: "rp-purse-head", "data-key": "purse-head" },
      typeof s.coins === "number" ? h("p", { class: "rp-purse-coins" }, icon("coin"), h("b", {}, rt("ui.rp-coins", { n: s.coins }))) : null,
      offices.length ? h("p", { class: "rp-my-offices" }, rt("ui.rp-my-offices"), " ", officeBadges(me)) : null,
      spouse !== undefined && spouse !== null ? h("p", { class: "rp-my-spouse" }, icon("heart"), " ", rt("ui.rp-my-spouse", { name: ctx.name(spouse) })) : null),
    giftForm(v, ctx),
    apply.length ? h("div", { class: "rp-apply", "data-key": "apply" },
      h("p", { class: "small" }, rt("ui.rp-may-apply")),
      apply.map((office) => h("button", { type: "button", class: "btn rp-apply-button", "data-office": office, "data-key": `ap${office}`,
        onclick: () => ctx.send("rp-postuler", { office }) }, icon("star"), rt("ui.rp-apply", { office: officeLabel(v, office) })))) : null);
}

/** The public board of the society: offices held, vacant and out of play, the session and its law, who votes, the
 * dead (ghosts, spirits, the militia's chief), the spouses, the coins waiting for an heir. */
function societyBox(v, ctx, { mj = false } = {}) {
  if (v.phase === "lobby" || v.phase === "ended") return null;
  const vil = village(v);
  const offices = vil.offices || {};
  const holders = offices.holders || {};
  const session = vil.session || {};
  const dead = vil.dead || {};
  const { name } = ctx;
  const rows = [];
  const row = (key, label, value) => {
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return;
    rows.push(h("dt", { "data-key": `t${key}` }, label), h("dd", { "data-key": `d${key}`, "data-row": key }, value));
  };
  const optional = new Set(vil.optional || []);
  const officeRows = (offices.in_play || []).map((office) => {
    const seat = holders[office];
    const applicants = (offices.applications || {})[office] || [];
    return h("li", { class: ["rp-office", seat === undefined && "vacant"], "data-office": office, "data-key": `of${office}` },
      icon(OFFICE_ICONS[office] || "star"), " ",
      h("b", {}, officeLabel(v, office)), " — ",
      seat !== undefined ? h("span", { class: "rp-office-holder" }, name(seat)) : h("span", { class: "muted" }, rt("ui.rp-office-vacant")),
      applicants.length ? h("small", { class: "rp-applicants" }, " · ", rt("ui.rp-applicants", { names: listNames(applicants, name) })) : null,
      mj && optional.has(office) ? h("button", { type: "button", class: "btn btn-small btn-ghost rp-withdraw", "data-action": "withdraw",
        "data-office": office, onclick: () => {
          if (window.confirm(rt("ui.rp-withdraw-confirm", { office: officeLabel(v, office) }))) ctx.send("rp-retirer-poste", { office });
        } }, rt("ui.rp-withdraw")) : null);
  });
  (offices.removed || []).forEach((office) => officeRows.push(h("li", { class: "rp-office removed", "data-office": office, "data-key": `rm${office}` },
    icon("close"), " ", h("s", {}, officeLabel(v, office)), " — ", h("span", { class: "muted" }, rt("ui.rp-office-removed")))));
  if (v.phase === "day" && session.kind) row("session", rt("ui.rp-session"), sessionLabel(session.kind));
  if (session.law) {
    row("law", rt("ui.rp-law"), [lawLabel(session.law.key, session.law.text),
      session.law.by !== null && session.law.by !== undefined ? h("small", { class: "muted" }, " · ", rt("ui.rp-law-by", { name: name(session.law.by) })) : null]);
  }
  if ((session.voters || []).length) row("voters", rt("ui.rp-voters"), listNames(session.voters, name));
  if (session.direction) row("direction", rt("ui.rp-direction"), has(`choice.rp-sens.${session.direction}`) ? t(`choice.rp-sens.${session.direction}`) : session.direction);
  // §6 "seront annoncés": the ballots given so far, in turn (each stands), and whose turn it is.
  row("ballots", rt("ui.rp-ballots"), (session.ballots || []).map(([seat, ballot], i) => h("span", { class: "rp-ballot", "data-key": `b${i}` },
    i ? " · " : "", (ballot || []).length ? rt("ui.rp-ballot", { name: name(seat), targets: listNames(ballot, name) })
      : rt("ui.rp-ballot-blank", { name: name(seat) }))));
  if (session.turn !== null && session.turn !== undefined) row("turn", rt("ui.rp-turn"), name(session.turn));
  if ((session.accused || []).length) row("accused", rt("ui.rp-accused"), listNames(session.accused, name));
  row("ghosts", rt("ui.rp-ghosts"), (dead.ghosts || []).length ? listNames(dead.ghosts, name) : null);
  // The militia's chief: in the offices above when the game plays the office, else here.
  if (!(offices.in_play || []).includes("rp-chef-milice")) {
    row("chief", officeName("rp-chef-milice"), dead.chief !== null && dead.chief !== undefined ? name(dead.chief) : null);
  }
  row("spirits", rt("ui.rp-spirits"), (dead.spirits || []).length ? listNames(dead.spirits, name) : null);
  row("inheritance", rt("ui.rp-donors"), (dead.inheritance || []).length ? listNames(dead.inheritance, name) : null);
  row("choosing", rt("ui.rp-choosing"), (dead.choosing || []).length ? listNames(dead.choosing, name) : null);
  const pairs = spousePairs(v);
  row("spouses", rt("ui.rp-spouses"), pairs.length ? pairs.map(([a, b], i) => h("span", { class: "rp-couple", "data-key": `c${a}-${b}` },
    i ? " · " : "", icon("heart"), " ", rt("ui.rp-couple", { a: name(a), b: name(b) }))) : null);
  if (typeof vil.estate === "number" && vil.estate > 0) row("estate", rt("ui.rp-estate"), rt("ui.rp-coins-short", { n: vil.estate }));
  return h("section", { class: "card rp-society", "data-key": "society" },
    h("h3", {}, icon("star"), " ", rt("ui.rp-society")),
    officeRows.length ? h("ul", { class: "rp-offices", "data-key": "offices" }, officeRows) : null,
    rows.length ? h("dl", { class: "rp-society-facts small", "data-key": "facts" }, rows) : null);
}

// -- the dream: the spirits' signs, on screen for the seconds the announcement says ------------------------------------
const dream = { shown: new Set(), timer: null };

function dreamOverlay(events, ctx, now) {
  for (let i = events.length - 1; i >= 0 && i >= events.length - 40; i--) {
    const e = events[i];
    const d = e.data || {};
    if (e.type !== "announce" || d.key !== "rp-reve-signes") continue;
    const params = d.params || {};
    const seconds = Number(params.seconds) || 5;
    const id = `${e.at}:${i}`;
    if (dream.shown.has(id) || now - e.at > seconds) return;
    dream.shown.add(id);
    const signs = Object.entries(params.signs || {});
    const node = h("div", { class: "rp-dream", role: "dialog", "aria-live": "assertive", "data-seconds": seconds },
      h("div", { class: "rp-dream-box" },
        h("h2", {}, icon("moon"), " ", rt("ui.rp-dream-title")),
        h("p", { class: "rp-dream-fact" }, has(`dream.${params.fact}`) ? t(`dream.${params.fact}`) : params.fact),
        signs.length ? h("ul", { class: "rp-dream-signs" }, signs.map(([seat, sign]) => h("li", {},
          h("span", { class: "rp-dream-sign" }, String(sign)), h("small", {}, ctx.name(Number(seat))))))
          : h("p", { class: "muted" }, rt("ui.rp-dream-nothing"))));
    document.querySelectorAll(".rp-dream").forEach((old) => old.remove());
    document.body.append(node);
    clearTimeout(dream.timer);
    dream.timer = setTimeout(() => node.remove(), Math.max(0.5, seconds - Math.max(0, now - e.at)) * 1000);
    return;
  }
}

// -- the console: money and offices, newest first ------------------------------------------------------------------------
const MONEY_KEYS = new Set(["rp-don", "rp-heritage-veuf", "rp-heritage-notaire", "rp-pickpocket-vol", "rp-tarif-paye",
  "rp-enquete", "rp-vote-impaye", "rp-larcin-butin", "rp-larcin-rendu"]);
const OFFICE_KEYS = new Set(["rp-nomme", "rp-poste-vacant", "rp-poste-retire", "rp-renonce", "rp-scrutateur-tourne",
  "rp-demission", "rp-postes-echanges", "rp-adoration-echange", "rp-chef-milice", "rp-grace-bourreau", "rp-candidature",
  "rp-postes-en-jeu", "rp-poste-non-remplace", "rp-farce-clockwise", "rp-farce-counterclockwise"]);

function historyBox(v, ctx) {
  const events = ctx.events || [];
  const coins = new Map();
  const lines = [];
  events.forEach((e, i) => {
    const d = e.data || {};
    if (e.type === "rp-coins") {
      const before = coins.get(d.seat);
      coins.set(d.seat, d.coins);
      if (before === undefined || before === d.coins) return;
      const by = d.coins - before;
      lines.push([i, e.at, rt("ui.rp-history-coins", { name: ctx.name(d.seat), before, after: d.coins, by: by > 0 ? `+${by}` : String(by) }), "coins"]);
    } else if (e.type === "office") {
      // An office change its announcement tells just after (`rp-nomme`, `rp-poste-retire`…) is said once.
      const told = events.slice(i + 1, i + 6).some((x) => x.type === "announce" && OFFICE_KEYS.has((x.data || {}).key)
        && ((x.data || {}).params || {}).office === d.office);
      if (told) return;
      lines.push([i, e.at, d.seat === null || d.seat === undefined ? t("event.office.none", { office: officeName(d.office) })
        : t("event.office", { name: ctx.name(d.seat), office: officeName(d.office) }), "office"]);
    } else if (e.type === "announce" && (MONEY_KEYS.has(d.key) || OFFICE_KEYS.has(d.key) || (d.key === "rp-invoque-mj"
      && ["rp-assassinat", "rp-enquete"].includes((d.params || {}).power)))) {
      const line = genericLine(e, { ...ctx, thirdPerson: true }, "full");
      if (line && line.text) lines.push([i, e.at, line.text, MONEY_KEYS.has(d.key) || d.key === "rp-invoque-mj" ? "money" : "office"]);
    }
  });
  const shown = lines.reverse().slice(0, 60);
  return h("details", { class: "rp-history more", "data-key": "history", open: true },
    h("summary", {}, icon("coin"), " ", rt("ui.rp-history")),
    shown.length ? h("ol", { class: "rp-history-list small" }, shown.map(([i, at, text, kind]) => h("li", { class: `rp-history-${kind}`, "data-key": `h${i}` },
      h("time", { class: "at" }, timeOf(at)), " ", text))) : h("p", { class: "muted small" }, rt("ui.rp-history-none")));
}

// -- the end ---------------------------------------------------------------------------------------------------------
function reasonText(reason, name) {
  return has(reason.key) ? t(reason.key, readableParams(reason.params || {}, name)) : reason.key;
}

function endWhy(v, ctx) {
  const result = v.result || {};
  const stop = result.stop || [];
  const camps = result.camps || [];
  if (!stop.length && camps.length < 2) return null;
  return h("div", { class: "rp-why", "data-key": "why" },
    camps.length > 1 ? h("p", { class: "rp-camps-won" }, camps.map((c) => t(`end.win.${c}`)).join(" ")) : null,
    stop.length ? [h("h3", {}, rt("victory.rp-why")), h("ul", {}, stop.map((r, i) => h("li", { "data-key": `why${i}` }, reasonText(r, ctx.name))))] : null);
}

/** The specialties passed on to `seat` (shown at the end only: `village.inherited`, §9). */
function inherited(v, seat) {
  return ((village(v).inherited || {})[String(seat)]) || [];
}

/** The specialties others inherited (a donor's chip among them reads "passed on"). */
function passedOn(v, seat) {
  return Object.entries(village(v).inherited || {}).filter(([heir]) => heir !== String(seat)).flatMap(([, cards]) => cards);
}

/** Whether `seat` passed his specialty on (public: `village.dead.inheritance`). */
function donated(v, seat) {
  return ((village(v).dead || {}).inheritance || []).includes(seat);
}

function endDetails(v, ctx) {
  const result = v.result || {};
  const players = byseat(v);
  // The winners first, then those who reached a consolation objective, then the others (each in seat order).
  const rank = { won: 0, consolation: 1 };
  const judged = (result.seats || []).length > 0;
  // A game the MJ stopped has no results, but its end still shows every seat's cards (both of them).
  const rows = judged ? [...result.seats].sort((a, b) => (rank[a.result] ?? 2) - (rank[b.result] ?? 2))
    : (v.players || []).map((p) => ({ seat: p.seat, alive: p.alive }));
  if (!rows.length) return undefined;
  return h("table", { class: "roles-table rp-results" },
    h("thead", {}, h("tr", {}, h("th", {}, t("ui.player")), judged ? h("th", {}, rt("ui.rp-result")) : null)),
    h("tbody", {}, rows.map((r) => {
      const p = players.get(r.seat) || { cards: {} };
      return h("tr", { class: [r.result === "won" && "winner", !r.alive && "dead", r.result && `rp-result-${r.result}`], "data-seat": r.seat, "data-key": `r${r.seat}` },
        h("td", {}, h("b", {}, ctx.name(r.seat)), p.me ? h("small", {}, ` (${t("ui.you")})`) : null,
          !r.alive ? h("small", { class: "muted" }, ` · ${t("ui.dead")}`) : null,
          h("span", { class: "rp-end-cards" }, ALL_SLOTS.filter((slot) => (p.cards || {})[slot]).map((slot) => {
            const c = p.cards[slot];
            // The same specialty under its donor and its heir (§9): each chip says which way it went.
            const note = slot === "camp" ? null : inherited(v, r.seat).includes(c) ? rt("ui.rp-end-inherited")
              : donated(v, r.seat) && passedOn(v, r.seat).includes(c) ? rt("ui.rp-end-passed-on") : null;
            return h("span", { class: ["badge", "role-chip", `rp-camp-${campOf(c)}`, note && "rp-end-heritage"], "data-slot": slot },
              roleName(c), note ? h("small", {}, ` · ${note}`) : null);
          })),
          r.camp ? h("small", { class: "rp-dominant" }, rt("ui.rp-dominant", { camp: campName(r.camp) })) : null),
        judged ? h("td", {}, h("span", { class: ["badge", r.result === "won" ? "badge-good" : r.result === "consolation" ? "badge-warn" : ""] },
          t(`victory.rp-result.${r.result}`)),
        (r.reasons || []).length ? h("ul", { class: "rp-reasons" }, r.reasons.map((reason, i) => h("li", { "data-key": `re${i}` }, reasonText(reason, ctx.name)))) : null) : null);
    })));
}

// -- the console: the street of houses as a picture ------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element (h() makes HTML ones). */
function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const W = 580;
const H = 500;
const CX = W / 2;
const CY = H / 2;

/**
 * The street as a ring of houses, clockwise from the top, each named by its owner with his fortune; inside, where
 * everyone spent the night when it was not at home (an arrow from his house to the one he slept in, coloured by the
 * long action that put him there), the attacked houses and the victims, the defended and the protected houses, and
 * the cameras and animals when the view has them.
 */
function streetPicture(v, ctx) {
  const vil = village(v);
  const street = vil.street || [];
  const n = street.length;
  if (!n) return null;
  const mj = (v.mj && v.mj.reptiliens) || {};
  const night = mj.night || {};
  const players = byseat(v);
  const coins = vil.coins || {};
  const places = night.places || {};
  const attack = night.attack || null;
  const R = n > 16 ? 185 : 168;
  const angle = (i) => -Math.PI / 2 + (2 * Math.PI * i) / n;
  const at = (i, r) => [CX + r * Math.cos(angle(i)), CY + r * Math.sin(angle(i))];
  const index = new Map(street.map((owner, i) => [owner, i]));
  const attacked = new Map(((attack && attack.houses) || []).map((a) => [a.house, a]));
  const victims = new Set((attack && attack.victims) || []);
  const dying = new Set((night.dying || []).map((x) => Number(x)));
  // Asleep now, or slept heavily last night (the places say so once the attack is over).
  const asleep = new Set([...(night.asleep || []), ...Object.entries(places).filter(([, place]) => place[2]).map(([seat]) => Number(seat))]);
  const occupants = new Map();
  for (const [seat, place] of Object.entries(places)) {
    const house = place[0];
    if (!occupants.has(house)) occupants.set(house, []);
    occupants.get(house).push(Number(seat));
  }
  const size = n > 24 ? 0.7 : n > 14 ? 0.85 : 1;
  const fmt = (x) => x.toFixed(1);

  // Arrows: from one's own house to the house one slept in.
  const moves = Object.entries(places).filter(([seat, place]) => index.has(place[0]) && Number(seat) !== place[0] && index.has(Number(seat)))
    .map(([seat, place]) => {
      const from = at(index.get(Number(seat)), R - 22 * size);
      const to = at(index.get(place[0]), R - 22 * size);
      const mid = [(from[0] + to[0]) / 2 * 0.55 + CX * 0.45, (from[1] + to[1]) / 2 * 0.55 + CY * 0.45];
      const action = ACTIONS.includes(place[1]) ? place[1] : "other";
      return s("path", { class: ["rp-move", `rp-move-${action}`].join(" "), "data-seat": seat, "data-key": `m${seat}`,
        d: `M${fmt(from[0])},${fmt(from[1])} Q${fmt(mid[0])},${fmt(mid[1])} ${fmt(to[0])},${fmt(to[1])}`, "marker-end": `url(#rp-arrow-${action})` },
      s("title", {}, rt("ui.rp-slept-at", { name: ctx.name(seat), owner: ctx.name(place[0]), action: has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1] })));
    });

  const houses = street.map((owner, i) => {
    const p = players.get(owner) || { name: ctx.name(owner), alive: true };
    const [x, y] = at(i, R);
    const a = attacked.get(owner);
    const cls = ["rp-svg-house", !p.alive && "dead", a && "attacked", a && a.victim !== null && a.victim !== undefined && "struck",
      night.militia === owner && "defended", mj.richest === owner && "protected"].filter(Boolean).join(" ");
    const k = 15 * size;
    const [lx, ly] = at(i, R + 34 * size);
    const cos = Math.cos(angle(i));
    const anchor = Math.abs(cos) < 0.3 ? "middle" : cos > 0 ? "start" : "end";
    const dy = Math.abs(cos) < 0.3 ? (Math.sin(angle(i)) < 0 ? -8 : 14) : 0;
    const inside = occupants.get(owner) || [];
    const here = inside.filter((seat) => seat !== owner);
    const [ox, oy] = at(i, R - 42 * size);
    const watching = observers(night).filter((o) => o.house === owner);
    return s("g", { class: cls, "data-house": owner, "data-key": `house${owner}` },
      s("title", {}, [rt("ui.rp-house-of", { name: p.name }),
        inside.length ? rt("ui.rp-slept-here", { names: listNames(inside, ctx.name) }) : rt("ui.rp-nobody-here"),
        a ? (a.victim !== null && a.victim !== undefined ? rt("ui.rp-attack-victim", { name: ctx.name(a.victim) }) : rt("ui.rp-attack-failed", { why: failureText(a.failure) })) : ""]
        .filter(Boolean).join(" · ")),
      a ? s("circle", { class: "rp-attack-ring", cx: fmt(x), cy: fmt(y), r: fmt(27 * size) }) : null,
      s("path", { class: "rp-house-shape", d: `M${fmt(x - k)},${fmt(y + k * 0.8)} V${fmt(y - k * 0.15)} L${fmt(x)},${fmt(y - k)} L${fmt(x + k)},${fmt(y - k * 0.15)} V${fmt(y + k * 0.8)} Z` }),
      s("text", { class: "rp-svg-no", x: fmt(x), y: fmt(y + k * 0.55), "text-anchor": "middle" }, String(i + 1)),
      s("text", { class: ["rp-owner", !p.alive && "dead", (victims.has(owner) || dying.has(owner)) && "victim"].filter(Boolean).join(" "),
        x: fmt(lx), y: fmt(ly + dy), "text-anchor": anchor },
      (victims.has(owner) || dying.has(owner)) ? "✝ " : "", p.name,
      asleep.has(owner) ? s("tspan", { class: "rp-zz" }, " zZ") : null),
      s("text", { class: "rp-owner-coins", x: fmt(lx), y: fmt(ly + dy + 15 * size), "text-anchor": anchor },
        coins[String(owner)] !== undefined ? rt("ui.rp-coins-short", { n: coins[String(owner)] }) : "",
        night.militia === owner ? ` · ${rt("ui.rp-defended")}` : "", mj.richest === owner ? ` · ${rt("ui.rp-protected")}` : ""),
      here.length ? s("g", { class: "rp-guests" },
        s("circle", { cx: fmt(ox), cy: fmt(oy), r: fmt(11 * size) }),
        s("text", { x: fmt(ox), y: fmt(oy + 4 * size), "text-anchor": "middle" }, `+${here.length}`)) : null,
      a && (a.victim === null || a.victim === undefined) && a.failure
        ? s("text", { class: "rp-attack-why", x: fmt(ox), y: fmt(oy + (here.length ? 24 : 4) * size), "text-anchor": "middle" }, failureText(a.failure)) : null,
      watching.map((o, j) => s("g", { class: `rp-observer rp-observer-${o.kind}`, "data-key": `o${j}`,
        transform: `translate(${fmt(x + k * 0.6 + 16 * j)},${fmt(y - k * 1.9)}) scale(0.62)` },
      s("title", {}, rt(`ui.rp-observer.${o.kind}`, { name: ctx.name(o.owner) })),
      s("circle", { class: "rp-observer-disc", cx: 12, cy: 12, r: 13 }),
      o.kind === "camera"
        ? [s("rect", { x: 4, y: 8, width: 11, height: 8, rx: 1.5 }), s("path", { d: "M15 10.5l5-2.5v8l-5-2.5z" })]
        : [s("circle", { cx: 7, cy: 10, r: 1.8 }), s("circle", { cx: 10.5, cy: 6.5, r: 1.8 }), s("circle", { cx: 14, cy: 6.5, r: 1.8 }),
          s("circle", { cx: 17, cy: 10, r: 1.8 }), s("path", { d: "M8.5 17c0-2.6 1.6-4.4 3.5-4.4s3.5 1.8 3.5 4.4c0 1.6-1.8 1.6-3.5 1.1-1.7.5-3.5.5-3.5-1.1z" })])));
  });

  // An arrowhead per long action, in its colour.
  const head = s("defs", {}, [...ACTIONS, "other"].map((action) => s("marker", { id: `rp-arrow-${action}`, viewBox: "0 0 10 10",
    refX: "9", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" },
  s("path", { d: "M0,0 L10,5 L0,10 z", class: `rp-arrow-head rp-head-${action}` }))));
  return s("svg", { class: "rp-street-svg", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": rt("ui.rp-street-picture"), "data-houses": n },
    head,
    s("circle", { class: "rp-ring", cx: CX, cy: CY, r: R }),
    s("g", { class: "rp-moves" }, moves),
    s("g", { class: "rp-houses" }, houses),
    s("text", { class: "rp-ring-label", x: 8, y: 24 }, weekdayName((vil.week || {}).festival ? "sun" : (vil.week || {}).weekday)),
    s("text", { class: "rp-ring-sub", x: 8, y: 44 },
      v.phase === "night" ? rt("ui.rp-night-n", { n: v.night }) : rt("ui.rp-day-n", { n: v.day })));
}

/** The trainers' animals (`night.animals`: before a house, or at the morgue before a corpse) and the thermal
 * cameras (`night.cameras`, same shape, once the offices bring them), as the picture marks them. */
function observers(night) {
  return [...(night.animals || []).map((a) => ({ ...a, kind: "animal" })), ...(night.cameras || []).map((c) => ({ ...c, kind: "camera" }))];
}

function legend(v) {
  const night = ((v.mj && v.mj.reptiliens) || {}).night || {};
  const used = new Set(Object.values(night.places || {}).map((p) => p[1]));
  const kinds = new Set(observers(night).filter((o) => o.house !== null && o.house !== undefined).map((o) => o.kind));
  const swatch = (cls, text, key) => h("li", { "data-key": key }, h("span", { class: `rp-swatch ${cls}` }), text);
  return h("ul", { class: "rp-legend small" },
    ACTIONS.filter((a) => used.has(a)).map((a) => swatch(`rp-move-${a}`, t(`long.${a}`), a)),
    night.attack ? swatch("rp-swatch-attack", rt("ui.rp-legend-attack"), "attack") : null,
    kinds.has("animal") ? h("li", { "data-key": "animal" }, icon("paw"), rt("ui.rp-legend-animal")) : null,
    kinds.has("camera") ? h("li", { "data-key": "camera" }, icon("camera"), rt("ui.rp-legend-camera")) : null,
    h("li", { "data-key": "guests" }, h("span", { class: "rp-swatch rp-swatch-guests" }, "+1"), rt("ui.rp-legend-guests")));
}

/** Where each player spent the night, as words: the picture's arrows for whoever reads the list. */
function whereabouts(v, ctx) {
  const night = ((v.mj && v.mj.reptiliens) || {}).night || {};
  const places = Object.entries(night.places || {});
  if (!places.length) return h("p", { class: "muted small", "data-key": "no-places" }, rt("ui.rp-no-places"));
  const attack = night.attack || {};
  return h("details", { class: "rp-whereabouts more", "data-key": "whereabouts", open: true },
    h("summary", {}, rt("ui.rp-where-slept")),
    h("ul", { class: "small" }, places.map(([seat, place]) => h("li", { "data-key": `w${seat}`, "data-seat": seat },
      h("b", {}, ctx.name(seat)), " — ",
      Number(seat) === place[0] ? rt("ui.rp-at-home") : rt("ui.rp-at-house", { name: ctx.name(place[0]) }),
      " · ", has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1],
      place[2] ? [" · ", rt("ui.rp-heavy-sleep")] : null))),
    (attack.houses || []).length ? h("ul", { class: "small rp-attacks" }, attack.houses.map((a, i) => h("li", { "data-key": `a${i}` },
      rt("ui.rp-attack-line", { house: ctx.name(a.house), attackers: listNames(a.attackers, ctx.name) }), " ",
      a.victim !== null && a.victim !== undefined ? rt("ui.rp-attack-victim", { name: ctx.name(a.victim) }) : rt("ui.rp-attack-failed", { why: failureText(a.failure) })))) : null);
}

/** The MJ's bookkeeping (`mj.reptiliens`): lovers, cards set aside, the pack's choice, tonight's dead, the richest. */
function notebook(v, ctx) {
  const mj = (v.mj && v.mj.reptiliens) || {};
  const night = mj.night || {};
  const { name } = ctx;
  const row = (key, label, value) => (value === null || value === undefined || value === "" ? null
    : [h("dt", { "data-key": `t${key}` }, label), h("dd", { "data-key": `d${key}`, "data-row": key }, value)]);
  const pack = night.pack;
  const inv = mj.invocation;
  const aside = mj.aside || {};
  return h("dl", { class: "rp-notebook small" },
    row("lovers", rt("ui.rp-nb-lovers"), (mj.lovers || []).length
      ? [listNames(mj.lovers, name), mj.spare_life ? ` (${rt("ui.rp-nb-spare-life")})` : ""] : null),
    row("pack", rt("ui.rp-nb-pack"), pack ? (pack.house === null || pack.house === undefined ? failureText(pack.failure)
      : [rt("ui.rp-house-of", { name: name(pack.house) }), pack.squatter ? ` (${rt("ui.rp-nb-squatter")})` : "",
        pack.decided_by ? ` · ${has(`ui.rp-decided.${pack.decided_by}`) ? t(`ui.rp-decided.${pack.decided_by}`) : pack.decided_by}` : ""]) : null),
    row("dying", rt("ui.rp-nb-dying"), (night.dying || []).length ? listNames(night.dying.map(Number), name) : null),
    row("asleep", rt("ui.rp-nb-asleep"), (night.asleep || []).length ? listNames(night.asleep, name) : null),
    row("militia", rt("ui.rp-nb-militia"), night.militia !== null && night.militia !== undefined ? rt("ui.rp-house-of", { name: name(night.militia) }) : null),
    row("richest", rt("ui.rp-nb-richest"), mj.richest !== null && mj.richest !== undefined ? name(mj.richest) : null),
    row("charmed", rt("ui.rp-nb-charmed"), (mj.charmed || []).length ? listNames(mj.charmed, name) : null),
    row("observers", rt("ui.rp-nb-observers"), observers(night).length ? observers(night).map((o, i) => h("span", { class: "rp-nb-observer", "data-key": `o${i}` },
      i ? " · " : "", o.house !== null && o.house !== undefined
        ? rt(`ui.rp-observer.${o.kind}`, { name: name(o.owner) }) + " → " + rt("ui.rp-house-of", { name: name(o.house) })
        : rt(`ui.rp-observer.${o.kind}`, { name: name(o.owner) }) + " → " + rt("ui.rp-morgue", { name: name(o.corpse) }))) : null),
    row("invocation", rt("ui.rp-nb-invocation"), inv ? rt("ui.rp-nb-invoked", { name: name(inv.seat), power: powerName(inv.power) }) : null),
    row("aside", rt("ui.rp-nb-aside"), [...(aside.camp || []), ...(aside.specialty || [])].length
      ? listOf([...(aside.camp || []), ...(aside.specialty || [])].map(roleName)) : null),
    row("estate", rt("ui.rp-nb-estate"), mj.estate ? String(mj.estate) : null));
}

/** The six nights of the week, each a column: the week's table (GET /api/rulesets/reptiliens). */
function weekTable(v) {
  const today = (village(v).week || {}).weekday;
  const days = DAYS.filter((d) => (data.nights[d] || []).length);
  if (!days.length) return null;
  return h("details", { class: "rp-week-table more", "data-key": "week-table" },
    h("summary", {}, rt("ui.rp-whole-week")),
    h("div", { class: "rp-week-cols" }, days.map((d) => h("div", { class: ["rp-week-col", d === today && "today"], "data-key": `wk${d}` },
      h("h4", {}, weekdayName(d)),
      h("ol", {}, data.nights[d].filter((step) => step.key !== "rp-aube").map((step, i) => h("li", { "data-key": `${d}${i}`, class: step.in_progress ? "in-progress" : null },
        stepName(step.key), step.actors.length && step.actors.length < 3 ? h("small", {}, ` (${listOf(step.actors.map(roleName))})`) : null)))))));
}

function board(v, ctx) {
  if (v.phase === "lobby") return null;
  current.street = village(v).street || [];
  if (v.phase === "ended") {
    return [h("h2", {}, icon("house"), " ", rt("ui.rp-street")), streetPicture(v, ctx), endWhy(v, ctx), endDetails(v, ctx) || null];
  }
  const vil = village(v);
  return [
    h("div", { class: "rp-board-head", "data-key": "head" }, h("h2", {}, icon("house"), " ", rt("ui.rp-street")), weekStrip(v),
      vil.carnage ? h("span", { class: "badge badge-warn rp-carnage-badge" }, icon("reptile"), rt("ui.rp-carnage-short")) : null),
    h("div", { class: "rp-board-grid", "data-key": "grid" },
      h("div", { class: "rp-picture", "data-key": "picture" }, streetPicture(v, ctx), legend(v), whereabouts(v, ctx)),
      h("div", { class: "rp-board-side", "data-key": "side" },
        h("div", { class: "rp-board-tonight", "data-key": "tonight" },
          h("h3", {}, icon("moon"), " ", tonightTitle(v)),
          tonightList(v, { mj: true })),
        h("div", { class: "rp-board-notes", "data-key": "notes" },
          h("h3", {}, icon("book"), " ", rt("ui.rp-notebook")),
          notebook(v, ctx)),
        societyBox(v, ctx, { mj: true }),
        historyBox(v, ctx))),
    weekTable(v),
  ];
}

// -- the console: seats --------------------------------------------------------------------------------------------
function seatSecrets(v, seat) {
  return ((((v.mj && v.mj.reptiliens) || {}).seats) || {})[String(seat)] || {};
}

function seatBody(v, p, ctx) {
  const s = seatSecrets(v, p.seat);
  const spouse = (village(v).spouses || {})[String(p.seat)];
  const held = p.cards || {};
  const place = ((((v.mj && v.mj.reptiliens) || {}).night || {}).places || {})[String(p.seat)];
  const lines = [];
  if ((s.personal || []).length) lines.push(["personal", rt("ui.rp-seat-personal", { conditions: listOf(s.personal.map((c) => t(`victory.${c}`))) })]);
  if ((s.converted || []).length) lines.push(["converted", rt("ui.rp-converted", { camp: listOf(s.converted.map(campName)) })]);
  if ((s.charms || []).length) lines.push(["charms", rt("ui.rp-seat-charms", { names: listNames(s.charms, ctx.name) })]);
  if ((s.used || []).length) lines.push(["used", rt("ui.rp-used", { powers: listOf(s.used.map(powerName)) })]);
  if ((s.invocable || []).length) lines.push(["invocable", rt("ui.rp-seat-invocable", { powers: listOf(s.invocable.map(powerName)) })]);
  if (place && place[0] !== p.seat) lines.push(["place", rt("ui.rp-seat-place", { name: ctx.name(place[0]), action: has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1] })]);
  return [
    h("p", { class: "seat-role rp-seat-cards" }, ALL_SLOTS.map((slot) => {
      const card = held[slot];
      return card ? h("span", { class: ["badge", "role-chip", `rp-camp-${campOf(card)}`], "data-slot": slot, "data-card": card,
        title: slotName(slot) }, roleName(card)) : null;
    }), typeof s.coins === "number" ? h("span", { class: "rp-coins", title: rt("ui.rp-coins-of", { name: p.name, n: s.coins }) }, icon("coin"), String(s.coins)) : null),
    (p.offices || []).length || spouse !== undefined || !p.alive ? h("p", { class: "rp-seat-society" }, officeBadges(p),
      spouse !== undefined && spouse !== null ? h("span", { class: "badge rp-spouse" }, icon("heart"), rt("ui.rp-spouse-of", { name: ctx.name(spouse) })) : null,
      !p.alive ? fateBadge(v, p.seat) : null) : null,
    lines.length ? h("ul", { class: "tags" }, lines.map(([key, text]) => h("li", { "data-key": key }, text))) : null,
  ];
}

function seatMarks(v, p) {
  const s = seatSecrets(v, p.seat);
  return [
    s.lover !== undefined ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
    s.charmed ? h("span", { class: "badge", title: rt("ui.rp-nb-charmed") }, icon("note")) : null,
    s.asleep ? h("span", { class: "badge", title: rt("ui.rp-heavy-sleep") }, icon("sleep")) : null,
    (village(v).spouses || {})[String(p.seat)] !== undefined ? h("span", { class: "badge rp-spouse", title: rt("ui.rp-spouses") }, icon("heart")) : null,
    fateOf(v, p.seat) ? h("span", { class: "badge", title: rt(`ui.rp-fate.${fateOf(v, p.seat)}`) }, icon(FATE_ICONS[fateOf(v, p.seat)])) : null,
  ];
}

function cardOptions(deck, selected) {
  return [...data.roles.values()].filter((r) => r.deck === deck)
    .map((r) => h("option", { value: r.key, selected: r.key === selected ? true : null }, roleName(r.key)));
}

function seatActions(v, p, ctx) {
  const s = seatSecrets(v, p.seat);
  return [
    p.alive
      ? h("button", { type: "button", class: "btn btn-small btn-danger", "data-action": "kill", onclick: () => {
        if (window.confirm(t("mj.kill_confirm", { name: p.name }))) ctx.send("kill", { seat: p.seat });
      } }, icon("cross"), t("mj.kill"))
      : h("button", { type: "button", class: "btn btn-small", "data-action": "revive", onclick: () => {
          if (window.confirm(t("mj.revive_confirm", { name: p.name }))) ctx.send("revive", { seat: p.seat });
        } }, t("mj.revive")),
    (s.invocable || []).map((power) => h("button", { type: "button", class: "btn btn-small", "data-action": "invoke", "data-power": power,
      "data-key": `inv${power}`, onclick: () => {
        if (window.confirm(rt("ui.rp-invoke-for-confirm", { name: p.name, power: powerName(power) }))) ctx.send("invoke", { seat: p.seat, power });
      } }, icon("forward"), rt("ui.rp-invoke-for", { power: powerName(power) }))),
    heldSlots(p.cards).map((slot) => h("label", { class: "inline-select", "data-key": `set${slot}` },
      h("span", {}, slotName(slot)),
      h("select", { "data-action": `set-${slot}`, onchange: (ev) => {
        const card = ev.target.value;
        const held = (p.cards || {})[slot];
        if (!card || card === held) return;
        if (window.confirm(t("mj.set_role_confirm", { name: p.name, role: roleName(card) }))) ctx.send("set_role", { seat: p.seat, role: card, slot });
        else ev.target.value = held || "";
      } }, (p.cards || {})[slot] ? null : h("option", { value: "" }, "—"), cardOptions(slot === "camp" ? "camp" : "specialty", (p.cards || {})[slot])))),
  ];
}

function controlsExtra(v, ctx) {
  if (v.phase !== "night" && v.phase !== "day") return null;
  const on = Boolean(village(v).carnage);
  return h("div", { class: "rp-controls", "data-key": "rp-controls" },
    invocationBanner(v),
    h("button", { type: "button", class: ["btn", "btn-block", "rp-carnage-switch", on && "btn-danger"], "aria-pressed": on ? "true" : "false",
      "data-action": "carnage", onclick: () => ctx.send("rp-carnage", { on: !on }) },
    icon("reptile"), on ? rt("ui.rp-carnage-stop") : rt("ui.rp-carnage-start")),
    h("p", { class: "hint" }, rt("ui.rp-carnage-help")));
}

// -- the console: set-up (the two decks and the options) ------------------------------------------------------------
const report = { key: null, value: null };

function compositionReport(players, composition, ctx) {
  const key = JSON.stringify([players, composition]);
  if (report.key === key) return report.value;
  report.key = key;
  report.value = null;
  api(`/api/rulesets/${encodeURIComponent(data.key)}/composition`, { method: "POST", body: { players, composition } })
    .then((found) => {
      if (report.key === key) {
        report.value = found;
        ctx.rerender();
      }
    }).catch(() => {});
  return null;
}

function setupPanel(v, ctx) {
  const players = (v.players || []).length;
  const size = Math.min(data.max, Math.max(data.min, players));
  const chosen = v.composition || [];
  const suggested = data.suggested[String(size)] || [];
  const shown = chosen.length ? chosen : suggested;
  const counts = new Map();
  for (const card of shown) counts.set(card, (counts.get(card) || 0) + 1);
  const options = v.options || {};
  const configure = (args) => ctx.send("configure", args);
  const change = (card, by) => {
    const next = [...shown];
    if (by > 0) next.push(card);
    else next.splice(next.lastIndexOf(card), 1);
    configure({ composition: next });
  };
  const found = compositionReport(size, shown, ctx);
  const inDeck = (deck) => shown.filter((c) => deckOf(c) === deck).length;
  const deckRows = (deck) => [...data.roles.values()].filter((r) => r.deck === deck).map((r) => {
    const n = counts.get(r.key) || 0;
    return h("div", { class: ["comp-row", `rp-camp-${r.camp}`, !n && "zero"], "data-role": r.key, "data-key": r.key },
      h("span", { class: "comp-name" }, h("b", {}, roleName(r.key)), h("small", {}, deck === "camp" ? campName(r.camp)
        : nightsOf(r.key).length ? listOf(nightsOf(r.key).map(weekdayName)) : rt("ui.rp-any-time"))),
      h("span", { class: "stepper small" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": rt("ui.rp-less", { role: roleName(r.key) }), disabled: n ? null : true,
          onclick: () => change(r.key, -1) }, "−"),
        h("output", {}, String(n)),
        h("button", { type: "button", class: "btn btn-round", "aria-label": rt("ui.rp-more", { role: roleName(r.key) }),
          disabled: r.unique && n >= 1 ? true : null, onclick: () => change(r.key, 1) }, "+")));
  });
  const radio = (option, values) => h("div", { class: "radio-cards", "data-key": `r${option}` }, values.map((value) => h("label", { class: "radio-card", "data-key": value },
    h("input", { type: "radio", name: `rp-${option}`, value, checked: options[option] === value ? true : null,
      onchange: () => configure({ options: { [option]: value } }) }),
    h("span", {}, h("b", {}, rt(`ui.rp-opt.${option}.${value}`)), h("small", {}, rt(`ui.rp-opt.${option}.${value}.help`))))));
  const check = (option) => h("label", { class: "check", "data-key": `c${option}` },
    h("input", { type: "checkbox", checked: options[option] ? true : null, onchange: (ev) => configure({ options: { [option]: ev.target.checked } }) }),
    h("span", {}, rt(`ui.rp-opt.${option}`)));
  const seconds = (option) => h("label", { class: "num", "data-key": `n${option}` }, h("span", {}, rt(`ui.rp-opt.${option}`)),
    h("span", { class: "with-unit" }, h("input", { type: "number", min: 1, step: 1, value: options[option] ?? "", name: option,
      onchange: (ev) => {
        const value = Number(ev.target.value);
        if (Number.isFinite(value) && value > 0) configure({ options: { [option]: value } });
      } }), h("i", {}, "s")));
  return [
    h("p", { class: "hint", "data-key": "source" }, chosen.length ? rt("ui.rp-setup-own") : rt("ui.rp-setup-suggested", { n: size })),
    h("p", { class: "comp-check", "data-key": "counts" }, rt("ui.rp-setup-counts", { camp: inDeck("camp"), specialty: inDeck("specialty"), players })),
    found && (found.warnings || []).length ? h("ul", { class: "comp-report small", "data-key": "warnings" },
      found.warnings.map((w) => h("li", { "data-key": w.code }, has(`comp.warn.${w.code}`) ? t(`comp.warn.${w.code}`, w) : w.code))) : null,
    h("div", { class: "button-row", "data-key": "comp-buttons" },
      h("button", { type: "button", class: "btn btn-small", id: "rp-suggest", onclick: () => configure({ composition: suggested }) }, rt("ui.rp-setup-use-suggestion")),
      chosen.length ? h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => configure({ composition: [] }) }, rt("ui.rp-setup-follow")) : null),
    h("details", { class: "more rp-deck", open: true, "data-key": "deck-camp" }, h("summary", {}, rt("ui.rp-deck-camp", { n: inDeck("camp") })),
      h("div", { class: "comp-rows" }, deckRows("camp"))),
    h("details", { class: "more rp-deck", "data-key": "deck-specialty" }, h("summary", {}, rt("ui.rp-deck-specialty", { n: inDeck("specialty") })),
      h("div", { class: "comp-rows" }, deckRows("specialty"))),
    h("fieldset", { class: "field", "data-key": "moderation" }, h("legend", {}, t("opt.moderation")), radio("moderation", ["mj", "auto"])),
    h("fieldset", { class: "field", "data-key": "draws" }, h("legend", {}, rt("ui.rp-opt.draws")), radio("draws", ["rng", "mj"])),
    h("fieldset", { class: "field", "data-key": "lovers" }, h("legend", {}, rt("ui.rp-opt.lovers")), radio("lovers", ["mj", "drawn", "none"])),
    h("fieldset", { class: "field", "data-key": "week" }, h("legend", {}, rt("ui.rp-opt.first_weekday")),
      h("select", { name: "first_weekday", onchange: (ev) => configure({ options: { first_weekday: ev.target.value } }) },
        DAYS.filter((d) => d !== "sun").map((d) => h("option", { value: d, selected: options.first_weekday === d ? true : null }, weekdayName(d))))),
    h("fieldset", { class: "field", "data-key": "durations" }, h("legend", {}, t("home.durations")),
      h("div", { class: "grid-fields" }, ["night_step", "debate", "ballot_time", "vote", "festival"].map(seconds))),
    h("fieldset", { class: "field options-list", "data-key": "options" }, h("legend", {}, t("home.options")),
      ["carnage", "hide_fortunes", "hide_invokers", "allow_abstain", "no_attack_once_alpha_dead"].map(check)),
  ];
}

// -- the journal: the ruleset's own events ---------------------------------------------------------------------------
// The params of the ruleset's announcements the journal's generic reading (readableParams: seat, seats, target,
// partner, by, victim, role, roles, counts…) leaves raw, made words; the generic ones stay for it to read.
const SEAT_PARAMS = ["receiver", "heir", "after", "priest", "chief", "donor", "from", "requester"];

function houseText(seat, ctx) {
  const street = ((ctx.v && village(ctx.v).street) || current.street || []);
  const at = street.indexOf(Number(seat));
  return at >= 0 ? rt("ui.rp-house-param", { n: at + 1, name: ctx.name(seat) }) : rt("ui.rp-house-of", { name: ctx.name(seat) });
}

export function announceParams(params, ctx) {
  const { name } = ctx;
  const out = { ...params };
  for (const key of SEAT_PARAMS) if (key in out && typeof out[key] === "number") out[key] = name(out[key]);
  if (out.house !== undefined && out.house !== null) out.house = houseText(out.house, ctx);
  if (out.office !== undefined) out.office = officeName(out.office);
  if (Array.isArray(out.offices)) out.offices = out.offices.length ? listOf(out.offices.map(officeName)) : rt("ui.rp-no-office");
  if (out.law !== undefined) out.law = lawLabel(out.law, out.text);
  if (out.kind !== undefined) out.kind = sessionLabel(out.kind);
  if (out.fact !== undefined) out.fact = has(`dream.${out.fact}`) ? t(`dream.${out.fact}`) : out.fact;
  if (out.signs && typeof out.signs === "object") {
    const signs = Object.entries(out.signs);
    out.signs = signs.length ? listOf(signs.map(([seat, sign]) => rt("ui.rp-sign", { name: name(Number(seat)), sign }))) : rt("ui.rp-no-sign");
  }
  if (Array.isArray(out.street)) out.street = listNames(out.street, name);
  if (out.direction !== undefined) out.direction = has(`choice.rp-sens.${out.direction}`) ? t(`choice.rp-sens.${out.direction}`) : out.direction;
  if (Array.isArray(out.ballots)) {
    out.ballots = out.ballots.map(([seat, ballot]) => `${name(seat)} → ${listNames(ballot || [], name)}`).join(" · ");
  }
  if (out.failure !== undefined) out.failure = failureText(out.failure);
  if (out.cause !== undefined) out.cause = causeText(out.cause);
  if (out.power !== undefined) out.power = powerName(out.power);
  return out;
}

function describe(e, ctx, mode) {
  const d = e.data || {};
  const full = mode === "full";
  const { name } = ctx;
  const mine = (seat) => ctx.me !== null && ctx.me !== undefined && seat === ctx.me;
  switch (e.type) {
    // The driver's bookkeeping (reptiliens/facts.py) is silent like any event the journal does not know; these
    // have their own announcement, which says what happened.
    case "rp-outcome":
    case "rp-executed":
    case "rp-show":
    case "rp-application": // its announcement (`rp-candidature`) says it
      return null;
    case "announce":
      if (typeof d.key === "string" && d.key.startsWith("rp-")) {
        return { text: announceText({ ...d, params: announceParams(d.params || {}, ctx) }, name, Boolean(ctx.thirdPerson)),
          cls: `announce announce-${d.key}` };
      }
      return undefined;
    case "revealed": {
      // §9: the card the dead chose to turn, by its slot; an inheritance turns them all in one event, which its
      // announcement (rp-devient-heritage) already tells.
      if (!d.slot) return null;
      const who = { name: name(d.seat), role: roleName(d.card) };
      const text = d.slot === "specialty" ? rt("ui.rp-ev-revealed-specialty", who)
        : d.slot === "specialty2" ? rt("ui.rp-ev-revealed-specialty2", who) : rt("ui.rp-ev-revealed", who);
      return { text, cls: "info" };
    }
    case "rp-learn":
      if (!full && !(d.viewers || []).includes(ctx.me)) return null;
      return { text: full ? rt("ui.rp-ev-learn-mj", { names: listNames(d.viewers || [], name), n: (d.viewers || []).length, name: name(d.seat), role: roleName(d.card) })
        : rt("ui.rp-ev-learn", { name: name(d.seat), role: roleName(d.card) }), cls: "secret" };
    case "rp-fellows":
      return { text: rt("ui.rp-ev-fellows", { group: groupName(d.group), names: listNames(d.seats || [], name) }), cls: "secret" };
    case "rp-personal":
      return { text: (mine(d.seat) && !full ? rt("ui.rp-ev-personal", { conditions: listOf((d.conditions || []).map((c) => t(`victory.${c}`))) })
        : rt("ui.rp-ev-personal-mj", { name: name(d.seat), conditions: listOf((d.conditions || []).map((c) => t(`victory.${c}`))) })), cls: "secret" };
    case "rp-converted":
      return full ? { text: rt("ui.rp-ev-converted", { name: name(d.seat), camp: campName(d.camp) }), cls: "secret" } : null;
    case "rp-lovers":
      return { text: rt("ui.rp-ev-lovers", { names: listNames(d.seats || [], name) }), cls: "secret" };
    case "rp-coins":
      return full ? { text: rt("ui.rp-ev-coins", { name: name(d.seat), n: d.coins }), cls: "info" } : null;
    case "rp-charmed":
      return { text: mine(d.seat) && !full ? rt("ui.rp-charmed") : rt("ui.rp-ev-charmed", { name: name(d.seat) }), cls: "secret" };
    case "rp-used":
      return full ? { text: rt("ui.rp-ev-used", { name: name(d.seat), power: powerName(d.power) }), cls: "secret" } : null;
    case "rp-radiant":
      return { text: rt("ui.rp-ev-radiant", { name: name(d.seat), target: name(d.target) }), cls: "secret" };
    case "rp-conversation":
      return { text: rt("ui.rp-ev-conversation", { names: listNames(d.seats || [], name) }), cls: "info" };
    default:
      return undefined;
  }
}

// -- the questions' words --------------------------------------------------------------------------------------------
function promptParams(prompt, name) {
  const info = prompt.info || {};
  const params = readableParams(info, name);
  if (info.alpha !== undefined) params.alpha = name(info.alpha);
  if (info.guess !== undefined) params.guess = roleName(info.guess);
  if (info.slot !== undefined) params.slot = info.slot === "camp" ? rt("ui.rp-card-camp") : rt("ui.rp-card-specialty");
  if (info.draw !== undefined) params.draw = Number(info.draw) + 1;
  if (info.office !== undefined) params.office = officeName(info.office);
  if (info.card !== undefined) params.card = roleName(info.card);
  if (info.from !== undefined) params.from = name(info.from);
  if (info.fact !== undefined) params.fact = has(`dream.${info.fact}`) ? t(`dream.${info.fact}`) : info.fact;
  if (info.slot !== undefined && info.slot === "specialty2") params.slot = rt("ui.rp-card-specialty2");
  if (info.law !== undefined) params.law = lawLabel(info.law, info.text);  // the Sénateur's, the MJ's tick
  return params;
}

export default {
  chatOrder: ["village", "rp-reptiliens", "rp-amoureux"],
  // The thread a team talks its question over in (a phone shows them together: room.js, promptCall).
  teamChannel: (prompt) => ({ "rp-concertation": "rp-reptiliens", "rp-amoureux-signes": "rp-amoureux" })[prompt.step],

  async init(key) {
    const info = await rulesetData(key);
    this.info = info;
    data.key = key;
    data.roles = new Map((info.roles || []).map((r) => [r.key, r]));
    data.nights = info.nights || {};
    data.suggested = info.suggested || {};
    data.min = info.min_players || 6;
    data.max = info.max_players || 40;
  },

  // -- the page's words --------------------------------------------------------------------------------------------
  phaseLabel(v) {
    const week = village(v).week || {};
    if (v.phase === "night") return [icon("moon"), rt("ui.rp-phase-night", { day: weekdayName(week.weekday), n: v.night })];
    if (v.phase === "day" && week.festival) return [icon("party"), rt("ui.rp-festival")];
    if (v.phase === "day") return [icon("sun"), rt("ui.rp-phase-day", { day: weekdayName(week.weekday), n: v.day })];
    return undefined;
  },

  stepLabel(v) {
    // The festival's one step is the phase itself: the status bar says it once.
    return (village(v).week || {}).festival ? "" : undefined;
  },

  promptTitle(prompt, name) {
    const key = `ui.rp-prompt.${prompt.step}`;
    return has(key) ? t(key, promptParams(prompt, name)) : undefined;
  },

  // The day's vote goes in turn (§6 "seront annoncés"), one prompt a voter: the onlookers' panel shows every
  // ballot given so far, in order, and stands for them.
  tallyBody(view, prompt, name) {
    if (prompt.step !== "rp-vote") return undefined;
    const ballots = ((village(view).session || {}).ballots) || [];
    if (!ballots.length) return h("p", { class: "muted" }, t("ui.no_votes"));
    return h("ol", { class: "tally-rows rp-ballots" }, ballots.map(([seat, ballot], i) => h("li", { "data-key": `b${i}` },
      (ballot || []).length ? rt("ui.rp-ballot", { name: name(seat), targets: listNames(ballot, name) })
        : rt("ui.rp-ballot-blank", { name: name(seat) }))));
  },

  promptHelp(prompt, view) {
    const info = prompt.info || {};
    // A Condorcet ballot: the order of the taps is the ranking.
    if (prompt.step === "rp-vote" && info.ranked) return rt("ui.rp-prompt.rp-vote.help.ranked");
    if (prompt.step === "rp-reve" && info.answer !== undefined) return rt("ui.rp-prompt.rp-reve.help", { answer: info.answer });
    const key = `ui.rp-prompt.${prompt.step}.help${info.alpha !== undefined ? ".alpha" : ""}`;
    const alpha = info.alpha !== undefined ? (byseat(view || {}).get(info.alpha) || {}).name : null;
    if (has(key)) return t(key, { alpha: alpha || "", max: prompt.max, min: prompt.min });
    return has(`power.${prompt.step}.desc`) ? t(`power.${prompt.step}.desc`) : undefined;
  },

  choiceLabel(prompt, option) {
    // Poirot names a camp card; the MJ deals a card: options that are cards read as their names.
    if (prompt.step === "rp-show" || prompt.step === "rp-donne") return has(`role.${option}`) ? roleName(option) : undefined;
    return undefined;
  },

  describe,
  promptParams,

  // The MJ's approval of the proposed laws: each proposer's button says the law he proposed.
  optionDetail(prompt, option) {
    if (prompt.step !== "rp-loi-aval") return undefined;
    const law = ((prompt.info || {}).proposals || []).find((p) => p.by === option);
    return law ? lawLabel(law.key, law.text) : undefined;
  },

  // The dead's banner: what each fate may still do (§9).
  deadNote(v) {
    return rt(`ui.rp-dead.${fateOf(v, v.me.seat) || "none"}`);
  },

  // -- chat --------------------------------------------------------------------------------------------------------
  chatLabel(channel, ctx) {
    const pair = conversationOf(channel);
    return pair ? rt("ui.rp-conversation", { names: listNames(pair, ctx.name) }) : null;
  },

  chatHelp(channel) {
    return conversationOf(channel) ? rt("chat.help.rp-fete") : "";
  },

  chatReadonly(channel, view, ctx, info, mj) {
    if (mj || !info.live) return null;
    if (channel === "village" && ctx.kind === "seat" && ctx.alive && view.phase === "night") return t("chat.readonly.night");
    if (channel === "rp-reptiliens") return rt("ui.rp-readonly-pack");
    if (channel === "rp-amoureux") return rt("ui.rp-readonly-lovers");
    if (conversationOf(channel)) return rt("ui.rp-readonly-conversation");
    return null;
  },

  // -- the player's page -------------------------------------------------------------------------------------------
  lobbyExtra(v) {
    const counts = new Map();
    for (const card of v.composition || []) counts.set(card, (counts.get(card) || 0) + 1);
    if (!counts.size) return h("p", { class: "muted small" }, rt("ui.rp-lobby-suggested"));
    return ["camp", "specialty"].map((deck) => h("div", { class: "deck", "data-key": `deck-${deck}` },
      h("h3", {}, deck === "camp" ? rt("ui.rp-deck-camp", { n: [...counts.entries()].filter(([c]) => deckOf(c) === deck).reduce((a, [, n]) => a + n, 0) })
        : rt("ui.rp-deck-specialty", { n: [...counts.entries()].filter(([c]) => deckOf(c) === deck).reduce((a, [, n]) => a + n, 0) })),
      h("ul", { class: "chips" }, [...counts.entries()].filter(([c]) => deckOf(c) === deck).map(([card, n]) =>
        h("li", { class: ["chip", `rp-camp-${campOf(card)}`], "data-key": card }, n > 1 ? `${n} × ${roleName(card)}` : roleName(card))))));
  },

  stage,
  cards,
  table,

  afterRender(v, ctx) {
    dreamOverlay(ctx.events || [], ctx, ctx.now || Date.now() / 1000);
  },

  endTitle(result) {
    if (result.reason === "mj") return undefined;
    return result.camp ? t(`end.win.${result.camp}`) : rt("victory.rp-nobody");
  },
  endWhy,
  endDetails,
  officeIcon(office) {
    return OFFICE_ICONS[office] || "star";
  },

  endIcon(camp) {
    return CAMP_ICONS[camp] || "sun";
  },

  // -- the console ------------------------------------------------------------------------------------------------
  consoleLobby(v, ctx) {
    patch("#rp-setup", setupPanel(v, ctx));
  },

  // Bots the server plays (issue 22, app/engine/rulesets/reptiliens/bot.py): the lobby's button, their badge, and
  // their removal, as in Thiercelieux (static/js/bots.js).
  lobbyCheck(v, ctx) {
    return addBotButton(v, ctx, data.max);
  },

  lobbySeatExtra(v, p) {
    return botBadge(v, p);
  },

  removeSeat: removeBot,

  board,
  controlsExtra,
  seatBody,
  seatMarks,
  seatActions,

  seatClasses(v, p) {
    const camp = campOf((p.cards || {}).camp);
    return camp ? `rp-camp-${camp}` : null;
  },

  promptInfo(v, p, ctx) {
    const info = p.info || {};
    if (p.step === "rp-show-reponses" && info.guess) return rt("ui.rp-info-guess", { role: roleName(info.guess) });
    if (info.alpha !== undefined) return rt("ui.rp-info-alpha", { name: ctx.name(info.alpha) });
    if (info.seat !== undefined) return rt("ui.rp-info-seat", { name: ctx.name(info.seat) });
    return null;
  },
};
