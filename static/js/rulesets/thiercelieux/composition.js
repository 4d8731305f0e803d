// @ts-check
// The composition editor of a ruleset with cards and a night, and what the server says of a composition. The
// server judges every composition (POST /api/rulesets/<key>/composition): whether the game may start and why not,
// the rules' advice, the cards the table wants, the cards the options allow and the suggestion. Nothing of those
// rules is copied here: this module draws the counters and shows the answer.
import { h, icon } from "../../shell/dom.js";
import { has, rejectionText, roleName, t } from "../../shell/i18n.js";
import { api } from "../../shell/net.js";
import { hook, rules } from "../../shell/rules.js";

const roleIcon = (key, extra = "") => hook("roleIcon", icon("card", extra), key, extra);
const soloCamps = () => new Set((rules.info && rules.info.solo_camps) || []);
const isSoloCamp = (camp) => soloCamps().has(camp);
const campClasses = (camp) => [`camp-${camp}`, isSoloCamp(camp) && "camp-solo"];

// How the cards are listed, and which stay in sight (the base box's), as the server says (its info's `card_order`
// and `base_cards`).
const cardOrder = () => (rules.info && rules.info.card_order) || [];
const baseCards = () => new Set((rules.info && rules.info.base_cards) || []);

export function countsOf(composition) {
  const counts = {};
  for (const role of composition || []) counts[role] = (counts[role] || 0) + 1;
  return counts;
}

export function compositionOf(counts, roles) {
  const out = [];
  for (const role of sortRoles(roles)) {
    for (let i = 0; i < (counts[role.key] || 0); i++) out.push(role.key);
  }
  return out;
}

export function sortRoles(roles) {
  const order = cardOrder();
  return [...roles].sort((a, b) => {
    const ia = order.indexOf(a.key), ib = order.indexOf(b.key);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.key.localeCompare(b.key);
  });
}

export const cardCount = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The cards the server's answer allows (all of them until it has answered). */
export function allowedCards(roles, check) {
  if (!check || !Array.isArray(check.allowed_roles)) return roles;
  const allowed = new Set(check.allowed_roles);
  return roles.filter((role) => allowed.has(role.key));
}

/**
 * A +/− counter per role. `state.counts` is changed in place; `onChange()` is called after every change. (A card
 * the ruleset says is unique gets no second copy: `unique` is the card's own data, served with it.)
 */
export function compositionEditor(roles, state, onChange) {
  const row = (role) => {
    const count = state.counts[role.key] || 0;
    const change = (delta) => {
      const next = Math.max(0, (state.counts[role.key] || 0) + delta);
      if (role.unique && next > 1) return;
      state.counts[role.key] = next;
      onChange();
    };
    return h("div", { class: ["comp-row", count === 0 && "zero", ...campClasses(role.camp)], "data-role": role.key },
      roleIcon(role.key, "comp-icon"),
      h("span", { class: "comp-name" }, h("b", {}, roleName(role.key)),
        h("small", {}, isSoloCamp(role.camp) ? t("comp.camp_solo") : t(`camp.${role.camp}`),
          role.unique ? "" : ` · ${t("ui.several")}`)),
      h("span", { class: "stepper small" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": `${t("ui.less")} ${roleName(role.key)}`,
          disabled: count === 0 ? true : null, onclick: () => change(-1) }, "−"),
        h("output", { class: "comp-count" }, String(count)),
        h("button", { type: "button", class: "btn btn-round", "aria-label": `${t("ui.more")} ${roleName(role.key)}`,
          disabled: role.unique && count >= 1 ? true : null, onclick: () => change(1) }, "+")));
  };
  const sorted = sortRoles(roles);
  const base = baseCards();
  const main = sorted.filter((role) => base.has(role.key));
  const more = sorted.filter((role) => !base.has(role.key));
  const counted = more.filter((role) => state.counts[role.key] > 0).length;
  if (!more.length) return h("div", { class: "comp-rows" }, main.map(row));
  // The other roles fold away on a phone; open when one of them is in play (or the MJ opened it).
  const details = h("details", { class: "comp-more", open: state.moreOpen ?? counted > 0 ? true : null,
    ontoggle: (ev) => { state.moreOpen = ev.target.open; } },
  h("summary", {}, h("span", {}, t("comp.more_roles", { n: more.length })),
    h("small", { class: "muted" }, counted ? ` · ${counted} ✓` : ` · ${t("comp.more_roles_help")}`)),
  h("div", { class: "comp-rows" }, more.map(row)));
  return h("div", { class: "comp-editor" }, h("div", { class: "comp-rows" }, main.map(row)), details);
}

// -- what the server says (POST /api/rulesets/<key>/composition) --------------------------------------------------
/**
 * A function `ask(players, composition, options, { planned })` that asks the server to judge a composition, at most
 * once per pause in the editing, and hands the latest answer to `onCheck(check)`; it returns whether an answer is
 * coming (false: the last one still holds). A refused request (options the server does not take) comes back as a
 * check with that refusal; a network failure as null.
 */
