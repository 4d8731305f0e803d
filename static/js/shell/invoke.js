// @ts-check
// Invoked actions (the engine's `invoke {power}` command, docs/architecture.md "The step stack"): a button per power
// the view says this viewer may invoke now, for any ruleset that has them. The server decides what is offered (the
// ruleset's view lists it) and opens the power's own questions (its target) once it is invoked; the page only asks
// twice, since an invocation is announced to the whole table at once. Powers are named `power.<key>` (with
// `power.<key>.desc`) in the ruleset's catalogue.
import { h, icon } from "./dom.js";
import { has, t } from "./i18n.js";

const ARMED_FOR = 4000; // ms: a first tap arms the button, a second one within this time invokes

/**
 * The invoke box: `powers` (the view's list of power keys available now), `ctx` the page's context ({ui, send,
 * rerender}); opts: {seat: the seat invoking (a second character), running: an invocation is under way (the
 * buttons wait), title}.
 */
export function invokePanel(powers, ctx, opts = {}) {
  if (!powers || !powers.length) return null;
  const state = ctx.ui.state;
  const now = Date.now();
  const armed = state.invokeArmed && state.invokeArmed.until > now ? state.invokeArmed.power : null;
  return h("section", { class: "card invoke-box", "data-key": "invoke", "aria-labelledby": "invoke-title" },
    h("h2", { id: "invoke-title" }, icon("forward"), " ", opts.title || t("invoke.title")),
    h("p", { class: "hint" }, opts.running ? t("invoke.running") : t("invoke.help")),
    h("div", { class: "invoke-buttons" }, powers.map((power) => {
      const on = armed === power;
      const label = has(`power.${power}`) ? t(`power.${power}`) : power;
      return h("div", { class: "invoke-row", "data-key": `power-${power}` },
        h("button", { type: "button", class: ["btn", "btn-big", "btn-block", "invoke-button", on ? "btn-danger armed" : "btn-primary"],
          "data-power": power, disabled: opts.running ? true : null, "aria-describedby": `invoke-desc-${power}`,
          onclick: async () => {
            if (!on) {
              state.invokeArmed = { power, until: Date.now() + ARMED_FOR };
              ctx.rerender();
              setTimeout(() => ctx.rerender(), ARMED_FOR + 50);
              return;
            }
            state.invokeArmed = null;
            ctx.rerender();
            await ctx.send("invoke", { power, ...(opts.seat !== undefined && opts.seat !== null ? { seat: opts.seat } : {}) });
          } },
        on ? t("invoke.confirm", { power: label }) : t("invoke.button", { power: label })),
        has(`power.${power}.desc`) ? h("p", { class: "invoke-desc small muted", id: `invoke-desc-${power}` }, t(`power.${power}.desc`)) : null);
    })));
}
