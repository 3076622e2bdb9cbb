import { createContext, useContext, type ReactNode } from 'react'
import type { SignInPromptStore } from './prompt-store'

const PromptContext = createContext<SignInPromptStore | null>(null)

export function SignInPromptProvider({
  store,
  children,
}: {
  store: SignInPromptStore
  children: ReactNode
}) {
  return <PromptContext.Provider value={store}>{children}</PromptContext.Provider>
}

/** The app's sign-in prompt: `request(null)` opens it; resolves true once signed in. */
export function useSignInPrompt(): SignInPromptStore {
  const store = useContext(PromptContext)
  if (!store) throw new Error('useSignInPrompt must be used inside <SignInPromptProvider>.')
  return store
}
