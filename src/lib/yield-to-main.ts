interface YieldingScheduler {
  yield?: () => Promise<void>
}

/**
 * Ends the current task, so the browser can paint and handle input before the next step. Start-up
 * work split this way never blocks the page for long on a slow phone. `scheduler.yield()`
 * (Chromium 129+) then resumes ahead of other queued tasks, where a timeout would wait behind
 * them; other browsers get the timeout.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: YieldingScheduler }
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Resolves once the browser is idle, at the latest after `timeoutMs`. Safari has no idle
 * callbacks: it waits that long.
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!('requestIdleCallback' in window)) {
      setTimeout(resolve, timeoutMs)
      return
    }
    window.requestIdleCallback(
      () => {
        resolve()
      },
      { timeout: timeoutMs },
    )
  })
}
