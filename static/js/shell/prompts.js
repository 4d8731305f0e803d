// @ts-check
// Questions, rendered the same way for every ruleset: the engine says what is asked (kind, options, how many,
// who sees the answers) and the view says what the rules refuse and what to read with it (`disabled`, `notes`),
// so this module holds no rule of any game.
import { countdown } from "./clock.js";
import { h, icon } from "./dom.js";
import { has, listNames, localTime, rejectionText, stepName, t } from "./i18n.js";
import { formatAnswer, choiceLabel, readableParams } from "./journal.js";
import { officeMarks } from "./offices.js";
import { hook } from "./rules.js";

export const MAX_REASON = 280;

/** Tally of a public pick prompt: target → voters. */
export function tallyOf(prompt) {
  const out = new Map();
  for (const [seat, answer] of Object.entries(prompt.answers || {})) {
    for (const target of Array.isArray(answer) ? answer : []) {
      if (!out.has(target)) out.set(target, []);
      out.get(target).push(Number(seat));
    }
  }
  return out;
}

/**
 * The count of a vote as its end will make it, when the view carries it (`tallies[prompt]`: weighted ballots,
 * votes nobody casts), else one per ballot: target → {n, voters, bonus}.
 */
export function countOf(view, prompt) {
  const raw = tallyOf(prompt);
  const official = view && view.tallies && view.tallies[prompt.id];
  const out = new Map();
  const targets = new Set([...raw.keys(), ...Object.keys((official && official.counts) || {}).map(Number)]);
  for (const target of targets) {
    const voters = raw.get(target) || [];
    const n = official ? Number((official.counts || {})[String(target)] || 0) : voters.length;
    const bonus = official ? Number((official.bonus || {})[String(target)] || 0) : 0;
    if (n || voters.length) out.set(target, { n, voters, bonus });
  }
  return out;
}

/** "Alice ×2, Bruno" (a ballot that counts more than one says so). */
function votersText(view, prompt, voters, name) {
  const weights = (view && view.tallies && view.tallies[prompt.id] && view.tallies[prompt.id].weights) || {};
  const names = voters.map((s) => (weights[String(s)] > 1 ? `${name(s)} ${t("vote.weight", { n: weights[String(s)] })}` : name(s)));
  return names.length ? names.join(", ") : "";
}

/** Votes nobody cast (the view's `tallies[prompt].bonus`), in the ruleset's words (`voteBonus`) if it has them. */
const bonusText = (prompt, n) => hook("voteBonus", t("vote.bonus", { n }), prompt, n);

/**
 * A prompt's question, with the seats its info names (a pack's victim, the accused) filled in: the ruleset's own
 * words (`promptTitle`), else `prompt.<step>`, else the step's name (`step.<step>`) for a ruleset that names its
 * questions by their step.
 */
export function promptTitle(prompt, name) {
  const own = hook("promptTitle", undefined, prompt, name);
  if (own !== undefined) return own;
  const params = readableParams(prompt.info || {}, name);
  if (has(`prompt.${prompt.step}`) || !has(`step.${prompt.step}`)) return t(`prompt.${prompt.step}`, params);
  return t(`step.${prompt.step}`, params);
}

/** "Yes: A, B · No: C" for a yes/no question several people answer (a pack's, the village's verdict). */
export function confirmTally(prompt, name) {
  const answers = Object.entries(prompt.answers || {});
  if (!answers.length || (prompt.to || []).length < 2) return null;
  const yes = answers.filter(([, a]) => a === true).map(([s]) => Number(s));
  const no = answers.filter(([, a]) => a === false).map(([s]) => Number(s));
  return h("p", { class: "confirm-tally small" },
    t("ui.answers_so_far", { yes: yes.length ? listNames(yes, name) : "—", no: no.length ? listNames(no, name) : "—" }));
}

