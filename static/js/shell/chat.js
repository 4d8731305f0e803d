// @ts-check
// The chat, shared by the player's page and the MJ console. The channels come from the view (`channels`: what this
// viewer reads or writes now); the messages are `said` events of the viewer's stream (so a reconnection or a
// reload brings them back), blanked by `hidden` events. What was read is kept per room in localStorage as counts
// of events, which also tell the journal what is new since the last visit. A ruleset's module may order its
// channels (`chatOrder`), add buttons on messages (`chatActions`) and say why a channel is read-only
// (`chatReadonly`); which channels a viewer has, and where the MJ may pass a message on (`relay_to`), is the
// server's to say, never the page's.
import { h, icon, toast } from "./dom.js";
import { has, rejectionText, t, timeOf } from "./i18n.js";
import { store } from "./net.js";
import { hook, rules } from "./rules.js";

export const MAX_TEXT = 500;
const NAME_KEY = "veillee:spectator-name";
const GROUP_SECONDS = 300; // a message within 5 minutes of the same author's previous one is shown under it

function orderOf(name) {
  if (name === "all") return -1;
  if (name === "spectators") return 98;
  if (name.startsWith("mj:")) return 50 + Number(name.slice(3));
  const i = (rules.chatOrder || []).indexOf(name);
  return i >= 0 ? i : 40;
}

/** What this viewer has seen of the room's stream: a count of events per chat channel and for the journal. */
export class Seen {
  constructor(key) {
    this.key = key;
    let data;
    try { data = JSON.parse(store.get(key) || "null"); } catch { data = null; }
    this.data = data && typeof data === "object" && data.chat ? data : null;
    this.firstVisit = !this.data; // nothing is "new since your last visit" on the first one
  }

  /** Counts only mean something in one stream: a new one (the game ended, a death that lets the dead see all)
   * starts read. */
  begin(stream, length) {
    if (this.data && this.data.stream === stream) return;
    this.data = this.data ? { stream, journal: length, base: length, chat: {} } : { stream, journal: length, base: 0, chat: {} };
    this.save();
  }

  chat(channel) { return this.data.chat[channel] ?? this.data.base ?? 0; }

  setChat(channel, n) {
    if (this.data.chat[channel] !== n) {
      this.data.chat[channel] = n;
      this.dirty = true;
    }
  }

  journal() { return this.data.journal ?? 0; }

  setJournal(n) {
    if (this.data.journal !== n) {
      this.data.journal = n;
      this.dirty = true;
    }
  }

  save() {
    this.dirty = false;
    store.set(this.key, JSON.stringify(this.data));
  }
}

/** channel → its messages, oldest first: {id, idx (in the stream), at, text, author fields, hidden, phase}. */
export function collectMessages(events, { skipCopies = false } = {}) {
  const hidden = new Set();
  for (const e of events) if (e.type === "hidden" && e.data) hidden.add(e.data.id);
  const out = new Map();
  let phase = null;
  events.forEach((e, idx) => {
    if (e.type === "phase" && e.data) {
      phase = e.data.phase === "night" ? t("event.phase.night", { n: e.data.night })
        : e.data.phase === "day" ? t("event.phase.day", { n: e.data.day }) : null;
    } else if (e.type === "ended") {
      phase = t("phase.ended");
    }
    if (e.type !== "said" || !e.data) return;
    const d = e.data;
    // Those who see every event also receive the anonymous copies some readers get of another channel's messages.
    if (skipCopies && d.anonymous) return;
    const gone = Boolean(d.hidden || hidden.has(d.id));
    const msg = { ...d, idx, at: e.at, phase, hidden: gone, text: gone ? null : d.text };
    if (!out.has(d.channel)) out.set(d.channel, []);
    out.get(d.channel).push(msg);
  });
  return out;
}

/**
 * A chat panel inside `root`. opts: {mj: the MJ console (an "all" tab, private threads in a list, hide and relay
 * buttons), onRelay(message), onUnread(total), onChange() (the active channel changed)}.
 */
export class ChatPanel {
  constructor(root, opts = {}) {
    this.root = root;
    this.mj = Boolean(opts.mj);
    this.onRelay = opts.onRelay || (() => {});
    this.onUnread = opts.onUnread || (() => {});
    this.active = null;
    this.mark = Infinity;
    this.needMark = true;
    this.signature = "";
    this.tabsSignature = "";
    this.seen = null;
    this.conn = null;
    this.ctx = null;
    this.build();
  }

