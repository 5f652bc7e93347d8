import type { Connection } from '../../main/profiles/connection-fields.ts';
import { MemorySecretStore } from '../../main/profiles/secret-store.ts';

/**
 * The harness's in-memory secret store, readable as a whole: when the main
 * side runs in a child process, its secrets are handed to every new child
 * (as the OS keychain would still hold them after a crash).
 */
export class HandoverSecretStore extends MemorySecretStore {
  readonly #copy = new Map<string, Connection>();

  constructor(initial: [string, Connection][] = []) {
    super();
    for (const [profile, secrets] of initial) this.save(profile, secrets);
  }

  override save(profile: string, secrets: Connection): void {
    super.save(profile, secrets);
    this.#copy.set(profile, this.load(profile));
  }

  override remove(profile: string): void {
    super.remove(profile);
    this.#copy.delete(profile);
  }

  entries(): [string, Connection][] {
    return [...this.#copy].map(([profile, secrets]) => [profile, { ...secrets }]);
  }
}
