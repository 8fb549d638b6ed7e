import { pageNumbers } from '@/components/ui/page-numbers'

interface PaginationProps {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
  onPageIntent?: (page: number) => void
}

export function Pagination({ page, totalPages, onPageChange, onPageIntent }: PaginationProps) {
  const button = (
    target: number,
    label: string,
    options: { disabled?: boolean; current?: boolean } = {},
  ) => (
    <button
      key={label}
      type="button"
      disabled={options.disabled}
      aria-current={options.current ? 'page' : undefined}
      onClick={() => {
        onPageChange(target)
      }}
      onMouseEnter={() => onPageIntent?.(target)}
      onFocus={() => onPageIntent?.(target)}
      className={
        options.current
          ? 'min-w-10 rounded-md bg-brand px-3 py-2 font-bold text-slate-950'
          : 'btn-secondary min-w-10'
      }
    >
      {label}
    </button>
  )

  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{button(page - 1, 'Previous', { disabled: page <= 1 })}</li>
        {pageNumbers(page, totalPages).map((number) => (
          <li key={number}>{button(number, String(number), { current: number === page })}</li>
        ))}
        <li>{button(page + 1, 'Next', { disabled: page >= totalPages })}</li>
      </ul>
    </nav>
  )
}
