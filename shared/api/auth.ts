import { z } from 'zod'

const token = z.string().min(1)

/** POST /auth/token (password grant): a short-lived identity-provider access token. */
export const accessTokenResponse = z.looseObject({
  access_token: token,
  // "bearer", lowercase, from the real server; not checked, the client always sends "Bearer".
  token_type: z.string(),
})
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>

/** GET /auth/app_token?expires_in=… (deprecated kind). */
export const appTokenResponse = z.looseObject({ app_token: token })
export type AppTokenResponse = z.infer<typeof appTokenResponse>

/** GET /auth/signature_token: valid 10 s, for download URLs (`?signature_token=`). */
export const signatureTokenResponse = z.looseObject({ signature_token: token })
export type SignatureTokenResponse = z.infer<typeof signatureTokenResponse>
