// @ts-check
// Les Loups-Garous de Thiercelieux in the pages: its cards and their pictures, the village's marks, the role card,
// the night's and the day's stage, the forum's hours, the end's table of cards, and the MJ console's set-up, seat
// details and overrides. The rules stay on the server: the view says each seat's camp (`secrets.camp`, the MJ's
// `camps`), what a question refuses and what to read with it (`disabled`, `notes`), the live count of a vote
// (`tallies`); GET /api/rulesets/<key> gives the cards, their camps and the night orders.
import { cardHidden, cardToggle } from "../shell/card_toggle.js";
import { addIcons, h, icon } from "../shell/dom.js";
import { has, listNames, localTime, localZone, roleName, t } from "../shell/i18n.js";
import { describe as genericLine, sinceLastPhase } from "../shell/journal.js";
import { rulesetData } from "../shell/net.js";
import { lifeButton } from "../shell/seat_actions.js";
import { sortRoles } from "./thiercelieux/composition.js";
import * as setup from "./thiercelieux/console_setup.js";
import { addBotButton, botBadge, removeBot } from "../bots.js";

addIcons({
  // A wolf's head: pointed ears, the ruff of the cheeks, a narrow muzzle.
  wolf: '<path d="M5 2l3.5 5.5h7L19 2l1 8 2.5 3.5-6 3-2.5 5h-4L7.5 16.5l-6-3L4 10z"/><path d="M8 11l2.5 1.2M16 11l-2.5 1.2"/><path d="M10.5 18l1.5 1.2 1.5-1.2z"/>',
  home: '<path d="M4 11l8-7 8 7v9H4z"/><path d="M10 20v-5h4v5"/>',
  note: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  frog: '<path d="M3 15c0-4 4-6.5 9-6.5s9 2.5 9 6.5-4 5-9 5-9-1-9-5z"/><circle cx="7.5" cy="7.5" r="2.5"/><circle cx="16.5" cy="7.5" r="2.5"/><path d="M8 15.5c2.2 1.3 5.8 1.3 8 0"/>',
  feather: '<path d="M20 4C12 4 6 10 6 18v2"/><path d="M6 18c7 0 13-5 14-14"/><path d="M9.5 14.5h5"/>',
  jester: '<path d="M4 18l2-10 6 5 6-5 2 10z"/><circle cx="6" cy="6" r="1.5"/><circle cx="18" cy="6" r="1.5"/>',
  shield: '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>',
  potion: '<path d="M9 3h6M10 3v5L5 18a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-10V3"/><path d="M7.5 14h9"/>',
  target: '<circle cx="12" cy="12" r="8"/><circle cx="12" cy="12" r="3"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4"/>',
  mask: '<path d="M2 9c3-1 6-1 10 1 4-2 7-2 10-1-1 5-3 7-6 7-2 0-3-2-4-2s-2 2-4 2c-3 0-5-2-6-7z"/><path d="M7 11.5h2M15 11.5h2"/>',
  sheep: '<path d="M6 10a3 3 0 0 1 4-3 3 3 0 0 1 5 0 3 3 0 0 1 3 4 3 3 0 0 1-2 5H8a3 3 0 0 1-2-6z"/><path d="M9 16v4M15 16v4"/>',
  wand: '<path d="M4 20L14 10"/><path d="M16 3l1 2.5 2.5 1-2.5 1L16 10l-1-2.5-2.5-1 2.5-1z"/>',
  dagger: '<path d="M20 4l-9.5 9.5"/><path d="M20 4v4l-8 8"/><path d="M8 11l5 5"/><path d="M9.5 14.5L4 20"/>',
  steps: '<path d="M7 16c-2 0-3-2-3-5s1-5 3-5 3 2 3 5-1 5-3 5z"/><path d="M17 20c-2 0-3-2-3-5s1-5 3-5 3 2 3 5-1 5-3 5z"/>',
  bat: '<path d="M2 8c2 0 3 1 4 3 1-2 3-3 6-3s5 1 6 3c1-2 2-3 4-3-1 4-3 8-6 9l-1-2-3 2-3-2-1 2c-3-1-5-5-6-9z"/>',
  hamster: '<circle cx="12" cy="13" r="7"/><circle cx="6.5" cy="6.5" r="2"/><circle cx="17.5" cy="6.5" r="2"/><path d="M9.5 12h.01M14.5 12h.01M11 15.5h2"/>',
  sleep: '<path d="M4 5h6l-6 7h6"/><path d="M13 11h5l-5 6h5"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 19V5"/><path d="M9 7h6"/>',
  hourglass: '<path d="M7 3h10v3l-5 6-5-6zM7 21h10v-3l-5-6-5 6z"/>',
});

