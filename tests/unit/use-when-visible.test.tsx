import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useWhenVisible } from '@/hooks/use-when-visible'

/** Stands in for the browser's observer: its first report is whether the element is `near`. */
class FakeIntersectionObserver {
  static near = false
  static created: FakeIntersectionObserver[] = []
  disconnected = false
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.created.push(this)
  }
  observe(target: Element) {
    const entry = { isIntersecting: FakeIntersectionObserver.near, target }
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
  disconnect() {
    this.disconnected = true
  }
}

/** Loads a "batch" each time the end comes near; the end moves away after `batches` of them. */
function List({ batches }: { batches: number }) {
  const [loaded, setLoaded] = useState(0)
  const end = useWhenVisible<HTMLParagraphElement>(
    () => {
      setLoaded((count) => {
        if (count + 1 >= batches) FakeIntersectionObserver.near = false
        return count + 1
      })
    },
    { recheck: loaded },
  )
  return <p ref={end}>{loaded} loaded</p>
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeIntersectionObserver.near = false
  FakeIntersectionObserver.created = []
})

describe('useWhenVisible', () => {
  it('calls back while the element stays near, each time the content before it grows', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    FakeIntersectionObserver.near = true
    render(<List batches={3} />)
    expect(screen.getByText('3 loaded')).toBeInTheDocument()
    // One observer per check, each let go when the next one starts.
    const { created } = FakeIntersectionObserver
    expect(created).toHaveLength(4)
    expect(created.map((observer) => observer.disconnected)).toEqual([true, true, true, false])
    expect(created[0]?.options.rootMargin).toBe('800px')
  })

  it('does nothing while the element is far', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    render(<List batches={3} />)
    expect(screen.getByText('0 loaded')).toBeInTheDocument()
  })

  it('does nothing where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<List batches={3} />)
    expect(screen.getByText('0 loaded')).toBeInTheDocument()
  })
})
