import type { Meta, StoryObj } from '@storybook/react-vite';
import { OUTLET_VENDOR } from '../support/demoVendors';
import { ScreenAt } from '../support/ScreenAt';

/** The frame of signed-in pages: top navigation with branch selector, tabs, account menu; on small
 * screens the menu drawer. Shown here over the help centre page. */
const meta = {
  title: 'Screens/Navigation and help centre',
  component: ScreenAt,
  args: { path: '/helpcenter/sa-1000', session: 'vendor' },
} satisfies Meta<typeof ScreenAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HelpCentre: Story = {};
/** An outlet (not a parent) is selected: no include-all-outlets toggle. */
export const OutletSelected: Story = { args: { path: `/helpcenter/${OUTLET_VENDOR.vendor_id}`, selectedVendorId: OUTLET_VENDOR.vendor_id } };
export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
