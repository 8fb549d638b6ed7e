import type { CatalogMovie } from './catalog'

const WIDTH = 300
const HEIGHT = 450
const TEXT_WIDTH = 236
const TEXT_HEIGHT = 290
const LINE_HEIGHT = 1.18
/** Largest first: the biggest size at which the whole title fits wins. */
const FONT_SIZES = [56, 48, 40, 34, 29, 25, 21]

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)

/** Rough advance of a bold sans-serif glyph in em, erring wide so titles fit in any font. */
function charWidth(char: string): number {
  if (/[ijlt.,:;'!|()]/.test(char)) return 0.34
  if (/[mwMW]/.test(char)) return 0.92
  if (/[A-Z]/.test(char)) return 0.74
  return 0.62
}

function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  return width
}

function wrap(words: readonly string[], maxWidth: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word
    if (!line || textWidth(candidate) <= maxWidth) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

function breakWord(word: string, maxWidth: number): string[] {
  const pieces = ['']
  for (const char of word) {
    const last = pieces.length - 1
    const piece = pieces[last] ?? ''
    if (piece && textWidth(piece + char) > maxWidth) pieces.push(char)
    else pieces[last] = piece + char
  }
  return pieces
}

function layoutTitle(title: string): { size: number; lines: string[] } {
  const words = title.split(' ')
  for (const size of FONT_SIZES) {
    const maxWidth = TEXT_WIDTH / size
    if (words.some((word) => textWidth(word) > maxWidth)) continue
    const lines = wrap(words, maxWidth)
    if (lines.length * size * LINE_HEIGHT <= TEXT_HEIGHT) return { size, lines }
  }
  const size = FONT_SIZES[FONT_SIZES.length - 1] ?? 21
  const maxWidth = TEXT_WIDTH / size
  const maxLines = Math.floor(TEXT_HEIGHT / (size * LINE_HEIGHT))
  const lines = wrap(
    words.flatMap((word) => breakWord(word, maxWidth)),
    maxWidth,
  )
  if (lines.length <= maxLines) return { size, lines }
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`
  return { size, lines: kept }
}

type Attributes = Record<string, string | number>

/** An SVG element; attribute values are trusted (numbers and constants), content is not escaped. */
function tag(name: string, attributes: Attributes, content?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${String(value)}"`)
    .join('')
  return content === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${content}</${name}>`
}

const FONT_FAMILY = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

export function renderPosterSvg(
  movie: Pick<CatalogMovie, 'id' | 'title' | 'release_date'>,
): string {
  // Ids are hashes, so id modulo 360 spreads hues well.
  const hue = movie.id % 360
  const { size, lines } = layoutTitle(movie.title)
  const lineHeight = size * LINE_HEIGHT
  const firstBaseline = 40 + (TEXT_HEIGHT + 60 - lines.length * lineHeight) / 2 + size * 0.8
  const title = lines
    .map((line, index) => {
      const y = (firstBaseline + index * lineHeight).toFixed(1)
      return tag('tspan', { x: 150, y }, escapeXml(line))
    })
    .join('')
  const year = movie.release_date.slice(0, 4)
  const yearBlock = year
    ? tag('path', { d: 'M120 372h60', stroke: '#fff', 'stroke-opacity': 0.5, 'stroke-width': 2 }) +
      tag(
        'text',
        {
          x: 150,
          y: 410,
          'font-size': 26,
          'font-weight': 400,
          'letter-spacing': 3,
          'fill-opacity': 0.85,
        },
        year,
      )
    : ''
  const gradient = tag(
    'linearGradient',
    { id: 'bg', x1: 0, y1: 0, x2: 0.4, y2: 1 },
    tag('stop', { offset: 0, 'stop-color': `hsl(${String(hue)},55%,38%)` }) +
      tag('stop', { offset: 1, 'stop-color': `hsl(${String((hue + 40) % 360)},60%,14%)` }),
  )
  const frame = { x: 12, y: 12, width: 276, height: 426, rx: 6, fill: 'none', stroke: '#fff' }
  const text = { fill: '#fff', 'text-anchor': 'middle', 'font-family': FONT_FAMILY }
  return tag(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: WIDTH,
      height: HEIGHT,
      viewBox: `0 0 ${String(WIDTH)} ${String(HEIGHT)}`,
      role: 'img',
    },
    tag('title', {}, escapeXml(movie.title)) +
      tag('defs', {}, gradient) +
      tag('rect', { width: WIDTH, height: HEIGHT, fill: 'url(#bg)' }) +
      tag('rect', { ...frame, 'stroke-opacity': 0.3, 'stroke-width': 2 }) +
      tag('g', text, tag('text', { 'font-size': size, 'font-weight': 700 }, title) + yearBlock),
  )
}
