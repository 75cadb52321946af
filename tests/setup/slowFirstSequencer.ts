// A fresh clone (CI) has no timings from an earlier run, so Vitest orders files by their size, and a long
// file that happens to start late runs alone at the end while the other core idles (the e2e group waits
// for the last unit file, and the run for the last e2e file). The files known to be long start first
// within their group, longest first (on two workers that leaves the short files to fill the end); the
// rest keep Vitest's order (longest first once this machine has timings of its own).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Worker seconds of the longest files in the last CI run on two cores (test-results/file-durations.json
 * of that run). Only the order matters: refresh the figures when a file's place among them changes.
 */
export const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  'tests/e2e/a11y.e2e.ts': 239,
  'tests/e2e/screens.e2e.ts': 156,
  'tests/e2e/storybook.e2e.ts': 138,
  'tests/e2e/request.e2e.ts': 127,
  'tests/e2e/shell.e2e.ts': 124,
  'tests/e2e/brands.e2e.ts': 120,
  'tests/e2e/flags.e2e.ts': 109,
  'tests/e2e/maps.e2e.ts': 77,
  'tests/e2e/tracking.e2e.ts': 50,
  'tests/e2e/tenants.e2e.ts': 48,
  'tests/e2e/working-day.e2e.ts': 44,
  'tests/e2e/insights.e2e.ts': 43,
  'tests/stories/stories.test.ts': 80,
  'tests/server/bulk-placement.test.ts': 75,
  'tests/machines/requestRider.test.ts': 55,
  'tests/server/cluster.test.ts': 54,
  'tests/faults/sigkill.test.ts': 43,
  // No figure in that run's notes: placed where the earlier hand-made order had it (before stories).
  'tests/security/tenancy.test.ts': 81,
};

/** The known seconds of a file, or undefined for the others. */
export function knownSeconds(moduleId: string): number | undefined {
  const entry = Object.entries(KNOWN_SECONDS).find(([path]) => moduleId.endsWith(path));
  return entry?.[1];
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position, seconds: knownSeconds(spec.moduleId) ?? -1 }))
      .sort((a, b) =>
        a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder
        || b.seconds - a.seconds
        || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
