/** Everything an import or export needs, in one lazily loaded chunk (the ZIP reader apart). */
export { importChosenLists, importPlan, undoImport } from '@/features/lists/transfer/apply'
export {
  exportFileName,
  readImportFile,
  toJson,
  toLetterboxdCsv,
} from '@/features/lists/transfer/formats'
export { ImportError } from '@/features/lists/transfer/plan'
