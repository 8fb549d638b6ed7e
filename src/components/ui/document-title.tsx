import { APP_NAME } from '@/config/app'

/** React hoists <title> into <head>; each page renders exactly one. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>
}