/** The emblem of each card (a neutral card for one that has none). */
const ROLE_ICONS = {
  villageois: "home", "loup-garou": "wolf", "loup-blanc": "wolf", "infect-pere-des-loups": "wolf", louveteau: "wolf",
  voyante: "eye", sorciere: "potion", chasseur: "target", cupidon: "heart", "petite-fille": "eyeoff", voleur: "mask",
  chaman: "ghost", salvateur: "shield", corbeau: "feather", ancien: "hourglass", "joueur-de-flute": "note",
  "franc-macon": "users", apprenti: "book", assassin: "dagger", tueur: "dagger", "marchand-de-sable": "sleep",
  somnambule: "steps", casanova: "heart", berger: "sheep", magicien: "wand", traitre: "mask", vampire: "bat",
  "hamster-garou": "hamster", confesseur: "eye", chatelain: "potion", protecteur: "shield",
  "grand-mechant-loup": "wolf", "abominable-sectaire": "users", gitane: "ghost",  // official_solo.py (issue 14)
  ange: "star", "bouc-emissaire": "sheep", "idiot-du-village": "jester", "villageois-villageois": "home",
  "juge-begue": "book", "chevalier-epee-rouillee": "dagger", "servante-devouee": "heart",  // official_day.py
  "deux-soeurs": "users", "trois-freres": "users", renard: "eye", "montreur-d-ours": "steps",
  "enfant-sauvage": "steps", "chien-loup": "wolf", comedien: "jester",  // official_night.py
};
const END_ICONS = { wolves: "wolf", lovers: "heart", vampires: "bat", hamsters: "hamster", "loup-blanc": "wolf",
  "joueur-de-flute": "note", tueur: "dagger", assassin: "dagger", sectaire: "users" };

export const roleIcon = (role, extra = "") => icon(ROLE_ICONS[role] || "card", extra);

/** Whether a seat of the view holds the captain's office. */
const captain = (p) => (p.offices || []).includes("captain");

// What the server says of the ruleset: its cards ({key, camp, wolf}) and the camps of one against all.
const data = { roles: new Map(), solo: new Set() };

/** The CSS classes of a camp: its own, and "camp-solo" for one against all. */
const campClasses = (camp) => (camp ? [`camp-${camp}`, data.solo.has(camp) && "camp-solo"] : []);


// -- the village's public marks ------------------------------------------------------------------------------------
/** The village's public marks on a seat (view.public): charmed, a frog today, the Raven's curse, the idiot, the
 * Protecteur's shield, and the face-up day card of Le Village (004). */
