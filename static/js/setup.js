// Game set-up shared by the home page and the MJ console: the composition editor and the options form, for a
// ruleset with cards and a night (the room's ruleset module hands it the server's data: GET /api/rulesets/<key>
// gives the cards, their camps, the night orders and which card wakes which step; nothing of it is copied here).
import { h, icon } from "./shell/dom.js";
import { has, localZone, optionName, roleName, t } from "./shell/i18n.js";
import { api } from "./shell/net.js";
import { hook, rules } from "./shell/rules.js";

const roleIcon = (key, extra = "") => hook("roleIcon", icon("card", extra), key, extra);
const soloCamps = () => new Set((rules.info && rules.info.solo_camps) || []);
const isSoloCamp = (camp) => soloCamps().has(camp);
const campClasses = (camp) => [`camp-${camp}`, isSoloCamp(camp) && "camp-solo"];

export const DURATIONS = ["night_step", "election", "debate", "vote", "dawn", "reaction"];
const CHECKS = ["captain", "allow_abstain", "dead_see_all", "dead_chat", "host_plays",
  // variants (templates/_variants.html)
  "seer_after_witch", "seer_announce", "lovers_share_roles", "lycanthropy", "idiot_du_village", "ghosts",
  "wolves_win_one_villager", "captain_double", "cupid_with_lovers", "cupid_self", "cupid_no_vote_lovers", "mj_lovers",
  "hesitation_against_self", "day_roles", "night_parallel", "mj_ends_debate", "lovers_may_harm", "hunters_masons",
  "ange_day_first"];
// Selects and radio groups alike (a radio group's RadioNodeList has a value too).
const SELECTS = ["wolves_disagree", "petite_fille", "village_readers",
  "night_order", "loup_blanc_every", "ancien_powers", "vote_mode", "tie_rule", "captain_mode", "role_talk", "cards",
  "ange_victory", "servante_powers", "sect_split", "gitane_spirits"];
const NUMBER_SELECTS = ["piper_charms", "magicien_frogs", "characters"];
const INTEGERS = ["vote_lock", "vote_late", "afk_after", "stalemate_days", "captain_day", "camp_wolves"];
const TEXTS = ["timezone", "day_end"];
// A forum game lasts days: when the MJ picks it, the durations that still count become hours, not seconds.
const FORUM_DURATIONS = { night_step: 7200, vote: 1200, reaction: 1800, dawn: 60 };
// The order cards are listed in: wolves first, then the village's powers, then the loners and other packs, then the
// plain villagers.
const ORDER = ["loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "chaman",
  "infect-pere-des-loups", "salvateur", "corbeau", "ancien", "franc-macon", "apprenti", "marchand-de-sable",
  "somnambule", "casanova", "berger", "magicien", "louveteau", "traitre", "loup-blanc", "joueur-de-flute", "assassin",
  "tueur", "vampire", "hamster-garou",
  // The official roles beyond the seeds (issue 14): the wolves' first, then the night's, the day's, the solitaries'.
  "grand-mechant-loup", "enfant-sauvage", "chien-loup", "deux-soeurs", "trois-freres", "renard", "montreur-d-ours",
  "comedien", "gitane", "ange", "bouc-emissaire", "idiot-du-village", "juge-begue", "chevalier-epee-rouillee",
  "servante-devouee", "villageois-villageois", "abominable-sectaire", "villageois"];
// The cards of the official rulebook (003) and the Chaman, always in sight; the others fold under "More roles".
const CLASSIC = new Set(["loup-garou", "voyante", "sorciere", "chasseur", "cupidon", "petite-fille", "voleur", "chaman",
  "villageois"]);

// The night's presets and which cards wake which step: the ruleset's data (`night_orders`, `first_night_only`,
// `step_cards`), set by useRuleset.
let orders = {};
let FIRST_NIGHT_ONLY = new Set();
let STEP_CARDS = {};

/** A wolf card (the ruleset's info says so when it can; else its camp does). */
export function isWolfCard(role) {
  if (role && typeof role.wolf === "boolean") return role.wolf;
  return Boolean(role) && (role.camp === "wolves" || role.key === "loup-blanc");
}

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

