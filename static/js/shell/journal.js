// @ts-check
// Readable lines for the events of a stream: the journal of a phone, the MJ's log, the story told at the end. The
// engine's generic events are read here; a ruleset reads its own first (`describe` in its module).
import { h } from "./dom.js";
import { has, listNames, listOf, localTime, optionName, prettyCode, roleName, stepName, t, timeOf } from "./i18n.js";
import { officeName } from "./offices.js";
import { hook, rules } from "./rules.js";

/** Names of seats from the view, plus those of seats that left (from the stream). */
export function namer(view, events) {
  const names = new Map();
  for (const e of events || []) {
    if ((e.type === "joined" || e.type === "renamed") && e.data) names.set(e.data.seat, e.data.name);
  }
  for (const p of (view && view.players) || []) names.set(p.seat, p.name);
  return (seat) => {
    if (seat === null || seat === undefined) return t("ui.nobody");
    if (seat === -1) return t("ui.mj");
    return names.get(Number(seat)) ?? t("ui.seat_n", { n: Number(seat) + 1 });
  };
}

export function formatCounts(counts, name) {
  const entries = Object.entries(counts || {}).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return t("ui.no_votes_list");
  return entries.map(([seat, n]) => `${name(seat)} (${n})`).join(", ");
}

/** The label of a `choice` prompt's option: the ruleset's words, else `choice.<step>.<option>`. */
export function choiceLabel(prompt, option) {
  const own = hook("choiceLabel", undefined, prompt, option);
  if (own !== undefined) return own;
  return has(`choice.${prompt.step}.${option}`) ? t(`choice.${prompt.step}.${option}`) : String(option);
}

export function formatAnswer(prompt, answer, name) {
  if (answer === undefined) return "…";
  if (prompt.kind === "confirm") return answer ? t("ui.yes") : t("ui.no");
  if (prompt.kind === "choice") return choiceLabel(prompt, answer);
  if (Array.isArray(answer)) return answer.length ? listNames(answer, name) : t("ui.nobody");
  return String(answer);
}

/** Parameters of a text made readable: seats become names, roles their names, times the reader's clock. */
export function readableParams(params, name) {
  const out = {};
  for (const [key, value] of Object.entries(params || {})) {
    if (["seat", "target", "partner", "by", "accused", "victim", "leader", "condemned"].includes(key)) out[key] = name(value);
    else if (key === "seats") {
      out[key] = listNames(value, name);
      // How many they are, for the verb to agree ("{seats} {seats_n, plural, one {retourne} other {retournent}}").
      if (Array.isArray(value)) out.seats_n = value.length;
    }
    else if (key === "role") out[key] = roleName(value);
    else if (key === "roles" && Array.isArray(value)) out[key] = listOf(value.map(roleName));
    else if (key === "options" && Array.isArray(value)) out[key] = listOf(value.map(optionName));
    else if (key === "counts") out[key] = formatCounts(value, name);
    else if (key.endsWith("_at") && typeof value === "number") out[key] = localTime(value);
    else out[key] = value;
  }
  return out;
}

/** A question's short label in a log line, with the seats and coins its info names (the ruleset's `promptParams`). */
export function questionLabel(prompt, name) {
  const params = hook("promptParams", undefined, prompt, name) ?? readableParams(prompt.info || {}, name);
  return stepName(prompt.step, params);
}

