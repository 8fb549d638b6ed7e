import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AccountRequestError,
  AccountServerError,
  parseAccount,
  requestAccount,
} from '@/features/auth/api/client'
import { getAccount } from '@/features/auth/api/get-account'
import { accountServer, server } from '@/mocks/server'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error,
  )

describe('requestAccount', () => {
  it('asks with GET alone, and sends a state change as JSON, {} when there is nothing to say', async () => {
    await failure(requestAccount(''))
    expect(await requestAccount('/logout', { method: 'POST' })).toBeUndefined()
    expect(accountServer.requests).toEqual([
      {
        method: 'GET',
        path: '/api/account',
        contentType: null,
        credentials: 'same-origin',
        body: undefined,
      },
      {
        method: 'POST',
        path: '/api/account/logout',
        contentType: 'application/json',
        credentials: 'same-origin',
        body: {},
      },
    ])
  })

  it('turns a refusal into its status and the server’s own message', async () => {
    const error = await failure(requestAccount(''))
    expect(error).toBeInstanceOf(AccountRequestError)
    expect(error).toMatchObject({ status: 401, message: 'Not signed in' })
  })

  it('keeps a refusal without a readable body', async () => {
    server.use(http.patch('/api/account', () => new HttpResponse('<h1>Bad</h1>', { status: 400 })))
    const error = await failure(requestAccount('', { method: 'PATCH', body: { name: 'Ann' } }))
    expect(error).toMatchObject({ name: 'AccountRequestError', status: 400 })
  })

  it.each([
    ['no answer', () => HttpResponse.error(), true],
    ['a failing server', () => new HttpResponse(null, { status: 503 }), false],
    ['an answer that is not JSON', () => new HttpResponse('<html>', { status: 200 }), false],
  ])('reports %s as the server out of reach', async (_, reply, offline) => {
    server.use(http.get('/api/account', reply))
    const error = await failure(getAccount())
    expect(error).toBeInstanceOf(AccountServerError)
    expect(error).toMatchObject({ offline })
  })
})

describe('parseAccount', () => {
  it('keeps only the name and the e-mail', () => {
    expect(parseAccount({ name: 'Ann', email: 'ann@example.com', id: 7, role: 'x' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
    })
  })

  it('refuses another shape', () => {
    expect(() => parseAccount({ email: 'ann@example.com' })).toThrow(AccountServerError)
  })
})
