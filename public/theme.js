// Before the first paint: the saved theme (src/features/theme/theme-store.ts keeps it, as JSON,
// after), and whether index.html's static home banner, or the view the app's server drew in its
// place, shows. Each does for a visitor nobody is signed in as, the banner on / alone: the app's
// first render then draws the same in the same place (the banner has no welcome line). Minified
// in the build (build/minify-public-scripts.ts).
;(function () {
  var root = document.documentElement
  var choice
  var signedIn
  try {
    // Read as properties (what getItem returns, or undefined when absent): fewer bytes.
    signedIn = localStorage.currentUser != null
    choice = localStorage.theme
  } catch {
    // Storage off: nobody can be signed in, and the system's theme applies.
  }
  root.dataset.theme =
    choice === '"light"' ||
    (choice !== '"dark"' && matchMedia('(prefers-color-scheme:light)').matches)
      ? 'light'
      : 'dark'
  // The path: the banner's rule (src/index.css) matches '/' alone.
  if (!signedIn) root.dataset.shell = location.pathname
})()
