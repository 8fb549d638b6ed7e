// Before the first paint: the saved theme (src/features/theme/theme-store.ts keeps it, as JSON,
// after), and whether index.html's static home banner, or the view the app's server drew in its
// place, shows. Each does for a visitor nobody is signed in as, the banner on / alone: the app's
// first render then draws the same in the same place (the banner has no welcome line). Minified
// in the build (build/minify-public-scripts.ts).
;(function () {
  var root = document.documentElement
  var choice = null
  var signedIn = false
  try {
    signedIn = localStorage.getItem('currentUser') !== null
    choice = localStorage.getItem('theme')
  } catch {
    // Storage off: nobody can be signed in, and the system's theme applies.
  }
  root.dataset.theme =
    choice === '"light"' ||
    (choice !== '"dark"' && matchMedia('(prefers-color-scheme: light)').matches)
      ? 'light'
      : 'dark'
  if (!signedIn) root.dataset.shell = location.pathname === '/' ? 'home' : 'page'
})()
