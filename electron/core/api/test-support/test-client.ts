import type { Dispatcher } from 'undici'
import {
  createRealClock,
  RequestScheduler,
  seededRandom,
  type LearnedLimits,
  type SchedulerConfigOverrides,
} from '../../network/scheduler'
import { createHttpDispatcher } from '../../network/http-adapter'
import type { AnswerLimitOverrides } from '../answer-limits'
import { nullCredentialSource, type CredentialSource } from '../credentials'
import { NomadClient } from '../nomad-client'

export interface TestClientOptions {
  serverId?: string
  credentials?: CredentialSource
  config?: SchedulerConfigOverrides
  /** Start warm, as if these limits had been learned in an earlier run. */
  learned?: LearnedLimits
  dispatcher?: Dispatcher
  seed?: number
  /** Answer limits of the client (largest JSON answer, deadline), e.g. a 1 KiB metadata limit. */
  limits?: AnswerLimitOverrides
}

/** A NomadClient on its own scheduler and dispatcher, as the registry would build it. */
export function createTestClient(baseUrl: string, options: TestClientOptions = {}) {
  const scheduler = new RequestScheduler({
    origin: new URL(baseUrl).origin,
    clock: createRealClock(),
    random: seededRandom(options.seed ?? 7),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.learned === undefined ? {} : { learned: options.learned }),
  })
  const dispatcher = options.dispatcher ?? createHttpDispatcher()
  const client = new NomadClient({
    serverId: options.serverId ?? 'test',
    baseUrl,
    scheduler,
    dispatcher,
    credentials: options.credentials ?? nullCredentialSource,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  })
  return {
    client,
    scheduler,
    async close() {
      scheduler.dispose()
      await dispatcher.close()
    },
  }
}
