import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../../src/components/Button';
import { Checkbox } from '../../src/components/Checkbox';
import { Notice } from '../../src/components/Notice';
import { Select } from '../../src/components/Select';
import { Skeleton } from '../../src/components/Skeleton';
import { Spinner } from '../../src/components/Spinner';
import { TextField } from '../../src/components/TextField';

/** The small shared controls side by side, to compare brands and directions at a glance. */
function ControlsSheet() {
  const [name, setName] = useState('Sara Ali');
  const [agreed, setAgreed] = useState(false);
  const [payment, setPayment] = useState('CASH_ON_DELIVERY');
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480, padding: 16 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button>Request a rider</Button>
        <Button variant="secondary">Back</Button>
        <Button variant="ghost">Skip</Button>
        <Button variant="danger">Cancel order</Button>
        <Button loading>Saving</Button>
        <Button disabled>Disabled</Button>
      </div>
      <TextField label="Customer name" value={name} onValueChange={setName} helperText="As written on the doorbell" />
      <TextField label="Order amount (SAR)" value="" onValueChange={() => undefined} error="Please enter the order amount" />
      <Select
        label="Payment method"
        value={payment}
        onValueChange={setPayment}
        options={[
          { value: 'CASH_ON_DELIVERY', label: 'Cash on delivery' },
          { value: 'ONLINE_PAYMENT', label: 'Card' },
        ]}
      />
      <Checkbox checked={agreed} onCheckedChange={setAgreed} label="I agree to the terms and conditions" />
      <Checkbox checked={false} onCheckedChange={() => undefined} label="I agree to the terms and conditions" error="Please accept the terms" />
      <Notice kind="info">Your order was placed.</Notice>
      <Notice kind="success">The collection point has been saved.</Notice>
      <Notice kind="warning">The delivery fee has changed.</Notice>
      <Notice kind="error">We cannot deliver to this address.</Notice>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        <Spinner label="Loading" />
        <Skeleton $width="200px" $height="1.5rem" />
      </div>
    </div>
  );
}

const meta = { title: 'Components/Controls', component: ControlsSheet } satisfies Meta<typeof ControlsSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllControls: Story = {};
