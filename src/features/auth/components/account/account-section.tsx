import { useId, type ReactNode } from 'react'

export function AccountSection({
  title,
  description,
  danger = false,
  children,
}: {
  title: string
  description?: string
  danger?: boolean
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-4 rounded-xl border p-6 ${danger ? 'border-red-400' : 'border-slate-800'}`}
    >
      <h2
        id={headingId}
        className={`text-xl font-semibold ${danger ? 'text-red-300' : 'text-white'}`}
      >
        {title}
      </h2>
      {description && <p className="text-slate-300">{description}</p>}
      {children}
    </section>
  )
}

export function SectionForm({
  submitLabel,
  busy,
  onSubmit,
  danger = false,
  children,
}: {
  submitLabel: string
  busy: boolean
  onSubmit: () => Promise<void>
  danger?: boolean
  children: ReactNode
}) {
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {children}
      <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>
        {submitLabel}
      </button>
    </form>
  )
}