export function publicMarks(v, seat) {
  const pub = (v && v.public) || {};
  const dayCard = (pub.day_roles || {})[String(seat)];
  const sect = sectGroup(pub, seat);  // the Abominable Sectaire's public groups (issue 14)
  const mark = (cls, name, key) => h("span", { class: `badge mark ${cls}`, title: t(`${key}.help`), "data-mark": cls },
    icon(name), h("span", { class: "mark-text" }, t(key)));
  return [
    (pub.charmed || []).includes(seat) ? mark("mark-charmed", "note", "public.charmed") : null,
    (pub.frogs || []).includes(seat) ? mark("mark-frog", "frog", "public.frog") : null,
    pub.raven === seat ? mark("mark-raven", "feather", "public.raven") : null,
    pub.idiot === seat ? mark("mark-idiot", "jester", "public.idiot") : null,
    (pub.ghosts || []).includes(seat) ? mark("mark-ghost", "ghost", "public.ghost") : null,
    pub.shielded === seat ? mark("mark-shielded", "shield", "public.shielded") : null,
    sect ? mark(`mark-sect-${sect}`, "users", `public.sect_group.${sect}`) : null,
    dayCard ? h("span", { class: "badge mark mark-day-role", title: t("public.day_role.help"), "data-mark": "day-role" },
      roleIcon(dayCard), h("span", { class: "mark-text" }, roleName(dayCard))) : null,
  ];
}

/** The Abominable Sectaire's group of a seat (1 or 2), 0 without a Sectaire in the game (issue 14). */
function sectGroup(pub, seat) {
  return (pub.sect_groups || []).findIndex((group) => group.includes(seat)) + 1;
}

/** The table's rule about saying one's role (004), for everyone to see. */
function talkRule(v) {
  const rule = (v.public && v.public.role_talk) || (v.options && v.options.role_talk) || "allowed";
  return h("p", { class: ["talk-rule", `talk-${rule}`], "data-rule": rule }, icon("chat"), h("span", {}, t(`talk.${rule}`)));
}

// -- forum days: the hours of the vote ----------------------------------------------------------------------------
/** The schedule announced this morning ({ends_at, locks_at, closes_at}) in a forum game's day, or null. */
export function daySchedule(v, events) {
  if (!v.options || v.options.schedule !== "forum" || v.phase !== "day") return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "phase") break;
    if (e.type === "announce" && e.data && e.data.key === "day_schedule") return e.data.params || null;
  }
  return null;
}

function scheduleState(schedule, now) {
  return now < schedule.locks_at ? "open" : now < schedule.closes_at ? "late" : "closed";
}

