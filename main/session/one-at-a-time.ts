/**
 * Runs async work strictly one after another. The outbox is pushed from two
 * places in the app (an editor's "publish now" and "Sync now"); two pushes at
 * once could send the same operation twice, so both go through one of these.
 */
export class OneAtATime {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work, work);
    // A failed push must not block the ones after it; the caller still sees the failure.
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
