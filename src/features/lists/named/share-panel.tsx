import { useEffect, useId, useRef, useState } from 'react'
import { namedListMessages } from '@/features/lists/named/messages'
import {
  fetchShares,
  shareList,
  shareUrl,
  stopSharing,
  type Share,
} from '@/features/lists/named/share-api'
import { notify } from '@/lib/toast'
import type { EntryListKey } from '@/shared/lists/merge'

const m = namedListMessages.share

type State = { step: 'loading' } | { step: 'ready'; share: Share | null } | { step: 'failed' }

/** "Share": a link anyone can open, read-only; "Stop sharing" ends it at once. */
export function SharePanel({ list }: { list: EntryListKey }) {
  const [state, setState] = useState<State>({ step: 'loading' })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const linkId = useId()
  const linkInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    let live = true
    const load = () => {
      fetchShares().then(
        (shares) => {
          if (live) setState({ step: 'ready', share: shares.find((s) => s.list === list) ?? null })
        },
        () => {
          if (live) setState({ step: 'failed' })
        },
      )
    }
    load()
    // Opened offline, the panel asks again once the connection is back.
    addEventListener('online', load)
    return () => {
      live = false
      removeEventListener('online', load)
    }
  }, [list])

  const run = async (task: () => Promise<Share | null>, done?: string) => {
    setBusy(true)
    try {
      const share = await task()
      setState({ step: 'ready', share })
      if (done) setSaid(done)
    } catch {
      notify.error(m.failed)
    } finally {
      setBusy(false)
    }
  }

  const turnOn = () =>
    run(async () => {
      // The server shares what the account holds: what was changed here goes to it first.
      const { flushPending } = await import('@/features/lists/sync/engine')
      await flushPending()
      return shareList(list, false)
    }, m.on)

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      notify.success(m.copied)
    } catch {
      linkInput.current?.select()
      notify.error(m.copyFailed)
    }
  }

  const share = state.step === 'ready' ? state.share : null
  return (
    <section aria-labelledby={`${linkId}-heading`} className="space-y-2">
      <h2 id={`${linkId}-heading`} className="text-lg font-semibold text-white">
        {m.heading}
      </h2>
      <p role="status" className="sr-only">
        {said}
      </p>
      {state.step === 'failed' &&
        (navigator.onLine ? (
          <p className="text-sm text-red-300">{m.failed}</p>
        ) : (
          <p className="text-sm text-slate-300">{m.offline}</p>
        ))}
      {state.step === 'ready' && !share && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-300">{m.off}</p>
          <button
            type="button"
            className="btn-secondary text-sm"
            disabled={busy}
            onClick={() => void turnOn()}
          >
            {m.turnOn}
          </button>
        </div>
      )}
      {share && (
        <div className="space-y-2">
          <p className="text-sm text-slate-300">{m.on}</p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={linkId} className="mb-1 block text-sm font-medium text-slate-300">
                {m.link}
              </label>
              <input
                ref={linkInput}
                id={linkId}
                readOnly
                className="field-input w-full"
                value={shareUrl(share.token)}
                onFocus={(event) => {
                  event.target.select()
                }}
              />
            </div>
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => void copy(shareUrl(share.token))}
            >
              {m.copy}
            </button>
            <button
              type="button"
              className="btn-danger text-sm"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await stopSharing(list)
                  return null
                }, m.stopped)
              }
            >
              {m.stop}
            </button>
          </div>
          <label className="inline-flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className="size-4 accent-brand"
              checked={share.indexable}
              disabled={busy}
              onChange={(event) => {
                const indexable = event.target.checked
                void run(() => shareList(list, indexable))
              }}
            />
            {m.indexable}
          </label>
        </div>
      )}
    </section>
  )
}
