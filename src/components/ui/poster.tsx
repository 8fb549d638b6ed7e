import { useState } from 'react'
import { leadImageAttribute } from '@/lib/lead-image'
import { PLACEHOLDER_POSTER, posterUrl, type PosterSize } from '@/lib/tmdb'
import { useTmdb } from '@/lib/tmdb/use-tmdb'

const DIMENSIONS: Record<PosterSize, { width: number; height: number }> = {
  w200: { width: 200, height: 300 },
  w300: { width: 300, height: 450 },
}

interface PosterProps {
  path: string | null | undefined
  title: string
  size: PosterSize
  /** The page's largest paint: fetched first (docs/performance.md). */
  priority?: boolean
  eager?: boolean
  /** alt="" inside a link that shows the title, so it is not read twice. */
  decorative?: boolean
  className?: string
}

export function Poster({
  path,
  title,
  size,
  priority = false,
  eager = false,
  decorative = false,
  className = '',
}: PosterProps) {
  const src = posterUrl(path, size, useTmdb().config.imageUrl)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  return (
    <img
      src={failedSrc === src ? PLACEHOLDER_POSTER : src}
      alt={decorative ? '' : title}
      {...DIMENSIONS[size]}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      {...(priority ? leadImageAttribute : {})}
      decoding="async"
      onError={() => {
        setFailedSrc(src)
      }}
      className={`aspect-[2/3] w-full bg-slate-800 object-cover ${className}`}
    />
  )
}
