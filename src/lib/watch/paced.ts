/** Requests a person starts by the hundred (one per film) go a few at a time, under the proxy's limit. */
const AT_ONCE = 4
/** About 8 a second: 80 in the proxy's default 10 s window of 100. */
const GAP_MS = 125

let running = 0
let nextStart = 0
const waiting: (() => void)[] = []

function startNext() {
  if (running >= AT_ONCE) return
  const go = waiting.shift()
  if (!go) return
  running += 1
  const wait = Math.max(0, nextStart - Date.now())
  nextStart = Math.max(Date.now(), nextStart) + GAP_MS
  setTimeout(go, wait)
}

export function paced<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const go = () => {
      if (signal?.aborted) {
        running -= 1
        startNext()
        reject(signal.reason as Error)
        return
      }
      task()
        .then(resolve, reject)
        .finally(() => {
          running -= 1
          startNext()
        })
    }
    signal?.addEventListener(
      'abort',
      () => {
        const index = waiting.indexOf(go)
        if (index === -1) return
        waiting.splice(index, 1)
        reject(signal.reason as Error)
      },
      { once: true },
    )
    waiting.push(go)
    startNext()
  })
}