// -- 004's "Variantes à plusieurs cartes" (option `cards`): "one", or Nouvelle Lune's "small" or "great"
// complication (the ruleset's check_multi_card). --------------------------------------------------------------------
/** The characters at the table: one per player, or two each (004, option `characters`). */
export function tableSize(players, options) {
  return players * (Number(options && options.characters) === 2 ? 2 : 1);
}

/** The multi-card mode of an options object ("one" unless it says otherwise). */
export function cardsMode(options) {
  const mode = options && options.cards;
  return mode === "small" || mode === "great" ? mode : "one";
}

/** The roles a composition may hold in `mode`: small, village powers without the Voleur; great, Loups-Garous too. */
export function allowedRoles(roles, mode) {
  if (mode === "one") return roles;
  return roles.filter((role) => (role.camp === "village" && role.key !== "voleur")
    || (mode === "great" && role.key === "loup-garou"));
}

/** The wolves the rules suggest for `players` seats: the wolf cards of the suggested composition. */
export function suggestedWolves(info, players) {
  const comp = (info && info.suggested && info.suggested[String(players)]) || [];
  const byKey = new Map((info ? info.roles : []).map((role) => [role.key, role]));
  return comp.filter((key) => isWolfCard(byKey.get(key))).length;
}

/** The suggested composition for `players` seats in a mode (as the ruleset's suggested_for makes it). */
export function suggestedFor(info, players, mode = "one") {
  const comp = (info.suggested && info.suggested[String(players)]) || [];
  if (mode === "one") return [...comp];
  const byKey = new Map(info.roles.map((role) => [role.key, role]));
  const village = (key) => byKey.get(key) && byKey.get(key).camp === "village" && key !== "voleur";
  if (mode === "small") return comp.map((key) => (village(key) ? key : "villageois")).slice(0, players);
  const plain = (key) => (isWolfCard(byKey.get(key)) ? "loup-garou" : village(key) ? key : "villageois");
  return [...comp.map(plain).slice(0, players), ...Array(players).fill("villageois")];
}

/** Cards needed for `players` seats: one each, and two more when the Voleur is in play (2 each, great complication). */
export function expectedCards(players, counts, mode = "one") {
  if (mode === "great") return 2 * players;
  if (mode === "small") return players;
  return players + ((counts.voleur || 0) > 0 ? 2 : 0);
}

/**
 * The players a composition is made for (the inverse of `expectedCards`, per person with two characters each): a
 * lobby still filling is judged against the table the MJ planned, not against the seats taken so far.
 */
export function plannedPlayers(counts, options = {}) {
  const mode = cardsMode(options);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const cards = mode === "great" ? Math.floor(total / 2)
    : mode === "small" ? total : Math.max(0, total - ((counts.voleur || 0) > 0 ? 2 : 0));
  return Math.floor(cards / (Number(options.characters) === 2 ? 2 : 1));
}

/**
 * What is wrong with a composition for `players` seats, as a translated sentence, or null. `options`: the table's
 * options (`cards`, `camp_wolves`); `info`: the ruleset's info, for the suggested number of camp wolves.
 */
export function compositionProblem(players, counts, roles, options = {}, info = null) {
  const mode = cardsMode(options);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const expected = expectedCards(players, counts, mode);
  if (mode !== "one") {
    const allowed = new Set(allowedRoles(roles, mode).map((role) => role.key));
    const odd = Object.keys(counts).filter((key) => counts[key] > 0 && !allowed.has(key)).sort();
    if (odd.length) return t("error.not_in_variant", { role: roleName(odd[0]) });
  }
  const wolves = mode === "small" ? Number(options.camp_wolves) || suggestedWolves(info, players) || 1
    : roles.filter((role) => isWolfCard(role)).reduce((n, role) => n + (counts[role.key] || 0), 0);
  if (wolves < 1 || (mode !== "one" && wolves >= players)) return t("error.no_wolf");
  for (const role of roles) {
    if (role.unique && (counts[role.key] || 0) > 1) return t("error.role_twice", { role: roleName(role.key) });
  }
  if (total !== expected) return t("error.composition_size", { expected, got: total });
  return null;
}

