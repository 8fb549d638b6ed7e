import { personMessages } from '@/features/people/messages'
import type { Person } from '@/lib/tmdb'

export const personName = (person: Pick<Person, 'name'>) =>
  person.name?.trim() || personMessages.unnamed

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

function parseDate(raw: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw?.trim() ?? '')
  if (!match) return undefined
  const [, year, month, day] = match.map(Number)
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1))
  // 1990-02-31 is not a date, whatever Date makes of it.
  return date.getUTCDate() === day ? date : undefined
}

function yearsBetween(from: Date, to: Date): number {
  const years = to.getUTCFullYear() - from.getUTCFullYear()
  const beforeBirthday =
    to.getUTCMonth() < from.getUTCMonth() ||
    (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate())
  return years - (beforeBirthday ? 1 : 0)
}

/** "December 18, 1963 (age 62)", or with a death "(aged 91)" on it; nothing for unknown dates. */
export function lifeDates(
  { birthday, deathday }: { birthday?: string | null; deathday?: string | null },
  today: Date = new Date(),
): { born: string | undefined; died: string | undefined } {
  const born = parseDate(birthday)
  const died = parseDate(deathday)
  const age = born && yearsBetween(born, died ?? today)
  const withAge = (date: Date, label: string) =>
    age !== undefined && age >= 0
      ? `${longDate.format(date)} (${label} ${String(age)})`
      : longDate.format(date)
  return {
    born: born && (died ? longDate.format(born) : withAge(born, 'age')),
    died: died && withAge(died, 'aged'),
  }
}
