import { useState } from 'react'
import { profileUrl } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const BOX = 'aspect-[2/3] w-full max-w-[185px] rounded-lg bg-slate-800 ring-1 ring-slate-700'

/** The person's photo, or a neutral outline where TMDB has none or it fails to load. */
export function PersonPhoto({ path, name }: { path: string | null | undefined; name: string }) {
  const { imageUrl } = useTmdb().config
  const [failed, setFailed] = useState(false)
  if (path && !failed) {
    return (
      <img
        src={profileUrl(path, imageUrl)}
        alt={name}
        width={185}
        height={278}
        fetchPriority="high"
        decoding="async"
        onError={() => {
          setFailed(true)
        }}
        className={`${BOX} object-cover`}
      />
    )
  }
  return (
    <div role="img" aria-label={`No photo of ${name}`} className={`${BOX} grid place-items-center`}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-16 text-slate-600">
        <path
          fill="currentColor"
          d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z"
        />
      </svg>
    </div>
  )
}
