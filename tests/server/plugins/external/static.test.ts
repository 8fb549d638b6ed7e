// @vitest-environment node
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parsePolicy, SUBRESOURCE_POLICY } from '@/shared/content-security-policy'
import { ASSET, ASSET_SOURCE, SERVICE_WORKER_SOURCE, serverTestBed } from '../../support'

const bed = serverTestBed()
const app = bed.app

describe('the build’s files', () => {
  it('serves hashed assets immutable and precompressed by Accept-Encoding', async () => {
    const server = await app()
    const br = await server.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_SOURCE)
    const gzip = await server.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await server.inject({ url: `/${ASSET}` })
    expect(plain.body).toBe(ASSET_SOURCE)
    expect((await server.inject({ url: '/placeholder-poster.svg' })).headers['cache-control']).toBe(
      'no-cache',
    )
  })

  it('serves nothing outside the build, nor its dotfiles', async () => {
    const server = await app()
    for (const url of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/.env',
      '/assets/../.env',
      '//secret.txt',
    ]) {
      const response = await server.inject({ url })
      expect(response.body, url).not.toContain('top secret')
      expect(response.statusCode === 200 ? response.body : '<div id="root">', url).toContain(
        '<div id="root">',
      )
    }
  })
})

describe('the build’s index.html', () => {
  it('goes out only as the page the server makes of it, never as a file, compressed or not', async () => {
    // As a build that precompresses its HTML writes it.
    const html = await readFile(join(bed.dist.dir, 'index.html'))
    await writeFile(join(bed.dist.dir, 'index.html.br'), brotliCompressSync(html))
    await writeFile(join(bed.dist.dir, 'index.html.gz'), gzipSync(html))
    const server = await app()
    for (const url of [
      '/index.html.br',
      '/index.html.gz',
      '/index%2Ehtml.br',
      '/index.html.gz?x',
    ]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const headers = encoding ? { 'accept-encoding': encoding } : {}
        const response = await server.inject({ url, headers })
        expect(response.statusCode, `${url} ${String(encoding)}`).toBe(404)
        expect(response.headers['content-type']).toMatch(/^text\/plain/)
      }
    }
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const encoding of ['br', 'gzip'] as const) {
      for (const url of ['/index.html', '/']) {
        const response = await server.inject({ url, headers: { 'accept-encoding': encoding } })
        expect(response.statusCode).toBe(200)
        const body =
          response.headers['content-encoding'] === encoding
            ? decoded[encoding](response.rawPayload).toString()
            : response.body
        expect(body, `${url} ${encoding}`).toContain('<meta name="tmdb-proxy"')
      }
    }
  })
})

describe('the service worker’s script', () => {
  it('has a policy of its own: it may fetch from its origin and the image host, nothing else', async () => {
    const server = await app({ TMDB_IMAGE_URL: 'https://images.example.test/t/p' })
    const worker = await server.inject({ url: '/sw.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.body).toBe(SERVICE_WORKER_SOURCE)
    // Never kept by the HTTP cache: a new deployment's worker is seen on the next check.
    expect(worker.headers['cache-control']).toBe('no-cache')
    const policy = parsePolicy(String(worker.headers['content-security-policy']))
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'none'"],
      'connect-src': ["'self'", 'https://images.example.test'],
      'frame-ancestors': ["'none'"],
    })
    // The other files keep the locked-down policy.
    for (const url of ['/manifest.webmanifest', `/${ASSET}`]) {
      const response = await server.inject({ url })
      expect(response.headers['content-security-policy'], url).toBe(SUBRESOURCE_POLICY)
    }
  })

  it('fetches only from its origin in the demo, whose posters this server serves', async () => {
    const server = await app({ TMDB_TOKEN: '', TMDB_API_KEY: '' })
    const worker = await server.inject({ url: '/sw.js' })
    expect(worker.headers['content-security-policy']).toBe(
      "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
    )
  })
})
