// The journal's lines of event streams, as the pages read them (static/js/shell/journal.js with the ruleset's
// module): a seat's feed, the story told at the end, the MJ's log. tests/test_texts_render.py compares a game's
// lines from a log recorded by an older engine with those of the same game played today.
// Usage: node journal_lines.mjs <input.json> ({lang, ruleset, catalogue, rulesetData, streams: [{id, seat, events}]});
// prints {id: {feed: [lines], full: [lines]}}.
import { readFileSync } from "node:fs";
import { install } from "./fake_dom.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf-8"));
install(input.catalogue, input.lang);
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => input.rulesetData });

const shell = "../../static/js/shell";
const { rules } = await import(`${shell}/rules.js`);
const { namer, promptIndex, describe } = await import(`${shell}/journal.js`);
const mod = await import(`../../static/js/rulesets/${input.ruleset}.js`);
Object.assign(rules, mod.default || {});
rules.key = input.ruleset;
if (typeof rules.init === "function") await rules.init(input.ruleset);

const out = {};
for (const stream of input.streams) {
  const events = stream.events;
  const name = namer(null, events);
  const prompts = promptIndex(events);
  const lines = (ctx, mode) => events.map((e) => describe(e, ctx, mode)).filter(Boolean).map((l) => l.text);
  out[stream.id] = {
    feed: stream.seat === null ? [] : lines({ name, me: stream.seat, thirdPerson: false, prompts }, "feed"),
    full: lines({ name, me: null, thirdPerson: true, prompts }, "full"),
  };
}
process.stdout.write(JSON.stringify(out));
