// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../..', import.meta.url).pathname
const SOURCE_FOLDERS = ['build', 'scripts', 'server', 'src', 'sw', 'tests']
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx)$/

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const declared = new Set([
  ...Object.keys(manifest.dependencies),
  ...Object.keys(manifest.devDependencies),
])

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return SOURCE_FILE.test(entry.name) ? [path] : []
  })
}

/** The package a bare specifier names ("@scope/name" or "name"), or null for any other. */
function packageOf(specifier: string): string | null {
  if (/^(?:\.|\/|@\/|virtual:|node:)/.test(specifier) || isBuiltin(specifier)) return null
  const [first = '', second = ''] = specifier.split('?')[0]?.split('/') ?? []
  return first.startsWith('@') ? `${first}/${second}` : first
}

describe('package.json', () => {
  // A package found only as another's dependency may move or vanish with that one's next update.
  it('declares every package the project’s own code imports', () => {
    const rootFiles = readdirSync(ROOT).filter((name) => SOURCE_FILE.test(name))
    const undeclared = [...rootFiles, ...SOURCE_FOLDERS.flatMap(sourceFiles)].flatMap((file) =>
      ts
        .preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true)
        .importedFiles.map((imported) => packageOf(imported.fileName))
        .filter((name): name is string => name !== null && !declared.has(name))
        .map((name) => `${file} → ${name}`),
    )
    expect(undeclared).toEqual([])
  })
})
