export const sessionMessages = {
  serverUnreachable: 'Could not reach the server. Try again.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const
