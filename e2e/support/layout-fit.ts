// The page fits the window it is shown in: nothing makes it scroll sideways
// (WCAG 1.4.10, Reflow, at 375 px), and no link, button or field of the
// header lies over another, runs past the window's edge or has its text cut
// by its own box. The header is the one row every page shares, and the one
// that fills up as a person gets more links (a sponsor's Create Badge, the
// home page's Community Treasure) and a user menu; axe checks none of this.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Page } from '@playwright/test';

/** Runs in the page: one line per thing that does not fit. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width) {
    problems.push(`the page is ${pageWidth - width} px wider than the ${width} px window`);
  }

  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} "${
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() ||
      (element as HTMLInputElement).placeholder ||
      ''
    }"`;
  const header = document.querySelector('header');
  if (!header) return problems;
  // The header's own row: its side menu, when open, is a dialog of its own.
  const items = [...header.querySelectorAll('a, button, input, label')]
    .filter((element) => !element.closest('[role="dialog"]'))
    .map((element) => ({ element, box: element.getBoundingClientRect() }))
    .filter(({ element, box }) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && box.width > 1 && box.height > 1;
    });
  for (const { element, box } of items) {
    if (box.left < 0 || box.right > width) {
      problems.push(`${describe(element)} runs past the window's edge (${box.left}–${box.right})`);
    }
    // An input's text scrolls inside it by design; a link's or button's must show whole.
    if (element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1) {
      problems.push(`${describe(element)} has its text cut by its box`);
    }
  }
  for (const [index, a] of items.entries()) {
    for (const b of items.slice(index + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const overlapX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const overlapY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (overlapX > 1 && overlapY > 1) {
        problems.push(`${describe(a.element)} lies over ${describe(b.element)}`);
      }
    }
  }
  return problems;
}

export function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(layoutProblems);
}
