import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { renderRoute } from '../render-route'

it('reads the session again on a route change, whoever wrote it', async () => {
  const { user } = await renderRoute('/')
  const nav = within(screen.getByRole('navigation', { name: 'Main' }))
  expect(nav.getByRole('link', { name: 'Login' })).toBeInTheDocument()
  // Written behind the app's back: no storage event in the same tab.
  localStorage.setItem('currentUser', JSON.stringify({ name: 'Nora', email: 'nora@example.com' }))
  await user.click(nav.getByRole('link', { name: 'Search' }))
  expect(await nav.findByRole('button', { name: 'Logout' })).toBeInTheDocument()
  expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
})
