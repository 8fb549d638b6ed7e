export const LEAD_IMAGE = 'lead-image'

// A spread: React passes it through, but its types do not list Element Timing's attribute.
export const leadImageAttribute = { elementtiming: LEAD_IMAGE }

/** Two frames on: the first one rendered may still be on its way to the screen. */
const afterNextFrames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/** Settles once the lead image is on the screen: Element Timing in Chromium, else decoded + 2 frames. */
export function leadImageShown(container: ParentNode): Promise<unknown> {
  const image = container.querySelector<HTMLImageElement>(`img[elementtiming="${LEAD_IMAGE}"]`)
  // Below the fold (a small phone's home page) it is not painted until scrolled to.
  if (!image || image.getBoundingClientRect().top >= window.innerHeight) return Promise.resolve()
  if (!PerformanceObserver.supportedEntryTypes.includes('element')) {
    return image.decode().then(afterNextFrames, afterNextFrames)
  }
  return new Promise((resolve) => {
    new PerformanceObserver((_entries, observer) => {
      observer.disconnect()
      resolve(undefined)
    }).observe({ type: 'element', buffered: true })
  })
}

/** Or after `ms`: a screen may render its frame before the data that brings its image. */
export function leadImageIn(container: ParentNode & Node, ms: number): Promise<void> {
  const selector = `img[elementtiming="${LEAD_IMAGE}"]`
  if (container.querySelector(selector)) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    const observer = new MutationObserver(() => {
      if (container.querySelector(selector)) done()
    })
    observer.observe(container, { childList: true, subtree: true })
    const timer = setTimeout(done, ms)
  })
}
