import { describe, expect, it } from 'vitest'
import { readAccountsMode } from '@/config/accounts-mode'
import { ACCOUNTS_META } from '@/shared/accounts-meta'

const page = (head: string) => new DOMParser().parseFromString(`<head>${head}</head>`, 'text/html')

describe('readAccountsMode', () => {
  it('is server only when the page says so', () => {
    expect(readAccountsMode(page(`<meta name="${ACCOUNTS_META}" content="server">`))).toBe('server')
  })

  it.each([
    ['no tag', ''],
    ['local', `<meta name="${ACCOUNTS_META}" content="local">`],
    ['an empty value', `<meta name="${ACCOUNTS_META}" content="">`],
    ['an unknown value', `<meta name="${ACCOUNTS_META}" content="cloud">`],
    ['another tag', '<meta name="tmdb-proxy" content="server">'],
  ])('is local with %s', (_, head) => {
    expect(readAccountsMode(page(head))).toBe('local')
  })
})
