// @vitest-environment node
import { afterAll, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../db/support'
import { serverTestBed } from '../support'

vi.setConfig({ testTimeout: 60_000 })

const bed = serverTestBed()
const data = tempDir()
afterAll(() => {
  data.remove()
})

describe('npm start', () => {
  it('keeps accounts on the server by default, and tells the page so in a meta tag', async () => {
    const server = await bed.app({ ACCOUNTS: '', DATA_DIR: data.path })
    const page = await server.inject({ url: '/favorites' })
    expect(page.body).toContain('<meta name="cinelist-accounts" content="server">')

    const anonymous = await server.inject({ url: '/api/account' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ error: 'Not signed in' })
    expect(anonymous.headers['cache-control']).toBe('no-store')
    // The app-wide headers hold here too.
    expect(anonymous.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )

    const headers = { 'content-type': 'application/json', origin: 'http://localhost:80' }
    const registered = await server.inject({
      method: 'POST',
      url: '/api/account/register',
      headers,
      payload: { name: 'Grace', email: 'grace@example.com', password: 'Grace1!x' },
    })
    expect(registered.statusCode).toBe(201)
    const signedIn = await server.inject({
      method: 'POST',
      url: '/api/account/login',
      headers,
      payload: { email: 'grace@example.com', password: 'Grace1!x' },
    })
    expect(signedIn.statusCode).toBe(200)
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const who = await server.inject({ url: '/api/account', headers: { cookie } })
    expect(who.json()).toEqual({ name: 'Grace', email: 'grace@example.com' })
    expect((await server.inject({ url: '/api/account/nothing' })).statusCode).toBe(404)
  })

  it('with ACCOUNTS=local leaves accounts to the browser: no account API, and the page is told', async () => {
    const server = await bed.app({ ACCOUNTS: 'local' })
    const page = await server.inject({ url: '/' })
    expect(page.body).toContain('<meta name="cinelist-accounts" content="local">')
    const api = await server.inject({ url: '/api/account' })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ error: 'Not found' })
  })
})
