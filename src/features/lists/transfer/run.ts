/** Everything an import or export needs, in one lazily loaded chunk (the ZIP reader apart). */
export { importPlan, undoImport } from '@/features/lists/transfer/apply'
export {
  exportFileName,
  namedExportFileName,
  readImportFile,
  toJson,
  toLetterboxdCsv,
  toLetterboxdListCsv,
  toNamedJson,
} from '@/features/lists/transfer/formats'
export { ImportError } from '@/features/lists/transfer/plan'