/** A line under the composition saying what the cards are in a multi-card mode (null in the official one). */
export function cardsModeLine(players, mode) {
  if (mode === "one") return null;
  return h("p", { class: "hint comp-mode", "data-cards": mode },
    t(`comp.cards_${mode}`, { n: expectedCards(players, {}, mode) }));
}

/**
 * The cards the composition report (balance, warnings) should weigh: with the small complication the camp cards
 * are dealt apart, so the wolves are added to the power cards.
 */
export function reportedCards(composition, players, options = {}, info = null) {
  if (cardsMode(options) !== "small") return composition;
  const wolves = Number(options.camp_wolves) || suggestedWolves(info, players);
  return [...composition, ...Array(wolves).fill("loup-garou")];
}

/**
 * A +/− counter per role. `state.counts` is changed in place; `onChange()` is called after every change.
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
  const main = sorted.filter((role) => CLASSIC.has(role.key));
  const more = sorted.filter((role) => !CLASSIC.has(role.key));
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

// -- composition help: the server's warnings and balance (POST /api/rulesets/<key>/composition) ------------------
/**
 * A function that asks the server for the report of a composition, at most once per pause in the typing, and
 * hands the latest answer to `onReport(report)` (null when there is nothing to judge or the request failed).
 */
export function reporter(onReport, delay = 250) {
  let timer = null;
  let asked = 0;
  let last = "";
  return (players, composition) => {
    clearTimeout(timer);
    const key = JSON.stringify([players, composition]);
    if (!composition.length || !players) {
      last = key;
      onReport(null);
      return;
    }
    if (key === last) return;
    timer = setTimeout(async () => {
      const mine = ++asked;
      try {
        const report = await api(`/api/rulesets/${encodeURIComponent(rules.key)}/composition`,
          { method: "POST", body: { players, composition } });
        if (mine === asked) {
          last = key;
          onReport(report);
        }
      } catch {
        if (mine === asked) onReport(null);
      }
    }, delay);
  };
}

/** The sentence of one warning of the report. */
export function warningText(warning) {
  if (warning.code === "prerequisite") return t("comp.warn.prerequisite", { role: roleName(warning.role), players: warning.players });
  if (warning.code === "small_table") return t("comp.warn.small_table", { players: warning.players, advised: warning.advised });
  if (warning.code === "many_wolves") return t("comp.warn.many_wolves", { wolves: warning.wolves, suggested: warning.suggested });
  return warning.code;
}

