// Before the first paint: the saved theme (src/features/theme/theme-store.ts keeps it, as JSON,
// after), whether someone is signed in (the page shows what is theirs until it hydrates:
// src/lib/session/use-visitor.ts), and the path, for the static shell's home banner (on /
// alone). Minified in the build (build/minify-public-scripts.ts).
;(function () {
  var root = document.documentElement
  var choice
  try {
    // Read as properties (what getItem returns, or undefined when absent): fewer bytes.
    if (localStorage.currentUser != null) root.dataset.signedIn = ''
    choice = localStorage.theme
  } catch {
    // Storage off: nobody can be signed in, and the system's theme applies.
  }
  root.dataset.theme =
    choice === '"light"' ||
    (choice !== '"dark"' && matchMedia('(prefers-color-scheme:light)').matches)
      ? 'light'
      : 'dark'
  root.dataset.shell = location.pathname
})()
