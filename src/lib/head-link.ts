export function appendLink(attributes: Record<string, string>): void {
  const link = document.createElement('link')
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value)
  document.head.append(link)
}
