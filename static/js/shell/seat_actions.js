// @ts-check
// The MJ console's seat actions every ruleset shares.
import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The MJ's kill (a living seat) or revive (a dead one) button, each asking first: a misplaced tap must not kill.
 * @param {{seat: number, name: string, alive: boolean}} p the seat
 * @param {any} ctx the console's context (its `send`)
 */
export function lifeButton(p, ctx) {
  return p.alive
    ? h("button", { type: "button", class: "btn btn-small btn-danger", "data-action": "kill", onclick: () => {
      if (window.confirm(t("mj.kill_confirm", { name: p.name }))) ctx.send("kill", { seat: p.seat });
    } }, icon("cross"), t("mj.kill"))
    : h("button", { type: "button", class: "btn btn-small", "data-action": "revive", onclick: () => {
      if (window.confirm(t("mj.revive_confirm", { name: p.name }))) ctx.send("revive", { seat: p.seat });
    } }, t("mj.revive"));
}
