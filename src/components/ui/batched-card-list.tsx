import { startTransition, useCallback, useState, type ReactNode } from 'react'
import { useWhenVisible } from '@/hooks/use-when-visible'

const FIRST_ROW = 4
const CARDS_BATCH = 24
// Grids are few: a removal re-creates the first card of each later grid (docs/performance.md).
const CARDS_PER_GRID = 4 * CARDS_BATCH

export function BatchedCardList<T extends { id: number }>({
  items,
  renderCard,
  moreLabel,
}: {
  items: readonly T[]
  renderCard: (item: T, priority: boolean) => ReactNode
  moreLabel: (remaining: number) => string
}) {
  const [shown, setShown] = useState(CARDS_BATCH)
  const showMore = useCallback(() => {
    startTransition(() => {
      setShown((count) => count + CARDS_BATCH)
    })
  }, [])
  const sentinel = useWhenVisible<HTMLButtonElement>(showMore, { recheck: shown })

  const visible = items.slice(0, shown)
  const grids = []
  for (let start = 0; start < visible.length; start += CARDS_PER_GRID) {
    grids.push(visible.slice(start, start + CARDS_PER_GRID))
  }
  return (
    <>
      <div role="list" className="flex flex-col gap-6">
        {grids.map((grid, gridIndex) => (
          // Until first rendered, a grid counts as one batch tall.
          <div
            key={gridIndex}
            className="grid grid-cols-2 gap-6 [contain-intrinsic-size:auto_4000px] [content-visibility:auto] md:grid-cols-3 lg:grid-cols-4"
          >
            {grid.map((item, index) => (
              <div role="listitem" key={item.id}>
                {renderCard(item, gridIndex === 0 && index < FIRST_ROW)}
              </div>
            ))}
          </div>
        ))}
      </div>
      {shown < items.length && (
        <div className="mt-8 text-center">
          <button ref={sentinel} type="button" className="btn-secondary" onClick={showMore}>
            {moreLabel(items.length - shown)}
          </button>
        </div>
      )}
    </>
  )
}
