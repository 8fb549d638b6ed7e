// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface LockedPackage {
  optionalDependencies?: Record<string, string>
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>
}

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolvesFrom(path: string, name: string): boolean {
  let base = path
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true
    if (!base) return false
    const parent = base.lastIndexOf('/node_modules/')
    base = parent < 0 ? '' : base.slice(0, parent)
  }
}

describe('package-lock.json', () => {
  // A registry that lacks some platforms' binaries lets `npm install` write a lock without them;
  // `npm ci` on a clean machine then refuses the whole lock as out of sync.
  it('locks every optional dependency it declares, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolvesFrom(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    )
    expect(missing).toEqual([])
  })
})
