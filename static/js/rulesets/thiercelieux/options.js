// @ts-check
// The options form of the set-up page and the MJ console, read and written from the options' JSON schema the server
// serves (GET /api/rulesets/<key>: `options_schema`): each control is found by the option's name in the schema, and
// what it holds follows the option's type, or its display hint (`widget`: a percentage, the night-order editor, role
// checkboxes; `forum`: a duration's value in a forum game). No option is named here. option_fields.js draws the
// controls; `data-when="<option>=<value>"` shows a block only then, `data-enabled-when` greys a control otherwise,
// `data-forum-only` shows a block in a forum game only.
import { h, icon } from "../../shell/dom.js";
import { localZone, roleName, t } from "../../shell/i18n.js";
import { optionRefusal, sortRoles } from "./composition.js";

// The ruleset's data, set by useRuleset: its options' schema, the night's presets and which cards wake which step.
let schema = {};
let orders = {};
let FIRST_NIGHT_ONLY = new Set();

/** Take the schema and the night's presets from the ruleset's info. */
export function useRuleset(info) {
  if (!info) return;
  if (info.options_schema && info.options_schema.properties) schema = info.options_schema.properties;
  if (info.night_orders && typeof info.night_orders === "object") orders = info.night_orders;
  if (Array.isArray(info.first_night_only)) FIRST_NIGHT_ONLY = new Set(info.first_night_only);
}

/** An option's schema, a nullable one (`anyOf: [..., null]`) read as its value's. */
function field(name) {
  const s = schema[name] || {};
  const found = (s.anyOf || []).find((alt) => alt.type !== "null");
  return found ? { ...s, ...found } : s;
}

/** The names of the options with a given display hint. */
const withHint = (hint, value) => Object.keys(schema).filter((name) => value === undefined
  ? field(name)[hint] !== undefined : field(name)[hint] === value);

// The controls that are not a plain input, by their schema's `widget`.
const WIDGETS = {
  percent: {
    read: (form, name) => {
      const input = form.elements[name];
      if (input.value === "") return undefined;
      return Math.min(1, Math.max(0, Number(input.value) / 100));
    },
    write: (form, name, value) => { form.elements[name].value = String(Math.round(Number(value ?? 0) * 100)); },
  },
  role_checks: {
    // The checked roles, or nothing while their checkboxes are not drawn (then the option is left as it is).
    read: (form, name) => {
      const boxes = [...form.querySelectorAll(`input[name="${name}"]`)];
      return boxes.length ? boxes.filter((box) => box.checked).map((box) => box.value) : undefined;
    },
    write: (form, name, value) => {
      form.dataset.fakeRoles = JSON.stringify(value || []);
      const wanted = new Set(value || []);
      for (const box of form.querySelectorAll(`input[name="${name}"]`)) box.checked = wanted.has(box.value);
    },
    present: (form) => Boolean(form.querySelector("[data-fake-roles]")),
  },
  step_order: {
    read: (form) => (form.nightCustom ? [...form.nightCustom] : null),
    write: (form, name, value) => {
      form.nightCustom = value ? [...value] : null;
      renderNightOrder(form);
    },
    present: (form) => Boolean(form.querySelector("[data-night-order]")),
  },
};

function widgetOf(form, name) {
  const widget = WIDGETS[field(name).widget];
  if (widget) return widget.present ? (widget.present(form) ? widget : null) : (form.elements[name] ? widget : null);
  return null;
}

export function writeOptions(form, options) {
  for (const name of Object.keys(schema)) {
    const s = field(name);
    const widget = widgetOf(form, name);
    if (widget) {
      widget.write(form, name, options[name]);
      continue;
    }
    const el = form.elements[name];
    if (!el) continue;
    // An option whose default the server leaves unwritten is absent from a room's options: its schema's default.
    const value = options[name] === undefined ? s.default : options[name];
    if (s.type === "boolean") el.checked = Boolean(value);
    else if (value === undefined || value === null || value === "") continue;
    else if (s.type === "number") el.value = String(Math.round(Number(value) * 100) / 100);
    else el.value = String(value);  // a select, a radio group (its RadioNodeList), a number or a text
  }
  refreshSetup(form);
}

export function readOptions(form) {
  const out = {};
  for (const name of Object.keys(schema)) {
    const s = field(name);
    const widget = widgetOf(form, name);
    if (widget) {
      const value = widget.read(form, name);
      if (value !== undefined) out[name] = value;
      continue;
    }
    const el = form.elements[name];
    if (!el) continue;
    const text = el.type === "checkbox" ? "" : String(el.value || "").trim();
    const number = Number(text);
    if (s.type === "boolean") out[name] = el.checked;
    else if (text === "") continue;
    else if (s.type === "integer" && Number.isFinite(number)) out[name] = Math.max(Number(el.min) || 0, Math.round(number));
    else if (s.type === "number" && Number.isFinite(number) && number > 0) out[name] = number;
    else if (s.type === "string") out[name] = text;
  }
  return out;
}