  build() {
    this.tabs = h("div", { class: "chat-tabs", role: "tablist", "aria-label": t("chat.channels") });
    this.privateSelect = this.mj ? h("select", { class: "chat-private", "aria-label": t("chat.private_threads"),
      onchange: (ev) => { if (ev.target.value) this.open(ev.target.value); } }) : null;
    this.help = h("p", { class: "chat-help" });
    this.log = h("ol", { class: "chat-log" });
    this.scroller = h("div", { class: "chat-scroll", tabindex: "0", "aria-live": "polite", "aria-label": t("chat.messages") }, this.log);
    this.scroller.addEventListener("scroll", () => {
      if (this.atBottom()) this.jump.hidden = true;
    });
    this.jump = h("button", { type: "button", class: "btn btn-small chat-jump", hidden: true,
      onclick: () => this.scrollToEnd() }, icon("down"), t("chat.jump"));
    this.nameInput = h("input", { type: "text", class: "chat-name-input", maxlength: 40, autocomplete: "nickname",
      placeholder: t("chat.spectator_name"), "aria-label": t("chat.spectator_name") });
    this.nameRow = h("div", { class: "chat-name", hidden: true });
    this.input = h("textarea", { class: "chat-input", rows: 1, maxlength: MAX_TEXT, enterkeyhint: "send",
      "aria-label": t("chat.write") });
    this.input.addEventListener("input", () => this.resize());
    this.input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        this.submit();
      }
    });
    this.sendButton = h("button", { type: "submit", class: "btn btn-primary chat-send", "aria-label": t("chat.send"),
      title: t("chat.send") }, icon("send"));
    this.counter = h("span", { class: "chat-counter", "aria-live": "polite" });
    this.form = h("form", { class: "chat-form", onsubmit: (ev) => { ev.preventDefault(); this.submit(); } },
      this.nameRow, h("div", { class: "chat-compose" }, this.input, this.sendButton), this.counter);
    this.readonly = h("p", { class: "chat-readonly" });
    this.root.replaceChildren(
      h("div", { class: "chat-head" }, this.tabs, this.privateSelect),
      this.help,
      h("div", { class: "chat-body" }, this.scroller, this.jump),
      this.form, this.readonly);
  }

  // -- state ----------------------------------------------------------------------------------------------------
  /** Who wrote a message, for this reader. */
  author(msg) {
    if (msg.mj) return { label: t("chat.author.mj"), cls: "by-mj" };
    if (msg.spectator !== undefined) return { label: msg.spectator, extra: t("chat.author.spectator"), cls: "by-spectator" };
    // A message with no name on it (an anonymous copy, what the MJ passed on) is signed by its channel.
    if (msg.anonymous || msg.relayed !== undefined) {
      const key = has(`chat.author.${msg.channel}`) ? `chat.author.${msg.channel}` : "chat.author.anonymous";
      return { label: t(key), cls: msg.anonymous ? "by-anonymous" : `by-relayed by-${msg.channel}` };
    }
    return { label: this.ctx.name(msg.seat), cls: "by-seat" };
  }

  mine(msg) {
    const ctx = this.ctx;
    if (this.mj) return Boolean(msg.mj) || msg.relayed !== undefined; // what the MJ passed on is theirs too
    if (ctx.kind === "seat") return msg.seat !== undefined && (ctx.seats || [ctx.me]).includes(msg.seat);
    if (ctx.kind === "spectator") return msg.spectator !== undefined && msg.spectator === store.get(NAME_KEY);
    return false;
  }

  label(name) {
    if (name.startsWith("mj:")) {
      return this.mj ? t("chat.channel.private_with", { name: this.ctx.name(Number(name.slice(3))) }) : t("chat.channel.mj");
    }
    // A channel of the ruleset's own making (a conversation between two players) is named by its module.
    const own = hook("chatLabel", null, name, this.ctx);
    if (own) return own;
    return has(`chat.channel.${name}`) ? t(`chat.channel.${name}`) : name;
  }

  unread(name) {
    if (name === "all") {
      let n = 0;
      for (const channel of this.messages.keys()) n += this.unread(channel);
      return n;
    }
    const since = this.seen ? this.seen.chat(name) : 0;
    return (this.messages.get(name) || []).filter((m) => m.idx >= since && !this.mine(m)).length;
  }

  /** The channels shown: those of the view, and those this viewer holds messages of (a past channel, a relay's). */
  computeChannels(view) {
    const out = new Map();
    if (this.mj) out.set("all", { name: "all", write: false, live: true });
    for (const c of view.channels || []) out.set(c.name, { name: c.name, write: Boolean(c.write), live: true, relayTo: c.relay_to });
    for (const name of this.messages.keys()) {
      if (!out.has(name)) out.set(name, { name, write: false, live: false });
    }
    return new Map([...out.entries()].sort((a, b) => orderOf(a[0]) - orderOf(b[0])));
  }

  list(name) {
    if (name !== "all") return this.messages.get(name) || [];
    return [...this.messages.values()].flat().sort((a, b) => a.idx - b.idx);
  }

  /** Make `name` the channel on screen. */
  open(name) {
    if (this.active !== name) {
      this.active = name;
      this.needMark = true;
      this.signature = "";
      this.mark = Infinity;
      this.markLabel = "chat.unread_sep";
    }
    if (this.conn) this.update(this.conn, this.ctx);
    if (this.active === name && this.form && !this.form.hidden && this.ctx && this.ctx.visible && window.matchMedia("(pointer: fine)").matches) {
      this.input.focus({ preventScroll: true });
    }
  }

  /** The panel came on screen again (a tab switch, the page visible again): show what arrived meanwhile. */
  shown() {
    this.needMark = true;
    this.markLabel = "chat.new_since";
    this.signature = "";
    this.rendered = null;
  }

  // -- rendering ------------------------------------------------------------------------------------------------
  /**
   * ctx: {name, kind: "seat" | "spectator" | "mj", me (seat), alive, visible (the panel is on screen), seenKey}
   */
  update(conn, ctx) {
    this.conn = conn;
    this.ctx = ctx;
    const view = conn.view;
    if (!view) return;
    if (!this.seen || this.seen.key !== ctx.seenKey) this.seen = new Seen(ctx.seenKey);
    this.seen.begin(conn.stream, conn.events.length);
    this.messages = collectMessages(conn.events, { skipCopies: conn.stream === "all" });
    this.relayed = new Set();
    for (const list of this.messages.values()) for (const m of list) if (m.relayed !== undefined) this.relayed.add(m.relayed);
    this.channels = this.computeChannels(view);
    if (!this.active || !this.channels.has(this.active)) {
      const first = ["all", "village", "spectators"].find((c) => this.channels.has(c)) || this.channels.keys().next().value;
      this.active = first || null;
      this.needMark = true;
      this.signature = "";
    }
    const onScreen = ctx.visible && !document.hidden;
    if (this.needMark && this.active && onScreen) {
      this.mark = this.computeMark();
      this.needMark = false;
    }
    this.renderTabs();
    this.renderMessages();
    this.renderComposer(view);
    if (onScreen && this.active) {
      const read = this.active === "all" ? [...this.channels.keys()] : [this.active];
      for (const name of read) this.seen.setChat(name, conn.events.length);
      if (this.seen.dirty) {
        this.seen.save();
        this.renderTabs();
      }
    }
    let total = 0;
    for (const name of this.channels.keys()) if (name !== "all") total += this.unread(name);
    this.onUnread(total);
  }

  computeMark() {
    if (this.seen.firstVisit) {
      this.seen.firstVisit = false;
      return Infinity;
    }
    const names = this.active === "all" ? [...this.messages.keys()] : [this.active];
    let mark = Infinity;
    for (const name of names) if (this.unread(name) > 0) mark = Math.min(mark, this.seen.chat(name));
    return mark;
  }

  renderTabs() {
    const entries = [...this.channels.values()];
    const shared = entries.filter((c) => !(this.mj && c.name.startsWith("mj:")));
    const threads = this.mj ? entries.filter((c) => c.name.startsWith("mj:")) : [];
    const signature = JSON.stringify([this.active, entries.map((c) => [c.name, this.label(c.name), this.unread(c.name), c.write])]);
    if (signature === this.tabsSignature) return;
    this.tabsSignature = signature;
    const tab = (c) => {
      const n = this.unread(c.name);
      return h("button", { type: "button", role: "tab", class: ["chat-tab", c.name === this.active && "active", !c.live && "past"],
        "aria-selected": c.name === this.active ? "true" : "false", "data-channel": c.name,
        onclick: () => this.open(c.name) },
      h("span", { class: "chat-tab-label" }, this.label(c.name)),
      n ? h("span", { class: "unread", "aria-label": t("chat.unread", { n }) }, String(n)) : null);
    };
    const activeThread = threads.find((c) => c.name === this.active);
    this.tabs.replaceChildren(...shared.map(tab), activeThread ? tab(activeThread) : "");
    if (this.privateSelect) {
      const waiting = threads.reduce((sum, c) => sum + this.unread(c.name), 0);
      this.privateSelect.replaceChildren(
        h("option", { value: "" }, waiting ? t("chat.private_threads_n", { n: waiting }) : t("chat.private_threads")),
        ...threads.map((c) => {
          const n = this.unread(c.name);
          return h("option", { value: c.name }, n ? `${this.ctx.name(Number(c.name.slice(3)))} (${n})` : this.ctx.name(Number(c.name.slice(3))));
        }));
      this.privateSelect.value = "";
      this.privateSelect.classList.toggle("has-unread", waiting > 0);
      this.privateSelect.hidden = !threads.length;
    }
  }

  atBottom() {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < 48;
  }

  scrollToEnd() {
    this.scroller.scrollTop = this.scroller.scrollHeight;
    this.jump.hidden = true;
  }

  renderMessages() {
    const name = this.active;
    const list = name ? this.list(name) : [];
    const names = (this.conn.view.players || []).map((p) => p.name).join("|");
    const signature = JSON.stringify([name, this.mark, list.length, list.map((m) => (m.hidden ? 1 : 0)).join(""),
      names, [...this.relayed].join(",")]);
    if (signature === this.signature) return;
    const fresh = this.rendered !== name;
    this.rendered = name;
    const wasBottom = this.atBottom();
    const before = this.scroller.scrollTop;
    const previousCount = this.count || 0;
    this.signature = signature;
    this.count = list.length;

    const help = !name ? t("chat.no_channel")
      : name === "all" ? t("chat.help.all")
        : name.startsWith("mj:") ? (this.mj ? t("chat.help.mj_thread", { name: this.ctx.name(Number(name.slice(3))) }) : t("chat.help.mj"))
          : this.mj && has(`chat.help.${name}.mj`) ? t(`chat.help.${name}.mj`)
            : has(`chat.help.${name}`) ? t(`chat.help.${name}`) : hook("chatHelp", "", name, this.mj);
    this.help.textContent = help;
    this.help.hidden = !help;

    const items = [];
    let previous = null;
    let separated = false;
    for (const msg of list) {
      if (msg.phase && (!previous || previous.phase !== msg.phase)) {
        items.push(h("li", { class: "chat-sep", role: "separator" }, h("span", {}, msg.phase)));
        previous = null;
      }
      if (!separated && msg.idx >= this.mark && !this.mine(msg)) {
        separated = true;
        items.push(h("li", { class: "chat-sep chat-new", role: "separator" }, h("span", {}, t(this.markLabel || "chat.new_since"))));
        previous = null;
      }
      items.push(this.renderMessage(msg, previous, name === "all"));
      previous = msg;
    }
    if (!items.length) items.push(h("li", { class: "chat-empty" }, t("chat.empty")));
    this.log.replaceChildren(...items);

    if (fresh) {
      const sep = this.log.querySelector(".chat-new");
      if (sep) this.scroller.scrollTop = Math.max(0, sep.offsetTop - 12);
      else this.scrollToEnd();
    } else if (wasBottom) {
      this.scrollToEnd();
    } else {
      this.scroller.scrollTop = before;
      if (list.length > previousCount) this.jump.hidden = false;
    }
  }

  renderMessage(msg, previous, withChannel) {
    const who = this.author(msg);
    const mine = this.mine(msg);
    const same = previous && !withChannel && previous.channel === msg.channel && this.author(previous).label === who.label &&
      msg.at - previous.at < GROUP_SECONDS;
    const moderate = this.mj && !msg.hidden && !msg.anonymous;
    const actions = moderate ? [...this.relayButton(msg), ...hook("chatActions", [], msg, this)] : [];
    // The MJ's hide button sits on the message's first line; a message shown under the previous one gets one.
    const hide = moderate ? this.hideButton(msg) : null;
    if (hide && same) actions.push(hide);
    return h("li", { class: ["msg", who.cls, mine && "mine", same && "cont", msg.hidden && "is-hidden", msg.idx >= this.mark && !mine && "is-new"],
      "data-id": msg.id, "data-channel": msg.channel },
    same ? null : h("div", { class: "msg-meta" },
      h("b", { class: "msg-author" }, mine && !this.mj ? t("chat.author.you") : who.label),
      who.extra ? h("small", { class: "muted" }, ` · ${who.extra}`) : null,
      withChannel ? h("button", { type: "button", class: "msg-channel", onclick: () => this.open(msg.channel) }, this.label(msg.channel)) : null,
      h("time", { class: "msg-at", datetime: new Date(msg.at * 1000).toISOString() }, timeOf(msg.at)),
      same ? null : hide),
    h("div", { class: "msg-bubble", title: same ? timeOf(msg.at) : null },
      msg.hidden ? h("p", { class: "msg-text msg-hidden" }, icon("eyeoff"), t("chat.hidden"))
        : h("p", { class: "msg-text" }, msg.text)),
    actions.length ? h("div", { class: "msg-actions" }, actions) : null);
  }

  /** The MJ may pass a message on where the server says its channel is relayed (`relay_to`: the dead to a medium). */
  relayButton(msg) {
    const channel = this.channels.get(msg.channel);
    if (!channel || !channel.relayTo) return [];
    return [this.relayed.has(msg.id)
      ? h("span", { class: "badge badge-good" }, icon("check"), t("chat.relayed"))
      : h("button", { type: "button", class: "btn btn-small chat-relay", onclick: () => this.onRelay(msg) },
        icon("relay"), t("chat.relay"))];
  }

  hideButton(msg) {
    // Hiding cannot be undone: a first tap arms the button, a second one within a few seconds hides.
    const button = h("button", { type: "button", class: "btn btn-small btn-ghost chat-hide", title: t("chat.hide_help"),
      onclick: async () => {
        if (!button.classList.contains("armed")) {
          button.classList.add("armed");
          button.lastChild.textContent = t("chat.hide_confirm");
          setTimeout(() => {
            if (!button.isConnected) return;
            button.classList.remove("armed");
            button.lastChild.textContent = t("chat.hide");
          }, 4000);
          return;
        }
        button.disabled = true;
        try {
          await this.conn.send("hide", { message: msg.id });
        } catch (err) {
          button.disabled = false;
          toast(rejectionText(err.code, err.message, err.params));
        }
      } }, icon("eyeoff"), h("span", {}, t("chat.hide")));
    return button;
  }

  renderComposer(view) {
    const name = this.active;
    const channel = name ? this.channels.get(name) : null;
    const canWrite = Boolean(channel && channel.write);
    this.form.hidden = !canWrite;
    this.readonly.hidden = canWrite || !name;
    if (!canWrite && name) this.readonly.textContent = this.readonlyText(name, view, channel);
    if (!canWrite) return;
    const placeholder = t("chat.placeholder", { channel: this.label(name) });
    if (this.input.placeholder !== placeholder) this.input.placeholder = placeholder;
    const asSpectator = this.ctx.kind === "spectator" && name === "spectators";
    this.nameRow.hidden = !asSpectator;
    if (asSpectator) {
      const stored = store.get(NAME_KEY);
      const key = stored ? `as:${stored}` : "ask";
      if (this.nameRow.dataset.state !== key) {
        this.nameRow.dataset.state = key;
        this.nameRow.replaceChildren(...(stored
          ? [h("span", { class: "small muted" }, t("chat.signed_as", { name: stored })), " ",
            h("button", { type: "button", class: "linklike small", onclick: () => {
              store.del(NAME_KEY);
              this.nameInput.value = stored;
              this.renderComposer(view);
              this.nameInput.focus();
            } }, t("chat.change_name"))]
          : [this.nameInput]));
      }
    }
  }

  readonlyText(name, view, channel) {
    const ctx = this.ctx;
    if (name === "all") return t("chat.pick_channel");
    const own = hook("chatReadonly", null, name, view, ctx, channel, this.mj);
    if (own) return own;
    if (!channel.live) return t(this.mj ? "chat.readonly.closed" : "chat.readonly.past");
    if (ctx.kind === "spectator") return t("chat.readonly.spectator");
    if (ctx.kind === "seat" && !ctx.alive) return t("chat.readonly.dead");
    return t("chat.readonly");
  }

  resize() {
    this.input.style.height = "auto";
    this.input.style.height = `${Math.min(this.input.scrollHeight + 2, 132)}px`;
    const left = MAX_TEXT - this.input.value.length;
    this.counter.textContent = left <= 100 ? t("chat.chars_left", { n: left }) : "";
  }

  async submit() {
    const text = this.input.value.trim();
    if (!text || !this.conn || !this.active) return;
    const args = { channel: this.active, text };
    if (this.ctx.kind === "spectator" && this.active === "spectators") {
      const name = (store.get(NAME_KEY) || this.nameInput.value).trim();
      if (!name) {
        toast(t("chat.name_needed"));
        this.nameInput.focus();
        return;
      }
      store.set(NAME_KEY, name);
      args.name = name;
    }
    this.sendButton.disabled = true;
    try {
      await this.conn.send("say", args);
      this.input.value = "";
      this.resize();
      this.scrollToEnd();
    } catch (err) {
      toast(rejectionText(err.code, err.message, { max: MAX_TEXT, ...(err.params || {}) }));
    } finally {
      this.sendButton.disabled = false;
    }
    if (this.conn.view) this.renderComposer(this.conn.view);
  }
}
