import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { PhoneInput } from '../../src/components/PhoneInput';

/** Phone input defaulting to the country's plan, always shown left-to-right (also in Arabic and Urdu). */
const meta = {
  title: 'Components/PhoneInput',
  component: PhoneInput,
  parameters: { layout: 'padded' },
  args: { label: 'Customer phone', value: '', country: 'SA', onValueChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <div style={{ maxWidth: 360 }}>
        <PhoneInput
          {...args}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            args.onValueChange(next);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const SaudiNumber: Story = { args: { value: '0501234567' } };
export const PakistaniNumber: Story = { args: { value: '03001234567', country: 'PK' } };
export const Invalid: Story = { args: { value: '0501', error: 'Please enter a valid phone number' } };