/** The reasons given with a vote's answers: "Alice → Bruno: « … »". */
export function reasonsList(prompt, name) {
  const entries = Object.entries(prompt.reasons || {}).filter(([, text]) => text);
  if (!entries.length) return null;
  return h("ul", { class: "reasons" }, entries.map(([seat, text]) => {
    const answer = (prompt.answers || {})[seat];
    const target = Array.isArray(answer) && answer.length ? name(answer[0]) : null;
    return h("li", { "data-seat": seat, "data-key": `r${seat}` },
      h("b", {}, name(seat)), target ? h("span", { class: "muted" }, ` → ${target}`) : null,
      h("q", {}, text));
  }));
}

/** The vote's lock state in a forum day: "open" (votes may change), "late" (only first votes), or null. */
export function lockState(prompt, now, locksAt = null) {
  const at = prompt.locks_at ?? locksAt;
  if (!at) return null;
  return now >= at ? "late" : "open";
}

/** Why the rules refuse `option` to `seat` on this prompt (the view's `disabled`), as words, or null. */
export function refusal(view, prompt, seat, option) {
  const code = (((view && view.disabled) || {})[prompt.id] || {})[String(seat)]?.[String(option)];
  if (!code) return null;
  return has(`why.${code}`) ? t(`why.${code}`) : rejectionText(code);
}

/** The lines the view says to read with a question (a victim to save, the pack's leader). */
export function notesOf(view, prompt, name) {
  const notes = ((view && view.notes) || {})[prompt.id] || [];
  return notes.map((note) => h("p", { class: ["note", `note-${note.key}`], "data-note": note.key },
    t(`prompt.note.${note.key}`, readableParams(note, name))));
}

/**
 * A prompt, rendered for the one who answers it (a seat, or the MJ answering for a seat).
 * opts: {view, name, seat (who answers), submit(answer, reason) → Promise<bool>, selection: Map (kept across
 * renders), rerender(), drafts: Map of reasons being typed (a reason field shows when the prompt takes one),
 * now: server time, locksAt, actingAs}
 */
