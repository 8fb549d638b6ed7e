import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HeroBanner } from '@/features/movies/components/hero-banner'

/** index.html as served, parsed as a browser would. */
const shell = new DOMParser().parseFromString(readFileSync('index.html', 'utf8'), 'text/html')

/** What an element and its descendants draw: tag, class set and text, in document order. */
function outline(element: Element): string[] {
  return [element, ...element.querySelectorAll('*')].map((node) => {
    const classes = [...node.classList].sort().join(' ')
    const text = [...node.childNodes]
      .filter((child) => child.nodeType === Node.TEXT_NODE)
      .map((child) => child.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
    const shownTo = ['data-signed-in-only', 'data-signed-out-only'].filter((name) =>
      node.hasAttribute(name),
    )
    return `${node.tagName} [${classes}] ${shownTo.join(' ')} ${text}`
  })
}

describe('index.html’s home banner', () => {
  it('is the app’s banner as the server renders it, room for a welcome kept, so the first render shifts nothing', () => {
    const staticBanner = shell.querySelector('[data-home-shell]')
    if (!staticBanner) throw new Error('index.html has no [data-home-shell] banner')
    const rendered = new DOMParser().parseFromString(renderToString(<HeroBanner />), 'text/html')
    const appBanner = rendered.querySelector('section')
    if (!appBanner) throw new Error('HeroBanner renders no section')
    expect(outline(staticBanner)).toEqual(outline(appBanner))
  })

  it('is the only heading of the shell, inside its main', () => {
    expect(shell.querySelectorAll('h1')).toHaveLength(1)
    expect(shell.querySelector('#root main [data-home-shell] h1')?.textContent.trim()).toBe(
      'CineList',
    )
  })
})
