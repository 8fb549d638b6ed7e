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

/** Resolves once the page has loaded: its scripts, and the images it asked for by then. */
export function whenLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve()
    else
      window.addEventListener(
        'load',
        () => {
          resolve()
        },
        { once: true },
      )
  })
}

/** What idle-time work waits for besides the page's load: see holdIdleWork. */
let firstScreen: Promise<void> = Promise.resolve()

/**
 * Makes idle-time work (whenIdle) wait, from now on, for the returned function's call too:
 * src/app/start-app.tsx calls it once its first screen is shown. React renders that screen in
 * slices, and the browser is idle between them and before the screen is painted: code fetched
 * then would compete with the page's own downloads.
 */
export function holdIdleWork(): () => void {
  let release = () => {}
  firstScreen = new Promise((resolve) => {
    release = resolve
  })
  return release
}

/**
 * Resolves once the page has loaded, its first screen is shown (holdIdleWork) and the browser
 * is then idle: code fetched after it does not compete with the page's first paints. At the
 * latest `timeoutMs` after the call; Safari, which has no idle callbacks, waits that long.
 */
export function whenIdle(timeoutMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    setTimeout(resolve, timeoutMs)
    void whenLoaded()
      .then(() => firstScreen)
      .then(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(resolve)
      })
  })
}
