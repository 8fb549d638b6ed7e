import { screen, within } from '@testing-library/react'

/** The text of each link in `container`: the titles of a list of poster links. */
export const linkTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent)

/** The toast showing `text`, not the same words elsewhere on the page (a field's error). */
export const findToast = (text: string) =>
  screen.findByText(text, { selector: '[data-sonner-toast] *' }, { timeout: 3000 })