/** The report shown under the composition: the warnings (advice, never a refusal) and the balance indicator. */
export function compositionReport(report, { start = false } = {}) {
  if (!report) return null;
  const warnings = report.warnings || [];
  const balance = Number(report.balance) || 0;
  const span = 20;
  const at = ((Math.max(-span, Math.min(span, balance)) + span) / (2 * span)) * 100;
  return [
    warnings.length ? h("div", { class: "comp-warnings", role: "status" },
      h("ul", {}, warnings.map((w) => h("li", { class: "comp-warning", "data-code": w.code, "data-role": w.role || null },
        icon("bell"), h("span", {}, warningText(w))))),
      h("p", { class: "small muted" }, t(start ? "comp.advisory_start" : "comp.advisory"))) : null,
    h("div", { class: ["balance", `balance-${report.verdict}`], "data-verdict": report.verdict, "data-balance": balance },
      h("p", { class: "balance-line" }, h("b", {}, t("comp.balance", { balance: balance > 0 ? `+${balance}` : String(balance) })),
        " — ", h("span", { class: "balance-verdict" }, t(`comp.verdict.${report.verdict}`))),
      h("div", { class: "balance-bar", "aria-hidden": "true" }, h("span", { class: "balance-mark", style: `left: ${at.toFixed(1)}%` })),
      h("div", { class: "balance-ends", "aria-hidden": "true" }, h("span", {}, t("camp.wolves")), h("span", {}, t("camp.village"))),
      h("p", { class: "hint" }, t("comp.balance_help"))),
  ];
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
  for (const key of NUMBER_SELECTS) {
    if (form.elements[key] && options[key] !== undefined) form.elements[key].value = String(options[key]);
  }
  writeFakeRoles(form, options.fake_roles || []);
  writeNightOrder(form, options.night_order_custom || null);
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
  for (const key of SELECTS) if (form.elements[key] && form.elements[key].value) out[key] = form.elements[key].value;
  for (const key of NUMBER_SELECTS) if (form.elements[key]) out[key] = Number(form.elements[key].value);
  const fakes = readFakeRoles(form);
  if (fakes) out.fake_roles = fakes;
  if (form.querySelector("[data-night-order]")) out.night_order_custom = form.nightCustom ? [...form.nightCustom] : null;
  if (form.elements.petite_fille_risk && form.elements.petite_fille_risk.value !== "") {
    out.petite_fille_risk = Math.min(1, Math.max(0, Number(form.elements.petite_fille_risk.value) / 100));
  }
  const mod = form.querySelector('input[name="moderation"]:checked');
  if (mod) out.moderation = mod.value;
  for (const key of INTEGERS) {
    const input = form.elements[key];
    if (input && input.value !== "" && Number.isFinite(Number(input.value))) {
      out[key] = Math.max(Number(input.min) || 0, Math.round(Number(input.value)));
    }
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
  refreshNightOrder(form);
  const small = Boolean(form.elements.cards) && form.elements.cards.value === "small";
  for (const node of form.querySelectorAll("[data-cards-small]")) node.hidden = !small;
  // Only a human MJ can end a debate that has no countdown.
  const mod = form.querySelector('input[name="moderation"]:checked');
  for (const node of form.querySelectorAll("[data-mj-only]")) node.hidden = !mod || mod.value !== "mj";
  // Le Village's day cards go with one night card each (the server refuses the mix).
  if (form.elements.day_roles && form.elements.cards) {
    const one = form.elements.cards.value === "one";
    form.elements.day_roles.disabled = !one;
    if (!one) form.elements.day_roles.checked = false;
  }
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
  if (form.elements.night_order) {
    // Another preset: a customised order starts again from it.
    form.elements.night_order.addEventListener("change", () => {
      if (form.nightCustom) form.nightCustom = [...presetOf(form)];
      renderNightOrder(form);
    });
  }
  form.addEventListener("input", () => refreshSetup(form));
}

// -- made-up roles (004: "le MDJ peut également appeler des rôles qui n'existent pas") ---------------------------
/** Draw a checkbox per role the MJ may call without dealing it (the roles come from the ruleset's info). */
export function renderFakeRoles(form, roles) {
  const box = form.querySelector("[data-fake-roles]");
  if (!box || !roles) return;
  const wanted = new Set(JSON.parse(form.dataset.fakeRoles || "[]"));
  box.replaceChildren(...sortRoles(roles).filter((role) => role.key !== "villageois" && role.key !== "loup-garou")
    .map((role) => h("label", { class: "chip-check" },
      h("input", { type: "checkbox", name: "fake_roles", value: role.key, checked: wanted.has(role.key) ? true : null }),
      h("span", {}, roleName(role.key)))));
}

function writeFakeRoles(form, list) {
  form.dataset.fakeRoles = JSON.stringify(list || []);
  const wanted = new Set(list || []);
  for (const box of form.querySelectorAll('input[name="fake_roles"]')) box.checked = wanted.has(box.value);
}

/** The checked made-up roles, or null while their checkboxes are not drawn (then the option is left as it is). */
function readFakeRoles(form) {
  const boxes = [...form.querySelectorAll('input[name="fake_roles"]')];
  if (!boxes.length) return null;
  return boxes.filter((box) => box.checked).map((box) => box.value);
}

// -- the night's order: a preset, or the MJ's own order of its steps ---------------------------------------------
/** Take the presets from the ruleset's info. */
export function useRuleset(info) {
  if (!info) return;
  if (info.night_orders && typeof info.night_orders === "object") orders = info.night_orders;
  if (Array.isArray(info.first_night_only)) FIRST_NIGHT_ONLY = new Set(info.first_night_only);
  if (info.step_cards && typeof info.step_cards === "object") STEP_CARDS = info.step_cards;
}

function presetOf(form) {
  const key = form.elements.night_order ? form.elements.night_order.value : "official";
  return orders[key] || orders.official || [];
}

function writeNightOrder(form, custom) {
  form.nightCustom = custom ? [...custom] : null;
  renderNightOrder(form);
}

/** The steps that will run: one of their cards is in the composition (or called as a made-up role). */
function activeSteps(form) {
  const cards = new Set(form.activeCards ? form.activeCards() : []);
  for (const role of readFakeRoles(form) || JSON.parse(form.dataset.fakeRoles || "[]")) cards.add(role);
  if (form.elements.mj_lovers && form.elements.mj_lovers.checked) cards.add("cupidon");
  // The small complication's wolves hold camp cards, dealt apart from the power cards (flow.begin_night).
  if (form.elements.cards && form.elements.cards.value === "small") cards.add("loup-garou");
  const active = new Set();
  for (const key of [...orders.official || [], ...orders.forum || []]) {
    if ((STEP_CARDS[key] || [key]).some((card) => cards.has(card))) active.add(key);
  }
  return active;
}

function changed(form) {
  form.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The order editor: "customise" reveals the steps of the preset, each with up and down buttons. */
export function renderNightOrder(form) {
  const box = form.querySelector("[data-night-order]");
  if (!box) return;
  const custom = form.nightCustom;
  const toggle = h("label", { class: "check" },
    h("input", { type: "checkbox", class: "night-order-toggle", checked: custom ? true : null, onchange: (ev) => {
      form.nightCustom = ev.target.checked ? [...presetOf(form)] : null;
      renderNightOrder(form);
    } }),
    h("span", {}, t("opt.night_order_custom")));
  if (!custom) {
    box.replaceChildren(toggle);
    return;
  }
  const move = (i, delta) => {
    const list = form.nightCustom;
    const j = i + delta;
    if (j < 0 || j >= list.length) return;
    [list[i], list[j]] = [list[j], list[i]];
    renderNightOrder(form);
    const again = box.querySelector(`li[data-step="${list[j]}"] .${delta < 0 ? "move-up" : "move-down"}`);
    (again && !again.disabled ? again : box.querySelector(`li[data-step="${list[j]}"] button:not([disabled])`))?.focus();
    changed(form);
  };
  const active = activeSteps(form);
  const list = h("ol", { class: "order-list" }, custom.map((key, i) => {
    const step = t(`step.${key}`);
    return h("li", { class: ["order-step", !active.has(key) && "absent"], "data-step": key },
      h("span", { class: "order-pos" }, String(i + 1)),
      h("span", { class: "order-name" }, step,
        FIRST_NIGHT_ONLY.has(key) ? h("small", { class: "badge" }, t("opt.night_order_custom.first")) : null,
        h("small", { class: "order-absent" }, t("opt.night_order_custom.absent"))),
      h("span", { class: "order-buttons" },
        h("button", { type: "button", class: "btn btn-icon move-up", disabled: i === 0 ? true : null,
          "aria-label": t("opt.night_order_custom.up", { step }), title: t("opt.night_order_custom.up", { step }),
          onclick: () => move(i, -1) }, icon("up")),
        h("button", { type: "button", class: "btn btn-icon move-down", disabled: i === custom.length - 1 ? true : null,
          "aria-label": t("opt.night_order_custom.down", { step }), title: t("opt.night_order_custom.down", { step }),
          onclick: () => move(i, 1) }, icon("down"))));
  }));
  box.replaceChildren(toggle,
    h("p", { class: "opt-help" }, t("opt.night_order_custom.help")),
    list,
    h("button", { type: "button", class: "btn btn-ghost btn-small night-order-reset", onclick: () => {
      form.nightCustom = [...presetOf(form)];
      renderNightOrder(form);
      changed(form);
    } }, t("opt.night_order_custom.reset")));
}

/** Grey out the steps that have no card in play (after the composition or the made-up roles changed). */
export function refreshNightOrder(form) {
  const box = form.querySelector("[data-night-order]");
  if (!box) return;
  const active = activeSteps(form);
  for (const li of box.querySelectorAll("li[data-step]")) li.classList.toggle("absent", !active.has(li.dataset.step));
}

// -- the MJ console's set-up (templates/mj.html's #setup-form): edited, checked, saved with `configure` ----------
const consoleState = { counts: {}, dirty: false, info: null, ctx: null, askReport: null };

function consoleForm() {
  return document.getElementById("setup-form");
}

/** The form's options that change what a composition is (004's multi-card variants). */
function setupCards(form) {
  return {
    cards: form.elements.cards ? form.elements.cards.value : "one",
    camp_wolves: form.elements.camp_wolves ? Number(form.elements.camp_wolves.value) || 0 : 0,
    characters: form.elements.characters ? Number(form.elements.characters.value) || 1 : 1,
  };
}

function markDirty() {
  consoleState.dirty = true;
  document.getElementById("setup-dirty").hidden = false;
  renderConsoleComposition();
}

function renderConsoleComposition() {
  const { info, ctx } = consoleState;
  const form = consoleForm();
  const v = ctx && ctx.view();
  if (!info || !v || !form) return;
  const options = setupCards(form);
  const mode = cardsMode(options);
  const seated = (v.players || []).length;
  // Until the lobby has filled, the composition says how large the table will be (6 cards: 6 players).
  const planned = plannedPlayers(consoleState.counts, options);
  const players = tableSize(Math.max(seated, planned), options);
  const box = document.getElementById("mj-composition");
  box.replaceChildren(...[cardsModeLine(Math.max(players, info.min_players || 5), mode),
    compositionEditor(allowedRoles(info.roles, mode), consoleState, markDirty)].filter(Boolean));
  const total = Object.values(consoleState.counts).reduce((a, b) => a + b, 0);
  const check = document.getElementById("mj-composition-check");
  const report = document.getElementById("mj-composition-report");
  refreshNightOrder(form);
  if (!total) {
    check.className = "comp-check";
    check.textContent = t("mj.composition_auto");
    // The suggested composition the server will use: its report comes with the view.
    consoleState.askReport(0, []);
    report.replaceChildren(...(compositionReport(v.mj && v.mj.composition_report, { start: true }) || []).filter(Boolean));
    return;
  }
  const problem = players >= (info.min_players || 5)
    ? compositionProblem(players, consoleState.counts, info.roles, options, info) : null;
  check.className = `comp-check ${problem ? "bad" : "good"}`;
  check.textContent = problem || (seated < planned ? t("mj.composition_planned", { n: total, players, seated })
    : t("mj.composition_fits", { n: total, players }));
  const n = Math.max(players, info.min_players || 5);
  consoleState.askReport(n, reportedCards(compositionOf(consoleState.counts, info.roles), n, options, info));
}

async function saveSetup() {
  const form = consoleForm();
  const problem = forumProblem(form);
  if (problem) {
    consoleState.ctx.toast(problem);
    return false;
  }
  const composition = compositionOf(consoleState.counts, consoleState.info ? consoleState.info.roles : []);
  if (!(await consoleState.ctx.send("configure", { options: readOptions(form), composition }))) return false;
  consoleState.dirty = false;
  document.getElementById("setup-dirty").hidden = true;
  return true;
}

/** Wire the console's set-up form once: ctx {view(), send(), toast(), rerender()}; info: the ruleset's data. */
export function bindConsole(ctx, info) {
  const form = consoleForm();
  if (!form) return;
  consoleState.ctx = ctx;
  consoleState.info = info;
  useRuleset(info);
  renderFakeRoles(form, info.roles);
  consoleState.askReport = reporter((report) => {
    document.getElementById("mj-composition-report").replaceChildren(...(compositionReport(report, { start: true }) || []).filter(Boolean));
  });
  form.activeCards = () => {
    const v = ctx.view();
    const total = Object.values(consoleState.counts).reduce((a, b) => a + b, 0);
    if (total) return compositionOf(consoleState.counts, info.roles);
    return v ? v.composition || [] : [];
  };
  form.addEventListener("input", () => {
    consoleState.dirty = true;
    document.getElementById("setup-dirty").hidden = false;
  });
  // Another multi-card mode counts and allows other cards: back to the suggested composition (the server deals the
  // mode's own when the composition is left empty), and the editor redrawn for the mode.
  for (const radio of form.querySelectorAll('input[name="cards"]')) {
    radio.addEventListener("change", () => {
      consoleState.counts = {};
      markDirty();
    });
  }
  if (form.elements.camp_wolves) form.elements.camp_wolves.addEventListener("input", () => renderConsoleComposition());
  if (form.elements.characters) {
    form.elements.characters.addEventListener("change", () => {
      consoleState.counts = {};
      markDirty();
    });
  }
  bindSetup(form, () => info.options);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (live.on) {
      if (await saveLive()) ctx.toast(t("mj.options_live_saved"), "ok");  // during the game: from the next phase
    } else if (await saveSetup()) ctx.toast(t("mj.saved"), "ok");
  });
  document.getElementById("reset-setup").addEventListener("click", () => {
    consoleState.dirty = false;
    document.getElementById("setup-dirty").hidden = true;
    const v = ctx.view();
    if (v && live.on) syncLive(v);
    else if (v) syncConsole(v, ctx);
  });
  document.getElementById("mj-suggest").addEventListener("click", () => {
    const v = ctx.view();
    if (!v) return;
    const n = Math.max(info.min_players || 5, tableSize((v.players || []).length, setupCards(form)));
    consoleState.counts = countsOf(suggestedFor(info, n, cardsMode(setupCards(form))));
    markDirty();
  });
}

