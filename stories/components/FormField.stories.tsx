import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormField } from '../../src/components/FormField';
import { Input } from '../../src/components/Input';

/** Label, control, helper text and the error that replaces it; ids wire the control to both. */
const meta = {
  title: 'Components/FormField',
  component: FormField,
  parameters: { layout: 'padded' },
  args: {
    label: 'Customer name',
    children: (ids) => <Input id={ids.inputId} aria-describedby={ids.describedBy} aria-invalid={ids.invalid} defaultValue="Sara Ali" />,
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}><Story /></div>],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {};
export const WithHelper: Story = { args: { helperText: 'As written on the doorbell' } };
export const WithError: Story = { args: { error: 'Please enter the customer name' } };
export const HiddenLabel: Story = { args: { hideLabel: true } };
