import { describe, expect, it } from 'vitest'
import {
  validateEmail,
  validateName,
  validatePassword,
  validateRegister,
} from '@/features/auth/validation'

describe('name', () => {
  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['Al', 'Start with capital letter & 3–12 letters only'],
    ['Abcdefghijklm', 'Start with capital letter & 3–12 letters only'],
    ['alice', 'Start with capital letter & 3–12 letters only'],
    ['Alice1', 'Start with capital letter & 3–12 letters only'],
    ['Mary Ann', 'Start with capital letter & 3–12 letters only'],
    ['Jean-Luc', 'Start with capital letter & 3–12 letters only'],
  ])('rejects %j with %j', (name, message) => {
    expect(validateName(name)).toBe(message)
  })

  it.each(['Ann', 'Abcdefghijkl', 'Alice', 'Émile', 'Zoë', 'Ångström'])('accepts %j', (name) => {
    expect(validateName(name)).toBeUndefined()
  })

  it('counts an accented letter typed as two code points as one letter', () => {
    expect(validateName('Zoe\u0308')).toBeUndefined()
  })
})

describe('email', () => {
  it.each([
    ['', 'Email is required'],
    ['alice', 'Invalid email format'],
    ['alice@', 'Invalid email format'],
    ['alice@example', 'Invalid email format'],
    ['al ice@example.com', 'Invalid email format'],
  ])('rejects %j with %j', (email, message) => {
    expect(validateEmail(email)).toBe(message)
  })

  it('accepts an address, ignoring surrounding spaces', () => {
    expect(validateEmail(' alice@example.com ')).toBeUndefined()
  })
})

describe('password', () => {
  it.each([
    ['', 'Password is required'],
    ['Ab1!x', 'Must include uppercase, lowercase, number & symbol'],
    ['abcde1!', 'Must include uppercase, lowercase, number & symbol'],
    ['ABCDE1!', 'Must include uppercase, lowercase, number & symbol'],
    ['Abcdef!', 'Must include uppercase, lowercase, number & symbol'],
    ['Abcdef1', 'Must include uppercase, lowercase, number & symbol'],
  ])('rejects %j with %j', (password, message) => {
    expect(validatePassword(password)).toBe(message)
  })

  it('accepts 6 characters with one of each kind', () => {
    expect(validatePassword('Ab1!xy')).toBeUndefined()
    expect(validatePassword('Ab1!x')).toBeDefined()
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
