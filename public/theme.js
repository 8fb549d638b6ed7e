// The saved theme before the first paint; src/features/theme/theme-store.ts keeps it after.
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
})()
