import { useEffect, useRef, useState } from 'react'
import type { ImportContext, ImportResult } from '@/features/lists/transfer/apply'
import { transferMessages } from '@/features/lists/transfer/messages'
import type { ImportInto } from '@/features/lists/transfer/plan'
import type { StoredLists } from '@/features/lists/transfer/save-lists'
import { useTmdb } from '@/lib/tmdb/use-tmdb'
import { notify } from '@/lib/toast'

export const loadTransfer = () => import('@/features/lists/transfer/run')
type Transfer = Awaited<ReturnType<typeof loadTransfer>>

export type ImportActivity =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'matching'; done: number; total: number }
  | { step: 'failed'; message: string }

export function useListImport(into: ImportInto, lists: StoredLists) {
  const [activity, setActivity] = useState<ImportActivity>({ step: 'idle' })
  const [result, setResult] = useState<ImportResult | null>(null)
  const tmdb = useTmdb()
  const running = useRef<AbortController | null>(null)
  const loaded = useRef<Transfer | null>(null)
  useEffect(
    () => () => {
      running.current?.abort()
    },
    [],
  )

  async function run(step: (transfer: Transfer, context: ImportContext) => Promise<ImportResult>) {
    const controller = new AbortController()
    running.current = controller
    setActivity({ step: 'reading' })
    try {
      const transfer = (loaded.current ??= await loadTransfer())
      const next = await step(transfer, {
        lists,
        tmdb,
        signal: controller.signal,
        onProgress: (done, total) => {
          setActivity({ step: 'matching', done, total })
        },
      })
      setResult(next)
      setActivity({ step: 'idle' })
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ImportError') throw error
      setActivity({ step: 'failed', message: error.message })
    } finally {
      running.current = null
    }
  }

  const importFile = (file: File) => {
    setResult(null)
    void run(async (transfer, context) => {
      let plan
      try {
        plan = await transfer.readImportFile(file)
      } catch (error) {
        if (error instanceof transfer.ImportError) throw error
        throw new transfer.ImportError(transferMessages.unreadable, { cause: error })
      }
      return transfer.importPlan(plan, into, context)
    })
  }

  const undo = () => {
    const transfer = loaded.current
    if (!result || !transfer) return
    try {
      const message = transfer.undoImport(lists, result)
      setResult(null)
      setActivity({ step: 'idle' })
      notify.success(message)
    } catch (error) {
      if (!(error instanceof transfer.ImportError)) throw error
      notify.error(error.message)
    }
  }

  return {
    activity,
    result,
    importFile,
    undo,
    cancel: () => running.current?.abort(),
  }
}
