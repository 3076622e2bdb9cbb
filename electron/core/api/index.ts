/**
 * The API client: every request of the app to a server goes through a NomadClient from
 * `services.api.clientFor(serverId)`. See docs/network.md "The API client".
 */
export { NomadClient } from './nomad-client'
export type {
  BodyOptions,
  HttpMethod,
  NomadClientDeps,
  RequestOptions,
  StreamConsumer,
  StreamHead,
} from './nomad-client'
export type { ApiRegistry, MeterListener } from './client-registry'
export {
  createSettableCredentialSource,
  nullCredentialSource,
  type Credential,
  type CredentialPurpose,
  type CredentialSource,
  type SettableCredentialSource,
} from './credentials'
export { isLoopbackHost } from './credential-guard'
export { httpError, networkError, toClientError } from './errors'
export type {
  ArchiveQueryBody,
  CreatePatBody,
  EntriesQueryBody,
  EntriesRawBody,
  EntriesRawParams,
  FileRange,
  GroupBody,
  GroupsParams,
  MemberEdit,
  PatListParams,
  RawFilesFilter,
  SuggestionsBody,
  UploadEditBody,
  UploadFileRange,
  UsersParams,
} from './endpoint-types'
export { buildUrl, filePath, segment, type QueryParams, type QueryValue } from './request-url'
