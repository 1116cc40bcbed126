/**
 * The part of the stylesheet a document uses (issue 29): the document's <head> carries, of the
 * stylesheet's class rules (components and utilities), only those whose classes the document's
 * markup names; of its base rules (the browser's defaults reset), those for the elements the markup
 * has; of its theme values and custom properties' fallbacks, those the kept rules read. The whole
 * stylesheet still reaches pages that run scripts, as a cached file linked at the end of the body
 * (root.tsx), for what they show later without a new document.
 */
interface Rule {
  /**
   * Each alternative of the rule's selector list, as what it needs the markup to have: classes for
   * class rules, elements (`<hr>`, `<input type=file>`) for base rules; empty: always kept.
   */
  needs: string[][];
  text: string;
  /** A conditional group (`@media (min-width:48rem){…}`, `@supports …`): its own rules, picked the same way. */
  group?: { prelude: string; rules: Rule[] };
}

interface Layer {
  name: string;
  rules: Rule[];
}

/**
 * Tailwind's fallback for browsers without `@property`: every custom property's initial value, in
 * one rule (`@layer properties{@supports …{*,:before,…{--tw-a:initial;…}}}`).
 */
interface Fallbacks {
  open: string;
  declarations: { name: string; text: string }[];
  close: string;
}

interface Parsed {
  /** Kept whole, before the theme, in the stylesheet's order; the properties' fallbacks picked. */
  head: (string | Fallbacks)[];
  /** The theme's custom properties (`--color-slate-600: …`), kept when the kept styles use them. */
  theme: { name: string; text: string }[];
  /** The blocks between the theme and the class rules: the base layer's rules picked by element, the rest whole. */
  base: (string | Layer)[];
  layers: Layer[];
  /** After the class rules: `@property --tw-…` kept when the kept styles use it, the rest whole. */
  tail: { property: string | null; text: string }[];
}

/** The layers whose rules are picked by class; every other block is kept as it is. */
const PICKED_LAYERS = new Set(["components", "utilities"]);

/** The index of the brace closing the one opened at `open`. */
function closing(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = css.indexOf(c, i + 1);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return css.length - 1;
}

/** `.md\:block` → `md:block`; `.\32xl\:p-4` → `2xl:p-4`. */
function unescape(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, e: string) => (/^[0-9a-fA-F]/.test(e) && e.trim().length > 1 ? String.fromCodePoint(parseInt(e, 16)) : e.trim() || e));
}

function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)].map((m) => unescape(m[1]!));
}

/** The inputs whose parts the base layer's pseudo-elements style, by the `type` that shows them. */
const INPUT_PARTS: [RegExp, string][] = [
  [/::file-selector-button/, "<input type=file>"],
  [/::-webkit-(date|datetime-edit|calendar-picker)/, "<input type=date>"],
  [/::-webkit-(inner|outer)-spin-button/, "<input type=number>"],
  [/::-webkit-search/, "<input type=search>"],
  [/::placeholder/, "[placeholder]"],
];

/** Input types whose field draws the date parts (`::-webkit-datetime-edit…`). */
const DATE_TYPES = new Set(["date", "time", "datetime-local", "month", "week"]);

/**
 * What an alternative of a base rule's selector needs the markup to have: the elements it names by
 * type (`:where(select:is([multiple])) optgroup` → select and optgroup; never what `:not(…)` excludes)
 * and the input a pseudo-element belongs to. `*`, `html`, `:host` need nothing.
 */
function elementsOf(selector: string): string[] {
  const needs = INPUT_PARTS.filter(([part]) => part.test(selector)).map(([, element]) => element);
  const plain = selector.replace(/\[[^\]]*\]/g, "").replace(/:not\([^()]*\)/g, "");
  for (const m of plain.matchAll(/(?:^|[\s>+~(])([a-z][a-z0-9]*)\b/g)) needs.push(`<${m[1]}>`);
  return needs;
}

/** A selector list's alternatives, split on its top-level commas only (`:is(a,b)` stays whole). */
function alternatives(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(selector.slice(from, i));
      from = i + 1;
    }
  }
  out.push(selector.slice(from));
  return out;
}

/** The top-level blocks of `css` from `start` to `end`: [prelude, whole text]. */
function blocks(css: string, start: number, end: number): [string, string][] {
  const out: [string, string][] = [];
  let i = start;
  while (i < end) {
    const open = css.indexOf("{", i);
    const semicolon = css.indexOf(";", i);
    if (open < 0 || open >= end) break;
    // A statement without a block (`@layer a, b;`).
    if (semicolon >= 0 && semicolon < open) {
      out.push([css.slice(i, semicolon).trim(), css.slice(i, semicolon + 1)]);
      i = semicolon + 1;
      continue;
    }
    const close = closing(css, open);
    out.push([css.slice(i, open).trim(), css.slice(i, close + 1)]);
    i = close + 1;
  }
  return out;
}

const THEME = /^@layer theme\{:root,:host\{([^{}]*)\}\}$/;