/** The lobby's view came: the form shows the room's settings, unless the MJ is editing them. */
export function syncConsole(v) {
  const form = consoleForm();
  if (!form || consoleState.dirty) return;
  consoleState.counts = countsOf(v.composition);
  writeOptions(form, v.options);
  renderConsoleComposition();
}

/** The console's lobby check: can the game start with the saved set-up, and the rules' advice on it. */
export function consoleCheck(v) {
  const info = consoleState.info;
  const players = v.players.length;
  const min = (info && info.min_players) || 5;
  let problem = null;
  if (players < min) problem = t("error.not_enough_players", { min });
  else if (info && v.composition.length) {
    problem = compositionProblem(tableSize(players, v.options), countsOf(v.composition), info.roles, v.options || {}, info);
  }
  const out = [h("p", { class: ["comp-check", problem ? "bad" : "good"] }, problem || t("mj.ready", { n: players }))];
  const report = v.mj && v.mj.composition_report;
  if (report && (report.warnings || []).length && players >= min) {
    // The rules' advice on the saved composition: the MJ may start anyway.
    out.push(h("ul", { class: "comp-warnings small" }, report.warnings.map((w) =>
      h("li", { class: "comp-warning", "data-code": w.code }, icon("bell"), h("span", {}, warningText(w))))));
  }
  if (consoleState.dirty) out.push(h("p", { class: "small muted" }, t("mj.unsaved_start")));
  return out;
}

