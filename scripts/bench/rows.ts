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

export const checked = (label: string, value: string, budget: string, ok: boolean): Row => ({
  label,
  value,
  budget,
  verdict: ok ? 'PASS' : 'FAIL',
})
export const info = (label: string, value: string): Row => ({
  label,
  value,
  budget: '',
  verdict: '',
})

export const ms = (value: number) => `${Math.round(value)} ms`
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
/** The median, then each run's figure. */
export const runsOf = (values: number[]) => `${ms(median(values))} (${values.map(ms).join(', ')})`
/** A time against its most, `shown` as the median of its runs or as it is. */
export const atMost = (label: string, value: number, max: number, shown = ms(value)) =>
  checked(label, shown, `<= ${max} ms`, value <= max)
