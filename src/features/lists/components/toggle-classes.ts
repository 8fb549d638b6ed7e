// Grows and wraps rather than spilling: a card at 320 px is 100 px wide inside.
const base =
  'min-w-0 grow basis-28 rounded-md border px-2 py-1.5 text-center text-sm font-medium wrap-break-word transition-colors disabled:cursor-not-allowed disabled:opacity-50'
const off = 'border-slate-600 text-slate-100 hover:bg-slate-800'
// The pressed colours stay on hover: a deeper tint takes the light theme's amber below 4.5:1.
const on = 'border-brand bg-brand/15 text-brand hover:underline'

export const TOGGLE_CLASS = { off: `${base} ${off}`, on: `${base} ${on}` } as const
