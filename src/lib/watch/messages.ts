export const watchMessages = {
  onMyServices: 'On my services',
} as const
