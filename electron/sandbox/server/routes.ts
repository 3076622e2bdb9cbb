import type { FastifyInstance } from 'fastify'
import { archiveRoutes } from '../routes/archive'
import { authRoutes } from '../routes/auth'
import { datasetsRoutes } from '../routes/datasets'
import { entriesRoutes } from '../routes/entries'
import { entriesRawRoutes } from '../routes/entries-raw'
import { groupRoutes } from '../routes/groups'
import { infoRoutes } from '../routes/info'
import { patRoutes } from '../routes/pats'
import { rootRoutes } from '../routes/root'
import { uploadsRoutes } from '../routes/uploads'
import { uploadsRawRoutes } from '../routes/uploads-raw'
import { userRoutes } from '../routes/users'
import type { DataContext } from './data-context'

/** Every route module, registered under the base path. */
export async function registerRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  await rootRoutes(app, ctx)
  await infoRoutes(app, ctx)
  await authRoutes(app, ctx)
  await patRoutes(app, ctx)
  await groupRoutes(app, ctx)
  await userRoutes(app, ctx)
  await entriesRoutes(app, ctx)
  await archiveRoutes(app, ctx)
  await entriesRawRoutes(app, ctx)
  await uploadsRawRoutes(app, ctx)
  await uploadsRoutes(app, ctx)
  await datasetsRoutes(app, ctx)
}
