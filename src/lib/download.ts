export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The download has started once click() returns; the URL is no longer needed after.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}
