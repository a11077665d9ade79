// Reads a money facts list (components/ui/money-facts) as { term: value }.
import { screen } from '@testing-library/react';

export function moneyFactsOf(label: string, root: ParentNode = document.body) {
  const list = root.querySelector(`dl[aria-label="${label}"]`);
  if (!list) throw new Error(`No money facts named "${label}"`);
  const terms = [...list.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );
}

/** The text a control's aria-describedby points at ('' when it points at nothing). */
export function describedBy(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

export { screen };
