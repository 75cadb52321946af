import { describe, expect, it } from 'vitest';
import { formatScores, scoreByFolder } from '../../scripts/mutation/scoreByFolder';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('mutation score per folder', () => {
  it('counts killed and timed-out mutants over every mutant a test could have caught, per top folder', () => {
    const scores = scoreByFolder({
      files: {
        'domain/pricing.ts': mutants('Killed', 'Killed', 'Survived', 'Timeout'),
        'domain/sub/geo.ts': mutants('NoCoverage', 'CompileError', 'RuntimeError'),
        'machines/fee.ts': mutants('Killed', 'Ignored', 'Ignored'),
      },
    });
    expect(scores).toEqual([
      { folder: 'domain/', detected: 3, undetected: 2, ignored: 0, score: 60 },
      { folder: 'machines/', detected: 1, undetected: 0, ignored: 2, score: 100 },
    ]);
  });

  it('ends with one line of folder scores, and says n/a for a folder with nothing to score', () => {
    const text = formatScores(scoreByFolder({ files: { 'domain/a.ts': mutants('Killed', 'Survived', 'Survived'), 'machines/b.ts': mutants('Ignored') } }));
    expect(text.split('\n').at(-1)).toBe('domain/: 33.3%   machines/: n/a');
    expect(text).toContain('machines/ 0 killed, 0 survived or not covered, 1 ignored');
  });

  it('scores each file on its own when asked, for the per-machine table', () => {
    const scores = scoreByFolder({ files: { 'machines/fee.ts': mutants('Killed', 'Survived'), 'machines/submit.ts': mutants('Killed') } }, { byFile: true });
    expect(scores.map(({ folder, score }) => [folder, score])).toEqual([
      ['machines/fee.ts', 50],
      ['machines/submit.ts', 100],
    ]);
  });
});
