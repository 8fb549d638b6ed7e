/** The rows of `npm run bench`'s table, which each part of the bench returns. */
export interface Row {
  label: string
  value: string
  budget: string
  verdict: 'PASS' | 'FAIL' | ''
}
export interface Section {
  title: string
  rows: Row[]
}

export function checked(label: string, value: string, budget: string, ok: boolean): Row {
  return { label, value, budget, verdict: ok ? 'PASS' : 'FAIL' }
}
export function info(label: string, value: string): Row {
  return { label, value, budget: '', verdict: '' }
}
/** A time against its most, `shown` as it is or otherwise (its runs, say). */
export const atMost = (label: string, value: number, max: number, shown = ms(value)) =>
  checked(label, shown, `<= ${max} ms`, value <= max)

export const ms = (value: number) => `${Math.round(value)} ms`
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
/** Nearest rank. */
export const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(share * values.length) - 1)] ?? NaN
