// The ids of every story in stories/, read from the story files with Storybook's own CSF parser (the one
// its indexer builds index.json with), so storybook.e2e.ts can name one test per story when its tests
// are collected, before the Storybook build it checks has finished.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCsf } from 'storybook/internal/csf-tools';

const STORIES_DIR = join(process.cwd(), 'stories');

/** Story ids in file order, then in each file's export order (as index.json lists them). */
export function storyIdsFromSources(): string[] {
  const files = readdirSync(STORIES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.stories.tsx') || file.endsWith('.stories.ts'))
    .sort();
  return files.flatMap((file) => {
    const csf = loadCsf(readFileSync(join(STORIES_DIR, file), 'utf8'), {
      fileName: file,
      // Every story file names its title (the Storybook sidebar groups by it); none is derived from a path.
      makeTitle: (title?: string) => {
        if (!title) throw new Error(`stories/${file} has no title in its default export`);
        return title;
      },
    }).parse();
    return csf.stories.map((story) => story.id);
  });
}