/** The text of an announcement event's data ({key, params}). */
export function announceText(data, name, thirdPerson = false) {
  const params = data.params || {};
  let key = `announce.${data.key}`;
  // A private line ("your vision: …") told to someone else (the MJ, the end-of-game story) reads in the third person.
  if (thirdPerson && has(`${key}.3p`)) key = `${key}.3p`;
  const empty = (v) => v === null || v === undefined || (Array.isArray(v) && !v.length) ||
    (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
  for (const p of ["seat", "seats", "counts"]) {
    if (p in params && empty(params[p]) && has(`${key}.none`)) key = `${key}.none`;
  }
  return has(key) ? t(key, readableParams(params, name)) : data.key;
}

/**
 * The announcement a ruleset's fact reads as ({key, params}), or null: the server lists the facts that have a
 * journal line, with the fact's fields that fill the line's params (`fact_lines` in the ruleset's data;
 * app/engine/facts.py, `Line`). No rule of any game here: a fact's line is its announcement's text.
 */
export function factAnnouncement(e) {
  const line = rules.info && rules.info.fact_lines && rules.info.fact_lines[e.type];
  if (!line) return null;
  const d = e.data || {};
  if ((line.needs || []).some((field) => d[field] === null || d[field] === undefined)) return null;
  const params = {};
  for (const [param, field] of Object.entries(line.params || {})) params[param] = d[field];
  return { key: line.key, params };
}

// Logs written before a fact carried its line hold the fact and, in the same command, a twin announcement of the
// same text: the fact's lines read since the last event of another time, so that the twin reads once.
let twins = { at: null, texts: [] };

// A ruleset that makes its announcements' params words itself (its `describe`) reads them through here too.
export function announceLine(d, e, ctx) {
  const text = announceText(d, ctx.name, Boolean(ctx.thirdPerson));
  const fromFact = e.type !== "announce";
  if (twins.at !== e.at) twins = { at: e.at, texts: [] };
  else if (!fromFact && twins.texts.includes(text)) {
    twins.texts.splice(twins.texts.indexOf(text), 1);
    return null;
  }
  if (fromFact) twins.texts.push(text);
  return { text, cls: `announce announce-${d.key}` };
}

/**
 * A readable line for an event ({text, cls}), or null when it says nothing worth reading.
 * mode "feed": what a player's journal shows; "full": the MJ's log and the end-of-game history.
 * ctx: {name, me (seat or null), thirdPerson (lines for someone else, e.g. the MJ), prompts: Map id → prompt}
 */
export function describe(e, ctx, mode = "feed") {
  const own = hook("describe", undefined, e, ctx, mode);
  if (own !== undefined) return own;
  const told = factAnnouncement(e);
  if (told) return announceLine(told, e, ctx);
  const d = e.data || {};
  const { name } = ctx;
  const full = mode === "full";
  switch (e.type) {
    case "announce":
      return announceLine(d, e, ctx);
    case "died": {
      // The cards the death turned: the main one (`role`), and any other (`cards`, slot → card).
      // None turned (a death whose card stays hidden) reads without one: `{role, select, none {} other {…}}`.
      const turned = [d.role, ...Object.values(d.cards || {})].filter(Boolean);
      return { text: t(`event.died.${d.cause}`, { name: name(d.seat), role: turned.length ? turned.map(roleName).join(", ") : "none" }),
        cls: "death" };
    }
    case "phase":
      if (d.phase === "night") return { text: t("event.phase.night", { n: d.night }), cls: "sep sep-night" };
      if (d.phase === "day") return { text: t("event.phase.day", { n: d.day }), cls: "sep sep-day" };
      return null;
    case "office":
      if (!full) return null;
      if (d.seat === null || d.seat === undefined) return { text: t("event.office.none", { office: officeName(d.office) }), cls: "info" };
      return { text: t("event.office", { name: name(d.seat), office: officeName(d.office) }), cls: "info" };
    case "step_suspended":
    case "step_resumed":
      return { text: t(`event.${e.type}`), cls: "step" };
    case "joined":
      return { text: t("event.joined", { name: d.name }), cls: "info" };
    case "left":
      return { text: t("event.left", { name: name(d.seat) }), cls: "info" };
    case "renamed":
      return full ? { text: t("event.renamed", { seat: Number(d.seat) + 1, name: d.name }), cls: "info" } : null;
    case "role_set":
      if (full) return { text: t(d.original ? "event.role_dealt" : "event.role_set", { name: name(d.seat), role: roleName(d.role) }), cls: "secret" };
      if (ctx.me !== null && ctx.me !== undefined && d.seat === ctx.me && !d.original) {
        return { text: t("event.role_changed", { role: roleName(d.role) }), cls: "secret" };
      }
      return null;
    case "revived":
      return { text: t("event.revived", { name: name(d.seat) }), cls: "info" };
    case "paused":
      return { text: t("event.paused"), cls: "info" };
    case "resumed":
      return { text: t("event.resumed"), cls: "info" };
    case "ended":
      if (d.reason === "mj" || !d.camp) return { text: t("event.ended_mj"), cls: "end" };
      return { text: t("event.ended", { camp: t(`camp.${d.camp}`) }), cls: "end" };
    case "undone":
      return { text: t(`event.undone.${d.phase}`, { n: d.number }), cls: "override" };
    case "configured":
      return full ? { text: t("event.configured"), cls: "info" } : null;
    case "preassigned": {
      if (!full) return null;
      const entries = Object.entries(d.preassigned || {});
      return { text: entries.length
        ? t("event.preassigned", { list: entries.map(([seat, role]) => `${name(seat)} → ${roleName(role)}`).join(", ") })
        : t("event.preassigned_none"), cls: "secret" };
    }
    case "reordered":
      return full ? { text: t("event.reordered"), cls: "info" } : null;
    case "said":
    case "hidden":
      return null; // the chat shows them
    case "rematch":
      return { text: t("event.rematch", { code: prettyCode(d.code) }), cls: "end" };
    case "step":
      return full && has(`step.${d.key}`) ? { text: t("event.step", { step: t(`step.${d.key}`) }), cls: "step" } : null;
    case "prompt_opened": {
      if (!full) return null;
      const p = d.prompt || {};
      return { text: t(p.to_mj ? "event.prompt_opened_mj" : "event.prompt_opened",
        { step: questionLabel(p, name), names: listNames(p.to, name) }), cls: "step" };
    }
    case "answered": {
      if (!full) return null;
      const p = (ctx.prompts && ctx.prompts.get(d.prompt)) || { kind: Array.isArray(d.answer) ? "pick" : "confirm" };
      const line = t("event.answered", { name: name(d.seat), step: p.step ? questionLabel(p, name) : stepName(p.step),
        answer: formatAnswer(p, d.answer, name) });
      // The reason said with it, in the reader's quotation marks (French ones hold their spaces: no line break).
      return { text: d.reason ? t("event.answered_reason", { line, reason: d.reason }) : line, cls: "answer" };
    }
    case "prompt_dropped":
      return full ? { text: t("event.prompt_dropped", { name: name(d.seat) }), cls: "info" } : null;
    case "override": {
      const params = { ...d, name: d.seat !== undefined ? name(d.seat) : "",
        role: d.role ? roleName(d.role) : "", office: d.office ? officeName(d.office) : "",
        step: d.step ? (has(`step.${d.step}`) ? t(`step.${d.step}`) : stepName(d.step)) : "" };
      // An office left vacant says so (`override.set_office.none`).
      const vacant = "office" in d && (d.seat === null || d.seat === undefined) && has(`override.${d.action}.none`);
      return { text: t(vacant ? `override.${d.action}.none` : `override.${d.action}`, params), cls: "override" };
    }
    default:
      // Every other event is bookkeeping (a timer, the RNG, a ruleset's typed fact without a line): its
      // announcement, if any, says what happened; an event type is never shown raw.
      return null;
  }
}

/** Prompt ids → their description, from the prompt_opened events of a stream (for readable answers). */
export function promptIndex(events) {
  const out = new Map();
  for (const e of events) {
    if (e.type === "prompt_opened" && e.data && e.data.prompt) out.set(e.data.prompt.id, e.data.prompt);
  }
  return out;
}

/** The events since the current phase began (what a phone shows as the news of the night or the day). */
export function sinceLastPhase(events) {
  let i = events.length - 1;
  while (i >= 0 && events[i].type !== "phase") i--;
  return events.slice(i + 1);
}

/**
 * A list of readable lines. With `reverse`, the phases (a night, a day) come newest first, each under its title,
 * and the lines of a phase in the order they happened, so a phase reads from top to bottom. Lines of events at
 * index `mark` or later (in the whole stream: `offset` is the index of events[0]) are new since the reader's last
 * visit: marked, with a separator before the first of them.
 */
export function eventList(events, ctx, mode, { reverse = false, mark = Infinity, offset = 0 } = {}) {
  const groups = [[]];
  let fresh = 0;
  events.forEach((e, i) => {
    const line = describe(e, ctx, mode);
    if (!line) return;
    const isNew = offset + i >= mark;
    if (isNew) fresh += 1;
    const node = h("li", { class: ["line", line.cls, isNew && "is-new"], "data-key": `e${offset + i}` },
      h("time", { class: "at" }, timeOf(e.at)), h("span", { class: "txt" }, line.text));
    if (line.cls.split(" ").includes("sep")) groups.push([node]);
    else groups[groups.length - 1].push(node);
  });
  if (reverse && groups.length > 1 && groups[0].length) {
    // What came before the first night or round (the table sitting down) gets a title of its own, or it would read
    // as the end of the phase shown above it.
    groups[0].unshift(h("li", { class: "line sep sep-lobby", "data-key": "lobby" }, h("time", { class: "at" }, ""),
      h("span", { class: "txt" }, t("ui.before_game"))));
  }
  const lines = (reverse ? groups.reverse() : groups).flat();
  if (fresh && fresh < lines.length) {
    // "New since your last visit": before the first new line.
    const sep = h("li", { class: "line since-sep", role: "separator", "data-key": "since" },
      h("span", {}, t("ui.new_since_visit", { n: fresh })));
    lines.splice(lines.findIndex((node) => node.classList.contains("is-new")), 0, sep);
  }
  return lines.length ? h("ol", { class: ["log", reverse && "log-reverse"] }, lines)
    : h("p", { class: "muted" }, t("ui.nothing_yet"));
}

/** "New since your last visit" in a journal: the index from which its events are new, kept until the next visit. */
export class JournalMark {
  constructor() {
    this.reset();
  }

  reset() {
    this.index = Infinity;
    this.checked = false;
  }

  /** Back on the journal: what came meanwhile is the new part. */
  markFrom(seen, length) {
    if (seen && seen.journal() < length) this.index = seen.journal();
  }

  /** On each frame: the first time, mark what came since the last visit; while the journal is seen, it is read. */
  follow(seen, events, onScreen) {
    if (!seen) return;
    if (this.index === Infinity && !this.checked) {
      this.checked = true;
      this.markFrom(seen, events.length);
    }
    if (onScreen && !document.hidden) {
      seen.setJournal(events.length);
      if (seen.dirty) seen.save();
    }
  }
}

export { rules };
