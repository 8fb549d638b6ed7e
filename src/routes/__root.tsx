import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { DemoNotice } from '@/components/layout/demo-notice'
import { RouteFocus } from '@/components/layout/route-focus'
import { ToastHost } from '@/components/toasts/toast-host'
import { useThemeStore } from '@/features/theme/theme-store'
import { refreshSession } from '@/lib/session/session-store'
import type { RouterContext } from '@/router'
import { NavBar } from '@/routes/-components/nav-bar'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Runs before every navigation's guards, so they and the bar see the stored session.
  beforeLoad: () => {
    refreshSession()
  },
  component: RootLayout,
})

function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-slate-950"
      >
        Skip to content
      </a>
      <NavBar />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-screen max-w-7xl px-4 py-6 outline-none"
      >
        <Outlet />
      </main>
      <footer className="mx-auto max-w-7xl space-y-1 border-t border-slate-800 px-4 py-6 text-xs text-slate-400">
        <p>This product uses the TMDB API but is not endorsed or certified by TMDB.</p>
        <DemoNotice />
      </footer>
      <RouteFocus />
      <ThemedToastHost />
    </>
  )
}

// Its own component, so a theme change re-renders only it.
function ThemedToastHost() {
  const theme = useThemeStore((state) => state.theme)
  return <ToastHost theme={theme} />
}
