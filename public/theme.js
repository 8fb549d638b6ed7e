// Applies the saved theme before the first paint: index.html loads this file, render-blocking,
// ahead of the stylesheet's first use (the content security policy allows no inline script).
// The app keeps it up to date afterwards (src/features/theme/theme-store.ts).
;(function () {
  var choice = 'system'
  try {
    var saved = JSON.parse(localStorage.getItem('theme') || '"system"')
    if (saved === 'light' || saved === 'dark') choice = saved
  } catch {
    // Storage off or the value unreadable: follow the system.
  }
  var light =
    choice === 'light' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: light)').matches)
  document.documentElement.dataset.theme = light ? 'light' : 'dark'
})()