function scheduleCard(v, schedule, now) {
  const state = scheduleState(schedule, now);
  const steps = [
    { key: "open", until: schedule.locks_at },
    { key: "late", until: schedule.closes_at },
    { key: "closed", until: schedule.ends_at },
  ];
  const order = steps.map((s) => s.key);
  const zone = v.options.timezone;
  const here = localZone();
  return h("div", { class: ["card", "schedule", `schedule-${state}`], "data-state": state, "data-key": "schedule" },
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

function scheduleLines(v, schedule, now) {
  const state = scheduleState(schedule, now);
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

// -- the stage of a phone during the game ---------------------------------------------------------------------------
function headline(v, acting, schedule, name) {
  const step = v.step;
  const key = step ? step.key : null;
  if (key === "dusk" && schedule) {
    return h("div", { class: "headline headline-day", "data-key": "headline" }, icon("moon"), h("div", {},
      h("h1", {}, t("narr.dusk")), h("p", {}, t("forum.night_at", { time: localTime(schedule.ends_at) }))));
  }
  if (v.phase === "night") {
    if (acting) {
      return h("div", { class: "headline headline-act", "data-key": "headline" }, icon("eye"), h("div", {},
        h("h1", {}, t("room.your_turn")), key ? h("p", {}, t(`narr.${key}`)) : null));
    }
    return h("div", { class: "sleep", "data-key": "sleep" },
      h("div", { class: "moon-big" }, icon("moon")),
      h("h1", {}, t("room.village_sleeps")),
      // Only a living player is woken by the phone; a spectator and the dead are told what the night is for them.
      h("p", { class: "sleep-hint" }, t(v.viewer.kind === "spectator" ? "room.sleep_spectator"
        : v.me && !v.me.alive ? "room.sleep_dead" : "room.close_eyes")),
      key ? h("p", { class: "narration" }, t(`narr.${key}`)) : null);
  }
  // "C'est sûrement pas lui" (004): who is still standing.
  const standing = v.public && Array.isArray(v.public.standing) && v.public.standing.length ? v.public.standing : null;
  return h("div", { class: "headline headline-day", "data-key": "headline" }, icon("sun"), h("div", {},
    h("h1", {}, key ? t(`narr.${key}`) : t("phase.day", { n: v.day })),
    key && has(`narr.${key}.help`) ? h("p", {}, t(`narr.${key}.help`)) : null,
    standing ? h("p", { class: "standing-line", "data-standing": standing.join(" ") },
      t("room.standing", { names: listNames(standing, name) })) : null));
}

function stage(v, ctx) {
  const { events, name } = ctx;
  const mine = (v.prompts || []).filter((p) => p.mine);
  const schedule = daySchedule(v, events);
  const now = ctx.now;
  // The ghost question (004) waits for a dead player's answer at any time: it is not his turn at night. The Chaman
  // acts in his step by listening (`secrets.listening`), with nothing to answer.
  const acting = mine.some((p) => p.step !== "fantome") || Boolean(v.secrets && v.secrets.listening);
  const parts = [headline(v, acting, schedule, name)];
  if (schedule && now < schedule.ends_at) parts.push(scheduleCard(v, schedule, now));
  for (const prompt of mine) {
    const opened = ctx.prompts.get(prompt.id) || {};
    parts.push(ctx.prompt(prompt, { locksAt: prompt.locks_at ?? opened.locks_at ?? (schedule ? schedule.locks_at : null) }));
  }
  parts.push(ctx.publicPrompts());
  const peek = (v.secrets && v.secrets.peek) || (v.characters || []).map((c) => c.secrets.peek).find(Boolean);
  if (peek && v.phase === "night") {
    parts.push(h("div", { class: "card peek", "data-key": "peek" }, h("h3", {}, icon("eye"), t("room.peek_title")),
      Object.keys(peek).length
        ? h("p", {}, Object.entries(peek).map(([seat, n]) => t("room.peek_line", { name: name(seat), n })).join(" · "))
        : h("p", { class: "muted" }, t("room.peek_none"))));
  }
  const offset = events.length - sinceLastPhase(events).length;
  const news = sinceLastPhase(events).map((e, i) => [genericLine(e, ctx, "feed"), offset + i]).filter(([line]) => line);
  if (news.length) {
    parts.push(h("div", { class: "news card", "data-key": "news" },
      h("h3", {}, t(v.phase === "night" ? "room.news_night" : "room.news_day")),
      h("ul", {}, news.map(([line, i]) => h("li", { class: `line ${line.cls}`, "data-key": `n${i}` }, line.text)))));
  }
  return parts;
}

// -- the role card ---------------------------------------------------------------------------------------------
/** The card of the viewer's character: their own, or `character` (a second one, 004, with its own secrets). */
function roleCard(v, ctx, character = null) {
  if (character) v = { ...v, me: character, secrets: character.secrets || {} };
  const me = v.me;
  if (!me || !me.role) return null;
  const { name } = ctx;
  const eyebrow = v.characters && v.characters.length ? t("room.your_character", { name: me.name }) : t("room.your_role");
  const hidden = cardHidden(ctx.code);
  const toggle = cardToggle(ctx);
  const secrets = v.secrets || {};
  const camp = secrets.camp || (data.roles.get(me.role) || {}).camp || "village";
  const extra = [];
  if (me.original_role && me.original_role !== me.role) extra.push(t("room.was_role", { role: roleName(me.original_role) }));
  if (secrets.lover !== undefined) extra.push(h("span", { class: "love" }, icon("heart"), t("room.in_love_with", { name: name(secrets.lover) })));
  if (secrets.cupid_pair) extra.push(t("room.cupid_pair", { names: listNames(secrets.cupid_pair, name) }));
  if ((v.channels || []).some((c) => c.name === "spirits")) extra.push(h("span", {}, icon("ghost"), " ", t("room.chaman_hint")));
  if (secrets.potions) {
    extra.push(t("room.potions", {
      heal: secrets.potions.heal ? t("room.potion_left") : t("room.potion_used"),
      poison: secrets.potions.poison ? t("room.potion_left") : t("room.potion_used"),
    }));
  }
  extra.push(...secretLines(v, secrets, name, camp));
  return h("div", { class: ["role-card", ...campClasses(camp), hidden && "is-hidden"], "data-role": hidden ? null : me.role,
    "data-camp": hidden ? null : camp, "data-key": `card${me.seat}` },
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
function secretLines(v, secrets, name, camp) {
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
  if (secrets.vampire) out.push(h("span", {}, icon("bat"), " ", t("room.secret.vampire")));
  else if (secrets.converted) out.push(h("span", {}, icon("wolf"), " ", t("room.secret.converted")));
  if (secrets.second_role) out.push(t("room.secret.second_role", { role: roleName(secrets.second_role) }));
  if (secrets.camp_card) out.push(t("room.secret.camp_card", { role: roleName(secrets.camp_card) }));
  const dayCard = ((v.public && v.public.day_roles) || {})[String(me.seat)];
  if (dayCard) out.push(h("span", {}, roleIcon(dayCard), " ", t("room.secret.day_card", { role: roleName(dayCard) })));
  if (v.public && v.public.powers_lost && camp === "village") out.push(t("room.powers_lost_card"));
  return out;
}

// -- the MJ console: set-up, seats, overrides ----------------------------------------------------------------------
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

function roleOptions(selected, withNone) {
  const roles = sortRoles([...data.roles.values()]);
  return [
    withNone ? h("option", { value: "", selected: !selected ? true : null }, t("mj.random_role")) : null,
    roles.map((r) => h("option", { value: r.key, selected: r.key === selected ? true : null }, roleName(r.key))),
  ];
}


/** @type {import("../types/hooks").RulesetHooks} */
const hooks = {
  chatOrder: ["village", "wolves", "wolves-peek", "lovers", "vampires", "hamsters", "dead", "chaman", "spirits"],
  // The thread a team talks its question over in (a phone shows them together: room.js, promptCall).
  teamChannel: (prompt) => ({ loups: "wolves", "loups-lycanthropie": "wolves", vampires: "vampires", hamsters: "hamsters" })[prompt.step],

  async init(key) {
    const info = await rulesetData(key);
    this.info = info;
    data.roles = new Map((info.roles || []).map((r) => [r.key, r]));
    data.solo = new Set(info.solo_camps || []);
  },

  // -- texts ---------------------------------------------------------------------------------------------------
  // The Corbeau's two votes against the player he marked (001): the only votes nobody casts here.
  voteBonus(prompt, n) {
    return t("vote.bonus_raven", { n });
  },

  choiceLabel(prompt, option) {
    if (prompt.step !== "voleur") return undefined;
    if (option === "keep") return t("choice.voleur.keep");
    const cards = (prompt.info && prompt.info.cards) || [];
    const card = cards[Number(option)];
    return card ? t("choice.voleur.take", { role: roleName(card) }) : t("choice.voleur.card", { n: Number(option) + 1 });
  },

  // The game's own events (state.py): the lovers, the spare cards, and the captain's event of older logs (the
  // office event now).
  describe(e, ctx, mode) {
    const d = e.data || {};
    if (e.type === "lovers") return { text: t("event.lovers", { names: listNames(d.seats, ctx.name) }), cls: "secret" };
    if (e.type === "cards_in_play") {
      // A card the MJ brought in (issue 14): its night steps are called from now on (MJ only).
      return mode === "full" ? { text: t("event.cards_in_play", { role: roleName(d.role) }), cls: "secret" } : null;
    }
    if (e.type === "spare_cards") {
      return mode === "full" && d.cards && d.cards.length
        ? { text: t("event.spare_cards", { roles: d.cards.map(roleName).join(", ") }), cls: "secret" } : null;
    }
    if (e.type === "captain") {
      if (mode !== "full") return null;
      if (d.seat === null || d.seat === undefined) return { text: t("event.captain.none"), cls: "info" };
      return { text: t("event.captain", { name: ctx.name(d.seat) }), cls: "info" };
    }
    return undefined;
  },

  // -- chat: the Chaman hears the spirits in a channel the server lists for him, where the MJ relays the dead's words
  chatReadonly(name, view, ctx, channel, mj) {
    if (mj && name === "spirits") return t("chat.readonly.spirits_mj");
    if (!channel.live) return null;
    if (name === "spirits" || name === "wolves-peek") return t("chat.readonly.listen");
    if (name === "village" && ctx.kind === "seat" && ctx.alive && view.phase === "night") return t("chat.readonly.night");
    if (name === "wolves" && view.phase !== "night") return t("chat.readonly.wolves");
    if ((name === "vampires" || name === "hamsters") && view.phase !== "night") return t("chat.readonly.night_only");
    if (name === "chaman" && mj) return t("chat.readonly.chaman");
    if (name === "chaman") return t("chat.readonly.chaman_seance");  // no MJ: the dead speak during his step only
    return null;
  },

  // -- the player's page ---------------------------------------------------------------------------------------
  lobbyExtra(v) {
    const counts = {};
    for (const role of v.composition || []) counts[role] = (counts[role] || 0) + 1;
    return [
      Object.keys(counts).length ? h("div", { class: "deck" }, h("h3", {}, t("room.cards_in_play")),
        h("ul", { class: "chips" }, Object.entries(counts).map(([role, n]) =>
          h("li", { class: "chip", "data-key": role }, roleIcon(role, "chip-icon"), n > 1 ? `${n} × ${roleName(role)}` : roleName(role))))) : null,
      talkRule(v),
    ];
  },

  stage,

  cards(v, ctx) {
    // Two characters each (004): a card for each.
    const cards = [roleCard(v, ctx), ...(v.characters || []).map((c) => roleCard(v, ctx, c))].filter(Boolean);
    return cards.length ? cards : null;
  },

  villageExtra(v) {
    return v.public && v.public.powers_lost ? h("p", { class: "notice-line powers-lost" }, t("public.powers_lost")) : null;
  },

  marks(v, p) {
    const lover = v.secrets ? v.secrets.lover : undefined;
    return [lover === p.seat ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
      publicMarks(v, p.seat)];
  },

  roleChipClass(role) {
    const info = data.roles.get(role);
    return info && info.wolf ? "wolf" : null;
  },

  endIcon(camp) {
    return END_ICONS[camp] || "sun";
  },

  nextRenderAt(v, events, now) {
    const schedule = daySchedule(v, events);
    if (!schedule) return null;
    return [schedule.locks_at, schedule.closes_at, schedule.ends_at].filter((x) => x > now).sort((a, b) => a - b)[0] || null;
  },

  // -- the MJ console ------------------------------------------------------------------------------------------
  consoleInit(ctx) {
    setup.bindConsole(ctx, this.info);
  },

  consoleLobby(v) {
    setup.syncConsole(v);
  },

  endTitle(result) {
    // A game that nobody could win any more (flow.stalemate); else the shell's own title.
    if (result.reason === "stalemate") return t("end.stalemate");
    return result.camp ? t(`end.win.${result.camp}`) : t("end.stopped");
  },

  lobbyCheck(v, ctx) {
    return [...setup.consoleCheck(v), addBotButton(v, ctx, (this.info && this.info.max_players) || 40)];
  },

  removeSeat: removeBot,

  consoleGame(v) {
    return setup.syncLive(v);  // the options the MJ may change during the game (issue 14, item 3)
  },

  beforeStart() {
    return setup.beforeStart();
  },

  roleIcon,

  lobbySeatExtra(v, p, ctx) {
    const preset = (v.options && v.options.preassigned) || {};
    return [botBadge(v, p), h("label", { class: "seat-preset" }, h("span", { class: "sr-only" }, t("mj.preassign")),
      h("select", { "aria-label": t("mj.preassign"), title: t("mj.preassign"), onchange: (ev) => {
        if (ev.target.value) ctx.send("set_role", { seat: p.seat, role: ev.target.value });
        else ctx.send("configure", { options: { preassigned: Object.fromEntries(Object.entries(preset).filter(([s]) => s !== String(p.seat))) } });
      } }, roleOptions(preset[String(p.seat)], true)))];
  },

  controlsExtra(v, ctx) {
    const out = [];
    const standing = v.public && Array.isArray(v.public.standing) && v.public.standing.length ? v.public.standing : null;
    if (standing) {
      // "C'est sûrement pas lui" (004): who is still standing.
      out.push(h("p", { class: "small standing-line", "data-standing": standing.join(" ") },
        t("room.standing", { names: listNames(standing, ctx.name) })));
    }
    const schedule = daySchedule(v, ctx.events);
    if (schedule) out.push(scheduleLines(v, schedule, ctx.now));
    if (v.mj && v.mj.spare_cards && v.mj.spare_cards.length) {
      out.push(h("p", { class: "small muted" }, t("mj.spare_cards", { roles: v.mj.spare_cards.map(roleName).join(", ") })));
    }
    return out;
  },

  seatClasses(v, p) {
    return campClasses((v.camps || {})[String(p.seat)]);
  },

  seatMarks(v, p) {
    const lovers = new Set((v.mj && v.mj.lovers) || []);
    return [lovers.has(p.seat) ? h("span", { class: "badge badge-love", title: t("ui.lover") }, icon("heart")) : null,
      publicMarks(v, p.seat)];
  },

  seatBody(v, p, ctx) {
    const tags = Object.entries(((v.mj && v.mj.tags) || {})[String(p.seat)] || {}).filter(([k, val]) => !(k === "afk_missed" && !val));
    return [h("p", { class: "seat-role" }, roleIcon(p.role, "seat-role-icon"), roleName(p.role)),
      tags.length ? h("ul", { class: "tags" }, tags.map(([k, val]) => h("li", { "data-key": k }, tagText(k, val, ctx.name)))) : null];
  },

  seatActions(v, p, ctx) {
    return [
      lifeButton(p, ctx),
      p.alive && !captain(p) ? h("button", { type: "button", class: "btn btn-small", "data-action": "captain",
        onclick: () => ctx.send("set_office", { office: "captain", seat: p.seat }) }, icon("star"), t("mj.make_captain")) : null,
      captain(p) ? h("button", { type: "button", class: "btn btn-small", "data-action": "uncaptain",
        onclick: () => ctx.send("set_office", { office: "captain", seat: null }) }, t("mj.remove_captain")) : null,
      h("label", { class: "inline-select" }, h("span", {}, t("mj.set_role")),
        h("select", { "data-action": "set-role", onchange: (ev) => {
          const role = ev.target.value;
          if (!role || role === p.role) return;
          // A new card changes what the seat may do: asked first, as killing and reviving are.
          if (window.confirm(t("mj.set_role_confirm", { name: p.name, role: roleName(role) }))) ctx.send("set_role", { seat: p.seat, role });
          else ev.target.value = p.role || "";
        } }, roleOptions(p.role, false))),
    ];
  },

  promptInfo(v, p) {
    const info = p.info || {};
    return info.cards ? t("mj.info_cards", { roles: info.cards.map(roleName).join(", ") }) : null;
  },
};

export default hooks;
