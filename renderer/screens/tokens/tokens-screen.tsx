import { IconKey } from '@tabler/icons-react'
import { PlaceholderScreen } from '../../components/placeholder-screen'

export function TokensScreen() {
  return (
    <PlaceholderScreen
      id="tokens"
      icon={IconKey}
      title="Tokens"
      summary="Create and look after personal access tokens for your scripts and tools."
      plans={[
        'Choose what a token may do in plain language (“read your uploads”) and when it expires',
        'A copy-once reveal; afterwards the token stays encrypted on this computer and is never shown to the window again',
        'A list with expiry, last use and state, with rotate and revoke',
      ]}
    />
  )
}
