import { registerSecret } from '../log/redact.ts';
import { connectionFields, secretKeys, type Connection } from './connection-fields.ts';
import { readSecretsFile, type ProfileStore } from './profile-store.ts';
import { checkConnectionUrls } from './connection-urls.ts';
import type { SecretStore } from './secret-store.ts';

interface ResolvedConnection {
  /** The profile used, if any. */
  profile: string | undefined;
  connection: Connection;
}

/**
 * The connection for a command or the app: flags win over LANES_* variables,
 * which win over the profile and its secrets file. Every secret found is
 * registered for redaction before anything can log it.
 */
export function resolveConnection(
  profiles: ProfileStore,
  options: {
    profile?: string | undefined;
    flags?: Connection;
    env: NodeJS.ProcessEnv;
    secrets?: SecretStore;
  },
): ResolvedConnection {
  const name = options.profile ?? options.env.LANES_PROFILE ?? profiles.current() ?? undefined;
  const profile = name ? profiles.get(name) : {};
  // The CLI's explicit secrets file, else the app's protected store.
  const secrets = profile.secretsFile
    ? readSecretsFile(profile.secretsFile)
    : name && options.secrets
      ? options.secrets.load(name)
      : {};
  const connection: Connection = {};
  for (const field of connectionFields) {
    const value =
      options.flags?.[field.key] ?? options.env[field.env] ?? secrets[field.key] ?? profile[field.key];
    if (value !== undefined && value !== '') connection[field.key] = value;
  }
  for (const key of secretKeys) registerSecret(connection[key]);
  checkConnectionUrls(connection);
  return { profile: name, connection };
}
