import { APP_NAME } from '@/config/app'

export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>
}
