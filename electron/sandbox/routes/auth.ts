import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { enforce, guard, requireUser } from '../auth/guards'
import { validateInputs } from '../auth/fastapi-validation'
import { verifyPassword } from '../auth/passwords'
import { int } from '../auth/query-params'
import { issueAccessToken, issueSimpleToken } from '../auth/tokens'
import type { SandboxContext } from '../context'
import { unauthorized } from '../http-error'

/**
 * The real server's token endpoints besides PATs (nomad/app/v1/routers/auth.py):
 * POST/GET /auth/token (OAuth2 password grant; our access token stands in for Keycloak's),
 * GET /auth/app_token and GET /auth/signature_token (deprecated simple tokens).
 */
const SIGNATURE_TOKEN_SECONDS = 10

// FastAPI treats an empty form field as absent: `username=` is "field required", while an
// empty optional field such as the `scope=` Swagger UI always sends falls back to its default.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value)
const formField = () => z.preprocess(blankIsAbsent, z.string())
const optionalFormField = <T extends z.ZodType<string | undefined>>(inner: T) =>
  z.preprocess(blankIsAbsent, inner.optional())

const passwordGrant = z.object({
  username: formField(),
  password: formField(),
  // OAuth2PasswordRequestForm: optional, but must be "password" when given.
  grant_type: optionalFormField(
    z.string().refine((value) => value === 'password', {
      message: 'string does not match regex "password"',
      params: { type: 'value_error.str.regex', ctx: { pattern: 'password' } },
    }),
  ),
  scope: optionalFormField(z.string()),
  client_id: optionalFormField(z.string()),
  client_secret: optionalFormField(z.string()),
})

const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
})

const appTokenQuery = (max: number) =>
  z.object({
    expires_in: int()
      .refine((n) => n > 0, {
        message: 'ensure this value is greater than 0',
        params: { type: 'value_error.number.not_gt', ctx: { limit_value: 0 } },
      })
      .refine((n) => n <= max, {
        message: `ensure this value is less than or equal to ${max}`,
        params: { type: 'value_error.number.not_le', ctx: { limit_value: max } },
      }),
  })

type Grant = z.output<typeof passwordGrant>

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
}

export async function authRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  // Own scope: the form parser must not leak into sibling route modules.
  await app.register(async (scope) => {
    await scope.register(formbody)
    const routes = scope.withTypeProvider<ZodTypeProvider>()

    async function grant(credentials: Grant, reply: FastifyReply) {
      const wanted = credentials.username.toLowerCase()
      const user =
        ctx.state.users.byUsername(credentials.username) ??
        ctx.state.users.all().find((candidate) => candidate.email.toLowerCase() === wanted)
      if (!(await verifyPassword(credentials.password, user?.passwordHash)) || !user) {
        throw unauthorized('Incorrect username or password', 'Basic')
      }
      void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache')
      return {
        access_token: issueAccessToken(ctx, user),
        token_type: 'bearer' as const,
        expires_in: ctx.limits().accessTokenLifetimeSeconds,
      }
    }

    routes.post(
      '/auth/token',
      {
        schema: {
          summary: 'Get an access token (OAuth2 password grant, form-encoded)',
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          body: passwordGrant,
          response: { 200: tokenResponse },
        },
        config: { skipAuth: true },
        preValidation: guard((request) => {
          // A JSON body is not a form: every field is missing, as on the real server.
          if (!isForm(request)) request.body = {}
          validateInputs(request, { body: passwordGrant })
        }),
      },
      async (request, reply) => grant(request.body, reply),
    )

    routes.get(
      '/auth/token',
      {
        schema: {
          summary: 'Get an access token (convenience GET variant)',
          tags: ['auth'],
          querystring: passwordGrant,
          response: { 200: tokenResponse },
        },
        config: { skipAuth: true },
        preValidation: guard('GET /auth/token', { querystring: passwordGrant }),
      },
      async (request, reply) => grant(request.query, reply),
    )

    routes.get(
      '/auth/app_token',
      {
        schema: {
          summary: 'Get an app token (deprecated)',
          description: 'expires_in: seconds, 0 < expires_in <= the configured maximum.',
          tags: ['auth'],
          querystring: z.object({ expires_in: int() }),
          response: { 200: z.object({ app_token: z.string() }) },
        },
        preValidation: guard((request) => {
          enforce(request, 'GET /auth/app_token')
          // The maximum is a live limit, so the schema is built per request.
          validateInputs(request, { querystring: appTokenQuery(ctx.limits().appTokenMaxExpiresIn) })
        }),
      },
      (request) => ({
        app_token: issueSimpleToken(ctx, requireUser(request).user_id, request.query.expires_in),
      }),
    )

    routes.get(
      '/auth/signature_token',
      {
        schema: {
          summary: 'Get a signature token (valid 10 s, for download links)',
          tags: ['auth'],
          response: { 200: z.object({ signature_token: z.string() }) },
        },
        preValidation: guard('GET /auth/signature_token'),
      },
      (request) => ({
        signature_token: issueSimpleToken(
          ctx,
          requireUser(request).user_id,
          SIGNATURE_TOKEN_SECONDS,
        ),
      }),
    )
  })
}
