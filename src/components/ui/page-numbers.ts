/** Behaviour §2: page buttons run from 1 up to min(current + 4, total pages). */
export function pageNumbers(page: number, totalPages: number): number[] {
  const last = Math.min(page + 4, totalPages)
  return Array.from({ length: Math.max(0, last) }, (_, index) => index + 1)
}
