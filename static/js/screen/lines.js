// @ts-check
// What the village screen says, read from the public stream only (the spectator's): each public step as it opens
// and closes (`say.open.<step>`, `say.close.<step>`: the meneur's phrases, static/i18n/narration/), and the news as
// the journal words it (night falling, deaths, announcements, the end), in the words written for the ear where the
// catalogue has them (`say.announce.<key>` for the announcement `<key>`). A step opens whether or not anyone holds
// its card (the engine draws its length: app/engine/night_length.py), so its words are the same either way:
// listening tells what the screen shows, no more.
import { has, t } from "../shell/i18n.js";
import { describe, factAnnouncement, readableParams } from "../shell/journal.js";
import { hook } from "../shell/rules.js";

// The journal's lines that are not news to read out (journal.js `describe`'s classes): the comings and goings, the
// pauses, the MJ's bookkeeping. A phase's own line ("Night 2") is said by the ruleset's announcement of it.
const QUIET = new Set(["info", "step", "answer", "override", "since-sep"]);

/** Whether a journal line is news to say aloud. */
export function isNews(e, line) {
  if (!line || !line.text) return false;
  const classes = line.cls.split(" ").filter(Boolean);
  if (e.type === "phase") return false;
  if (e.type === "revived") return true;
  return !classes.some((c) => QUIET.has(c));
}

/** A line's words for the ear: an announcement's `say.announce.<key>` when the catalogue has one, else its text. */
function spoken(e, line, name) {
  const told = e.type === "announce" ? e.data : factAnnouncement(e);
  if (told && told.key && has(`say.announce.${told.key}`)) {
    return t(`say.announce.${told.key}`, readableParams(told.params || {}, name));
  }
  return line.text;
}

/**
 * What to say for `events` (new in the stream, in order; `from`: the index of events[0] in the stream), and the step
 * open after them. Each line comes with where it comes from (`key`: its catalogue key, or `event:<index>` for a
 * journal line), which the tests compare.
 * @param {any[]} events
 * @param {{ v: any, name: (seat: any) => string, step: string | null, from?: number }} ctx
 *   `step`: the public step open before these events (null: none)
 * @returns {{ lines: {key: string, text: string}[], texts: string[], step: string | null, sounds: string[] }}
 */
export function linesFor(events, ctx) {
  const lines = [];
  const sounds = [];
  let step = ctx.step;
  const v = ctx.v;
  const params = { n: v.phase === "night" ? v.night : v.day, ...(hook("sayParams", {}, v) || {}) };
  const say = (key) => {
    if (has(key)) lines.push({ key, text: t(key, params) });
  };
  const close = () => {
    if (step) say(`say.close.${step}`);
    step = null;
  };
  const journal = { name: ctx.name, me: null, thirdPerson: false, prompts: new Map() };
  events.forEach((e, i) => {
    const d = e.data || {};
    if (e.type === "phase" && (d.phase === "night" || d.phase === "day")) {
      close();
      sounds.push(d.phase);
    } else if (e.type === "step") {
      if (d.key === step) return; // the same step given a new deadline: nothing new to say
      close();
      step = d.key || null;
      if (step) say(`say.open.${step}`);
    } else if (e.type === "step_resumed") {
      // An invoked action (Reptiliens) is over: it closes, and the step it interrupted goes on without a new call.
      close();
      step = d.key || (v.step ? v.step.key : null);
    } else {
      if (e.type === "ended") close();
      const line = describe(e, journal, "feed");
      if (isNews(e, line)) lines.push({ key: `event:${(ctx.from ?? 0) + i}`, text: spoken(e, line, ctx.name) });
    }
  });
  const said = lines.filter((line) => typeof line.text === "string" && line.text.length > 0);
  return { lines: said, texts: said.map((line) => line.text), step, sounds };
}
