import type { FastifyPluginCallback } from 'fastify'
import { DEMO_IMAGE_BASE } from '@/shared/urls'
import type { DemoUpstream } from '../tmdb/demo-upstream'

export interface DemoImagesOptions {
  demo: DemoUpstream
}

/**
 * The demo catalog's posters, under DEMO_IMAGE_BASE (its prefix), where the page loads them
 * from when the server runs without a credential.
 */
const demoImages: FastifyPluginCallback<DemoImagesOptions> = (app, { demo }, done) => {
  app.get('/*', async (request, reply) => {
    const response = await demo.image(request.url.slice(DEMO_IMAGE_BASE.length).split('?')[0] ?? '')
    if (!response?.ok) return reply.code(404).type('text/plain').send('Not found')
    return (
      reply
        .type(response.headers.get('content-type') ?? 'application/octet-stream')
        .header('cache-control', response.headers.get('cache-control') ?? 'no-cache')
        // Public posters, like TMDB's image host's: a page on another origin may show them.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(Buffer.from(await response.arrayBuffer()))
    )
  })
  done()
}

export default demoImages
