/// <reference lib="dom" />

/*
 * A tiny render layer: `h()` builds DOM elements, `replace()` swaps a node's children. The pages
 * are small enough that redrawing a panel by hand beats shipping a framework on a phone.
 */

export type Child = Node | string | number | null | undefined | false | Child[];
type Handler = (event: Event) => void;
export type Props = Record<string, string | number | boolean | null | undefined | Handler>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const item of child) append(parent, item);
    return;
  }
  parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

const properties = new Set(['value', 'checked', 'disabled', 'selected', 'hidden']);

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'class') {
      element.className = String(value);
    } else if (properties.has(key)) {
      (element as unknown as Record<string, unknown>)[key] = value;
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Replaces the children of `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** An element holding trusted markup of our own (the game symbols' SVG), never user text. */
export function trustedSvg(markup: string, className = 'hg-svg'): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = markup;
  return span;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Motion settings of the moment: reduced motion wins over everything; turbo shortens. */
export interface Motion {
  reduced: boolean;
  turbo: boolean;
}

/** How long an animation step lasts under the current motion settings. */
export function duration(ms: number, motion: Motion): number {
  if (motion.reduced) return 0;
  return motion.turbo ? Math.round(ms / 4) : ms;
}

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