/** Before the start: settings edited but not saved yet are saved first (what the MJ sees is what the game uses). */
export async function beforeStart() {
  if (consoleState.dirty) return saveSetup();
  return true;
}

// -- during the game (issue 14, item 3): the same form, where only the options the ruleset lets change mid-game
// (its info's `live_options`) are editable; the others are greyed with the reason. A change is sent with
// `configure` and applies from the next phase (the view's `options_next`, shown until then). ----------------------
const live = { on: false, open: false };

/** The options in force from the next phase: the room's, with the MJ's changes still pending. */
function upcomingOptions(v) {
  return { ...(v.options || {}), ...(v.options_next || {}) };
}

/** The option a control edits: its name, or the block it belongs to (the night order, the made-up roles). */
function optionOf(el) {
  // (The form itself carries data-fake-roles, the list last written: only the blocks inside count.)
  if (el.closest("[data-night-order]:not(form)")) return "night_order_custom";
  if (el.closest("[data-fake-roles]:not(form)")) return "fake_roles";
  return el.name || null;
}

/** Grey out (`fixed`) the controls of the options that cannot change now, saying why on their label. */
function lockOptions(form, fixed) {
  for (const el of form.querySelectorAll("input, select, textarea, [data-night-order] button")) {
    const key = optionOf(el);
    if (!key || el.closest("#mj-composition")) continue;
    const off = fixed(key);
    el.disabled = off;
    const label = el.closest("label") || el.closest("li");
    if (!label) continue;
    label.classList.toggle("option-fixed", off);
    if (off) label.title = t("mj.option_fixed");
    else if (label.title === t("mj.option_fixed")) label.removeAttribute("title");
  }
}

