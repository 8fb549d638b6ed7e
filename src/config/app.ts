export const APP_NAME = 'CineList'
export const APP_TAGLINE = 'Discover amazing movies and build your personal favorites collection'
/** The web app manifest's file, at the site's root: vite.config.ts builds it, the app links it. */
export const WEB_MANIFEST_FILE = 'manifest.webmanifest'
/** The sticky navigation bar's height, as the bar sets it on the root element: toasts sit below it. */
export const NAV_BAR_HEIGHT_PROPERTY = '--nav-bar-height'
