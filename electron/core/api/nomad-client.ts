import { infoResponse } from '../../../shared/api'
import { ApiRequester, type ApiRequesterDeps, type RequestOptions } from './api-requester'
import { ArchiveEndpoints } from './endpoints/archive'
import { AuthEndpoints } from './endpoints/auth'
import { DatasetEndpoints } from './endpoints/datasets'
import { requesterFor, type JsonRequester } from './endpoints/endpoint-requester'
import { EntryEndpoints } from './endpoints/entries'
import { FileEndpoints } from './endpoints/files'
import { GroupEndpoints } from './endpoints/groups'
import { TokenEndpoints } from './endpoints/tokens'
import { UploadEndpoints } from './endpoints/uploads'
import { UserEndpoints } from './endpoints/users'

export type {
  ApiRequesterDeps as NomadClientDeps,
  BodyOptions,
  HttpMethod,
  RequestOptions,
  StreamConsumer,
  StreamHead,
} from './api-requester'

/**
 * The API of one server profile. Every request goes through the RequestScheduler of the
 * server's origin (lanes, pacing, retries), carries the credential core chooses, and is decoded
 * with the tolerant shared/api schemas. Errors are AppErrors with the codes of docs/network.md.
 *
 * The typed endpoints come in groups, one module each in endpoints/ (`client.entries.query`,
 * `client.files.entryRaw`, `client.tokens.list`…), all sending through the one ApiRequester of
 * the client. Add an endpoint to the group of its route, or a new group here.
 */
export class NomadClient {
  readonly serverId: string
  /** The API root, e.g. https://nomad-lab.eu/prod/v1/api/v1 (no trailing slash). */
  readonly baseUrl: string
  /**
   * Requests no group covers: the connection probe (its own lenient schema), benchmarks, tests.
   * Everything else uses a typed group, so its answer is decoded and its kind known.
   */
  readonly requester: ApiRequester
  readonly entries: EntryEndpoints
  readonly archive: ArchiveEndpoints
  readonly files: FileEndpoints
  readonly uploads: UploadEndpoints
  readonly users: UserEndpoints
  readonly groups: GroupEndpoints
  readonly datasets: DatasetEndpoints
  readonly auth: AuthEndpoints
  readonly tokens: TokenEndpoints
  private readonly metadata: JsonRequester

  constructor(deps: ApiRequesterDeps) {
    const requester = new ApiRequester(deps)
    this.requester = requester
    this.serverId = requester.serverId
    this.baseUrl = requester.baseUrl
    this.metadata = requesterFor(requester, 'metadata')
    this.entries = new EntryEndpoints(requester)
    this.archive = new ArchiveEndpoints(requester)
    this.files = new FileEndpoints(requester)
    this.uploads = new UploadEndpoints(requester)
    this.users = new UserEndpoints(requester)
    this.groups = new GroupEndpoints(requester)
    this.datasets = new DatasetEndpoints(requester)
    this.auth = new AuthEndpoints(requester)
    this.tokens = new TokenEndpoints(requester)
  }

  /** GET /info: the server's version and capabilities. */
  info(o?: RequestOptions) {
    return this.metadata.requestJson('GET', '/info', { ...o, schema: infoResponse })
  }
}
