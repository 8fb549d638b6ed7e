import { authMessages } from '@/shared/accounts/messages'

export interface RegisterValues {
  name: string
  email: string
  password: string
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>

/** A capital letter, then letters only, 3 to 12 in all; accented letters count as letters. */
const NAME_PATTERN = /^\p{Lu}\p{L}{2,11}$/u
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PASSWORD_MIN_LENGTH = 6

export function validateName(name: string): string | undefined {
  const value = name.trim().normalize('NFC')
  if (!value) return authMessages.nameRequired
  if (!NAME_PATTERN.test(value)) return authMessages.nameFormat
  return undefined
}

export function validateEmail(email: string): string | undefined {
  const value = email.trim()
  if (!value) return authMessages.emailRequired
  if (!EMAIL_PATTERN.test(value)) return authMessages.emailFormat
  return undefined
}

export function validatePassword(password: string): string | undefined {
  if (!password) return authMessages.passwordRequired
  const strong =
    password.length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\d/.test(password) &&
    /[^\p{L}\d\s]/u.test(password)
  return strong ? undefined : authMessages.passwordFormat
}

const validators = { name: validateName, email: validateEmail, password: validatePassword }

export function validateRegisterField(field: keyof RegisterValues, value: string) {
  return validators[field](value)
}

export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {}
  for (const field of Object.keys(validators) as (keyof RegisterValues)[]) {
    const error = validators[field](values[field])
    if (error) errors[field] = error
  }
  return errors
}
