// What a vendor does on the bulk-order screen, for the play functions of its stories.
import { expect, userEvent, waitFor } from 'storybook/test';
import { STEP_TIMEOUT, type PlayContext } from './playContext';
import { storyScreen } from './storyScreen';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function bulkSteps(context: PlayContext) {
  const { canvas, page, textOf } = storyScreen(context);
  return {
    /** Chooses a filled-in template; the in-memory API answers with the demo's checked job. */
    async uploadSpreadsheet() {
      const input = await canvas.findByTestId('bulk-file-input', {}, STEP_TIMEOUT);
      await userEvent.upload(input, new File(['rows'], 'wednesday-orders.xlsx', { type: XLSX }));
    },
    /** Places the checked job's rows (`count` of them), which asks for a confirmation first. */
    async requestPlacement(count: number) {
      const place = await canvas.findByRole('button', { name: textOf('bulk-order-upload.actions.place', { count }) }, STEP_TIMEOUT);
      await waitFor(() => expect(place).toBeEnabled(), STEP_TIMEOUT);
      await userEvent.click(place);
      await expect(await page.findByRole('dialog', {}, STEP_TIMEOUT)).toBeVisible();
    },
  };
}
