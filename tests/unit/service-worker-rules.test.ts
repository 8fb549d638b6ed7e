import { describe, expect, it } from 'vitest'
import { INLINE_ANSWER_ID } from '@/lib/tmdb/inline-answer'
import {
  INLINE_ANSWER_ID as WORKER_INLINE_ANSWER_ID,
  inlineAnswerOf,
  isAppNavigation,
  isPrivatePath,
  isTmdbData,
} from '../../sw/rules'

const ORIGIN = 'https://cinelist.example'
const API = 'https://api.themoviedb.org'
const url = (href: string) => new URL(href, ORIGIN)

describe('what the service worker keeps', () => {
  it('keeps TMDB answers from the app’s proxy or from TMDB’s API, nothing else', () => {
    for (const href of [
      '/api/tmdb/3/discover/movie?page=1',
      '/api/tmdb/3/movie/603?language=en-US',
      `${API}/3/search/movie?query=matrix&page=1`,
    ]) {
      expect(isTmdbData(url(href), ORIGIN, API), href).toBe(true)
    }
    for (const href of [
      '/api/account/lists',
      '/api/account/session',
      '/api/auth/sign-in',
      '/api/tmdbx/3/movie/1',
      '/assets/app.js',
      `${API}/4/list/1`,
      'https://elsewhere.example/3/movie/1',
    ]) {
      expect(isTmdbData(url(href), ORIGIN, API), href).toBe(false)
    }
  })

  it('treats accounts, sessions and the lists’ sync as private', () => {
    for (const href of ['/api/account', '/api/account/lists/sync', '/api/auth/get-session']) {
      expect(isPrivatePath(url(href), ORIGIN), href).toBe(true)
    }
    expect(isPrivatePath(url('/api/tmdb/3/movie/1'), ORIGIN)).toBe(false)
    expect(isPrivatePath(new URL('https://elsewhere.example/api/account'), ORIGIN)).toBe(false)
  })

  it('answers navigations to the app’s pages, never to its API', () => {
    expect(isAppNavigation(url('/movie/603'), ORIGIN)).toBe(true)
    expect(isAppNavigation(url('/search?q=matrix'), ORIGIN)).toBe(true)
    expect(isAppNavigation(url('/api/account/export'), ORIGIN)).toBe(false)
    expect(isAppNavigation(new URL('https://elsewhere.example/'), ORIGIN)).toBe(false)
  })
})

describe('the answer inside a page served by `npm start`', () => {
  const page = (dataUrl: string, json: string) =>
    `<!doctype html><html><body><div id="root"></div><script type="application/json" id="tmdb-answer" data-url="${dataUrl}">${json}</script></body></html>`

  it('is the data block the page reads (the same id)', () => {
    expect(WORKER_INLINE_ANSWER_ID).toBe(INLINE_ANSWER_ID)
  })

  it('is read with its URL, made absolute and unescaped', () => {
    const json = '{"page":1,"results":[{"id":1,"title":"\\u003cb\\u003e"}],"total_pages":1}'
    expect(
      inlineAnswerOf(page('/api/tmdb/3/discover/movie?a=1&amp;page=1', json), `${ORIGIN}/`),
    ).toEqual({ url: `${ORIGIN}/api/tmdb/3/discover/movie?a=1&page=1`, json })
  })

  it('is nothing for a page without one, another origin, another path or text that is not JSON', () => {
    expect(inlineAnswerOf('<html><body></body></html>', `${ORIGIN}/`)).toBeUndefined()
    expect(
      inlineAnswerOf(page('https://elsewhere.example/api/tmdb/3/x', '{}'), `${ORIGIN}/`),
    ).toBeUndefined()
    expect(inlineAnswerOf(page('/api/account/lists', '{}'), `${ORIGIN}/`)).toBeUndefined()
    expect(inlineAnswerOf(page('/api/tmdb/3/x', '{"cut'), `${ORIGIN}/`)).toBeUndefined()
  })
})
