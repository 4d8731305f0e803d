// @ts-check
// An options form built from a ruleset's options JSON schema (GET /api/rulesets/<key>: `options_schema`, `options`),
// so that the server says which options exist, their type, range, values and unit (`"unit": "s"`). Texts come from
// the catalogue: `<prefix><name>` (else the main catalogue's `opt.<name>`), `<prefix><name>.help`,
// `<prefix><name>.<value>` and `<prefix><name>.<value>.help` for a choice.
import { h } from "./shell/dom.js";
import { has, t } from "./shell/i18n.js";

/** The schema of one option, a nullable number (`anyOf: [number, null]`) read as its number. */
export function fieldSchema(schema) {
  const alternatives = schema.anyOf || [];
  const found = alternatives.find((s) => s.type !== "null");
  return found ? { ...schema, ...found, nullable: alternatives.some((s) => s.type === "null") } : schema;
}

/** What a form can show: a yes/no, a number, a choice among strings. */
export function kindOf(schema) {
  const s = fieldSchema(schema);
  if (s.type === "boolean") return "check";
  if (Array.isArray(s.enum) && s.type === "string") return "choice";
  if (s.type === "number" || s.type === "integer") return s.unit ? "duration" : "number";
  return null;
}

/** The names of the options a form can show, in the schema's order, except `skip`. */
export function formOptions(info, skip = []) {
  const props = (info.options_schema || {}).properties || {};
  return Object.keys(props).filter((name) => !skip.includes(name) && kindOf(props[name]));
}

export function optionLabel(prefix, name) {
  if (has(`${prefix}${name}`)) return t(`${prefix}${name}`);
  return has(`opt.${name}`) ? t(`opt.${name}`) : name;
}

/** A text of the option's family `prefix`, else the main catalogue's `opt.` one (an option every ruleset offers). */
const optText = (prefix, key) => (has(`${prefix}${key}`) ? `${prefix}${key}` : has(`opt.${key}`) ? `opt.${key}` : null);

const help = (prefix, key) => {
  const found = optText(prefix, `${key}.help`);
  return found ? h("small", { class: "opt-help" }, t(found)) : null;
};

/** One option's field, showing `value` (the ruleset's default when none). */
export function optionField(info, name, prefix, value) {
  const raw = info.options_schema.properties[name];
  const s = fieldSchema(raw);
  // An option whose default the server leaves unwritten (phone_cues) is absent: its schema's default.
  const current = value === undefined ? (info.options || {})[name] ?? s.default : value;
  const kind = kindOf(raw);
  const label = optionLabel(prefix, name);
  if (kind === "check") {
    return h("label", { class: "check has-help", "data-option": name },
      h("input", { type: "checkbox", name, checked: current ? true : null }),
      h("span", { class: "check-text" }, label, help(prefix, name)));
  }
  if (kind === "choice") {
    const text = (v) => (optText(prefix, `${name}.${v}`) ? t(optText(prefix, `${name}.${v}`)) : v);
    // Choices that each explain themselves are cards to tap; the others a list.
    if (s.enum.every((v) => has(`${prefix}${name}.${v}.help`))) {
      return h("fieldset", { class: "option-choice", "data-option": name }, h("legend", {}, label),
        h("div", { class: "radio-cards" }, s.enum.map((v) => h("label", { class: "radio-card" },
          h("input", { type: "radio", name, value: v, checked: v === current ? true : null }),
          h("span", {}, h("b", {}, text(v)), h("small", {}, t(`${prefix}${name}.${v}.help`)))))),
        help(prefix, name));
    }
    return h("label", { class: "select", "data-option": name }, h("span", {}, label),
      h("select", { name }, s.enum.map((v) => h("option", { value: v, selected: v === current ? true : null }, text(v)))),
      help(prefix, name));
  }
  const input = h("input", { type: "number", name, inputmode: s.type === "integer" ? "numeric" : "decimal",
    min: s.minimum ?? null, max: s.maximum ?? null, step: s.type === "integer" ? 1 : "any",
    value: current === null || current === undefined ? "" : String(current),
    placeholder: s.nullable && has(`${prefix}${name}.empty`) ? t(`${prefix}${name}.empty`) : null });
  return h("label", { class: "num", "data-option": name }, h("span", {}, label),
    kind === "duration" ? h("span", { class: "with-unit" }, input, h("i", {}, t("ui.seconds_short"))) : input,
    help(prefix, name));
}

/** The values of the named options in `form`, as the server takes them; an empty number is left to the server's
 * default (or null when the option may be empty). */
export function readOptions(form, info, names) {
  const out = {};
  for (const name of names) {
    const raw = info.options_schema.properties[name];
    const kind = kindOf(raw);
    if (kind === "check") {
      const box = form.querySelector(`input[type=checkbox][name="${name}"]`);
      if (box) out[name] = box.checked;
    } else if (kind === "choice") {
      const picked = form.querySelector(`input[type=radio][name="${name}"]:checked`) || form.querySelector(`select[name="${name}"]`);
      if (picked) out[name] = picked.value;
    } else {
      const input = form.querySelector(`input[type=number][name="${name}"]`);
      if (!input) continue;
      const text = input.value.trim();
      if (text === "") {
        if (fieldSchema(raw).nullable) out[name] = null;
      } else {
        out[name] = Number(text);
      }
    }
  }
  return out;
}
