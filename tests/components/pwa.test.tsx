import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import OfflineMessage from '@/components/ui/offline-message'
import { AppStatus } from '@/features/pwa/app-status'
import { updateStore } from '@/features/pwa/update-store'
import { OFFLINE_MESSAGE } from '@/lib/offline-message'
import { TmdbError } from '@/lib/tmdb'

/** navigator.onLine as the browser would report it, with the event it fires. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

afterEach(() => {
  updateStore.set({ available: false, apply: () => undefined })
})

describe('the offline notice', () => {
  it('appears in a polite live region while offline, and goes when the connection returns', () => {
    render(<AppStatus />)
    const regions = screen.getAllByRole('status')
    expect(regions.map((region) => region.textContent)).toEqual(['', ''])
    for (const region of regions) expect(region).toHaveAttribute('aria-live', 'polite')

    goOnline(false)
    expect(screen.getByText('You’re offline')).toBeVisible()
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'You’re offline · pages you have visited still show.',
    )
    goOnline(true)
    expect(screen.queryByText('You’re offline')).not.toBeInTheDocument()
  })
})

describe('the update prompt', () => {
  it('offers a new version with a Reload button, and reloads only when pressed', async () => {
    const apply = vi.fn()
    render(<AppStatus />)
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument()
    act(() => {
      updateStore.set({ available: true, apply })
    })
    expect(screen.getByText('A new version is available')).toBeVisible()
    expect(apply).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(apply).toHaveBeenCalledOnce()
  })
})

describe('the offline message', () => {
  const networkFailure = new TmdbError('Could not reach TMDB', {
    kind: 'network',
    cause: new TypeError('Failed to fetch'),
  })

  it('shows nothing with a connection and an answer from TMDB, even an error', () => {
    const { container } = render(
      <OfflineMessage error={new TmdbError('HTTP 500', { kind: 'http', status: 500 })} />,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it('says the connection is missing when a request got no answer, or the browser is offline', () => {
    const { rerender } = render(<OfflineMessage error={networkFailure} />)
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeVisible()
    rerender(<OfflineMessage />)
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument()
    goOnline(false)
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeVisible()
    goOnline(true)
    expect(screen.queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument()
  })
})
