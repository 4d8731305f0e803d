// A small stand-in for the browser's DOM, enough for the pages' render functions (h(), the rulesets' panels) to
// build their trees in Node, so the text test reads what a page would show (`textContent`) without a browser.
class Node {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join("");
  }

  set textContent(value) {
    this.childNodes = [];
    if (value !== "" && value !== null && value !== undefined) this.append(String(value));
  }

  append(...items) {
    for (const item of items) {
      const node = item instanceof Node ? item : new Text(String(item));
      if (node.parentNode) node.parentNode.removeChild(node);
      node.parentNode = this;
      this.childNodes.push(node);
    }
  }

  appendChild(node) {
    this.append(node);
    return node;
  }

  prepend(...items) {
    const before = this.childNodes;
    this.childNodes = [];
    this.append(...items);
    this.childNodes.push(...before);
  }

  insertBefore(node, ref) {
    this.append(node);
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i >= 0) {
      this.childNodes.pop();
      this.childNodes.splice(i, 0, node);
    }
    return node;
  }

  removeChild(node) {
    this.childNodes = this.childNodes.filter((c) => c !== node);
    node.parentNode = null;
    return node;
  }

  remove() {
    if (this.parentNode) this.parentNode.removeChild(this);
  }

  replaceChildren(...items) {
    this.childNodes = [];
    this.append(...items);
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  get lastChild() {
    return this.childNodes[this.childNodes.length - 1] || null;
  }

  cloneNode() {
    return this;
  }
}

class Text extends Node {
  constructor(text) {
    super();
    this.data = text;
    this.nodeType = 3;
  }

  get textContent() {
    return this.data;
  }

  set textContent(value) {
    this.data = String(value);
  }
}

class ClassList {
  constructor(el) {
    this.el = el;
  }

  get names() {
    return (this.el.className || "").split(/\s+/).filter(Boolean);
  }

  contains(name) {
    return this.names.includes(name);
  }

  add(...names) {
    this.el.className = [...new Set([...this.names, ...names])].join(" ");
  }

  remove(...names) {
    this.el.className = this.names.filter((n) => !names.includes(n)).join(" ");
  }

  toggle(name, force) {
    const on = force === undefined ? !this.contains(name) : Boolean(force);
    if (on) this.add(name);
    else this.remove(name);
    return on;
  }
}

class Element extends Node {
  constructor(tag) {
    super();
    this.tagName = String(tag).toUpperCase();
    this.nodeType = 1;
    this.attributes = new Map();
    this.className = "";
    this.classList = new ClassList(this);
    this.style = {};
    this.dataset = {};
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
    if (name.startsWith("data-")) this.dataset[name.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = String(value);
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }

  addEventListener() {}

  removeEventListener() {}

  set innerHTML(html) {
    // Only the icons' SVG goes in as markup: it draws, it says nothing.
    this.childNodes = [];
    this.html = html;
  }

  get innerHTML() {
    return this.html || "";
  }

  get children() {
    return this.childNodes.filter((c) => c instanceof Element);
  }

  get parentElement() {
    return this.parentNode instanceof Element ? this.parentNode : null;
  }

  querySelector() {
    return null;
  }

  querySelectorAll() {
    return [];
  }

  closest() {
    return null;
  }

  focus() {}

  scrollIntoView() {}
}

/** Install the stand-in as the globals the page modules read; `catalogue` is what the page embeds as #i18n. */
export function install(catalogue, lang) {
  const i18nNode = new Element("script");
  i18nNode.textContent = JSON.stringify(catalogue);
  const body = new Element("body");
  const storage = { getItem: () => null, setItem() {}, removeItem() {} };
  globalThis.Node = Node;
  globalThis.Element = Element;
  globalThis.HTMLElement = Element;
  globalThis.document = {
    documentElement: new Element("html"),
    body,
    title: "",
    hidden: false,
    activeElement: null,
    getElementById: (id) => (id === "i18n" ? i18nNode : null),
    querySelector: () => null,
    querySelectorAll: () => [],
    createElement: (tag) => new Element(tag),
    createElementNS: (ns, tag) => new Element(tag),
    createTextNode: (text) => new Text(text),
    createDocumentFragment: () => new Element("#fragment"),
    addEventListener() {},
  };
  globalThis.document.documentElement.lang = lang;
  globalThis.window = { matchMedia: () => ({ matches: false, addEventListener() {} }), addEventListener() {},
    location: { origin: "http://localhost", href: "http://localhost/" } };
  globalThis.localStorage = storage;
  globalThis.sessionStorage = storage;
}
