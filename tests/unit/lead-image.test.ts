import { afterEach, describe, expect, it, vi } from 'vitest'
import { LEAD_IMAGE, leadImageShown } from '@/lib/lead-image'

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

/** A PerformanceObserver that reports what the test hands it, and the entry types it knows. */
function fakeObserver(supportedEntryTypes: string[]) {
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes
    disconnected = false
    constructor(readonly callback: PerformanceObserverCallback) {
      observers.push(this)
    }
    observe() {}
    disconnect() {
      this.disconnected = true
    }
  }
  const observers: FakeObserver[] = []
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  return {
    observers,
    report: () => {
      for (const observer of observers) {
        observer.callback(
          {} as PerformanceObserverEntryList,
          observer as unknown as PerformanceObserver,
        )
      }
    },
  }
}

function screenWith(image?: { decode: () => Promise<void> }) {
  const container = document.createElement('div')
  if (image) {
    const img = document.createElement('img')
    img.setAttribute('elementtiming', LEAD_IMAGE)
    img.decode = image.decode
    container.append(img)
  }
  return container
}

describe('leadImageShown', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('settles at once on a screen without a lead image', async () => {
    fakeObserver(['element'])
    expect(await settled(leadImageShown(screenWith()))).toBe(true)
  })

  it('settles at once when the lead image is below the fold, not painted until scrolled to', async () => {
    fakeObserver(['element'])
    const container = screenWith({ decode: () => Promise.resolve() })
    const image = container.querySelector('img')
    if (!image) throw new Error('no image')
    image.getBoundingClientRect = () => new DOMRect(0, window.innerHeight + 10, 300, 450)
    expect(await settled(leadImageShown(container))).toBe(true)
  })

  it('waits for the browser to report the lead image on the screen (Element Timing)', async () => {
    const observer = fakeObserver(['element', 'largest-contentful-paint'])
    const shown = leadImageShown(screenWith({ decode: () => Promise.resolve() }))
    expect(await settled(shown)).toBe(false)

    observer.report()
    expect(await settled(shown)).toBe(true)
    expect(observer.observers[0]?.disconnected).toBe(true)
  })

  it('elsewhere waits for the image to decode, then for two frames', async () => {
    fakeObserver(['largest-contentful-paint'])
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    )
    let decoded = () => {}
    const shown = leadImageShown(
      screenWith({ decode: () => new Promise<void>((resolve) => (decoded = resolve)) }),
    )
    expect(await settled(shown)).toBe(false)

    decoded()
    expect(await settled(shown)).toBe(false)
    frames.shift()?.(0)
    expect(await settled(shown)).toBe(false)
    frames.shift()?.(16)
    expect(await settled(shown)).toBe(true)
  })

  it('does not wait for an image that fails to decode beyond the two frames', async () => {
    fakeObserver([])
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0)
      return 1
    })
    const shown = leadImageShown(screenWith({ decode: () => Promise.reject(new Error('broken')) }))
    expect(await settled(shown)).toBe(true)
  })
})
