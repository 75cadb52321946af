import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SideDrawer } from '../../src/components/SideDrawer';

/** Side drawer, 384 px wide (full width on small screens); it opens from the left in right-to-left
 * languages and from the right otherwise. Switch the language to Arabic to see it move. */
const meta = {
  title: 'Components/SideDrawer',
  component: SideDrawer,
  args: {
    open: true,
    title: 'Order sa-1000-0102',
    closeLabel: 'Close',
    onOpenChange: fn(),
    children: <p>Omar Khalid · Tahlia Street, As Sulimaniyah, Riyadh</p>,
  },
} satisfies Meta<typeof SideDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
