import { screen, within } from '@testing-library/react'

/** The page's main navigation. */
export const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }))

/** The text of each link in `container`: the titles of a list of poster links. */
export const linkTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent)

/** The text of each option of a select box, in order. */
export const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)

/** The toast showing `text`, not the same words elsewhere on the page (a field's error). */
export const findToast = (text: string) =>
  screen.findByText(text, { selector: '[data-sonner-toast] *' })

/** What the page says when the account API cannot be reached. */
export const UNREACHABLE = 'Could not reach the server. Try again.'

/** The signed-in user the page keeps in this browser (`currentUser`), null for none. */
export const storedUser = () => JSON.parse(localStorage.getItem('currentUser') ?? 'null') as unknown
