// @ts-check
// Hiding one's own card from a neighbour's glance: a choice of this phone for this room, kept for the tab's life
// (sessionStorage). Every ruleset's card panel uses it, so the choice holds when the page changes game.
import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

const key = (code) => `veillee:card-hidden:${code}`;

/** Whether this phone hides its card in room `code`. */
export function cardHidden(code) {
  return sessionStorage.getItem(key(code)) === "1";
}

/** The show/hide button of a card panel. */
export function cardToggle(ctx) {
  const hidden = cardHidden(ctx.code);
  return h("button", { type: "button", class: "btn btn-ghost btn-small toggle-card", "aria-pressed": hidden ? "false" : "true",
    onclick: () => {
      sessionStorage.setItem(key(ctx.code), hidden ? "0" : "1");
      ctx.rerender();
    } }, icon(hidden ? "eye" : "eyeoff"), hidden ? t("room.show_card") : t("room.hide_card"));
}
