// @vitest-environment node
import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import {
  checkChunkImports,
  chunkLoadErrors,
  unresolvedImports,
} from '../../build/check-chunk-imports'
import { inlineStylesheet } from '../../build/inline-stylesheet'
import { manifestLinkedByApp } from '../../build/manifest-link'
import { appPreloadHelper, lazyOnlyStylesheets } from '../../build/preload-helper'
import { routeChunkManifest } from '../../build/route-chunks'

/** A plugin hook's handler, whether given as a function or as `{ handler }`. */
function handlerOf(hook: unknown): (...args: unknown[]) => unknown {
  const handler = typeof hook === 'function' ? hook : (hook as { handler?: unknown }).handler
  if (typeof handler !== 'function') throw new Error('no handler')
  return handler as (...args: unknown[]) => unknown
}

/** A bundle of chunks, each with its code, exports and imported stylesheets. */
function bundleOf(
  chunks: Record<
    string,
    {
      code: string
      exports?: string[]
      css?: string[]
      isEntry?: boolean
      isDynamicEntry?: boolean
      imports?: string[]
    }
  >,
): Rolldown.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        code: chunk.code,
        exports: chunk.exports ?? [],
        isEntry: chunk.isEntry ?? false,
        isDynamicEntry: chunk.isDynamicEntry ?? false,
        imports: chunk.imports ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as unknown as Rolldown.OutputBundle
}

/** Runs the chunk check on `bundle` as the build does; it fails the build by throwing. */
function checkBundle(bundle: Rolldown.OutputBundle) {
  const context = {
    error: (message: string) => {
      throw new Error(message)
    },
  }
  handlerOf(checkChunkImports().generateBundle).call(context, {}, bundle)
}

describe('the chunk import check', () => {
  it('passes a bundle whose imports all resolve', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a as r,b}from"./app-2.js";r(b)', isEntry: true },
      'assets/app-2.js': { code: 'const x=1,y=2;export{x as a,y as b}', exports: ['a', 'b'] },
    })
    expect(unresolvedImports(bundle)).toEqual([])
  })

  it('names an import that its chunk does not export, which would throw on every page', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a as r,c}from"./app-2.js";r(c)', isEntry: true },
      'assets/app-2.js': { code: 'const x=1;export{x as a}', exports: ['a'] },
    })
    expect(unresolvedImports(bundle)).toEqual([
      'assets/index-1.js imports "c" from assets/app-2.js, which does not export it',
    ])
    // The plugin fails the build with it.
    expect(() => {
      checkBundle(bundle)
    }).toThrow(/The bundle would not load:\n.*does not export it/)
  })
})

describe('the chunk load check', () => {
  it('names a chunk that exports a name it never declares, which would throw on every page', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a}from"./app-2.js";a()', isEntry: true },
      // What a chunk grouping gone wrong emitted: the namespace object was left behind.
      'assets/app-2.js': { code: 'export{app_exports as a}', exports: ['a'] },
    })
    expect(unresolvedImports(bundle)).toEqual([])
    expect(chunkLoadErrors(bundle)).toEqual([
      "assets/app-2.js: Export 'app_exports' is not defined",
    ])
    expect(() => {
      checkBundle(bundle)
    }).toThrow(/The bundle would not load:\nassets\/app-2.js: Export 'app_exports' is not defined/)
  })

  it('passes chunks the browser loads', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a}from"./app-2.js";a()', isEntry: true },
      'assets/app-2.js': { code: 'function f(){}export{f as a}', exports: ['a'] },
    })
    expect(chunkLoadErrors(bundle)).toEqual([])
  })
})

