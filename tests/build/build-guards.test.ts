// @vitest-environment node
import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { checkChunkImports, unresolvedImports } from '../../build/check-chunk-imports'
import { chunksImportingCss, inlineStylesheet } from '../../build/inline-stylesheet'

/** A plugin hook's handler, whether given as a function or as `{ handler }`. */
function handlerOf(hook: unknown): (...args: unknown[]) => unknown {
  const handler = typeof hook === 'function' ? hook : (hook as { handler?: unknown }).handler
  if (typeof handler !== 'function') throw new Error('no handler')
  return handler as (...args: unknown[]) => unknown
}

/** A bundle of chunks, each with its code, exports and imported stylesheets. */
function bundleOf(
  chunks: Record<string, { code: string; exports?: string[]; css?: string[]; isEntry?: boolean }>,
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
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as unknown as Rolldown.OutputBundle
}

describe('the chunk import check', () => {
  it('passes a bundle whose imports all resolve', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a as r,b}from"./app-2.js";r(b)', isEntry: true },
      'assets/app-2.js': { code: 'export{x as a,y as b}', exports: ['a', 'b'] },
    })
    expect(unresolvedImports(bundle)).toEqual([])
  })

  it('names an import that its chunk does not export, which would throw on every page', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: 'import{a as r,c}from"./app-2.js";r(c)', isEntry: true },
      'assets/app-2.js': { code: 'export{x as a}', exports: ['a'] },
    })
    expect(unresolvedImports(bundle)).toEqual([
      'assets/index-1.js imports "c" from assets/app-2.js, which does not export it',
    ])
    // The plugin fails the build with it.
    const context = {
      error: (message: string) => {
        throw new Error(message)
      },
    }
    expect(() => handlerOf(checkChunkImports().generateBundle).call(context, {}, bundle)).toThrow(
      /The bundle would not load:\n.*does not export it/,
    )
  })
})

describe('the stylesheet inlining check', () => {
  it('allows inlining a sheet that only the entry imports', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true, css: ['assets/index-1.css'] },
      'assets/search-2.js': { code: '' },
    })
    expect(chunksImportingCss(bundle, 'assets/index-1.css')).toEqual([])
  })

  it('names a lazy chunk that still imports the sheet it would remove', () => {
    const bundle = bundleOf({
      'assets/index-1.js': { code: '', isEntry: true, css: ['assets/index-1.css'] },
      'assets/search-2.js': { code: '', css: ['assets/index-1.css'] },
    })
    expect(chunksImportingCss(bundle, 'assets/index-1.css')).toEqual(['assets/search-2.js'])
    const withSheet = {
      ...bundle,
      'assets/index-1.css': { type: 'asset', fileName: 'assets/index-1.css', source: 'body{}' },
    } as unknown as Rolldown.OutputBundle
    const html = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">'
    expect(() =>
      handlerOf(inlineStylesheet().transformIndexHtml)(html, { bundle: withSheet }),
    ).toThrow('assets/index-1.css is also imported by assets/search-2.js')
    // Imported by the entry alone, it is inlined.
    const entryOnly = { ...withSheet }
    Reflect.deleteProperty(entryOnly, 'assets/search-2.js')
    expect(handlerOf(inlineStylesheet().transformIndexHtml)(html, { bundle: entryOnly })).toBe(
      '<style>body{}</style>',
    )
  })
})
