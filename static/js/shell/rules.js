// @ts-check
// The page's ruleset module (static/js/rulesets/<key>.js): its cards, marks, panels and lines. The shell asks it
// for each of them and falls back on a generic rendering when it has none; the key comes from the room (the page's
// `data-ruleset`, which the server fills from the room's ruleset).

/**
 * The current ruleset's hooks (types/hooks.d.ts: shared, phone and console hooks); empty until `loadRuleset` resolves.
 * @type {import("../types/hooks").RulesetHooks & {key: string | null, ready?: boolean}} (`ready`: set by the page once loaded)
 */
export const rules = { key: null, info: null };

/** Import the room's ruleset module (and let it fetch what it needs from GET /api/rulesets/{key}). */
export async function loadRuleset(key) {
  if (!/^[a-z][a-z0-9-]*$/.test(key || "")) return rules;
  rules.key = key;
  try {
    const mod = await import(`../rulesets/${key}.js`);
    Object.assign(rules, mod.default || {});
  } catch (err) {
    console.warn(`no page module for ruleset ${key}`, err); // the generic rendering still works
  }
  if (typeof rules.init === "function") {
    try {
      await rules.init(key);
    } catch (err) {
      console.warn(`ruleset ${key} could not load its data`, err);
    }
  }
  return rules;
}

/**
 * Call a hook of the ruleset if it has it, else return `fallback`.
 * @param {keyof import("../types/hooks").RulesetHooks} name
 * @param {any} fallback
 * @param {...any} args
 * @returns {any}
 */
export function hook(name, fallback, ...args) {
  const fn = rules[name];
  if (typeof fn !== "function") return fallback;
  const out = fn.apply(rules, args);
  return out === undefined ? fallback : out;
}

/** The page's colours follow the game (night or day), as the ruleset's `theme` hook says. */
export function applyTheme(v) {
  const theme = hook("theme", v.phase === "night" || v.phase === "lobby" ? "night" : "day", v);
  document.body.classList.toggle("theme-night", theme === "night");
  document.body.classList.toggle("theme-day", theme !== "night");
  document.body.dataset.phase = v.phase;
}
