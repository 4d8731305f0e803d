// Game set-up shared by the home page and the MJ console: the composition editor and the options form.
import { h, roleName, t } from "./common.js";

export const DURATIONS = ["night_step", "election", "debate", "vote", "dawn", "reaction"];
const CHECKS = ["captain", "allow_abstain", "dead_see_all"];
const SELECTS = ["wolves_disagree", "petite_fille"];
// The order cards are listed in: wolves first, then the village's powers, then the plain villagers.
const ORDER = ["loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "villageois"];

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
  return [...roles].sort((a, b) => {
    const ia = ORDER.indexOf(a.key), ib = ORDER.indexOf(b.key);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.key.localeCompare(b.key);
  });
}

/** Cards needed for `players` seats: one each, and two more when the Voleur is in play. */
export function expectedCards(players, counts) {
  return players + ((counts.voleur || 0) > 0 ? 2 : 0);
}

/** What is wrong with a composition for `players` seats, as a translated sentence, or null. */
export function compositionProblem(players, counts, roles) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const expected = expectedCards(players, counts);
  if (!(counts["loup-garou"] > 0)) return t("error.no_wolf");
  for (const role of roles) {
    if (role.unique && (counts[role.key] || 0) > 1) return t("error.role_twice", { role: roleName(role.key) });
  }
  if (total !== expected) return t("error.composition_size", { expected, got: total });
  return null;
}

/**
 * A +/− counter per role. `state.counts` is changed in place; `onChange()` is called after every change.
 */
export function compositionEditor(roles, state, onChange) {
  const rows = sortRoles(roles).map((role) => {
    const count = state.counts[role.key] || 0;
    const change = (delta) => {
      const next = Math.max(0, (state.counts[role.key] || 0) + delta);
      if (role.unique && next > 1) return;
      state.counts[role.key] = next;
      onChange();
    };
    return h("div", { class: ["comp-row", count === 0 && "zero", `camp-${role.camp}`], "data-role": role.key },
      h("span", { class: "comp-name" }, h("b", {}, roleName(role.key)),
        h("small", {}, t(`camp.${role.camp}`), role.unique ? "" : ` · ${t("ui.several")}`)),
      h("span", { class: "stepper small" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": `${t("ui.less")} ${roleName(role.key)}`,
          disabled: count === 0 ? true : null, onclick: () => change(-1) }, "−"),
        h("output", { class: "comp-count" }, String(count)),
        h("button", { type: "button", class: "btn btn-round", "aria-label": `${t("ui.more")} ${roleName(role.key)}`,
          disabled: role.unique && count >= 1 ? true : null, onclick: () => change(1) }, "+")));
  });
  return h("div", { class: "comp-rows" }, rows);
}

export function writeOptions(form, options) {
  for (const key of DURATIONS) {
    const input = form.elements[key];
    if (input && options[key] !== undefined) input.value = String(Math.round(Number(options[key]) * 100) / 100);
  }
  for (const key of CHECKS) if (form.elements[key]) form.elements[key].checked = Boolean(options[key]);
  for (const key of SELECTS) if (form.elements[key] && options[key]) form.elements[key].value = options[key];
  if (form.elements.petite_fille_risk) {
    form.elements.petite_fille_risk.value = String(Math.round(Number(options.petite_fille_risk ?? 0.2) * 100));
  }
  const mod = form.querySelector(`input[name="moderation"][value="${options.moderation}"]`);
  if (mod) mod.checked = true;
}

export function readOptions(form) {
  const out = {};
  for (const key of DURATIONS) {
    const input = form.elements[key];
    const value = input ? Number(input.value) : NaN;
    if (input && input.value !== "" && Number.isFinite(value) && value > 0) out[key] = value;
  }
  for (const key of CHECKS) if (form.elements[key]) out[key] = form.elements[key].checked;
  for (const key of SELECTS) if (form.elements[key]) out[key] = form.elements[key].value;
  if (form.elements.petite_fille_risk && form.elements.petite_fille_risk.value !== "") {
    out.petite_fille_risk = Math.min(1, Math.max(0, Number(form.elements.petite_fille_risk.value) / 100));
  }
  const mod = form.querySelector('input[name="moderation"]:checked');
  if (mod) out.moderation = mod.value;
  return out;
}
