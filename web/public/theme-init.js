// Runs before first paint so the page never flashes the wrong theme. Keep the storage key in step
// with web/src/theme.ts.
;(function () {
  var dark = false
  try {
    var saved = window.localStorage.getItem('valueproof-theme')
    dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  } catch {
    // Storage can be blocked (private mode, sandboxing); the light theme is a fine fallback.
  }
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
})()
