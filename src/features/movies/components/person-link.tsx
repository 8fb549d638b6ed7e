import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'

/** A name leading to its person's page; plain text when TMDB gives no id to lead to. */
export function PersonLink({
  id,
  name,
  className = '',
}: {
  id?: number | null | undefined
  name: string
  className?: string
}) {
  if (!id) return <span className={className}>{name}</span>
  return (
    <Link
      to="/person/$personId"
      params={{ personId: String(id) }}
      className={`${className} underline-offset-2 hover:text-brand hover:underline`}
    >
      {name}
    </Link>
  )
}

export function PeopleLinks({ people }: { people: readonly { id?: number; name: string }[] }) {
  return people.map((person, index) => (
    <Fragment key={person.name}>
      {index > 0 && ', '}
      <PersonLink id={person.id} name={person.name} />
    </Fragment>
  ))
}
