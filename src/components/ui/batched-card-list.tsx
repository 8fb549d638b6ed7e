import { startTransition, useCallback, useState, type ReactNode } from 'react'
import { useWhenVisible } from '@/hooks/use-when-visible'

const FIRST_ROW = 4
/**
 * Cards rendered at a time: whole rows at 2, 3 and 4 columns. A long list (1,000 entries)
 * rendered at once blocks the main thread for most of a second; batches keep every task short.
 * More come as the user nears the end of the list, or on the button.
 */
const CARDS_BATCH = 24
/**
 * The list is laid out as a column of grids of this many cards: cards added to one big grid
 * would lay out all the cards before them again, and a grid out of sight is skipped when the
 * page is laid out and painted (content-visibility). Removing a card moves the first card of
 * every later grid into the one before, re-creating it, so grids are few: with 1,000 cards
 * shown, a removal near the top re-creates 10 cards rather than 41.
 */
const CARDS_PER_GRID = 4 * CARDS_BATCH

/** A long list of cards, one list for assistive technology, rendered batch by batch. */
export function BatchedCardList<T extends { id: number }>({
  items,
  renderCard,
  moreLabel,
}: {
  items: readonly T[]
  /** `priority`: the card is in the first row (its poster loads first). */
  renderCard: (item: T, priority: boolean) => ReactNode
  moreLabel: (remaining: number) => string
}) {
  const [shown, setShown] = useState(CARDS_BATCH)
  const showMore = useCallback(() => {
    // Not urgent: React renders the new cards in slices, between the user's scrolls and keys.
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
          // Until first drawn, a grid counts as one batch tall (it starts with one, near view).
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
