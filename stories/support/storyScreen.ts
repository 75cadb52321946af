import { within } from 'storybook/test';
import { catalogueText } from './catalogueText';
import type { PlayContext } from './playContext';

/** What a play function searches: the story's canvas, the whole page (dialogs are portalled to the
 * body, outside the story's root) and the catalogue's text in the story's language. */
export function storyScreen(context: PlayContext) {
  const { canvasElement } = context;
  return {
    canvas: within(canvasElement),
    page: within(canvasElement.ownerDocument.body),
    textOf: catalogueText(context),
  };
}
