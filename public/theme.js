// Before the first paint: the saved theme (src/features/theme/theme-store.ts keeps it, as JSON,
// after), and whether index.html's static home banner shows. It does on / for a visitor nobody
// is signed in as, whose banner has no welcome line: the app's first render then draws the same
// banner in the same place. Minified in the build (build/minify-public-scripts.ts).
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
  if (location.pathname === '/' && !signedIn) root.dataset.shell = 'home'
})()