/** Conditional groups whose rules are picked one by one; any other at-rule is kept whole. */
const GROUP = /^@(media|supports|container)\b/;

/** The rules inside a block (`@layer utilities{…}`, `@media …{…}`); `needs` reads an alternative of a selector. */
function rulesOf(text: string, needs: (alternative: string) => string[]): Rule[] {
  const inner = text.indexOf("{");
  return blocks(text, inner + 1, text.length - 1).map(([selector, rule]): Rule => {
    if (GROUP.test(selector)) return { needs: [], text: rule, group: { prelude: selector, rules: rulesOf(rule, needs) } };
    return { needs: selector.startsWith("@") ? [] : alternatives(selector).map(needs), text: rule };
  });
}

const FALLBACKS = /^(@layer properties\{@supports [^{]*\{[^{]*\{)([^{}]*)(\}\}\})$/;

function fallbacksOf(text: string): Fallbacks | null {
  const m = FALLBACKS.exec(text);
  if (!m) return null;
  const declarations = m[2]!.split(";").filter((d) => d.trim()).map((d) => ({ name: d.slice(0, d.indexOf(":")).trim(), text: d }));
  return { open: m[1]!, declarations, close: m[3]! };
}

export function parseStylesheet(css: string): Parsed {
  const parsed: Parsed = { head: [], theme: [], base: [], layers: [], tail: [] };
  for (const [prelude, text] of blocks(css, 0, css.length)) {
    const layer = /^@layer\s+([\w-]+)$/.exec(prelude)?.[1];
    const theme = THEME.exec(text)?.[1];
    if (theme !== undefined && !parsed.theme.length) {
      parsed.theme = theme.split(";").filter((d) => d.trim()).map((d) => ({ name: d.slice(0, d.indexOf(":")).trim(), text: d }));
      continue;
    }
    if (!layer || !PICKED_LAYERS.has(layer)) {
      if (parsed.layers.length) parsed.tail.push({ property: /^@property\s+(--[\w-]+)$/.exec(prelude)?.[1] ?? null, text });
      else if (parsed.theme.length) parsed.base.push(layer === "base" ? { name: layer, rules: rulesOf(text, elementsOf) } : text);
      else parsed.head.push(fallbacksOf(text) ?? text);
      continue;
    }
    parsed.layers.push({ name: layer, rules: rulesOf(text, classesOf) });
  }
  return parsed;
}

/**
 * Every class the markup names in a class attribute, and its elements as base rules need them
 * (`<td>`, `<input type=date>` for any date or time field, `[placeholder]`).
 */
function usedIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) used.add(name.replaceAll("&amp;", "&"));
  for (const match of html.matchAll(/<([a-z][a-z0-9]*)\b/g)) used.add(`<${match[1]}>`);
  for (const match of html.matchAll(/<input\b[^>]*?\stype="([\w-]+)"/g)) used.add(`<input type=${DATE_TYPES.has(match[1]!) ? "date" : match[1]}>`);
  if (/<(input|textarea)\b[^>]*?\splaceholder=/.test(html)) used.add("[placeholder]");
  return used;
}

export function criticalCss(parsed: Parsed, html: string): string {
  const used = usedIn(html);
  const wanted = (rule: Rule) => rule.needs.length === 0 || rule.needs.some((alternative) => alternative.length === 0 || alternative.every((c) => used.has(c)));
  /** The kept rules' text; a group is kept with only its kept rules, and left out when none is. */
  const pick = (rules: Rule[]): string =>
    rules
      .map((rule) => {
        if (!rule.group) return wanted(rule) ? rule.text : "";
        const inner = pick(rule.group.rules);
        return inner ? `${rule.group.prelude}{${inner}}` : "";
      })
      .join("");
  const picked = (layer: string | Layer): string => {
    if (typeof layer === "string") return layer;
    const kept = pick(layer.rules);
    return kept ? `@layer ${layer.name}{${kept}}` : "";
  };
  const base = parsed.base.map(picked).join("");
  const rules = parsed.layers.map(picked).join("");
  const others = parsed.tail.filter((t) => !t.property).map((t) => t.text).join("");
  // Custom properties are kept when anything kept (or the markup's own style attributes) reads them,
  // theme values that read other theme values included.
  let reads = base + rules + others + html;
  const theme = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of parsed.theme) {
      if (!theme.has(d.text) && reads.includes(`var(${d.name}`)) {
        theme.add(d.text);
        reads += d.text;
        grew = true;
      }
    }
  }
  const themeCss = theme.size ? `@layer theme{:root,:host{${parsed.theme.filter((d) => theme.has(d.text)).map((d) => d.text).join(";")}}}` : "";
  const tail = parsed.tail.filter((t) => !t.property || reads.includes(t.property)).map((t) => t.text).join("");
  const head = parsed.head
    .map((h) => {
      if (typeof h === "string") return h;
      const kept = h.declarations.filter((d) => reads.includes(d.name));
      return kept.length ? h.open + kept.map((d) => d.text).join(";") + h.close : "";
    })
    .join("");
  return head + themeCss + base + rules + tail;
}
