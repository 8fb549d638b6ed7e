import { describe, expect, it } from 'vitest'
import {
  validateEmail,
  validateName,
  validatePassword,
  validateRegister,
} from '@/shared/accounts/validation'

const NAME_RULE = 'Start with capital letter & 3–12 letters only'
const EMAIL_RULE = 'Invalid email format'
const PASSWORD_RULE = 'Must include uppercase, lowercase, number & symbol'

describe.each([
  {
    field: 'name',
    validate: validateName,
    rejected: [
      ['', 'Name is required'],
      ['   ', 'Name is required'],
      ['Al', NAME_RULE],
      ['Abcdefghijklm', NAME_RULE],
      ['alice', NAME_RULE],
      ['Alice1', NAME_RULE],
      ['Mary Ann', NAME_RULE],
      ['Jean-Luc', NAME_RULE],
    ],
    // The last: an accented letter typed as two code points counts as one letter.
    accepted: ['Ann', 'Abcdefghijkl', 'Alice', 'Émile', 'Zoë', 'Ångström', 'Zoe\u0308'],
  },
  {
    field: 'email',
    validate: validateEmail,
    rejected: [
      ['', 'Email is required'],
      ['alice', EMAIL_RULE],
      ['alice@', EMAIL_RULE],
      ['alice@example', EMAIL_RULE],
      ['al ice@example.com', EMAIL_RULE],
    ],
    // Surrounding spaces are ignored.
    accepted: ['alice@example.com', ' alice@example.com '],
  },
  {
    field: 'password',
    validate: validatePassword,
    rejected: [
      ['', 'Password is required'],
      ['Ab1!x', PASSWORD_RULE],
      ['abcde1!', PASSWORD_RULE],
      ['ABCDE1!', PASSWORD_RULE],
      ['Abcdef!', PASSWORD_RULE],
      ['Abcdef1', PASSWORD_RULE],
    ],
    // 6 characters with one of each kind.
    accepted: ['Ab1!xy'],
  },
])('$field', ({ validate, rejected, accepted }) => {
  it.each(rejected)('rejects %j with %j', (value, message) => {
    expect(validate(value)).toBe(message)
  })

  it.each(accepted)('accepts %j', (value) => {
    expect(validate(value)).toBeUndefined()
  })
})

describe('validateRegister', () => {
  it('reports every field at once, and nothing for valid values', () => {
    expect(validateRegister({ name: '', email: '', password: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    })
    expect(validateRegister({ name: 'Alice', email: 'a@b.co', password: 'Secret1!' })).toEqual({})
  })
})
