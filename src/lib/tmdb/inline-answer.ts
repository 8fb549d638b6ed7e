/**
 * A TMDB answer sent inside the page. Under `npm start` the server writes the landing page's
 * first answer into index.html as a JSON data block when its cache holds it
 * (server/landing-answer.ts), so that request needs no round trip. Plain code: the entry
 * chunk ships it.
 */

/** The data block's id, and its `data-url`: the request it answers. */
export const INLINE_ANSWER_ID = 'tmdb-answer'

/**
 * The page's answer to `url`, as a response, once: the block goes as it is read, so no later
 * request (after a navigation) can take it. Nothing when the page has none, or one for another
 * URL: the request is then sent as always.
 */
export function takeInlineAnswer(url: string): Response | undefined {
  const block = document.getElementById(INLINE_ANSWER_ID)
  if (!block) return undefined
  block.remove()
  if (new URL(block.dataset.url ?? '', document.baseURI).href !== url) return undefined
  return new Response(block.textContent, { headers: { 'content-type': 'application/json' } })
}
