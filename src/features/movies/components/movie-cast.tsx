import { PersonLink } from '@/features/movies/components/person-link'
import { billedCast } from '@/features/movies/detail-extras'
import type { MovieDetail } from '@/lib/tmdb'

export function MovieCast({ credits }: { credits: MovieDetail['credits'] }) {
  const cast = billedCast(credits)
  if (cast.length === 0) return null
  return (
    <section aria-labelledby="cast-heading">
      <h2 id="cast-heading" className="mb-4 text-2xl font-bold text-white">
        Cast
      </h2>
      <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {cast.map((member, index) => (
          <li key={member.id ?? `${member.name}-${String(index)}`}>
            <PersonLink id={member.id} name={member.name} className="font-semibold text-white" />
            {member.character?.trim() && (
              <span className="text-slate-300"> as {member.character.trim()}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
