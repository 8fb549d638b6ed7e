/**
 * The `elementtiming` name of a screen's lead image: the image it loads first, its largest
 * paint (src/components/ui/poster.tsx).
 */
export const LEAD_IMAGE = 'lead-image'

/**
 * The attribute that marks an image as its screen's lead image. React passes it through; its
 * types do not list Element Timing's attribute, which a spread leaves unchecked.
 */
export const leadImageAttribute = { elementtiming: LEAD_IMAGE }

/** Two frames on: the first one drawn may still be on its way to the screen. */
const afterNextFrames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/**
 * Settles once the lead image in `container`, if any is in view, is on the screen: as Chromium
 * reports it (Element Timing), elsewhere once decoded and two frames on.
 */
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

/**
 * Settles once `container` holds a lead image, or after `ms`: a screen may render its frame
 * before the data that brings its image.
 */
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
