// @ts-check
// The console's set-up: the two decks and the options. The composition check the server answers
// (POST /api/rulesets/<key>/composition) is kept here for the composition it was asked about. The options offered
// are the ruleset's `console_options`, each drawn from its schema (GET /api/rulesets/<key>: `options_schema`).
import { h } from "../../shell/dom.js";
import { has, listOf, roleName, t } from "../../shell/i18n.js";
import { api } from "../../shell/net.js";
import { fieldSchema, kindOf, optionLabel } from "../../options_form.js";
import { campName, data, deckOf, nightsOf, rt, weekdayName } from "./common.js";

// -- the console: set-up (the two decks and the options) ------------------------------------------------------------
const report = { key: null, value: null };
const PREFIX = "ui.rp-opt.";

function compositionReport(players, composition, ctx) {
  const key = JSON.stringify([players, composition]);
  if (report.key === key) return report.value;
  report.key = key;
  report.value = null;
  api(`/api/rulesets/${encodeURIComponent(data.key)}/composition`, { method: "POST", body: { players, composition } })
    .then((found) => {
      if (report.key === key) {
        report.value = found;
        ctx.rerender();
      }
    }).catch(() => {});
  return null;
}

export function setupPanel(v, ctx) {
  const players = (v.players || []).length;
  const size = Math.min(data.max, Math.max(data.min, players));
  const chosen = v.composition || [];
  const suggested = data.suggested[String(size)] || [];
  const shown = chosen.length ? chosen : suggested;
  const counts = new Map();
  for (const card of shown) counts.set(card, (counts.get(card) || 0) + 1);
  const options = v.options || {};
  const configure = (args) => ctx.send("configure", args);
  const change = (card, by) => {
    const next = [...shown];
    if (by > 0) next.push(card);
    else next.splice(next.lastIndexOf(card), 1);
    configure({ composition: next });
  };
  const found = compositionReport(size, shown, ctx);
  const inDeck = (deck) => shown.filter((c) => deckOf(c) === deck).length;
  const deckRows = (deck) => [...data.roles.values()].filter((r) => r.deck === deck).map((r) => {
    const n = counts.get(r.key) || 0;
    return h("div", { class: ["comp-row", `rp-camp-${r.camp}`, !n && "zero"], "data-role": r.key, "data-key": r.key },
      h("span", { class: "comp-name" }, h("b", {}, roleName(r.key)), h("small", {}, deck === "camp" ? campName(r.camp)
        : nightsOf(r.key).length ? listOf(nightsOf(r.key).map(weekdayName)) : rt("ui.rp-any-time"))),
      h("span", { class: "stepper small" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": rt("ui.rp-less", { role: roleName(r.key) }), disabled: n ? null : true,
          onclick: () => change(r.key, -1) }, "−"),
        h("output", {}, String(n)),
        h("button", { type: "button", class: "btn btn-round", "aria-label": rt("ui.rp-more", { role: roleName(r.key) }),
          disabled: r.unique && n >= 1 ? true : null, onclick: () => change(r.key, 1) }, "+")));
  });
  const field = (name) => fieldSchema(data.info.options_schema.properties[name] || {});
  const label = (name) => optionLabel(PREFIX, name);
  // An option whose default the server leaves unwritten (phone_cues) is absent from the room's: its schema's default.
  const valueOf = (name) => options[name] ?? field(name).default;
  // The catalogue's `ui.rp-opt.` family, else the main catalogue's `opt.` (an option every ruleset offers).
  const choiceText = (name, value) => (has(`${PREFIX}${name}.${value}`) ? rt(`${PREFIX}${name}.${value}`) : t(`opt.${name}.${value}`));
  const radio = (option, values) => h("div", { class: "radio-cards", "data-key": `r${option}` }, values.map((value) => h("label", { class: "radio-card", "data-key": value },
    h("input", { type: "radio", name: `rp-${option}`, value, checked: valueOf(option) === value ? true : null,
      onchange: () => configure({ options: { [option]: value } }) }),
    h("span", {}, h("b", {}, choiceText(option, value)), h("small", {}, rt(`ui.rp-opt.${option}.${value}.help`))))));
  const select = (option, values) => h("select", { name: option, onchange: (ev) => configure({ options: { [option]: ev.target.value } }) },
    values.map((value) => h("option", { value, selected: valueOf(option) === value ? true : null }, choiceText(option, value))));
  // A choice in a box of its own: cards to tap when each value explains itself, else a list.
  const choice = (option) => {
    const values = field(option).enum;
    return h("fieldset", { class: "field", "data-key": option }, h("legend", {}, label(option)),
      values.every((value) => has(`${PREFIX}${option}.${value}.help`)) ? radio(option, values) : select(option, values));
  };
  const check = (option) => h("label", { class: "check", "data-key": `c${option}` },
    h("input", { type: "checkbox", checked: options[option] ? true : null, onchange: (ev) => configure({ options: { [option]: ev.target.checked } }) }),
    h("span", {}, label(option)));
  const seconds = (option) => h("label", { class: "num", "data-key": `n${option}` }, h("span", {}, label(option)),
    h("span", { class: "with-unit" }, h("input", { type: "number", min: 1, step: 1, value: options[option] ?? "", name: option,
      onchange: (ev) => {
        const value = Number(ev.target.value);
        if (Number.isFinite(value) && value > 0) configure({ options: { [option]: value } });
      } }), h("i", {}, t("ui.seconds_short"))));
  // The options the console offers (the ruleset's `console_options`), by what each is.
  const offered = (data.info.console_options || []).filter((name) => kindOf(data.info.options_schema.properties[name] || {}));
  const ofKind = (...kinds) => offered.filter((name) => kinds.includes(kindOf(data.info.options_schema.properties[name])));
  return [
    h("p", { class: "hint", "data-key": "source" }, chosen.length ? rt("ui.rp-setup-own") : rt("ui.rp-setup-suggested", { n: size })),
    h("p", { class: "comp-check", "data-key": "counts" }, rt("ui.rp-setup-counts", { camp: inDeck("camp"), specialty: inDeck("specialty"), players })),
    found && (found.warnings || []).length ? h("ul", { class: "comp-report small", "data-key": "warnings" },
      found.warnings.map((w) => h("li", { "data-key": w.code }, has(w.key) ? t(w.key, w.params) : w.code))) : null,
    h("div", { class: "button-row", "data-key": "comp-buttons" },
      h("button", { type: "button", class: "btn btn-small", id: "rp-suggest", onclick: () => configure({ composition: suggested }) }, rt("ui.rp-setup-use-suggestion")),
      chosen.length ? h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => configure({ composition: [] }) }, rt("ui.rp-setup-follow")) : null),
    h("details", { class: "more rp-deck", open: true, "data-key": "deck-camp" }, h("summary", {}, rt("ui.rp-deck-camp", { n: inDeck("camp") })),
      h("div", { class: "comp-rows" }, deckRows("camp"))),
    h("details", { class: "more rp-deck", "data-key": "deck-specialty" }, h("summary", {}, rt("ui.rp-deck-specialty", { n: inDeck("specialty") })),
      h("div", { class: "comp-rows" }, deckRows("specialty"))),
    ...ofKind("choice").map(choice),
    h("fieldset", { class: "field", "data-key": "durations" }, h("legend", {}, t("home.durations")),
      h("div", { class: "grid-fields" }, ofKind("duration").map(seconds))),
    h("fieldset", { class: "field options-list", "data-key": "options" }, h("legend", {}, t("home.options")),
      ofKind("check").map(check)),
  ];
}
