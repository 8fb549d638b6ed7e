import { vi } from 'vitest'

/** The files the page downloads, as it hands them to the browser. */
export function captureDownloads() {
  const blobs = new Map<string, Blob>()
  const files: { name: string; read: () => Promise<unknown> }[] = []
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:http://localhost/${String(blobs.size)}`
      blobs.set(url, blob)
      return url
    },
    revokeObjectURL: () => undefined,
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href)
    if (!blob) throw new Error(`no file behind ${this.href}`)
    files.push({ name: this.download, read: async () => JSON.parse(await blob.text()) as unknown })
  })
  return files
}
