import { describe, expect, it } from 'vitest';
import { toastTimerMachine } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// Every path of one toast's life (SPEC §2 notification toast, auto-dismissing; §9 toast durations):
// visible until its duration passes, paused while hovered or focused, closed by its button.
const model: PathModel = {
  machine: toastTimerMachine,
  input: { durationMs: 3500 },
  strategy: 'simple',
  events: [{ type: 'pause' }, { type: 'resume' }, { type: 'close' }, { type: 'xstate.after.duration.toastTimer.visible' }],
};

const paths = generatePaths(model);

describe('toastTimer: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        // Only the full duration of an unpaused toast, or its close button, ends it.
        if (snapshot.matches('expired')) expect(['close', 'xstate.after.duration.toastTimer.visible']).toContain(step.event.type);
        if (step.event.type === 'xstate.after.duration.toastTimer.visible') expect(replay.clock.now()).toBeGreaterThanOrEqual(3500);
      });
    });
  }

  it('covers every transition', () => checkPathCount('toastTimer', paths));
});
