interface YieldingScheduler {
  yield?: () => Promise<void>
}

/** Ends the task; `scheduler.yield()` resumes ahead of other queued tasks where it exists. */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: YieldingScheduler }
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

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

let firstScreen: Promise<void> = Promise.resolve()

/** Makes whenIdle wait for the returned function's call too: code fetched before would compete. */
export function holdIdleWork(): () => void {
  let release = () => {}
  firstScreen = new Promise((resolve) => {
    release = resolve
  })
  return release
}

/** After the load, the first screen (holdIdleWork) and then idle; at the latest `timeoutMs`. */
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
