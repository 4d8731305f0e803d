// Says, in Node, what the village screen would say of recorded games (tests/web/test_narration_texts.py writes
// them): at each public cue (an announcement with words for the ear, a step opening) the text of static/i18n/narration/ with the
// values the ruleset's page hook `sayParams(view)` gives from the spectator's view of that moment, formatted by the
// pages' own formatter (static/js/shell/i18n.js), on the stand-in DOM of fake_dom.mjs. Prints a JSON object: the
// texts said (`said`, in order) and those left unfinished (`problems`: a placeholder left, a raw key, "undefined",
// a French "de" not elided before a name).
// Usage: node say_texts.mjs <cues.json> (cues.json: {lang, ruleset, catalogue, rulesetData, cues: […]}).
import { readFileSync } from "node:fs";
import { install } from "./fake_dom.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf-8"));
install(input.catalogue, input.lang);
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => input.rulesetData });

const { has, t } = await import("../../static/js/shell/i18n.js");
const mod = await import(`../../static/js/rulesets/${input.ruleset}.js`);
const hooks = mod.default || {};
if (typeof hooks.init === "function") await hooks.init(input.ruleset);

/** The key the screen looks up (static/js/screen/lines.js): a step's opening, an announcement's words for the ear. */
function keyOf(cue) {
  return cue.kind === "open" ? `say.open.${cue.key}` : `say.announce.${cue.key}`;
}

const said = [];
const problems = [];
for (const { cues, view } of input.cues) {
  const params = { n: view.phase === "night" ? view.night : view.day, ...(hooks.sayParams ? hooks.sayParams(view) || {} : {}) };
  for (const cue of cues) {
    const key = keyOf(cue);
    if (!has(key)) continue; // a step that says nothing (the test lists them)
    const text = t(key, cue.kind === "announce" ? { ...params, ...cue.params } : params);
    said.push(text);
    const elision = input.lang === "fr" && /(^|[^\p{L}])(de|que) [AEIOUYÀÂÉÈÊÎÔ]/u.test(text);
    if (/[{}]|undefined|null|NaN|\bsay\./.test(text) || elision) problems.push({ key, text });
  }
}
process.stdout.write(JSON.stringify({ said, problems }));
