// Before the first paint: the saved theme (src/features/theme/theme-store.ts keeps it after),
// and whether index.html's static home banner shows. It does on / for a visitor nobody is signed
// in as, whose banner has no welcome line: the app's first render then draws the same banner in
// the same place.
;(function () {
  var choice = 'system'
  try {
    choice = JSON.parse(localStorage.getItem('theme') || '"system"')
  } catch {
    // Storage off or the value unreadable: follow the system.
  }
  document.documentElement.dataset.theme =
    choice === 'light' || (choice !== 'dark' && matchMedia('(prefers-color-scheme: light)').matches)
      ? 'light'
      : 'dark'
  var signedIn = true
  try {
    signedIn = localStorage.getItem('currentUser') !== null
  } catch {
    // Storage off: nobody can be signed in.
    signedIn = false
  }
  if (location.pathname === '/' && !signedIn) document.documentElement.dataset.shell = 'home'
})()
