import { Link, useLocation, type LinkProps } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { APP_NAME, NAV_BAR_HEIGHT_PROPERTY } from '@/config/app'
import { useSignOut } from '@/features/auth/hooks/use-sign-out'
import { ThemeSelect } from '@/features/theme/theme-select'
import { shownTo, useVisitor } from '@/lib/session/use-visitor'

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/search', label: 'Search' },
  { to: '/favorites', label: 'Favorites' },
  { to: '/watchlist', label: 'Watchlist' },
  { to: '/seen', label: 'Seen' },
  { to: '/lists', label: 'Lists', signedIn: true },
  { to: '/account', label: 'Account', signedIn: true },
] as const satisfies readonly { to: LinkProps['to']; label: string; signedIn?: true }[]

const linkClass =
  'block rounded-md px-3 py-2 font-medium text-slate-200 hover:bg-slate-800 hover:text-white'
const activeLinkClass = 'bg-slate-800 !text-brand'

export function NavBar() {
  const visitor = useVisitor()
  const signOut = useSignOut()
  const menuId = useId()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const bar = useRef<HTMLElement>(null)
  // The toasts sit below the bar, however tall its open menu makes it.
  useEffect(() => {
    const header = bar.current
    if (!header || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty(NAV_BAR_HEIGHT_PROPERTY, `${String(header.offsetHeight)}px`)
    })
    observer.observe(header)
    return () => {
      observer.disconnect()
      root.style.removeProperty(NAV_BAR_HEIGHT_PROPERTY)
    }
  }, [])
  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [menuOpen])
  const pathname = useLocation({ select: (location) => location.pathname })
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  const links = (
    <>
      {NAV_LINKS.filter((link) => visitor !== null || !('signedIn' in link)).map((link) => (
        <li
          key={link.to}
          {...(visitor === undefined && 'signedIn' in link ? shownTo('signed in') : {})}
        >
          <Link
            to={link.to}
            className={linkClass}
            activeProps={{ className: activeLinkClass }}
            activeOptions={{ exact: link.to === '/', includeSearch: false }}
            onClick={() => {
              setMenuOpen(false)
            }}
          >
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        {visitor !== null && (
          <button
            type="button"
            className={`${linkClass} w-full text-left`}
            onClick={() => {
              setMenuOpen(false)
              signOut()
            }}
            {...(visitor ? {} : shownTo('signed in'))}
          >
            Logout
          </button>
        )}
        {!visitor && (
          <Link
            to="/login"
            className={linkClass}
            activeProps={{ className: activeLinkClass }}
            onClick={() => {
              setMenuOpen(false)
            }}
            {...(visitor === undefined ? shownTo('signed out') : {})}
          >
            Login
          </Link>
        )}
      </li>
      <li>
        <ThemeSelect />
      </li>
    </>
  )

  return (
    <header
      ref={bar}
      className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/95 backdrop-blur"
      onBlur={(event) => {
        const next = event.relatedTarget
        if (!menuOpen || !(next instanceof Node) || event.currentTarget.contains(next)) return
        // Closed before the browser scrolls the next control into view: below the bar, not the menu.
        flushSync(() => {
          setMenuOpen(false)
        })
      }}
    >
      <nav aria-label="Main" className="mx-auto max-w-7xl">
        <div className="flex items-center justify-between px-4 py-3">
          <Link to="/" className="text-xl font-extrabold tracking-tight text-brand">
            {APP_NAME}
          </Link>
          <ul className="hidden items-center gap-1 md:flex">{links}</ul>
          <button
            ref={menuButton}
            type="button"
            className="btn-secondary md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => {
              setMenuOpen((open) => !open)
            }}
          >
            <span aria-hidden="true" className="mr-2">
              {menuOpen ? '✕' : '☰'}
            </span>
            {menuOpen ? 'Close menu' : 'Open menu'}
          </button>
        </div>
        <ul
          id={menuId}
          hidden={!menuOpen}
          className="space-y-1 border-t border-slate-800 px-4 py-3 md:hidden"
        >
          {links}
        </ul>
      </nav>
    </header>
  )
}