// -- what the form shows as it is edited -------------------------------------------------------------------------
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

/** Whether `<option>=<value>` holds in the form (true when the form has no such control). */
function holds(form, condition) {
  const [name, value] = condition.split("=");
  const el = form.elements[name];
  if (!el) return true;
  return (el.type === "checkbox" ? String(el.checked) : el.value) === value;
}

/** The forum day's controls, as their schema's `example` hint names them (end, lock, late, zone). */
function forumFields(form) {
  const example = form.querySelector(".forum-example");
  if (!example) return null;
  const get = (key) => {
    const [name] = withHint("example", key);
    return (name && form.elements[name]) || null;
  };
  return { example, end: get("end"), lock: get("lock"), late: get("late"), zone: get("zone") };
}

function forumOn(form) {
  const box = form.querySelector("[data-forum-switch]");
  const picked = box && box.querySelector("input:checked");
  return Boolean(picked) && picked.value === box.dataset.forumSwitch;
}

function minutesBefore(hhmm, minutes) {
  const [hh, mm] = hhmm.split(":").map(Number);
  const total = ((hh * 60 + mm - minutes) % 1440 + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Show the blocks whose condition holds, the durations in words, and an example of a forum day. */
export function refreshSetup(form) {
  refreshNightOrder(form);
  for (const node of form.querySelectorAll("[data-when]")) node.hidden = !holds(form, node.dataset.when);
  for (const node of form.querySelectorAll("[data-forum-only]")) node.hidden = !forumOn(form);
  for (const node of form.querySelectorAll("[data-enabled-when]")) {
    const on = holds(form, node.dataset.enabledWhen);
    for (const input of node.querySelectorAll("input")) {
      input.disabled = !on;
      if (!on && input.type === "checkbox") input.checked = false;
    }
  }
  for (const node of form.querySelectorAll("[data-human]")) {
    const input = form.elements[node.dataset.human];
    node.textContent = input && Number(input.value) >= 120 ? `≈ ${humanDuration(input.value)}` : "";
  }
  const f = forumFields(form);
  if (!f) return;
  const end = f.end ? f.end.value : "";
  if (end) {
    f.example.textContent = t("opt.forum.example", {
      locks: minutesBefore(end, Number(f.lock.value) || 0),
      closes: minutesBefore(end, Number(f.late.value) || 0),
      ends: end,
      zone: f.zone ? f.zone.value : "",
    });
  } else f.example.textContent = "";
}

/**
 * Wire a set-up form: the forum/live switch (which suggests durations in hours for a forum game, their schema's
 * `forum`, and back), the time zones to pick from. `defaults()` gives the ruleset's default options.
 */
export function bindSetup(form, defaults) {
  const zones = form.querySelector("datalist#timezones") || document.getElementById("timezones");
  if (zones && !zones.children.length) {
    let names;
    try { names = Intl.supportedValuesOf("timeZone"); } catch { names = []; }
    const here = localZone();
    if (here && !names.includes(here)) names.unshift(here);
    zones.replaceChildren(...names.map((name) => h("option", { value: name })));
  }
  const switcher = form.querySelector("[data-forum-switch]");
  for (const radio of switcher ? switcher.querySelectorAll("input[type=radio]") : []) {
    radio.addEventListener("change", () => {
      const base = defaults() || {};
      const forum = forumOn(form);
      for (const name of withHint("forum")) {
        const input = form.elements[name];
        const hours = field(name).forum;
        if (!input) continue;
        const value = Number(input.value);
        if (forum && value === Number(base[name])) input.value = String(hours);
        else if (!forum && value === hours && base[name] !== undefined) input.value = String(base[name]);
      }
      const zone = forumFields(form)?.zone;
      if (forum && zone && !zone.value) zone.value = localZone() || "";
      refreshSetup(form);
    });
  }
  const preset = presetControl(form);
  if (preset) {
    // Another preset: a customised order starts again from it.
    preset.addEventListener("change", () => {
      if (form.nightCustom) form.nightCustom = [...presetOf(form)];
      renderNightOrder(form);
    });
  }
  form.addEventListener("input", () => refreshSetup(form));
}

/** The options a new room starts with: the ruleset's, a forum game's hours in the MJ's own time zone. */
export function startingOptions(form, info) {
  const zone = forumFields(form)?.zone;
  return { ...info.options, ...(zone && localZone() ? { [zone.name]: localZone() } : {}) };
}

// -- made-up roles (004: "le MDJ peut également appeler des rôles qui n'existent pas") ---------------------------
/** Draw a checkbox per role the MJ may call without dealing it (the roles come from the ruleset's info). */
export function renderFakeRoles(form, roles) {
  const box = form.querySelector("[data-fake-roles]");
  const [name] = withHint("widget", "role_checks");
  if (!box || !roles || !name) return;
  const wanted = new Set(JSON.parse(form.dataset.fakeRoles || "[]"));
  const offered = new Set(field(name).roles || []);  // the cards the server says may be faked
  box.replaceChildren(...sortRoles(roles).filter((role) => offered.has(role.key))
    .map((role) => h("label", { class: "chip-check" },
      h("input", { type: "checkbox", name, value: role.key, checked: wanted.has(role.key) ? true : null }),
      h("span", {}, roleName(role.key)))));
}

// -- the night's order: a preset, or the MJ's own order of its steps ---------------------------------------------
/** The preset's control: the option the order editor's block names (`data-night-order="<option>"`). */
function presetControl(form) {
  const box = form.querySelector("[data-night-order]");
  return box && box.dataset.nightOrder ? form.elements[box.dataset.nightOrder] || null : null;
}

function presetOf(form) {
  const control = presetControl(form);
  return orders[control ? control.value : "official"] || orders.official || [];
}

/** The steps the cards in play and the options call, as the server's last answer says (all until it answered). */
function activeSteps(form) {
  const called = form.calledSteps ? form.calledSteps() : null;
  return called ? new Set(called) : new Set([...orders.official || [], ...orders.forum || []]);
}

/** Whether a control edits an option that changes what a composition is (its schema's `resets_composition`):
 * the composition starts again from the suggestion. */
export function resetsComposition(el) {
  return Boolean(el && el.name && field(el.name).resets_composition);
}

function changed(form) {
  form.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The order editor: "customise" reveals the steps of the preset, each with up and down buttons. */
export function renderNightOrder(form) {
  const box = form.querySelector("[data-night-order]");
  if (!box) return;
  const custom = form.nightCustom;
  // The editor's texts: its option's label (`data-option`), and the lines under it.
  const text = (line = "", params = {}) => t(`opt.${box.dataset.option}${line}`, params);
  const toggle = h("label", { class: "check" },
    h("input", { type: "checkbox", class: "night-order-toggle", checked: custom ? true : null, onchange: (ev) => {
      form.nightCustom = ev.target.checked ? [...presetOf(form)] : null;
      renderNightOrder(form);
    } }),
    h("span", {}, text()));
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
        FIRST_NIGHT_ONLY.has(key) ? h("small", { class: "badge" }, text(".first")) : null,
        h("small", { class: "order-absent" }, text(".absent"))),
      h("span", { class: "order-buttons" },
        h("button", { type: "button", class: "btn btn-icon move-up", disabled: i === 0 ? true : null,
          "aria-label": text(".up", { step }), title: text(".up", { step }),
          onclick: () => move(i, -1) }, icon("up")),
        h("button", { type: "button", class: "btn btn-icon move-down", disabled: i === custom.length - 1 ? true : null,
          "aria-label": text(".down", { step }), title: text(".down", { step }),
          onclick: () => move(i, 1) }, icon("down"))));
  }));
  box.replaceChildren(toggle,
    h("p", { class: "opt-help" }, text(".help")),
    list,
    h("button", { type: "button", class: "btn btn-ghost btn-small night-order-reset", onclick: () => {
      form.nightCustom = [...presetOf(form)];
      renderNightOrder(form);
      changed(form);
    } }, text(".reset")));
}

/** Grey out the steps that have no card in play (after the composition or the made-up roles changed). */
export function refreshNightOrder(form) {
  const box = form.querySelector("[data-night-order]");
  if (!box) return;
  const active = activeSteps(form);
  for (const li of box.querySelectorAll("li[data-step]")) li.classList.toggle("absent", !active.has(li.dataset.step));
}

/** The server's refusal of an option (its composition answer), shown under that option's field. */
export function showRefusedOption(form, check) {
  for (const old of form.querySelectorAll(".opt-refused")) old.remove();
  const refused = optionRefusal(check);
  const input = refused && form.elements[refused.option];
  const field = input && input.closest ? input.closest("label, .field, fieldset") : null;
  if (field) field.append(h("small", { class: "opt-refused error", role: "alert" }, refused.text));
}
