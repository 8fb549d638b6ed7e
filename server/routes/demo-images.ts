import type { FastifyPluginCallback } from 'fastify'
import { DEMO_IMAGE_BASE } from '@/shared/urls'
import type { DemoUpstream } from '../tmdb/demo-upstream'

export interface DemoImagesOptions {
  demo: DemoUpstream
}

/** The demo catalog's posters, under DEMO_IMAGE_BASE, when the server runs without a credential. */
const demoImages: FastifyPluginCallback<DemoImagesOptions> = (app, { demo }, done) => {
  app.get('/*', async (request, reply) => {
    const response = await demo.image(request.url.slice(DEMO_IMAGE_BASE.length).split('?')[0] ?? '')
    if (!response?.ok) return reply.code(404).type('text/plain').send('Not found')
    return (
      reply
        .type(response.headers.get('content-type') ?? 'application/octet-stream')
        .header('cache-control', response.headers.get('cache-control') ?? 'no-cache')
        // Public, as TMDB's image host's posters are.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(Buffer.from(await response.arrayBuffer()))
    )
  })
  done()
}

export default demoImages