export function renderPrompt(prompt, opts) {
  const { view, name, seat } = opts;
  const mine = prompt.answers ? prompt.answers[String(seat)] : undefined;
  const answered = mine !== undefined;
  const info = prompt.info || {};
  // A vote that may say why names which way it reads (`info.reason`: "for" or "against").
  const reasonWay = typeof info.reason === "string" ? info.reason : null;
  const withReason = Boolean(opts.drafts) && prompt.kind === "pick" && Boolean(reasonWay);
  const draftKey = `reason:${prompt.id}`;
  const recorded = (prompt.reasons || {})[String(seat)] || "";
  const reasonText = () => {
    const text = withReason ? (opts.drafts.get(draftKey) ?? recorded) : "";
    return text.trim().slice(0, MAX_REASON);
  };
  const submit = (answer) => opts.submit(answer, reasonText() || undefined);
  const lock = lockState(prompt, opts.now || 0, opts.locksAt);
  const locksAt = prompt.locks_at ?? opts.locksAt;
  const frozen = lock === "late" && answered; // a vote cast before the lock can no longer change
  const title = promptTitle(prompt, name);
  // A vote whose ballots only the MJ sees (the forum's first election) says so instead of "votes are public".
  const helpKey = prompt.visibility !== "public" && has(`prompt.${prompt.step}.secret.help`)
    ? `prompt.${prompt.step}.secret.help` : `prompt.${prompt.step}.help`;
  const help = hook("promptHelp", has(helpKey) ? t(helpKey, { min: prompt.min, max: prompt.max }) : null, prompt, view);
  // Why this seat is asked (`ask.<step>`, with the seats, coins and law the question's info names).
  const why = has(`ask.${prompt.step}`)
    ? t(`ask.${prompt.step}`, hook("promptParams", undefined, prompt, name) ?? readableParams(info, name)) : null;
  const body = [...notesOf(view, prompt, name)];
  const players = new Map(((view && view.players) || []).map((p) => [p.seat, p]));

  if (prompt.kind === "confirm") {
    const label = (which) => (has(`prompt.${prompt.step}.${which}`) ? t(`prompt.${prompt.step}.${which}`) : t(`ui.${which}`));
    // A "yes" the rules refuse this seat (a lover's guilty verdict against the beloved) is greyed, with why.
    const whyYes = refusal(view, prompt, seat, true);
    body.push(h("div", { class: "confirm-row" },
      h("button", { class: ["btn", "btn-big", "btn-yes", mine === true && "selected", whyYes && "forbidden"], "data-answer": "yes",
        type: "button", disabled: whyYes ? true : null, title: whyYes, onclick: () => submit(true) }, icon("check"), label("yes"),
        whyYes ? h("small", { class: "why" }, whyYes) : null),
      h("button", { class: ["btn", "btn-big", "btn-no", mine === false && "selected"], "data-answer": "no",
        type: "button", onclick: () => submit(false) }, icon("close"), label("no"))));
    if (prompt.visibility !== "self") body.push(confirmTally(prompt, name));
  } else if (prompt.kind === "number") {
    body.push(numberField(prompt, opts, mine, submit));
  } else if (prompt.kind === "text") {
    body.push(textField(prompt, opts, mine, submit));
  } else if (prompt.kind === "choice") {
    // An answer the rules refuse this seat (the view's `disabled`, as for a pick) is shown, greyed, with why.
    body.push(h("div", { class: "choices" }, (prompt.options || []).map((option) => {
      const why = refusal(view, prompt, seat, option);
      return h("button", { class: ["btn", "btn-big", "choice", mine === option && "selected", why && "forbidden"], type: "button",
        "data-answer": option, "data-key": `o${option}`, disabled: why ? true : null, title: why,
        onclick: () => submit(option) }, choiceLabel(prompt, option), why ? h("small", { class: "why" }, why) : null);
    })));
  } else {
    const counts = prompt.visibility !== "self" ? countOf(view, prompt) : new Map();
    // A player's answer that cannot be taken back (the Assassin's signal) is picked, then confirmed.
    const final = prompt.policy === "first" && !prompt.to_mj && !answered;
    const multi = prompt.max > 1 || final;
    const sel = opts.selection;
    const key = `${prompt.id}:${seat}`;
    if (multi && !sel.has(key)) sel.set(key, new Set(Array.isArray(mine) ? mine : []));
    const chosen = multi ? sel.get(key) : new Set(Array.isArray(mine) ? mine : []);
    const buttons = (prompt.options || []).map((target) => {
      const p = players.get(target);
      const count = counts.get(target);
      const why = refusal(view, prompt, seat, target);
      return h("button", {
        class: ["btn", "target", chosen.has(target) && "selected", why && "forbidden"], type: "button",
        "data-seat": target, "data-key": `t${target}`, disabled: why || frozen ? true : null, title: why,
        onclick: () => {
          if (multi) {
            if (chosen.has(target)) chosen.delete(target);
            else {
              if (prompt.max === 1) chosen.clear();
              if (chosen.size < prompt.max) chosen.add(target);
            }
            opts.rerender();
          } else {
            submit(chosen.has(target) && prompt.min === 0 ? [] : [target]);
          }
        },
      },
      // A ranked ballot (`info.ranked`, a Condorcet vote): the order of the taps is the ranking, shown 1, 2, 3…
      info.ranked && chosen.has(target) ? h("span", { class: "rank", "data-rank": [...chosen].indexOf(target) + 1 },
        String([...chosen].indexOf(target) + 1)) : null,
      h("span", { class: "target-name" }, p ? p.name : name(target),
        officeMarks(p)),
      // What the option stands for beyond a seat (the law each proposer wrote): the ruleset's words.
      hook("optionDetail", null, prompt, target) ? h("small", { class: "option-detail" }, hook("optionDetail", null, prompt, target)) : null,
      why ? h("small", { class: "why" }, why) : null,
      count ? h("span", { class: "votes" },
        h("b", {}, String(count.n)),
        h("small", {}, votersText(view, prompt, count.voters, name),
          count.bonus ? ` ${bonusText(prompt, count.bonus)}` : "")) : null);
    });
    body.push(h("div", { class: "targets" }, buttons));
    const actions = [];
    if (final) {
      actions.push(h("button", { class: "btn btn-primary btn-big submit", type: "button",
        disabled: chosen.size < Math.max(1, prompt.min) || chosen.size > prompt.max ? true : null,
        onclick: () => submit([...chosen]) },
      has(`prompt.${prompt.step}.submit`) ? t(`prompt.${prompt.step}.submit`) : t("ui.confirm_pick")));
    } else if (multi) {
      actions.push(h("button", { class: "btn btn-primary btn-big submit", type: "button",
        disabled: chosen.size < prompt.min || chosen.size > prompt.max ? true : null,
        onclick: () => submit([...chosen]) }, t("ui.validate_n", { n: chosen.size, max: prompt.max })));
    }
    if (prompt.min === 0 && !final) {
      const none = Array.isArray(mine) && mine.length === 0;
      actions.push(h("button", { class: ["btn", "btn-ghost", "btn-big", "nobody", none && "selected"], type: "button",
        disabled: frozen ? true : null, onclick: () => submit([]) },
      has(`prompt.${prompt.step}.none`) ? t(`prompt.${prompt.step}.none`) : t("ui.pick_nobody")));
    }
    if (actions.length) body.push(h("div", { class: "prompt-actions" }, actions));
    if (withReason && !frozen) body.push(reasonField(prompt, opts, { draftKey, recorded, answered, mine, reasonWay, submit, reasonText }));
    if (prompt.visibility === "public") body.push(reasonsList(prompt, name));
    if (weighted(view, prompt)) body.push(h("p", { class: "hint" }, t("vote.weighted_help")));
  }

  // The server says whether an answer given may still change (`may_change`); a vote says so in a vote's words.
  // A ballot the rules made final for this seat (every option refused, Thiercelieux's `vote_final`) says nothing.
  const options = prompt.kind === "pick" ? prompt.options || [] : [];
  const madeFinal = options.length > 0 && options.every((o) => refusal(view, prompt, seat, o));
  let changeHint = null;
  if ((prompt.may_change ?? prompt.policy !== "first") && !madeFinal) {
    const vote = prompt.kind === "pick" && prompt.visibility === "public";
    if (frozen) changeHint = t("forum.vote_frozen");
    else if (lock === "open") changeHint = t("forum.can_change_until", { time: localTime(locksAt) });
    else changeHint = t(vote ? "ui.can_change" : "ui.can_change_answer");
  }
  const status = answered
    ? h("p", { class: "answered" }, icon(frozen ? "lock" : "check"),
      t("ui.answer_recorded", { answer: formatAnswer(prompt, mine, name) }),
      recorded ? h("q", { class: "my-reason" }, recorded) : null,
      changeHint ? h("small", {}, " ", changeHint) : null)
    : lock === "late" ? h("p", { class: "late-note" }, icon("lock"), t("forum.late_vote_final")) : null;

  return h("section", { class: ["prompt", `prompt-${prompt.step}`, answered && "is-answered"], "data-prompt": prompt.id,
    "data-key": `p${prompt.id}:${seat}`, "data-min": prompt.min, "data-max": prompt.max, "data-step": prompt.step },
  h("h2", { class: "prompt-title" }, title),
  opts.actingAs ? h("p", { class: "acting-as" }, icon("users"), " ", t("room.acting_as", { name: opts.actingAs })) : null,
  why ? h("p", { class: "prompt-why" }, why) : null,
  help ? h("p", { class: "prompt-help" }, help) : null,
  // A question whose step an invoked action set aside keeps its answers, and takes none until it resumes.
  prompt.suspended ? [h("p", { class: "note note-suspended" }, icon("lock"), " ", t("ui.prompt_suspended")),
    h("fieldset", { class: "suspended", disabled: true }, body)] : body,
  status,
  // The step's countdown is on screen already; a prompt shows its own only when it ends at another time (a dead
  // player's choice), never while an invoked action sets its step aside: its deadline moves on when it resumes.
  prompt.deadline && !prompt.suspended && !(view && view.step && view.step.deadline === prompt.deadline)
    ? countdown(prompt.deadline, view && view.step ? view.step.started : null, view && view.paused) : null);
}

