import { PageHeading } from '@/components/ui/page-heading'
import { APP_NAME, APP_TAGLINE } from '@/config/app'
import { shownTo, useVisitor } from '@/lib/session/use-visitor'

export function HeroBanner() {
  const visitor = useVisitor()
  return (
    <section className="mb-10 rounded-2xl bg-gradient-to-br from-slate-800 via-slate-900 to-slate-950 px-6 py-12 text-center ring-1 ring-slate-800 md:py-16">
      <PageHeading className="text-4xl md:text-5xl">{APP_NAME}</PageHeading>
      {visitor !== null && (
        // Before hydration, a line's room for a signed-in visitor's welcome.
        <p className="mt-4 text-xl text-brand" {...(visitor ? {} : shownTo('signed in'))}>
          {visitor ? `Welcome, ${visitor.name.trim() || visitor.email}!` : '\u00a0'}
        </p>
      )}
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{APP_TAGLINE}</p>
    </section>
  )
}
