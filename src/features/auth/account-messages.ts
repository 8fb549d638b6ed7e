/**
 * What the account page and the server's accounts say, beside the spec's own messages
 * (src/shared/accounts/messages.ts). Kept apart from those, which every page loads, as only
 * these pages need them.
 */
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