/** A whole number from `min` to `max` (coins): typed, or moved one by one with − and +, then sent. */
function numberField(prompt, opts, mine, submit) {
  const key = `${prompt.id}:${opts.seat}:number`;
  const sel = opts.selection;
  const clamp = (n) => Math.min(prompt.max, Math.max(prompt.min, n));
  if (!sel.has(key)) sel.set(key, typeof mine === "number" ? mine : clamp(0));
  const value = () => sel.get(key);
  const step = (by) => {
    sel.set(key, clamp(value() + by));
    opts.rerender();
  };
  const range = t("ui.number_range", { min: prompt.min, max: prompt.max });
  return h("div", { class: "number-field" },
    h("div", { class: "number-row" },
      h("button", { type: "button", class: "btn btn-big number-step", "data-step": "-1", "aria-label": t("ui.number_minus"),
        disabled: value() <= prompt.min ? true : null, onclick: () => step(-1) }, "−"),
      h("input", { type: "number", class: "number-input", id: `number-${prompt.id}`, inputmode: "numeric", step: 1,
        min: prompt.min, max: prompt.max, value: value(), "aria-label": range,
        oninput: (ev) => {
          const n = Number.parseInt(ev.target.value, 10);
          if (Number.isFinite(n)) sel.set(key, clamp(n));
        } }),
      h("button", { type: "button", class: "btn btn-big number-step", "data-step": "1", "aria-label": t("ui.number_plus"),
        disabled: value() >= prompt.max ? true : null, onclick: () => step(1) }, "+")),
    h("p", { class: "hint" }, range),
    h("div", { class: "prompt-actions" }, h("button", { type: "button", class: "btn btn-primary btn-big submit",
      onclick: () => submit(value()) }, t("ui.answer_send"))));
}

