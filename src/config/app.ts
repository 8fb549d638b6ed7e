export const APP_NAME = 'CineList'
export const APP_TAGLINE = 'Discover amazing movies and build your personal favorites collection'
export const WEB_MANIFEST_FILE = 'manifest.webmanifest'
export const NAV_BAR_HEIGHT_PROPERTY = '--nav-bar-height'
