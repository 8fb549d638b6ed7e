/** Our own API's public reads (a shared list): in process on the server, fetch in the browser. */
export type ApiFetch = (path: string) => Promise<Response>

export const browserApi: ApiFetch = (path) =>
  fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
