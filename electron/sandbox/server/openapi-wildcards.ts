/**
 * Fastify spells a trailing wildcard route `/uploads/:upload_id/raw/*`, which the OpenAPI
 * generator turns into a `{*}` segment that no client (and no "Try it out" in Swagger UI) can
 * fill in. The real server names that segment `{path}`; rename it and declare the parameter so
 * the dashboard offers a field for it.
 */

type Operation = { parameters?: { name?: string; in?: string }[] } & Record<string, unknown>
type PathItem = Record<string, Operation>

const WILDCARD = '{*}'

const pathParameter = {
  name: 'path',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'A path inside the upload, folders separated by "/".',
}

export function nameWildcardSegments<T extends { paths?: unknown }>(document: T): T {
  if (typeof document.paths !== 'object' || document.paths === null) return document
  const paths: Record<string, PathItem> = {}
  // The generator's own output: path items are objects of operations.
  for (const [route, item] of Object.entries(document.paths as Record<string, PathItem>)) {
    if (!route.includes(WILDCARD)) {
      paths[route] = item
      continue
    }
    const renamed: PathItem = {}
    for (const [method, operation] of Object.entries(item)) {
      const others = (operation.parameters ?? []).filter(
        (parameter) => !(parameter.in === 'path' && parameter.name === '*'),
      )
      renamed[method] = { ...operation, parameters: [...others, pathParameter] }
    }
    paths[route.replace(WILDCARD, '{path}')] = renamed
  }
  return { ...document, paths }
}
