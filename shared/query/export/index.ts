/** "Copy as" code generators for a search: curl, Python requests and nomad-lab's ArchiveQuery. */
export {
  ownerNeedsAuth,
  OWNERS_NEEDING_AUTH,
  TOKEN_VARIABLE,
  endpointUrl,
  requestBody,
  type ExportRequest,
} from './request'
export { toCurl, shellQuote } from './curl'
export { toPythonRequests } from './python-requests'
export { toArchiveQuery, type ArchiveQueryOptions } from './archive-query'
export { pythonLiteral, pythonString } from './python-literal'
