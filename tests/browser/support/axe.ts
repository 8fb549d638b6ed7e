import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Lets transitions and entrance animations (toasts, hover fades) finish before a scan. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  )
}

/**
 * Scans the page with axe for WCAG 2.2 AA and fails with every violation spelled out. The scan
 * runs with reduced motion asked for: a toast that starts to leave while a slow machine scans
 * is then gone at once, not caught half faded (sonner drops its transitions).
 */
export async function expectNoAxeViolations(page: Page, state: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await settle(page)
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  await page.emulateMedia({ reducedMotion: null })
  const report = violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n')
  expect(violations.length, `axe violations on ${state}:\n${report}`).toBe(0)
}
