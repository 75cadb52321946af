import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { TextArea } from '../../src/components/TextArea';

/** Multiline text that grows from 2 to 4 rows (SPEC §2). */
const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  parameters: { layout: 'padded' },
  args: { label: 'Notes to the rider', value: '', onValueChange: fn(), helperText: 'Gate code, floor, landmark' },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <div style={{ maxWidth: 420 }}>
        <TextArea
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
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Long: Story = {
  args: { value: 'Enter through the side gate on Olaya Street.\nTake the lift to the 4th floor.\nAsk the concierge for Sara.\nThe dog is friendly.\nCall on arrival.' },
};
export const WithError: Story = { args: { value: 'x'.repeat(20), error: 'Notes are too long' } };
