// Lengths generous for a person, tight for anything else; the spec's own rules come after.
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const
const EMAIL = text(254)
const PASSWORD = text(128)

const body = <P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  }) as const

export const registerBody = body({ name: text(100), email: EMAIL, password: PASSWORD })
export const loginBody = body({ email: EMAIL, password: PASSWORD })
export const renameBody = body({ name: text(100) })
export const passwordBody = body({ currentPassword: PASSWORD, newPassword: PASSWORD })
export const deleteAccountBody = body({ password: PASSWORD })

export interface RegisterBody {
  name: string
  email: string
  password: string
}
export interface LoginBody {
  email: string
  password: string
}
export interface RenameBody {
  name: string
}
export interface PasswordBody {
  currentPassword: string
  newPassword: string
}
export interface DeleteAccountBody {
  password: string
}
