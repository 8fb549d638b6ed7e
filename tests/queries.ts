import { within } from '@testing-library/react'

/** The text of each link in `container`: the titles of a list of poster links. */
export const linkTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent)
