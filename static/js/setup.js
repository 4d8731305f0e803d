// Game set-up shared by the home page and the MJ console: the composition editor and the options form.
import { h, localZone, roleName, t } from "./common.js";

export const DURATIONS = ["night_step", "election", "debate", "vote", "dawn", "reaction"];
const CHECKS = ["captain", "allow_abstain", "dead_see_all", "dead_chat"];
const SELECTS = ["wolves_disagree", "petite_fille", "village_readers"];
const INTEGERS = ["vote_lock", "vote_late", "afk_after"];
const TEXTS = ["timezone", "day_end"];
// A forum game lasts days: when the MJ picks it, the durations that still count become hours, not seconds.
const FORUM_DURATIONS = { night_step: 7200, vote: 1200, reaction: 1800, dawn: 60 };
// The order cards are listed in: wolves first, then the village's powers, then the plain villagers.
const ORDER = ["loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "chaman",
  "villageois"];

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

/** "2 h", "1 h 30 min", "45 s", "1 d 2 h": a number of seconds as people say it. */
export function humanDuration(seconds) {
  const s = Math.round(Number(seconds));
  if (!Number.isFinite(s) || s <= 0) return "";
  const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const parts = [];
  if (d) parts.push(t("duration.d", { n: d }));
  if (hh) parts.push(t("duration.h", { n: hh }));
  if (m && !d) parts.push(t("duration.min", { n: m }));
  if (sec && !d && !hh) parts.push(t("duration.s", { n: sec }));
  return parts.join(" ");
}

export function writeOptions(form, options) {
  for (const key of DURATIONS) {
    const input = form.elements[key];
    if (input && options[key] !== undefined) input.value = String(Math.round(Number(options[key]) * 100) / 100);
  }
  for (const key of CHECKS) if (form.elements[key]) form.elements[key].checked = Boolean(options[key]);
  for (const key of SELECTS) if (form.elements[key] && options[key]) form.elements[key].value = options[key];
  for (const key of [...INTEGERS, ...TEXTS]) {
    if (form.elements[key] && options[key] !== undefined && options[key] !== null) form.elements[key].value = String(options[key]);
  }
  const schedule = form.querySelector(`input[name="schedule"][value="${options.schedule || "live"}"]`);
  if (schedule) schedule.checked = true;
  if (form.elements.petite_fille_risk) {
    form.elements.petite_fille_risk.value = String(Math.round(Number(options.petite_fille_risk ?? 0.2) * 100));
  }
  const mod = form.querySelector(`input[name="moderation"][value="${options.moderation}"]`);
  if (mod) mod.checked = true;
  refreshSetup(form);
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
  for (const key of INTEGERS) {
    const input = form.elements[key];
    if (input && input.value !== "" && Number.isFinite(Number(input.value))) out[key] = Math.max(0, Math.round(Number(input.value)));
  }
  for (const key of TEXTS) {
    const input = form.elements[key];
    if (input && input.value.trim()) out[key] = input.value.trim();
  }
  const schedule = form.querySelector('input[name="schedule"]:checked');
  if (schedule) out.schedule = schedule.value;
  return out;
}

function scheduleOf(form) {
  const checked = form.querySelector('input[name="schedule"]:checked');
  return checked ? checked.value : "live";
}

/** What is wrong with the forum settings, as a sentence, or null. */
export function forumProblem(form) {
  if (scheduleOf(form) !== "forum") return null;
  const lock = Number(form.elements.vote_lock && form.elements.vote_lock.value);
  const late = Number(form.elements.vote_late && form.elements.vote_late.value);
  if (Number.isFinite(lock) && Number.isFinite(late) && late > lock) return t("opt.forum.late_after_lock");
  const end = form.elements.day_end && form.elements.day_end.value;
  if (form.elements.day_end && !/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(end || "")) return t("opt.forum.bad_day_end");
  return null;
}

function minutesBefore(hhmm, minutes) {
  const [hh, mm] = hhmm.split(":").map(Number);
  const total = ((hh * 60 + mm - minutes) % 1440 + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Show the forum's fields or the live ones, the durations in words, and an example of a forum day. */
export function refreshSetup(form) {
  const forum = scheduleOf(form) === "forum";
  for (const node of form.querySelectorAll("[data-forum-only]")) node.hidden = !forum;
  for (const node of form.querySelectorAll("[data-live-only]")) node.hidden = forum;
  for (const node of form.querySelectorAll("[data-human]")) {
    const input = form.elements[node.dataset.human];
    node.textContent = input && Number(input.value) >= 120 ? `≈ ${humanDuration(input.value)}` : "";
  }
  const example = form.querySelector(".forum-example");
  if (example) {
    const problem = forumProblem(form);
    const end = form.elements.day_end ? form.elements.day_end.value : "";
    example.classList.toggle("bad", Boolean(problem));
    if (problem) example.textContent = problem;
    else if (end) {
      example.textContent = t("opt.forum.example", {
        locks: minutesBefore(end, Number(form.elements.vote_lock.value) || 0),
        closes: minutesBefore(end, Number(form.elements.vote_late.value) || 0),
        ends: end,
        zone: form.elements.timezone ? form.elements.timezone.value : "",
      });
    } else example.textContent = "";
  }
}

/**
 * Wire a set-up form: the forum/live switch (which suggests durations in hours for a forum game, and back),
 * the time zones to pick from. `defaults()` gives the ruleset's default options.
 */
export function bindSetup(form, defaults) {
  const zones = form.querySelector("datalist#timezones") || document.getElementById("timezones");
  if (zones && !zones.children.length) {
    let names = [];
    try { names = Intl.supportedValuesOf("timeZone"); } catch { names = []; }
    const here = localZone();
    if (here && !names.includes(here)) names.unshift(here);
    zones.replaceChildren(...names.map((name) => h("option", { value: name })));
  }
  for (const radio of form.querySelectorAll('input[name="schedule"]')) {
    radio.addEventListener("change", () => {
      const base = defaults() || {};
      const forum = scheduleOf(form) === "forum";
      for (const [key, hours] of Object.entries(FORUM_DURATIONS)) {
        const input = form.elements[key];
        if (!input) continue;
        const value = Number(input.value);
        if (forum && value === Number(base[key])) input.value = String(hours);
        else if (!forum && value === hours && base[key] !== undefined) input.value = String(base[key]);
      }
      if (forum && form.elements.timezone && !form.elements.timezone.value) form.elements.timezone.value = localZone() || "";
      refreshSetup(form);
    });
  }
  form.addEventListener("input", () => refreshSetup(form));
}
