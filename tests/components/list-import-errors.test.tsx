import { screen } from '@testing-library/react'
import { strToU8, zipSync } from 'fflate'
import { expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session/session-store'
import { letterboxdExportZip, ZIP_BOMB_CSV } from '../letterboxd-export'
import { renderRoute } from '../render-route'

const realZip = letterboxdExportZip()
const overSize = new Uint8Array(20 * 1024 * 1024 + 1)
overSize.set(realZip.subarray(0, 4))

/** What a bad import file says on the page; reading each kind is the unit tests'. */
it.each<[string, string, string | Uint8Array<ArrayBuffer>, RegExp]>([
  ['not JSON', 'list.json', '{"format":', /not valid JSON/],
  ['a JSON of another shape', 'list.json', '[{"id": 1}]', /not a CineList export/],
  ['a CSV without the needed columns', 'list.csv', 'Film,When\nHeat,1995\n', /needs a tmdbID/],
  ['an image', 'poster.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), /JSON or CSV/],
  ['a file over 5 MB', 'big.csv', new Uint8Array(5 * 1024 * 1024 + 10).fill(0x41), /over 5 MB/],
  ['more than 10,000 rows', 'many.csv', `tmdbID\n${'603\n'.repeat(10_001)}`, /10,000/],
  [
    'a ZIP that is not a Letterboxd export',
    'photos.zip',
    zipSync({ 'notes.txt': strToU8('hello') }),
    /not a Letterboxd export/,
  ],
  ['a damaged ZIP', 'export.zip', realZip.slice(0, realZip.length / 2), /ZIP file is damaged/],
  ['a ZIP bomb', 'export.zip', zipSync({ 'watched.csv': ZIP_BOMB_CSV }), /unpacks to over 5 MB/],
  ['a ZIP over 20 MB', 'export.zip', overSize, /ZIP file is over 20 MB/],
])('%s gets a clear message and changes nothing', async (_, name, content, message) => {
  useSessionStore.getState().signIn({ name: 'Alice', email: 'alice@example.com' })
  // As a file chosen with "All files" in the picker: the input's accept list does not apply.
  const { user } = await renderRoute('/favorites', { user: { applyAccept: false } })
  expect(screen.getByText('No favorite movies yet.')).toBeInTheDocument()
  await user.upload(
    screen.getByLabelText('Import a list file'),
    new File([content], name, { type: 'application/octet-stream' }),
  )
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(message)
  expect(alert).toHaveTextContent(/Nothing was imported\.$/)
  for (const list of ['favorites', 'watchlist', 'seen'])
    expect(localStorage.getItem(`${list}:alice@example.com`)).toBeNull()
})
