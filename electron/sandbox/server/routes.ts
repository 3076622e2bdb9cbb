import type { FastifyInstance } from 'fastify'
import { rootRoutes } from '../routes/root'
import type { DataContext } from './data-context'

/** Every route module, registered under the base path. */
export async function registerRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  await rootRoutes(app, ctx)
}
