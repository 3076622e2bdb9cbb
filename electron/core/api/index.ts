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
export type { ArchiveQueryBody } from './endpoints/archive'
export {
  DEFAULT_ANSWER_LIMITS,
  type AnswerLimitOverrides,
  type AnswerLimits,
  type EndpointKind,
} from './answer-limits'
export type { EntriesQueryBody, SuggestionsBody } from './endpoints/entries'
export type {
  EntriesRawBody,
  EntriesRawParams,
  FileRange,
  RawFilesFilter,
  UploadFileRange,
} from './endpoints/files'
export type { GroupBody, GroupsParams } from './endpoints/groups'
export type { CreatePatBody, PatListParams } from './endpoints/tokens'
export type { MemberEdit, UploadEditBody } from './endpoints/uploads'
export type { UsersParams } from './endpoints/users'
export { buildUrl, filePath, segment, type QueryParams, type QueryValue } from './request-url'
