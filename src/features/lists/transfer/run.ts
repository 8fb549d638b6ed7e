/** Everything an import or export needs, in one lazily loaded chunk. */
export {
  exportFileName,
  readImportFile,
  toJson,
  toLetterboxdCsv,
} from '@/features/lists/transfer/formats'
export { matchLetterboxdRows } from '@/features/lists/transfer/match'
export { mergeEntries } from '@/features/lists/transfer/merge'
export { ImportError } from '@/features/lists/transfer/plan'
