// A fresh clone (CI) has no timings from an earlier run, so Vitest starts files in the order it found
// them, and a long file that happens to start last runs alone at the end while the other core idles.
// The files known to be long start first within their group; the rest keep Vitest's order (longest
// first once timings are cached).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const KNOWN_LONG = [
  'tests/e2e/storybook.e2e.ts',
  'tests/e2e/brands.e2e.ts',
  'tests/e2e/flags.e2e.ts',
  'tests/security/tenancy.test.ts',
  'tests/stories/stories.test.ts',
  'tests/machines/requestRider.test.ts',
  'tests/i18n/extract.test.ts',
];

function rank(spec: TestSpecification): number {
  const index = KNOWN_LONG.findIndex((path) => spec.moduleId.endsWith(path));
  return index < 0 ? KNOWN_LONG.length : index;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) =>
        a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder
        || rank(a.spec) - rank(b.spec)
        || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
