import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneInput } from '../../src/components/PhoneInput';
import { useHeldValue } from '../support/useHeldValue';

/** Phone input defaulting to the country's plan, always shown left-to-right (also in Arabic and Urdu). */
const meta = {
  title: 'Components/PhoneInput',
  component: PhoneInput,
  parameters: { layout: 'padded' },
  args: { label: 'Customer phone', value: '', country: 'SA', onValueChange: fn() },
  render: function Render(args) {
    const [value, onValueChange] = useHeldValue(args.value, args.onValueChange);
    return <PhoneInput {...args} value={value} onValueChange={onValueChange} />;
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}><Story /></div>],
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const SaudiNumber: Story = { args: { value: '0501234567' } };
export const PakistaniNumber: Story = { args: { value: '03001234567', country: 'PK' } };
export const Invalid: Story = { args: { value: '0501', error: 'Please enter a valid phone number' } };
