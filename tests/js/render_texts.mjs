// Renders, in Node, every text the pages would show of recorded games (tests/test_texts_render.py writes them) with
// the pages' own modules: the formatter (static/js/shell/i18n.js), the journal, the prompts and the ruleset's panels
// on a small stand-in DOM (fake_dom.mjs). Prints a JSON list of the texts that are not finished: a placeholder left
// ("{"), a "(s)", "..", a catalogue key shown raw, "undefined"/"null"/"NaN", or a render that threw.
// Usage: node render_texts.mjs <games.json> (games.json: {lang, ruleset, catalogue, rulesetData, viewers: […]}).
import { readFileSync } from "node:fs";
import { install } from "./fake_dom.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf-8"));
install(input.catalogue, input.lang);
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => input.rulesetData });

const shell = "../../static/js/shell";
const { rules } = await import(`${shell}/rules.js`);
const { renderPrompt, tallyPanel, verdictPanel } = await import(`${shell}/prompts.js`);
const { namer, eventList, promptIndex, describe } = await import(`${shell}/journal.js`);
const { t } = await import(`${shell}/i18n.js`);
const mod = await import(`../../static/js/rulesets/${input.ruleset}.js`);
Object.assign(rules, mod.default || {});
rules.key = input.ruleset;
if (typeof rules.init === "function") await rules.init(input.ruleset);
rules.ready = true;

const NAMESPACES = "ui|announce|prompt|step|pstep|event|role|camp|choice|why|error|chat|end|room|mj|vote|forum|" +
  "override|opt|power|dream|time|victory|comp|long|sc|rp|card|office|note|reason|spectator|dead";
