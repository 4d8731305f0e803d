// @ts-check
// The MJ console's set-up (templates/mj.html's #setup-form): the composition and the options, edited, judged by the
// server (composition.js's checker), saved with `configure`; during the game, the options the MJ may still change.
import { h } from "../../shell/dom.js";
import { has, optionName, t } from "../../shell/i18n.js";
import { api } from "../../shell/net.js";
import { rules } from "../../shell/rules.js";
import {
  allowedCards, cardCount, checker, compositionEditor, compositionNotes, compositionOf, compositionReport, countsOf,
  refusalText, warningList,
} from "./composition.js";
import {
  bindSetup, readOptions, showRefusedOption, refreshNightOrder, renderFakeRoles, resetsComposition, useRuleset,
  writeOptions,
} from "./options.js";
import { drawOptionFields } from "./option_fields.js";

// check: the server's answer on the composition being edited; lobby: its answer on the saved set-up.
const consoleState = { counts: {}, dirty: false, info: null, ctx: null, ask: null, check: null,
  lobby: { ask: null, key: "", check: null } };

function consoleForm() {
  return document.getElementById("setup-form");
}

function markDirty() {
  consoleState.dirty = true;
  document.getElementById("setup-dirty").hidden = false;
  renderConsoleComposition();
}

function renderConsoleComposition() {
  const { info, ctx, check } = consoleState;
  const form = consoleForm();
  const v = ctx && ctx.view();
  if (!info || !v || !form) return;
  const seated = (v.players || []).length;
  const total = cardCount(consoleState.counts);
  const composition = compositionOf(consoleState.counts, info.roles);
  // Until the lobby has filled, the composition says how large the table will be (6 cards: 6 players): `planned`.
  const waiting = consoleState.ask(seated, composition, readOptions(form), { planned: true });
  document.getElementById("mj-composition").replaceChildren(...compositionNotes(check),
    compositionEditor(allowedCards(info.roles, check), consoleState, markDirty));
  const line = document.getElementById("mj-composition-check");
  const report = document.getElementById("mj-composition-report");
  refreshNightOrder(form);
  report.replaceChildren(...compositionReport(check, { start: true }));
  if (!total) {
    line.className = "comp-check";
    line.textContent = t("mj.composition_auto");  // the suggested composition the server will use
    return;
  }
  if (!check || waiting) {
    line.className = "comp-check";  // the server's answer is coming: neither yes nor no until then
    return;
  }
  const problem = refusalText(check);
  line.className = `comp-check ${problem ? "bad" : "good"}`;
  line.textContent = problem || (seated < check.planned_players
    ? t("mj.composition_planned", { n: total, players: check.table_size, seated })
    : t("mj.composition_fits", { n: total, players: check.table_size }));
}

async function saveSetup() {
  const form = consoleForm();
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
  drawOptionFields(form, info);
  renderFakeRoles(form, info.roles);
  consoleState.ask = checker((check) => {
    consoleState.check = check;
    showRefusedOption(consoleForm(), check);
    renderConsoleComposition();
  });
  consoleState.lobby.ask = checker((check) => {
    consoleState.lobby.check = check;
    ctx.rerender();
  });
  /** @type {any} */ (form).calledSteps = () => (consoleState.check ? consoleState.check.called_steps : null);
  form.addEventListener("input", (ev) => {
    consoleState.dirty = true;
    document.getElementById("setup-dirty").hidden = false;
    if (!/** @type {Element} */ (ev.target).closest("#mj-composition")) renderConsoleComposition();  // the options count in the check
  });
  // An option that changes what a composition is (004's multi-card variants): back to the suggested composition
  // (the server deals it when the composition is left empty), and the editor redrawn for it.
  form.addEventListener("change", (ev) => {
    if (!resetsComposition(ev.target)) return;
    consoleState.counts = {};
    markDirty();
  });
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
    else if (v) syncConsole(v);
  });
  document.getElementById("mj-suggest").addEventListener("click", async () => {
    const v = ctx.view();
    if (!v) return;
    const players = Math.max(info.min_players || 1, (v.players || []).length);
    try {
      const check = await api(`/api/rulesets/${encodeURIComponent(rules.key)}/composition`,
        { method: "POST", body: { players, composition: [], options: readOptions(form) } });
      consoleState.counts = countsOf(check.suggested);
      markDirty();
    } catch (err) {
      ctx.toast(refusalText({ valid: false, refusals: [err] }) || t("ui.conn.offline"));
    }
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

/** The console's lobby check: can the game start with the saved set-up (the server's answer), and its advice. */
export function consoleCheck(v) {
  const { lobby } = consoleState;
  const players = v.players.length;
  const key = JSON.stringify([players, v.composition, v.options]);
  if (lobby.ask && key !== lobby.key) {
    lobby.key = key;
    lobby.ask(players, v.composition || [], v.options || {});
  }
  const check = lobby.check;  // until the answer comes, the last one (the console redraws when it does)
  const problem = refusalText(check);
  const out = [h("p", { class: ["comp-check", check && (problem ? "bad" : "good")] },
    check ? problem || t("mj.ready", { n: players }) : "")];
  if (check && check.valid) out.push(warningList(check));  // the rules' advice: the MJ may start anyway
  if (consoleState.dirty) out.push(h("p", { class: "small muted" }, t("mj.unsaved_start")));
  return out.filter(Boolean);
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

/** The option a control edits: its name, or the block it belongs to (`data-option`: the night order's editor). */
function optionOf(el) {
  const block = el.closest("[data-option]:not(form)");
  return block ? block.dataset.option : el.name || null;
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
  if (Array.isArray(value)) return optionName(key);
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
