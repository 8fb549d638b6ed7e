import { useState } from 'react'
import { profileUrl } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const BOX = 'aspect-[2/3] w-full rounded-lg bg-slate-800 ring-1 ring-slate-700'

/** The person's photo, or a neutral outline where TMDB has none or it fails to load. */
export function PersonPhoto({
  path,
  name,
  size = 'large',
}: {
  path: string | null | undefined
  name: string
  /** Large on their page (fetched first); small beside their name in a list, so not named again. */
  size?: 'large' | 'small'
}) {
  const { imageUrl } = useTmdb().config
  const [failed, setFailed] = useState(false)
  const large = size === 'large'
  const box = `${BOX} ${large ? 'max-w-[185px]' : 'max-w-16'}`
  if (path && !failed) {
    return (
      <img
        src={profileUrl(path, imageUrl)}
        alt={large ? name : ''}
        width={185}
        height={278}
        fetchPriority={large ? 'high' : 'auto'}
        loading={large ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => {
          setFailed(true)
        }}
        className={`${box} object-cover`}
      />
    )
  }
  return (
    <div
      {...(large ? { role: 'img', 'aria-label': `No photo of ${name}` } : { 'aria-hidden': true })}
      className={`${box} grid place-items-center`}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className={`${large ? 'size-16' : 'size-8'} text-slate-600`}
      >
        <path
          fill="currentColor"
          d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z"
        />
      </svg>
    </div>
  )
}
