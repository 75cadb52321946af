/** What the play functions of screen stories use from Storybook's play context. */
export interface PlayContext {
  canvasElement: HTMLElement;
  loaded: Record<string, unknown>;
  globals: Record<string, unknown>;
}

/** Waits this long for a step that goes through a machine, the in-memory API and debounces. */
export const STEP_TIMEOUT = { timeout: 5000 };
