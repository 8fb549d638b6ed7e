import type { TestProject } from 'vitest/node'
import { makeTemplateDataDir, tempDir } from './db/support'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database that tests copy (tests/server/db/support.ts). */
    embeddedTemplate: string
  }
}

/**
 * One embedded database made for the whole run: PGlite's first start (initdb) takes seconds,
 * which every test with a database of its own would otherwise pay.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = tempDir()
  project.provide('embeddedTemplate', await makeTemplateDataDir(dir.path))
  return dir.remove
}