/** Free text (a law, a last message): at most `max` characters, at least `min` once trimmed, then sent. */
function textField(prompt, opts, mine, submit) {
  const key = `${prompt.id}:${opts.seat}:text`;
  const sel = opts.selection;
  if (!sel.has(key)) sel.set(key, typeof mine === "string" ? mine : "");
  const count = (text) => t("ui.text_count", { n: [...text].length, max: prompt.max });
  const short = (text) => text.trim().length < Math.max(1, prompt.min);
  return h("div", { class: "text-field" },
    h("textarea", { class: "text-answer", id: `text-${prompt.id}`, rows: 4, maxlength: prompt.max,
      placeholder: t("ui.text_placeholder"), "aria-label": promptTitle(prompt, opts.name),
      oninput: (ev) => {
        sel.set(key, ev.target.value);
        const field = ev.target.parentNode;
        const counter = field && field.querySelector(".text-count");
        if (counter) counter.textContent = count(ev.target.value);
        const send = field && field.querySelector(".submit");
        if (send) send.disabled = short(ev.target.value);
      } }, sel.get(key)),
    h("small", { class: "text-count" }, count(sel.get(key))),
    h("div", { class: "prompt-actions" }, h("button", { type: "button", class: "btn btn-primary btn-big submit",
      disabled: short(sel.get(key)) ? true : null, onclick: () => submit(sel.get(key).trim()) }, t("ui.answer_send"))));
}

