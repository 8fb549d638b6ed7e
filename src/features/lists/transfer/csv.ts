import Papa from 'papaparse'
import { ImportError, MAX_IMPORT_ROWS } from '@/features/lists/transfer/plan'
import { transferMessages } from '@/features/lists/transfer/messages'

/** A CSV file with a header row: its column names and its rows, within MAX_IMPORT_ROWS. */
export function parseCsv(text: string) {
  const result = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
  })
  if (result.data.length > MAX_IMPORT_ROWS) throw new ImportError(transferMessages.tooManyRows)
  return { fields: result.meta.fields ?? [], data: result.data }
}

export const column = (fields: readonly string[], name: string) =>
  fields.find((field) => field.trim().toLowerCase() === name.toLowerCase())