/** An option's value as the MJ reads it (a choice's label, yes or no, a custom order). */
function valueText(key, value) {
  if (typeof value === "boolean") return t(value ? "ui.yes" : "ui.no");
  if (Array.isArray(value)) return t("opt.night_order_custom");
  if (value === null || value === undefined) return "—";
  return has(`opt.${key}.${value}`) ? t(`opt.${key}.${value}`) : String(value);
}

function liveHeader(section) {
  let box = section.querySelector(".setup-live");
  if (!box) {
    box = h("div", { class: "setup-live" },
      h("p", { class: "opt-help setup-live-help" }, t("mj.options_live_help")),
      h("div", { id: "setup-pending", class: "setup-pending", "aria-live": "polite" }),
      h("button", { type: "button", class: "btn btn-ghost btn-small", id: "setup-live-toggle", onclick: () => {
        live.open = !live.open;
        syncLive(consoleState.ctx.view());
      } }));
    section.querySelector("h2").after(box);
  }
  return box;
}

function renderPending(v) {
  const next = v.options_next || {};
  const keys = Object.keys(next).sort();
  const box = document.getElementById("setup-pending");
  if (!keys.length) {
    box.replaceChildren();
    return;
  }
  const lines = keys.map((key) => h("li", { "data-option": key }, t("mj.options_pending_line",
    { option: optionName(key), from: valueText(key, v.options[key]), to: valueText(key, next[key]) })));
  box.replaceChildren(h("p", { class: "small" }, t("mj.options_pending")), h("ul", { class: "small" }, lines),
    h("button", { type: "button", class: "btn btn-ghost btn-small", id: "setup-pending-cancel", onclick: async () => {
      const back = Object.fromEntries(keys.map((key) => [key, v.options[key] ?? null]));
      if (await consoleState.ctx.send("configure", { options: back })) consoleState.dirty = false;
    } }, t("mj.options_pending_cancel")));
}

