import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextArea } from '../../src/components/TextArea';
import { useHeldValue } from '../support/useHeldValue';

/** Multiline text that grows from 2 to 4 rows (SPEC §2). */
const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  parameters: { layout: 'padded' },
  args: { label: 'Notes to the rider', value: '', onValueChange: fn(), helperText: 'Gate code, floor, landmark' },
  render: function Render(args) {
    const [value, onValueChange] = useHeldValue(args.value, args.onValueChange);
    return <TextArea {...args} value={value} onValueChange={onValueChange} />;
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}><Story /></div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Long: Story = {
  args: { value: 'Enter through the side gate on Olaya Street.\nTake the lift to the 4th floor.\nAsk the concierge for Sara.\nThe dog is friendly.\nCall on arrival.' },
};
export const WithError: Story = { args: { value: 'x'.repeat(20), error: 'Notes are too long' } };