const RAW_KEY = new RegExp(`(^|[\\s(«"])(${NAMESPACES})\\.[a-z0-9_-]+(\\.[a-z0-9_-]+)*($|[\\s).,»"])`);
const BAD = [["{", (s) => s.includes("{") || s.includes("}")], ["(s)", (s) => /\(s\)/.test(s)],
  ["..", (s) => /(^|[^.])\.\.($|[^.])/.test(s)], ["raw key", (s) => RAW_KEY.test(s)],
  ["undefined", (s) => /\b(undefined|NaN)\b|\[object /.test(s)], ["?.", (s) => /\?\s*\./.test(s)],
  // French elides before a vowel ("d'Emma1", "qu'Emma1"; half the recorded names start with one).
  ["elision", (s) => input.lang === "fr" && /(^|[^\p{L}])(de|que|De|Que) [AEIOUYÀÂÉÈÊÎÔaeiouyàâéèêîô]/u.test(s)]];

const problems = new Map();
function check(text, where) {
  if (typeof text !== "string" || !text) return;
  for (const [what, test] of BAD) {
    if (test(text)) {
      const k = `${what}|${text.replace(/\d+/g, "#").replace(/\b(P|Emma)#\b/g, "$1")}`;
      if (!problems.has(k)) problems.set(k, { what, text, where });
    }
  }
}

let checked = 0;
/** Every text of a rendered tree: each text node, each element's own run of text, and the attributes read aloud. */
function walk(node, where) {
  if (node === null || node === undefined || node === false) return;
  if (Array.isArray(node)) {
    node.forEach((n) => walk(n, where));
    return;
  }
  if (typeof node === "string" || typeof node === "number") {
    check(String(node), where);
    checked += 1;
    return;
  }
  if (node.nodeType === 3) {
    check(node.data, where);
    checked += 1;
    return;
  }
  if (node.nodeType !== 1) return;
  for (const attr of ["title", "aria-label", "placeholder", "alt"]) check(node.getAttribute(attr), where);
  // An element's own run of text (its text nodes side by side), where "." meets "." from two pieces.
  check(node.childNodes.filter((c) => c.nodeType === 3).map((c) => c.data).join(""), where);
  node.childNodes.forEach((c) => walk(c, where));
}

const errors = new Map();
const explained = {}; // a question's step → whether its addressee is told why they are asked (or what it is for)
const probes = {}; // label → the whole text of a snapshot's banner and stage (snapshots the test marked `probe`)
function safely(where, fn) {
  try {
    walk(fn(), where);
  } catch (err) {
    const k = `${where}|${err && err.message}`;
    if (!errors.has(k)) errors.set(k, { what: "threw", where, text: String(err && err.stack).slice(0, 600) });
  }
}

const noop = () => {};
for (const viewer of input.viewers) {
  const all = viewer.events;
  for (const snap of viewer.snapshots) {
    const v = snap.view;
    const events = all.slice(0, snap.n);
    const name = namer(v, events);
    const where = `${viewer.kind}:${viewer.seat ?? ""}@${v.phase}/${(v.step && v.step.key) || ""}`;
    const selection = new Map();
    const prompt = (p, extra = {}) => renderPrompt(p, { view: v, name, seat: p.as ?? (v.me ? v.me.seat : null),
      selection, rerender: noop, drafts: new Map(), now: snap.now, submit: async () => true, ...extra });
    const publicPrompts = () => (v.prompts || []).filter((p) => !p.mine && p.visibility === "public").map((p) =>
      p.kind === "pick" ? tallyPanel(v, p, name) : p.kind === "confirm" ? verdictPanel(p, name) : null);
    const ctx = { v, events, name, me: v.me ? v.me.seat : null, ui: { selection, drafts: new Map(), state: {} }, code: "ABCDEFGH",
      pretty: "ABCD-EFGH", conn: { now: () => snap.now, act: async () => true }, mode: viewer.kind === "mj" ? "mj" : "play",
      wide: false, thirdPerson: viewer.kind === "mj", prompts: promptIndex(events), now: snap.now, hostToken: null,
      rerender: noop, send: async () => true, anyAlive: () => Boolean(v.me && v.me.alive), setTab: noop, prompt,
      publicPrompts, qr: () => null, notifyButton: () => null, leave: noop, joinTable: noop, view: () => v,
      toast: noop, openModal: noop, closeModal: noop, token: "x", kind: viewer.kind === "mj" ? "mj" : viewer.kind,
      alive: Boolean(v.me && v.me.alive) };
    const hook = (name2, ...args) => (typeof rules[name2] === "function" ? rules[name2](...args) : null);
    safely(`${where} phaseLabel`, () => hook("phaseLabel", v, ctx));
    safely(`${where} statusExtra`, () => hook("statusExtra", v, ctx));
    if (viewer.kind === "mj") {
      safely(`${where} board`, () => (v.phase === "lobby" ? null : hook("board", v, ctx)));
      safely(`${where} controlsExtra`, () => hook("controlsExtra", v, ctx));
      for (const p of v.players || []) {
        safely(`${where} seatBody`, () => hook("seatBody", v, p, ctx));
        safely(`${where} seatMarks`, () => hook("seatMarks", v, p, ctx));
      }
      if (snap.probe) {
        probes[snap.probe] = (v.prompts || []).filter((p) => p.to_mj).map((p) => renderPrompt(p, { view: v, name,
          seat: -1, selection, rerender: noop, drafts: null, now: snap.now, submit: async () => true }).textContent).join("\n");
      }
      for (const p of v.prompts || []) {
        safely(`${where} promptInfo`, () => hook("promptInfo", v, p, ctx));
        // The MJ answers the questions put to them, and may answer any seat's.
        for (const seat of p.to_mj ? [null] : (p.to || []).slice(0, 2)) {
          safely(`${where} prompt ${p.step}`, () => renderPrompt(p, { view: v, name, seat: seat ?? -1, selection,
            rerender: noop, drafts: null, now: snap.now, submit: async () => true, actingAs: seat === null ? null : name(seat) }));
        }
      }
    } else {
      // The phone's banner as room.js writes it: the spectator's, the dead's (the ruleset's `deadNote`).
      const chat = (v.channels || []).some((c) => c.name === "dead") ? "yes" : "no";
      const banner = () => (v.viewer.kind === "spectator" ? t("room.spectating") : v.me && !v.me.alive && v.phase !== "ended"
        ? hook("deadNote", v, ctx) ?? t("room.you_are_dead", { chat }) : null);
      safely(`${where} banner`, banner);
      if (snap.probe) probes[snap.probe] = [banner(), hook("stage", v, ctx)].flat(Infinity).filter(Boolean)
        .map((n) => (typeof n === "string" ? n : n.textContent)).join("\n");
      if (v.phase !== "ended") {
        safely(`${where} stage`, () => hook("stage", v, ctx));
        safely(`${where} cards`, () => hook("cards", v, ctx));
      }
      safely(`${where} table`, () => hook("table", v, ctx));
      for (const p of v.prompts || []) {
        if (!p.mine) continue;
        safely(`${where} prompt ${p.step}`, () => {
          const node = prompt(p);
          const lines = node.childNodes.filter((c) => /\bprompt-(help|why)\b/.test(c.className || "") && c.textContent.trim());
          explained[p.step] = Boolean(explained[p.step]) || lines.length > 0;
          // "You can change your mind" only under an answer the server says may change.
          const text = node.textContent;
          const says = [t("ui.can_change"), t("ui.can_change_answer")].some((s) => text.includes(s));
          if (says && !p.may_change) {
            problems.set(`can change|${p.step}`, { what: "says it can change", text: p.step, where: `${where} prompt ${p.step}` });
          }
          return node;
        });
      }
      safely(`${where} public`, () => publicPrompts());
    }
    if (v.phase === "ended" && v.result) {
      safely(`${where} endTitle`, () => hook("endTitle", v.result, v));
      safely(`${where} endWhy`, () => hook("endWhy", v, ctx));
      safely(`${where} endDetails`, () => hook("endDetails", v, ctx, []));
    }
  }
  // The journal of the whole stream as the viewer's last view reads it: a phone's feed, the MJ's full log.
  const last = viewer.snapshots[viewer.snapshots.length - 1].view;
  const name = namer(last, all);
  const full = viewer.kind === "mj";
  const ctx = { name, me: last.me ? last.me.seat : null, thirdPerson: full, prompts: promptIndex(all), v: last,
    events: all };
  safely(`${viewer.kind}:${viewer.seat ?? ""} journal`, () => eventList(all, ctx, full ? "full" : "feed"));
  // A fact no page has heard of (a ruleset's new bookkeeping) is read like the others.
  const unknown = { type: "probe-unknown-fact", data: { seat: 0, key: "x", value: 1 }, seq: 0 };
  for (const e of [...all, unknown]) safely(`${viewer.kind} event ${e.type}${e.data && e.data.key ? ` ${e.data.key}` : ""}`,
    () => {
      const line = describe(e, ctx, full ? "full" : "feed");
      // An event's type is never a line: a fact the journal does not know is silent.
      if (line && line.text === e.type) problems.set(`raw event|${e.type}`, { what: "raw event type", text: e.type, where: "journal" });
      return line ? line.text : null;
    });
}
process.stdout.write(JSON.stringify({ checked, probes, explained, problems: [...problems.values(), ...errors.values()] }));