/** "Why? (optional)": a line said with one's vote, kept while it is typed, sent with the vote or on its own. */
function reasonField(prompt, opts, { draftKey, recorded, answered, mine, reasonWay, submit, reasonText }) {
  const changed = () => answered && reasonText() !== recorded.trim();
  const resend = h("button", { type: "button", class: "btn btn-small reason-send", hidden: !changed() ? true : null,
    onclick: () => submit(mine) }, t("vote.reason_send"));
  const input = h("input", { type: "text", class: "reason-input", maxlength: MAX_REASON, id: `reason-${prompt.id}`,
    placeholder: has(`vote.reason_placeholder.${reasonWay}`) ? t(`vote.reason_placeholder.${reasonWay}`) : t("vote.reason_placeholder"),
    enterkeyhint: "send", autocomplete: "off", value: opts.drafts.get(draftKey) ?? recorded,
    oninput: (ev) => {
      opts.drafts.set(draftKey, ev.target.value);
      const button = ev.target.parentNode && ev.target.parentNode.querySelector(".reason-send");
      if (button) button.hidden = !changed();
    },
    onkeydown: (ev) => {
      if (ev.key === "Enter" && changed()) {
        ev.preventDefault();
        submit(mine);
      }
    } });
  return h("div", { class: "reason-field" },
    h("label", { for: `reason-${prompt.id}` }, t("vote.reason_label")),
    h("div", { class: "inline" }, input, resend),
    // A secret ballot's reason reaches the MJ alone.
    prompt.visibility !== "public" ? h("p", { class: "hint" }, t("vote.reason_secret")) : null);
}

/** A public vote the viewer does not answer: who stands where, and who has not voted yet. */
export function tallyPanel(view, prompt, name) {
  const rows = [...countOf(view, prompt).entries()].sort((a, b) => b[1].n - a[1].n);
  const waiting = (prompt.to || []).filter((s) => !(String(s) in (prompt.answers || {})));
  // A vote given in turn, a prompt a voter (Reptiliens): the ruleset shows the ballots of the whole vote.
  const own = hook("tallyBody", undefined, view, prompt, name);
  return h("div", { class: "card tally", "data-prompt": prompt.id, "data-key": `tally${prompt.id}` },
    h("h3", {}, stepName(prompt.step)),
    own !== undefined ? own : rows.length ? h("ul", { class: "tally-rows" }, rows.map(([target, count]) =>
      h("li", { "data-key": `t${target}` }, h("b", {}, name(target)), h("span", { class: "count" }, String(count.n)),
        h("small", {}, votersText(view, prompt, count.voters, name), count.bonus ? ` ${bonusText(prompt, count.bonus)}` : ""))))
      : h("p", { class: "muted" }, t("ui.no_votes")),
    reasonsList(prompt, name),
    waiting.length ? h("p", { class: "muted small" }, t("ui.waiting_for", { names: listNames(waiting, name) })) : null,
    weighted(view, prompt) ? h("p", { class: "hint" }, t("vote.weighted_help")) : null);
}

/** Whether a ballot of this vote counts more than one (an office holder's, say). */
function weighted(view, prompt) {
  const weights = (view && view.tallies && view.tallies[prompt.id] && view.tallies[prompt.id].weights) || {};
  return Object.values(weights).some((w) => w > 1);
}

/** A public yes/no question the viewer does not answer (the village's verdict on the accused). */
export function verdictPanel(prompt, name) {
  const waiting = (prompt.to || []).filter((s) => !(String(s) in (prompt.answers || {})));
  return h("div", { class: "card tally", "data-prompt": prompt.id, "data-key": `verdict${prompt.id}` },
    h("h3", {}, promptTitle(prompt, name)),
    confirmTally(prompt, name) || h("p", { class: "muted" }, t("ui.no_votes")),
    waiting.length ? h("p", { class: "muted small" }, t("ui.waiting_for", { names: listNames(waiting, name) })) : null);
}

/** A question the step does not wait for (the Assassin's signal, open all day): the view says so (`optional`). */
export const optionalPrompt = (p) => (typeof p.optional === "boolean" ? p.optional : p.policy === "first" && p.min === 0);

/** Whether a question is waiting for this viewer's answer. */
export function waitingFor(v, p) {
  const me = v.me ? String(v.me.seat) : null;
  return p.mine && !optionalPrompt(p) && !p.suspended && me !== null && !(String(p.as ?? me) in (p.answers || {}));
}

export { hook };
