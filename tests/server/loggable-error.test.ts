// @vitest-environment node
import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, loggableError } from '../../server/logging/loggable-error'
import errorHandler from '../../server/plugins/app/error-handler'
import { RequestLog } from '../../server/logging/request-log'

const EMAIL = 'ann@example.com'
const QUERY =
  'select "id", "name", "email" from "user" where "user"."email" = $1 and "user"."name" = $2'

/** As pg-protocol makes a server's error: named after its message type, with the row's detail. */
const serverError = (message: string, code: string) =>
  Object.assign(new Error(message), {
    name: 'error',
    code,
    severity: 'ERROR',
    detail: `Key (email)=(${EMAIL}) already exists.`,
  })

const diskFull = () =>
  new DrizzleQueryError(
    QUERY,
    [EMAIL, 'Ann'],
    serverError('could not extend file "base/16384/2619": No space left on device', '53100'),
  )

describe('an error in a log line', () => {
  it('keeps its type, code, message and stack, never a database error’s detail', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ann@example.com) already exists.',
      parameters: ['ann@example.com', 'Sunny-day7'],
    })
    const logged = loggableError(error)
    expect(logged).toMatchObject({
      type: 'Error',
      code: '23505',
      message: 'duplicate key value violates unique constraint',
      stack: expect.stringContaining('loggable-error.test.ts') as string,
    })
    expect(JSON.stringify(logged)).not.toMatch(/ann@example\.com|Sunny-day7/)
  })

  it('says only the type of something thrown that is not an Error', () => {
    expect(loggableError('ann@example.com')).toEqual({ type: 'string' })
  })

  it('gives a failed query’s cause, code and message, with its SQL but never its parameters', () => {
    const logged = loggableError(diskFull())
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '53100',
      message: 'could not extend file "base/16384/2619": No space left on device',
      query: QUERY,
    })
    const text = JSON.stringify(logged)
    expect(text).not.toContain(EMAIL)
    expect(text).not.toContain('params')
    expect(text).not.toContain('Key (email)')
  })

  it('stays small whatever the query, its parameters or its cause’s message', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({
      list: 'watchlist',
      movie_id: i + 1,
      title: `Film ${String(i + 1)}`,
    }))
    const huge = new DrizzleQueryError(
      `insert into list_entry ${'(user_id, list, movie_id) '.repeat(500)} values ($1, $2)`,
      ['user-1', JSON.stringify(entries)],
      serverError(`value too long: ${'x'.repeat(10_000)}`, '22001'),
    )
    const text = JSON.stringify(loggableError(huge))
    expect(text.length).toBeLessThan(4000)
    expect(text).not.toContain('Film 1')
    expect(text).toContain('22001')
    expect(JSON.stringify(loggableError(new Error(EMAIL.repeat(1000)))).length).toBeLessThan(4000)
  })

  it('gives the errors behind one, each with its code and message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const logged = loggableError(new TypeError('fetch failed', { cause: refused }))
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'fetch failed',
      causes: [{ type: 'Error', code: 'ECONNREFUSED', message: refused.message }],
    })
  })

  it('comes out of the app’s logger as it is: one bounded line with the cause', async () => {
    const lines: string[] = []
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      logController: new RequestLog(),
    })
    await app.register(errorHandler)
    app.post('/register', () => {
      throw diskFull()
    })
    const answer = await app.inject({ method: 'POST', url: '/register', payload: { EMAIL } })
    expect(answer.statusCode).toBe(503)
    expect(answer.body).toBe('Service unavailable')
    const failed = lines.filter((line) => line.includes('"level":50'))
    expect(failed).toHaveLength(1)
    const [line = ''] = failed
    expect(line.length).toBeLessThan(4000)
    expect(line).not.toContain(EMAIL)
    expect(JSON.parse(line)).toMatchObject({
      msg: 'request failed',
      err: {
        type: 'DatabaseError',
        code: '53100',
        message: expect.stringContaining('No space') as string,
      },
    })
    await app.close()
  })
})

describe('a database that cannot serve', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

  it('is told by its driver’s codes and words, behind a failed query too', () => {
    const query = (cause: Error) => new DrizzleQueryError('select 1', [], cause)
    for (const error of [
      diskFull(),
      query(withCode('read ECONNRESET', 'ECONNRESET')),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      query(serverError('terminating connection due to administrator command', '57P01')),
      query(serverError('sorry, too many clients already', '53300')),
      query(new Error('Connection terminated unexpectedly')),
      query(new Error('Client has encountered a connection error and is not queryable')),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('the embedded database is stopped'), {
        name: 'DatabaseUnavailableError',
        code: 'XX000',
      }),
    ]) {
      expect(isDatabaseUnavailable(error), loggableError(error).message as string).toBe(true)
    }
  })

  it('is not any other failure', () => {
    for (const error of [
      new DrizzleQueryError('insert', [], serverError('duplicate key value', '23505')),
      new Error('no sync counter'),
      withCode('Body is too large', 'FST_ERR_CTP_BODY_TOO_LARGE'),
      'ECONNRESET',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false)
    }
  })
})
