import { css } from 'styled-components';

/**
 * One clipped line of text whose script the page cannot know: a customer's or outlet's name, an order
 * id. Its own first strong letter sets its direction, so the ellipsis always ends it ("Khalid Al G…",
 * never "…d Al Ghamdi" on an Arabic page), while it stays aligned with the page: right in Arabic,
 * left otherwise, so a column of Latin and Arabic names lines up.
 */
export const oneLineUserText = css`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  unicode-bidi: plaintext;
  text-align: left;
  &:dir(rtl) { text-align: right; }
`;