export function checker(onCheck, delay = 250) {
  let timer = null;
  let asked = 0;
  let last = "";
  const keyOf = (players, composition, options = {}, { planned = false } = {}) =>
    JSON.stringify({ players, composition, options, planned });
  let pending = ""; // the composition whose answer is coming
  const ask = (players, composition, options = {}, { planned = false } = {}) => {
    const body = { players, composition, options, planned };
    const key = keyOf(players, composition, options, { planned });
    // Asked again about the composition whose answer is coming (the page drew itself meanwhile): wait for that
    // answer rather than drop it for a new request, which a slow server could make forever.
    if (key === pending) return true;
    clearTimeout(timer);
    if (key === last) {
      asked++;  // back to what the last answer judged: a request under way is stale
      pending = "";
      return false;
    }
    pending = key;
    timer = setTimeout(async () => {
      const mine = ++asked;
      let check = null;
      try {
        check = await api(`/api/rulesets/${encodeURIComponent(rules.key)}/composition`, { method: "POST", body });
      } catch (err) {
        if (err.code !== "network") {
          check = { valid: false, refusals: [{ code: err.code, message: err.message, params: err.params || {} }] };
        }
      }
      if (mine !== asked) return;
      pending = "";
      last = check ? key : "";
      onCheck(check);
    }, delay);
    return true;
  };
  // The last answer also holds for this composition (the suggestion an answer on no composition judged).
  ask.settle = (...args) => { last = keyOf(...args); };
  return ask;
}

/** Why the server refuses the composition, as a sentence (null when it may start). */
export function refusalText(check) {
  const refusal = check && !check.valid && (check.refusals || [])[0];
  if (!refusal) return null;
  const refused = optionRefusal(check);
  return refused ? refused.text : rejectionText(refusal.code, refusal.message, refusal.params);
}

/** The option the server refuses (its answer `400 bad_options` names it) and why: the catalogue's sentence for it
 * when it has one (opt.<option>.bad), else the server's message; null when no option is refused. */
export function optionRefusal(check) {
  const refusal = check && !check.valid && (check.refusals || [])[0];
  const option = refusal && refusal.code === "bad_options" && (refusal.params || {}).option;
  if (typeof option !== "string") return null;
  return { option, text: has(`opt.${option}.bad`) ? t(`opt.${option}.bad`) : refusal.message || option };
}

/** A sentence of the server's, from its catalogue key and params (a card named by its key is shown by its name). */
function said(item) {
  const params = { ...(item.params || item) };
  if (typeof params.role === "string") params.role = roleName(params.role);
  return t(item.key || `comp.warn.${item.code}`, params);
}

/** The lines above the composition saying what the cards are with these options (none in the official game). */
export function compositionNotes(check) {
  return ((check && check.notes) || []).map((note) =>
    h("p", { class: "hint comp-mode", "data-note": note.code }, said(note)));
}

/** The report shown under the composition: the warnings (advice, never a refusal) and the balance indicator. */
export function compositionReport(check, { start = false } = {}) {
  if (!check || check.balance === undefined) return [];
  const warnings = check.warnings || [];
  const balance = Number(check.balance) || 0;
  const span = 20;
  const at = ((Math.max(-span, Math.min(span, balance)) + span) / (2 * span)) * 100;
  return [
    warnings.length ? h("div", { class: "comp-warnings", role: "status" },
      h("ul", {}, warnings.map((w) => h("li", { class: "comp-warning", "data-code": w.code, "data-role": w.role || null },
        icon("bell"), h("span", {}, said(w))))),
      h("p", { class: "small muted" }, t(start ? "comp.advisory_start" : "comp.advisory"))) : null,
    h("div", { class: ["balance", `balance-${check.verdict}`], "data-verdict": check.verdict, "data-balance": balance },
      h("p", { class: "balance-line" }, h("b", {}, t("comp.balance", { balance: balance > 0 ? `+${balance}` : String(balance) })),
        " — ", h("span", { class: "balance-verdict" }, t(`comp.verdict.${check.verdict}`))),
      h("div", { class: "balance-bar", "aria-hidden": "true" }, h("span", { class: "balance-mark", style: `left: ${at.toFixed(1)}%` })),
      h("div", { class: "balance-ends", "aria-hidden": "true" }, h("span", {}, t("camp.wolves")), h("span", {}, t("camp.village"))),
      h("p", { class: "hint" }, t("comp.balance_help"))),
  ].filter(Boolean);
}

/** The rules' advice alone, as the console's lobby check lists it. */
export function warningList(check) {
  const warnings = (check && check.warnings) || [];
  return warnings.length ? h("ul", { class: "comp-warnings small" }, warnings.map((w) =>
    h("li", { class: "comp-warning", "data-code": w.code }, icon("bell"), h("span", {}, said(w))))) : null;
}
