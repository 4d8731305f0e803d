// @ts-check
// The controls of the set-up page's and the MJ console's options, drawn from the options' JSON schema (GET
// /api/rulesets/<key>: `options_schema`) into the template's blocks: each option goes to the `[data-section]` block
// its schema's `section` names, in the schema's order. What a control is follows the option's type and its display
// hints (app/engine/rulesets/thiercelieux/options.py: `widget`, `unit`, `when`, `enabled_when`, `bare`,
// `forum_switch`, `css`, `enum`); its texts come from the catalogue (`opt.<name>`, `.help`, `.<value>`, `.<value>.help`, `.unit`).
// No option is named here; options.js reads and writes the values.
import { h } from "../../shell/dom.js";
import { has, t } from "../../shell/i18n.js";

/** An option's schema, a nullable one (`anyOf: [..., null]`) read as its value's. */
function merged(raw) {
  const found = (raw.anyOf || []).find((alt) => alt.type !== "null");
  return found ? { ...raw, ...found } : raw;
}

const text = (key) => t(`opt.${key}`);
const helpOf = (name, cls) => (has(`opt.${name}.help`) ? h("small", { class: cls }, text(`${name}.help`)) : null);

function checkbox(name, s, helpClass) {
  const input = h("input", { type: "checkbox", name });
  if (!has(`opt.${name}.help`)) return h("label", { class: ["check", s.css] }, input, " ", h("span", {}, text(name)));
  return h("label", { class: ["check has-help", s.css] }, input, " ",
    h("span", { class: "check-text" }, text(name), helpOf(name, helpClass)));
}

/** Radio cards, when every value explains itself; `bare` (no legend) when the section's title names the option. */
function cards(name, s) {
  const cardList = h("div", { class: ["radio-cards", s.forum_switch && "schedule-choice"],
    "data-forum-switch": s.forum_switch ?? null },
  s.enum.map((value) => h("label", { class: "radio-card" }, h("input", { type: "radio", name, value: String(value) }), " ",
    h("span", {}, h("b", {}, text(`${name}.${value}`)), h("small", {}, text(`${name}.${value}.help`))))));
  if (s.bare) return cardList;
  return h("fieldset", { class: s.css ?? null }, h("legend", {}, text(name)), cardList);
}

function select(name, s, helpClass) {
  return h("label", { class: ["select", s.css] }, h("span", {}, text(name)), " ",
    h("select", { name }, s.enum.map((value) => h("option", { value: String(value) }, text(`${name}.${value}`)))),
    helpOf(name, helpClass));
}

/** The words after a number: seconds, minutes, or the option's own (`opt.<name>.unit`). */
function unitOf(name, s) {
  if (s.widget === "percent") return "%";
  if (s.unit === "s") return t("ui.seconds_short");
  if (s.unit === "min") return t("ui.minutes_short");
  return has(`opt.${name}.unit`) ? text(`${name}.unit`) : null;
}

function number(name, s, helpClass) {
  const percent = s.widget === "percent";
  const scale = percent ? 100 : 1;
  const decimal = s.type === "number" && !percent;
  const input = h("input", { type: "number", name, min: s.minimum === undefined ? null : s.minimum * scale,
    max: s.maximum === undefined ? null : s.maximum * scale,
    step: s.step !== undefined ? Math.round(s.step * scale * 100) / 100 : decimal ? "any" : 1,
    inputmode: decimal ? "decimal" : "numeric" });
  const unit = unitOf(name, s);
  return h("label", { class: ["num", s.css] }, h("span", {}, text(name)), " ",
    unit ? h("span", { class: "with-unit" }, input, h("i", {}, unit)) : input,
    s.unit === "s" ? h("small", { class: "human", "data-human": name }) : helpOf(name, helpClass));
}

// The controls that are not a plain input, by their schema's `widget`.
const WIDGETS = {
  time: (name) => h("label", { class: "num" }, h("span", {}, text(name)), " ",
    h("input", { type: "time", name, step: 60, required: true })),
  timezone: (name) => h("label", { class: "num" }, h("span", {}, text(name)), " ",
    h("input", { type: "text", name, list: "timezones", autocomplete: "off", spellcheck: "false",
      autocapitalize: "off" })),
  step_order: (name, s) => h("div", { class: "night-order", "data-night-order": s.preset, "data-option": name }),
  role_checks: (name, s, helpClass) => h("fieldset", { class: s.css ?? null }, h("legend", {}, text(name)),
    h("div", { class: "fake-role-list", "data-fake-roles": true }), helpOf(name, helpClass)),
  percent: (name, s, helpClass) => number(name, s, helpClass),
};

/** One option's control (null for an option the page has no control for). */
function control(name, s, helpClass) {
  const widget = WIDGETS[s.widget];
  if (widget) return widget(name, s, helpClass);
  if (Array.isArray(s.enum)) {
    return s.enum.every((value) => has(`opt.${name}.${value}.help`)) ? cards(name, s) : select(name, s, helpClass);
  }
  if (s.type === "boolean") return checkbox(name, s, helpClass);
  if (s.type === "number" || s.type === "integer") return number(name, s, helpClass);
  return null;
}

/** Draw every option the schema places in one of the form's sections (once; its values are options.js's). */
export function drawOptionFields(form, info) {
  const props = (info.options_schema || {}).properties || {};
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-section]"))) {
    const helpClass = box.dataset.help || "opt-help";
    const fields = Object.keys(props).map((name) => {
      const s = merged(props[name]);
      if (s.section !== box.dataset.section) return null;
      const node = control(name, s, helpClass);
      if (node && s.when) node.dataset.when = s.when;
      if (node && s.enabled_when) node.dataset.enabledWhen = s.enabled_when;
      return node;
    });
    box.replaceChildren(...fields.filter(Boolean));
  }
}
