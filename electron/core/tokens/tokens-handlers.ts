import type { tokensChannels } from '../../../shared/ipc/channels/tokens'
import type { HandlersFor } from '../ipc/router'
import type { Reminders } from './reminders'
import type { TokensService } from './tokens-service'

export function createTokensHandlers(
  tokens: TokensService,
  reminders: Reminders,
): HandlersFor<typeof tokensChannels> {
  return {
    'tokens.list': (input, ctx) => tokens.list(input, ctx.signal),
    'tokens.get': ({ serverId, id }, ctx) => tokens.get(serverId, id, ctx.signal),
    'tokens.create': (input) => tokens.create(input),
    'tokens.revoke': ({ serverId, id }) => tokens.revoke(serverId, id),
    'tokens.rotate': ({ serverId, id }) => tokens.rotate(serverId, id),
    'tokens.useRevealed': ({ revealId, activate }) => tokens.useRevealed(revealId, activate),
    'tokens.forgetRevealed': ({ revealId }) => {
      tokens.forgetRevealed(revealId)
      return Promise.resolve({})
    },
    'tokens.test': ({ serverId, target }, ctx) => tokens.test(serverId, target, ctx.signal),
    'tokens.storePasted': (input, ctx) => tokens.storePasted(input, ctx.signal),
    'tokens.stored': ({ serverId }) => tokens.stored(serverId),
    'tokens.setActive': ({ serverId, id }) => tokens.setActive(serverId, id),
    'tokens.removeStored': ({ serverId, id }) => tokens.removeStored(serverId, id),
    'tokens.appToken': (input) => tokens.appToken(input),
    'tokens.reminders': () => Promise.resolve(reminders.current()),
    'tokens.setReminderDays': ({ days }) => Promise.resolve(reminders.setDays(days)),
  }
}
