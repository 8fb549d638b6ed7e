import { describe, expect, it } from 'vitest'
import {
  isAppNavigation,
  isPrivatePath,
  isTmdbData,
  KEEP_MESSAGE,
  readKeepMessage,
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

describe('the page’s message of what to keep', () => {
  it('is read with its well-formed entries only', () => {
    const answer = { url: `${API}/3/movie/1?language=en-US`, json: '{"id":1}' }
    expect(
      readKeepMessage({
        type: KEEP_MESSAGE,
        answers: [answer, { url: 'javascript:alert(1)', json: '{}' }, { url: 1 }, null, 'x'],
        posters: ['https://image.tmdb.org/t/p/w300/a.jpg', 'data:image/png;base64,AA', 7],
      }),
    ).toEqual({
      type: KEEP_MESSAGE,
      answers: [answer],
      posters: ['https://image.tmdb.org/t/p/w300/a.jpg'],
    })
  })

  it('is nothing for any other message, and never more than a page holds', () => {
    for (const data of [
      null,
      'KEEP_FOR_OFFLINE',
      { type: 'SKIP_WAITING' },
      { type: KEEP_MESSAGE },
    ]) {
      expect(readKeepMessage(data)).toBeUndefined()
    }
    const many = Array.from(
      { length: 500 },
      (_, index) => `https://image.tmdb.org/${String(index)}`,
    )
    expect(
      readKeepMessage({ type: KEEP_MESSAGE, answers: [], posters: many })?.posters,
    ).toHaveLength(100)
  })
})
