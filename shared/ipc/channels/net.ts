import { z } from 'zod'
import { serverIdSchema } from './fields'

const count = z.number().int().nonnegative()
const rate = z.number().nonnegative()

/** One second of a server's request history (the sparkline). `t` is the second's start, epoch ms. */
export const meterSampleSchema = z.strictObject({
  t: z.number(),
  completed: count,
  throttled: count,
})
export type MeterSample = z.infer<typeof meterSampleSchema>

/**
 * The live state of one server's request scheduler (electron/core/network/scheduler RequestMeter snapshot)
 * with the profile it belongs to. See docs/network.md "The live meter".
 */
export const networkMeterSchema = z.strictObject({
  serverId: serverIdSchema,
  /** Scheme, host and port: limits are per server, not per profile. */
  origin: z.string(),
  /** backing-off: the server refused recently (or asked us to wait) and we are below pace. */
  state: z.enum(['normal', 'backing-off']),
  /** Epoch ms when a Retry-After pause or the recovery after a refusal ends. */
  backoffUntil: z.number().optional(),
  /** The pace the app currently allows itself, requests/s. */
  ratePerSecond: rate,
  /** The rate at which this server last refused us; null until it has. */
  learnedRate: rate.nullable(),
  concurrencyLimit: count,
  inFlight: count,
  queued: z.strictObject({ interactive: count, background: count }),
  /** Successful requests per second over the last 5 s. */
  completedPerSecond: rate,
  /** 503/429 answers in the last 60 s. */
  throttlesLastMinute: count,
  /** Exactly 60 one-second samples, oldest first. */
  history: z.array(meterSampleSchema),
})
export type NetworkMeter = z.infer<typeof networkMeterSchema>

export const netChannels = {
  /** The meter of one server now; null while the server has no address yet (sandbox not started). */
  'net.meter': {
    input: z.strictObject({ serverId: serverIdSchema }),
    output: networkMeterSchema.nullable(),
  },
} as const

export const netEvents = {
  /** Pushed per server while it is busy (at most 4 per second per server, 1/s heartbeat). */
  'net.meter': { payload: networkMeterSchema },
} as const
