// Every form control a person can reach has a label they can see: a <label>
// tied to it (or an element aria-labelledby names) with text on screen. A
// placeholder, an aria-label or a label read only by screen readers (the
// sr-only class) does not count. axe accepts all of those, so this is checked
// apart, on the same pages and dialogs.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Page } from '@playwright/test';

/** Runs in the page: one line per control without a visible label, in `scope` (a selector) or the whole page. */
function controlsWithoutVisibleLabel(scope: string | null): string[] {
  const root = scope ? document.querySelector(scope) : document.body;
  if (!root) return [];

  /** Shown on screen: rendered, not hidden, and not shrunk to the 1-pixel box of sr-only. */
  const shown = (element: Element) => {
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  /** Some text of `label`, outside the control itself, that a person sees. */
  const hasVisibleText = (label: Element, control: Element) => {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const ancestors: Element[] = [];
      for (let at = node.parentElement; at; at = at.parentElement) {
        ancestors.push(at);
        if (at === label) break;
      }
      if (ancestors.some((at) => at === control || control.contains(at))) continue;
      if (ancestors.every(shown)) return true;
    }
    return false;
  };

  const offenders: string[] = [];
  for (const control of root.querySelectorAll<
    HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
  >('input:not([type="hidden"]), select, textarea')) {
    // Not rendered at all (display: none, or inside something closed): nobody reaches it.
    if (control.getClientRects().length === 0) continue;
    const labelledBy = (control.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    const labels = [...(control.labels ?? []), ...labelledBy];
    if (!labels.some((label) => hasVisibleText(label, control))) {
      const type = control instanceof HTMLInputElement ? `[type=${control.type}]` : '';
      const named =
        control.getAttribute('aria-label') ??
        control.getAttribute('placeholder') ??
        control.getAttribute('name') ??
        '';
      offenders.push(`${control.tagName.toLowerCase()}${type} "${named}"`);
    }
  }
  return offenders;
}

/** The controls of the page (or of one part of it) that have no visible label. */
export function findControlsWithoutVisibleLabel(page: Page, scope?: string): Promise<string[]> {
  return page.evaluate(controlsWithoutVisibleLabel, scope ?? null);
}
