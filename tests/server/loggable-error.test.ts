// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { loggableError } from '../../server/loggable-error'

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
    })
    expect(JSON.stringify(logged)).not.toMatch(/ann@example\.com|Sunny-day7/)
  })

  it('says only the type of something thrown that is not an Error', () => {
    expect(loggableError('ann@example.com')).toEqual({ type: 'string' })
  })
})
