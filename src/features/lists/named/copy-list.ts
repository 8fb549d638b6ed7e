import { listProblemMessage, namedListMessages } from '@/features/lists/named/messages'
import type { SharedList, SharedMovie } from '@/features/lists/api/shared-list'
import { namedLists, positioned, readIndex } from '@/lib/movie-lists/named-lists'
import { signedInEmail } from '@/lib/session/user-storage'
import { cleanListName, listNameFolded, MAX_LIST_NAME } from '@/shared/lists/named'

/** "Halloween", else "Halloween (2)", "Halloween (3)"…: the first name not yet taken. */
export function freeName(name: string, taken: readonly string[]): string {
  const folded = new Set(taken.map(listNameFolded))
  const base = Array.from(cleanListName(name))
    .slice(0, MAX_LIST_NAME - 6)
    .join('')
  if (!folded.has(listNameFolded(name))) return cleanListName(name)
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${String(n)})`
    if (!folded.has(listNameFolded(candidate))) return candidate
  }
}

export function copyAsNamedList(
  list: SharedList['list'],
  movies: readonly SharedMovie[],
): { ok: true; name: string } | { ok: false; message: string } {
  const email = signedInEmail()
  if (!email) return { ok: false, message: namedListMessages.problems.list['signed-out'] }
  const name = freeName(
    list.name,
    readIndex(email).map((each) => each.name),
  )
  const made = namedLists.create({ name, description: list.description, ranked: list.ranked })
  if (!made.ok) return { ok: false, message: listProblemMessage(made.problem) }
  const added = new Date().toISOString()
  const problem = namedLists.saveMovies(
    made.value.id,
    positioned(movies.map((movie) => ({ ...movie, added_at: movie.added_at ?? added }))),
  )
  if (problem) return { ok: false, message: namedListMessages.movieProblems[problem] }
  return { ok: true, name }
}