/** The console during the game: whether it shows the options panel (the ruleset has live options), kept in step
 * with the view: the room's options with the pending changes, unless the MJ is editing them. */
export function syncLive(v) {
  const form = consoleForm();
  const open = new Set((consoleState.info && consoleState.info.live_options) || []);
  if (!form || !open.size || !v) return false;
  const section = document.getElementById("setup");
  const header = liveHeader(section);
  if (!live.on) {
    live.on = true;
    consoleState.dirty = false;
    section.classList.add("live");
    section.querySelector("h2").textContent = t("mj.options_live");
    document.getElementById("mj-composition").closest("fieldset").hidden = true;
    // refreshSetup (on every edit) gives some controls back; the lock is laid again after it.
    form.addEventListener("input", () => lockOptions(form, (key) => !open.has(key)));
  }
  header.hidden = false;
  form.hidden = !live.open;
  document.getElementById("setup-live-toggle").textContent = t(live.open ? "mj.options_live_close" : "mj.options_live_open");
  document.getElementById("setup-live-toggle").setAttribute("aria-expanded", live.open ? "true" : "false");
  renderPending(v);
  if (!consoleState.dirty) {
    writeOptions(form, upcomingOptions(v));
    lockOptions(form, (key) => !open.has(key));
  }
  return true;
}

/** Send the live options the MJ changed (against what applies from the next phase); false if none was. */
async function saveLive() {
  const form = consoleForm();
  const v = consoleState.ctx.view();
  const open = new Set(consoleState.info.live_options || []);
  const next = upcomingOptions(v);
  const changes = Object.fromEntries(Object.entries(readOptions(form))
    .filter(([key, value]) => open.has(key) && JSON.stringify(value) !== JSON.stringify(next[key] ?? null)));
  if (!Object.keys(changes).length) {
    consoleState.ctx.toast(t("error.nothing_to_do"));
    return false;
  }
  if (!(await consoleState.ctx.send("configure", { options: changes }))) return false;
  consoleState.dirty = false;
  document.getElementById("setup-dirty").hidden = true;
  return true;
}
