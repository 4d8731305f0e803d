// @ts-check
// The dream: the spirits' signs, on screen for the seconds the announcement says. Which announcements were
// shown and the timer that takes the overlay away are kept here, where the overlay is drawn.
import { h, icon } from "../../shell/dom.js";
import { has, t } from "../../shell/i18n.js";
import { rt } from "./common.js";

const dream = { shown: new Set(), timer: null };

export function dreamOverlay(events, ctx, now) {
  for (let i = events.length - 1; i >= 0 && i >= events.length - 40; i--) {
    const e = events[i];
    const d = e.data || {};
    if (e.type !== "announce" || d.key !== "rp-reve-signes") continue;
    const params = d.params || {};
    const seconds = Number(params.seconds) || 5;
    const id = `${e.at}:${i}`;
    if (dream.shown.has(id) || now - e.at > seconds) return;
    dream.shown.add(id);
    const signs = Object.entries(params.signs || {});
    const node = h("div", { class: "rp-dream", role: "dialog", "aria-live": "assertive", "data-seconds": seconds },
      h("div", { class: "rp-dream-box" },
        h("h2", {}, icon("moon"), " ", rt("ui.rp-dream-title")),
        h("p", { class: "rp-dream-fact" }, has(`dream.${params.fact}`) ? t(`dream.${params.fact}`) : params.fact),
        signs.length ? h("ul", { class: "rp-dream-signs" }, signs.map(([seat, sign]) => h("li", {},
          h("span", { class: "rp-dream-sign" }, String(sign)), h("small", {}, ctx.name(Number(seat))))))
          : h("p", { class: "muted" }, rt("ui.rp-dream-nothing"))));
    document.querySelectorAll(".rp-dream").forEach((old) => old.remove());
    document.body.append(node);
    clearTimeout(dream.timer);
    dream.timer = setTimeout(() => node.remove(), Math.max(0.5, seconds - Math.max(0, now - e.at)) * 1000);
    return;
  }
}
