import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FullScreenError } from '../../src/components/FullScreenError';

/** Shown when the application cannot load (SPEC §2); closing it reloads the page. */
const meta = {
  title: 'Components/FullScreenError',
  component: FullScreenError,
  args: { onClose: fn() },
} satisfies Meta<typeof FullScreenError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CouldNotLoad: Story = {};
