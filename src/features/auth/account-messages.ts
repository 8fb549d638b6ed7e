// Apart from src/shared/accounts/messages.ts, which every page loads: only these pages need them.
import { sessionMessages } from '@/lib/session/messages'

export const accountMessages = {
  ...sessionMessages,
  nameSaved: 'Name saved',
  currentPasswordRequired: 'Current password is required',
  wrongPassword: 'Incorrect password',
  passwordChanged: 'Password changed',
  signedOutEverywhere: 'Signed out everywhere',
  accountDeleted: 'Account deleted',
} as const