describe('the route chunk list', () => {
  const html = '<script type="module" src="/assets/index-1.js"></script>'
  const list = (bundle: Rolldown.OutputBundle) =>
    handlerOf(routeChunkManifest({ routesDirectory: '/app/src/routes' }).transformIndexHtml)(html, {
      bundle,
      chunk: bundle['assets/index-1.js'],
    })

  it("lists each split route's files for the entry to preload", () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true },
      'assets/search-2.js': { code: '', isDynamicEntry: true, imports: ['assets/cards-3.js'] },
      'assets/cards-3.js': { code: '' },
    })
    Object.assign(bundle['assets/search-2.js'] ?? {}, {
      facadeModuleId: '/app/src/routes/search.tsx?tsr-split=component',
    })
    expect(list(bundle)).toContain(
      '{"/search":["/assets/search-2.js","/assets/cards-3.js"]}</script>',
    )
  })

  it('fails the build when it finds no split route, as when the router plugin changes', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true },
      'assets/search-2.js': { code: '', isDynamicEntry: true },
    })
    expect(() => list(bundle)).toThrow(/No route component chunk/)
  })
})

describe('the stylesheet inlining', () => {
  const html = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">'
  const sheet = { type: 'asset', fileName: 'assets/index-1.css', source: 'body{}' }
  const inline = (bundle: Rolldown.OutputBundle) =>
    handlerOf(inlineStylesheet().transformIndexHtml)(html, { bundle })

  it("inlines the page's sheet and drops its file, which nothing fetches any more", () => {
    const bundle = {
      ...bundleOf({
        'assets/index-1.js': { code: '', isEntry: true, css: ['assets/index-1.css'] },
        // Imports from the entry: Vite's own helper would have fetched the sheet with it.
        'assets/list-2.js': { code: '', isDynamicEntry: true, imports: ['assets/index-1.js'] },
      }),
      'assets/index-1.css': sheet,
    } as unknown as Rolldown.OutputBundle
    expect(inline(bundle)).toBe('<style>body{}</style>')
    expect(bundle['assets/index-1.css']).toBeUndefined()
  })
})

describe('the dynamic-import helper', () => {
  const check = (bundle: Rolldown.OutputBundle) => {
    const context = {
      error: (message: string) => {
        throw new Error(message)
      },
    }
    handlerOf(appPreloadHelper().generateBundle).call(context, {}, bundle)
  }

  it("is the app's own in place of Vite's", () => {
    const resolve = handlerOf(appPreloadHelper().resolveId)
    expect(resolve('\0vite/preload-helper.js')).toMatch(/src\/lib\/preload-chunks\.ts$/)
    expect(resolve('react')).toBeNull()
  })

  it("passes lazy chunks that use the entry's stylesheet, inline in the page", () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true, css: ['assets/index-1.css'] },
      'assets/list-2.js': { code: '', isDynamicEntry: true, css: ['assets/index-1.css'] },
    })
    expect(lazyOnlyStylesheets(bundle)).toEqual([])
    expect(() => {
      check(bundle)
    }).not.toThrow()
  })

  it('fails the build when a lazy chunk brings a stylesheet of its own, which would never load', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true, css: ['assets/index-1.css'] },
      'assets/chart-2.js': { code: '', isDynamicEntry: true, css: ['assets/chart-2.css'] },
    })
    expect(() => {
      check(bundle)
    }).toThrow(/assets\/chart-2\.css/)
  })
})

describe("the web app manifest's link", () => {
  const strip = (html: string) => handlerOf(manifestLinkedByApp().transformIndexHtml)(html)

  it('leaves the built page, for the app to add once the page has loaded', () => {
    expect(
      strip(
        '<head><title>CineList</title><link rel="manifest" href="/manifest.webmanifest"></head>',
      ),
    ).toBe('<head><title>CineList</title></head>')
  })

  it('fails the build when the page has no such link or more than one', () => {
    expect(() => strip('<head></head>')).toThrow(/found 0/)
    const link = '<link rel="manifest" href="/manifest.webmanifest">'
    expect(() => strip(`<head>${link}${link}</head>`)).toThrow(/found 2/)
  })
})
