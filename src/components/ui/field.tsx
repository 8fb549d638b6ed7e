import { useId, type ReactNode } from 'react'

/**
 * A visible label and the control it names, tied by a generated id: `children` renders the
 * control with that id (and anything that goes with it, such as its error).
 */
export function Field({
  label,
  className,
  labelClassName,
  children,
}: {
  label: string
  className?: string
  labelClassName: string
  children: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}
