// @ts-check
// The village screen's voice settings: which voice, how fast, how loud, the ambience, and a sample to hear them.
// Kept in this screen's storage (narrator.js); drawn into the controls bar, which a patch keeps open while in use.
import { h, icon } from "../shell/dom.js";
import { t } from "../shell/i18n.js";

/**
 * @param {import("./narrator.js").Narrator} narrator
 * @param {() => void} redraw
 */
export function settingsPanel(narrator, redraw) {
  const s = narrator.settings;
  const voices = narrator.voices();
  const number = (ev) => Number(/** @type {HTMLInputElement} */ (ev.currentTarget).value);
  return h("details", { class: "screen-settings", id: "screen-settings" },
    h("summary", { class: "btn btn-small" }, icon("speaker"), t("screen.voice")),
    h("div", { class: "screen-settings-body card" },
      h("label", { for: "screen-voice" }, t("screen.voice_choice")),
      h("select", { id: "screen-voice", onchange: (ev) => { narrator.set({ voice: ev.currentTarget.value }); redraw(); } },
        h("option", { value: "", selected: !s.voice }, t("screen.voice_default")),
        voices.map((v) => h("option", { value: v.name, selected: v.name === s.voice }, `${v.name} (${v.lang})`))),
      voices.length ? null : h("p", { class: "hint" }, t("screen.no_voice")),
      h("label", { for: "screen-rate" }, t("screen.rate")),
      h("input", { id: "screen-rate", type: "range", min: "0.6", max: "1.6", step: "0.05", value: String(s.rate),
        onchange: (ev) => narrator.set({ rate: number(ev) }) }),
      h("label", { for: "screen-volume" }, t("screen.volume")),
      h("input", { id: "screen-volume", type: "range", min: "0", max: "1", step: "0.05", value: String(s.volume),
        onchange: (ev) => narrator.set({ volume: number(ev) }) }),
      h("label", { class: "check" },
        h("input", { type: "checkbox", id: "screen-ambience", checked: s.ambience,
          onchange: (ev) => narrator.set({ ambience: ev.currentTarget.checked }) }),
        " ", t("screen.ambience")),
      h("button", { type: "button", class: "btn btn-small", id: "screen-sample", onclick: () => narrator.sample(t("screen.sample")) },
        icon("play"), t("screen.try_voice"))));
}
