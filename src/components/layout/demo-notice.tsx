import { tmdbConfig } from '@/config/env'

export function DemoNotice() {
  if (!tmdbConfig.demo) return null
  return (
    <p className="text-xs text-slate-400">
      Demo mode: films come from a built-in offline catalog. Set <code>VITE_TMDB_TOKEN</code> or{' '}
      <code>VITE_TMDB_API_KEY</code> (see .env.example) to browse live TMDB data.
    </p>
  )
}
