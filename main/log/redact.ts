/**
 * Secrets must never reach a log line or an error message. Known secret values
 * are registered as they are loaded; token-looking query parameters and headers
 * are masked by pattern as a second line of defence.
 */
const MASK = '‹redacted›';
const knownSecrets = new Set<string>();

const SECRET_PARAM =
  /([?&;](?:svc-auth-token|symbio-auth-token|api[-_]?key|token|access_token|key)=)[^&#\s"']+/gi;
const SECRET_HEADER =
  /((?:symbio-auth-token|x-api-key|authorization)["']?\s*[:=]\s*["']?(?:AppKey |Bearer )?)[^\s"',}]+/gi;

export function registerSecret(secret: string | undefined | null): void {
  // Very short values would mask ordinary words; real tokens are long.
  if (secret && secret.length >= 6) knownSecrets.add(secret);
}

export function redact(text: string): string {
  let out = text.replace(SECRET_PARAM, `$1${MASK}`).replace(SECRET_HEADER, `$1${MASK}`);
  for (const secret of knownSecrets) {
    if (out.includes(secret)) out = out.split(secret).join(MASK);
  }
  return out;
}
