export default function DemoNoticeText({ proxied }: { proxied: boolean }) {
  // Behind the app's server the credential is the server's setting, not the build's.
  const [token, apiKey] = proxied
    ? ['TMDB_TOKEN', 'TMDB_API_KEY']
    : ['VITE_TMDB_TOKEN', 'VITE_TMDB_API_KEY']
  return (
    <p className="text-xs text-slate-400">
      Demo mode: films come from a built-in offline catalog. Set <code>{token}</code> or{' '}
      <code>{apiKey}</code> (see .env.example) to browse live TMDB data.
    </p>
  )
}
