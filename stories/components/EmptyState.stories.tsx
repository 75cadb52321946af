import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/components/Button';
import { EmptyState } from '../../src/components/EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: { title: 'No orders yet today', description: 'Orders you request appear here as soon as they are placed.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TitleOnly: Story = { args: { description: undefined } };
export const WithAction: Story = { args: { title: 'Could not load your orders', description: 'Check your connection.', action: <Button>Try again</Button> } };
