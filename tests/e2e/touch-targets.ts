import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * On a phone (390 px wide) every control a finger has to hit is at least 44 × 44 px: each visible button,
 * link, field and select. Links inside running text (a sentence, a legal page's paragraph) are left out,
 * as WCAG 2.5.8 allows for inline targets: their size is the text's.
 */
export const MIN_TARGET_PX = 44;

/** The visible controls smaller than 44 × 44 px, named so a failure says what and where. */
export async function smallTargets(page: Page) {
  return page.evaluate((min) => {
    const isInlineInText = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      const own = (element.textContent ?? '').trim();
      return Boolean(block && (block.textContent ?? '').trim().length > own.length);
    };
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], summary',
    );
    for (const control of controls) {
      // A checkbox or radio is hit through its label, which is the target.
      const target =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? (control.closest('label') ?? control.labels?.[0] ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (target.closest('[aria-hidden=true], .sr-only')) continue;
      if (isInlineInText(control)) continue;
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name = (
        control.getAttribute('aria-label') ??
        control.textContent ??
        control.getAttribute('name') ??
        ''
      )
        .trim()
        .slice(0, 40);
      small.push(
        `<${control.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return small;
  }, MIN_TARGET_PX);
}

/** Fails naming every control on the screen as it is that is under 44 × 44 px. */
export async function expectTargetsBigEnough(page: Page, what: string) {
  expect(await smallTargets(page), `${what}: controls under ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px`).toEqual(
    [],
  );
}
