export const APP_NAME = 'CineList'
export const APP_TAGLINE = 'Discover amazing movies and build your personal favorites collection'
