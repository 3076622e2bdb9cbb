import type { FastifyInstance } from 'fastify'
import { catalogueToInfo, DEFAULT_CATALOGUE } from '../../../shared/query'
import { NOMAD_VERSION } from '../data/entry-doc'
import { PROGRAMS } from '../data/programs'
import { isPublic } from '../search/access'
import type { DataContext } from '../server/data-context'
import { sendJson } from '../server/reply'

/**
 * GET /info: version, codes, statistics and the searchable quantities. Besides name,
 * description and many (what the real server sends) each quantity carries its type, unit,
 * enum values and `range` (whether gt/gte/lt/lte make sense), so clients can build forms.
 */
const RANGE_TYPES = new Set(['int', 'float', 'datetime'])

export async function infoRoutes(app: FastifyInstance, ctx: DataContext): Promise<void> {
  const store = ctx.state.data
  app.get(
    '/info',
    { schema: { summary: 'Server information and searchable quantities', tags: ['info'] } },
    async (_request, reply) => {
      const quantities = catalogueToInfo(DEFAULT_CATALOGUE, { extended: true })
      for (const quantity of Object.values(quantities)) {
        Object.assign(quantity, { range: RANGE_TYPES.has(quantity.type ?? '') })
      }
      const publicUploads = store.uploads.filter(isPublic)
      const publicEntries = publicUploads.reduce((sum, u) => sum + u.entryCount, 0)
      const materials = new Set(store.metas.map((m) => m.materialIndex)).size
      return sendJson(reply, {
        parsers: PROGRAMS.map((p) => p.parser),
        metainfo_packages: ['general', 'runschema', 'simulationworkflowschema'],
        codes: PROGRAMS.map((p) => ({
          code_name: p.name,
          code_homepage: `https://nomad-lab.eu/prod/v1/gui/search/entries?results.method.simulation.program_name=${encodeURIComponent(p.name)}`,
        })),
        normalizers: [
          'SystemNormalizer',
          'MethodNormalizer',
          'ResultsNormalizer',
          'MetainfoNormalizer',
        ],
        plugin_entry_points: [],
        plugin_packages: [],
        statistics: {
          n_entries: publicEntries,
          n_uploads: publicUploads.length,
          n_quantities: publicEntries * 235,
          n_calculations: store.metas.reduce((sum, m) => sum + m.steps, 0),
          n_materials: materials,
        },
        search_quantities: quantities,
        version: NOMAD_VERSION,
        deployment: 'NOMAD Desktop local sandbox',
        oasis: true,
        git: {},
      })
    },
  )
  return Promise.resolve()
}
