import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdIdleWork, whenIdle } from '@/lib/yield-to-main'

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(0)
  return done
}

/** A page already loaded, whose browser is idle whenever asked; returns the idle request. */
function onLoadedIdlePage() {
  vi.useFakeTimers()
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete')
  const requestIdle = vi.fn((callback: IdleRequestCallback) => {
    callback({ didTimeout: false, timeRemaining: () => 50 })
    return 1
  })
  vi.stubGlobal('requestIdleCallback', requestIdle)
  return requestIdle
}

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('waits for the page to load, then for the browser to be idle', async () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const idleCallbacks: IdleRequestCallback[] = []
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idleCallbacks.push(callback)
      return idleCallbacks.length
    })

    const idle = whenIdle(5000)
    expect(await settled(idle)).toBe(false)
    expect(idleCallbacks).toHaveLength(0)

    window.dispatchEvent(new Event('load'))
    expect(await settled(idle)).toBe(false)
    expect(idleCallbacks).toHaveLength(1)

    idleCallbacks[0]?.({ didTimeout: false, timeRemaining: () => 50 })
    expect(await settled(idle)).toBe(true)
  })

  it('asks for an idle moment at once when the page has loaded already', async () => {
    const requestIdle = onLoadedIdlePage()

    expect(await settled(whenIdle(5000))).toBe(true)
    expect(requestIdle).toHaveBeenCalledOnce()
  })

  it('waits for the first screen when the app holds idle-time work for it', async () => {
    const requestIdle = onLoadedIdlePage()

    const showFirstScreen = holdIdleWork()
    const idle = whenIdle(5000)
    expect(await settled(idle)).toBe(false)
    expect(requestIdle).not.toHaveBeenCalled()

    showFirstScreen()
    expect(await settled(idle)).toBe(true)
    expect(requestIdle).toHaveBeenCalledOnce()
  })

  it('gives up waiting after its timeout, loaded or not', async () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')

    const idle = whenIdle(5000)
    await vi.advanceTimersByTimeAsync(4999)
    expect(await settled(idle)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(idle)).toBe(true)
  })
})
