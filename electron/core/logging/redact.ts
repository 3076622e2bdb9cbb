/**
 * Redaction applied to every log record before it is written. Secrets must never reach a log
 * file or terminal: PATs (nomad_pat_…), bearer tokens, Authorization headers, passwords, JWTs,
 * and session tokens in URLs. Key names flag whole values; patterns catch secrets inside text.
 */
export const REDACTED = '[redacted]'

const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|secret|client_secret|token|access_token|refresh_token|raw_token|id_token|api_key|apikey)$/i

const TEXT_RULES: readonly [RegExp, string][] = [
  // Authorization header values, with or without the header name. "Basic" must be followed by
  // base64 of some length so prose like "basic setup" survives.
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\bBasic\s+[A-Za-z0-9+/]{8,}={0,2}/g, `Basic ${REDACTED}`],
  // NOMAD personal access tokens (nomad_pat_ + 43 base64url chars), wherever they appear.
  [/nomad_pat_[A-Za-z0-9_-]+/g, `nomad_pat_${REDACTED}`],
  // JWTs: three base64url parts, the first starting with eyJ ('{"').
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Secrets passed as query or form parameters (?token=…, password=…).
  [
    /([?&;]|\b)(token|access_token|password|passwd|secret|client_secret|api_key)=([^&\s#"']+)/gi,
    `$1$2=${REDACTED}`,
  ],
  // Secret-named keys inside JSON text (a logged request body or IPC frame): the key-name check
  // in redactValue only sees parsed objects, and the rules above miss "passphrase":"…".
  [
    /"(authorization|proxy-authorization|cookie|set-cookie|password|passwd|passphrase|secret|client_secret|token|access_token|refresh_token|raw_token|id_token|api_key|apikey)"(\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `"$1"$2"${REDACTED}"`,
  ],
  // "password: hunter2" / "password=hunter2" inside free text.
  [/\b(password|passwd|passphrase)(\s*[:=]\s*)(\S+)/gi, `$1$2${REDACTED}`],
]

/** Redacts secrets inside one string. */
export function redactText(text: string): string {
  let out = text
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement)
  return out
}

/**
 * Returns a redacted, JSON-safe copy of any value: secret-named keys are blanked, strings are
 * scanned, errors become {name, message, stack}, cycles and depth are bounded.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString()
    if (typeof value === 'function' || typeof value === 'symbol') return String(value)
    return value
  }
  if (seen.has(value)) return '[circular]'
  if (depth > 6) return '[too deep]'
  seen.add(value)
  if (value instanceof Error) {
    const out: Record<string, unknown> = {
      name: value.name,
      message: redactText(value.message),
    }
    if (value.stack) out.stack = redactText(value.stack)
    if (value.cause !== undefined) out.cause = redactValue(value.cause, depth + 1, seen)
    return out
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1, seen)
  }
  return out
}
