import { Link } from '@tanstack/react-router'
import { DocumentTitle } from '@/components/ui/document-title'
import { PageHeading } from '@/components/ui/page-heading'

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 py-20 text-center">
      <DocumentTitle title="Page not found" />
      <PageHeading>404</PageHeading>
      <p className="text-lg text-slate-300">The page you’re looking for doesn’t seem to exist.</p>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </section>
  )
}
