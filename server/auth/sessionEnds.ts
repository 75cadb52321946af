// A signal that some session may just have ended in this process (logout, password reset, account
// disabled): the live-update sockets re-check their sessions at once instead of at the next sweep.
// Other processes learn it from their own periodic sweep (the database is the truth), so nothing
// here needs to cross processes.
export interface SessionEnds {
  /** Say that sessions may have ended (cheap; listeners re-check against the database). */
  notify(): void;
  /** Returns the function that stops listening. */
  listen(listener: () => void): () => void;
}

export function createSessionEnds(): SessionEnds {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of [...listeners]) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}
