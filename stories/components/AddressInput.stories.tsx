import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AddressBookEntry } from '../../domain/types';
import { AddressInput } from '../../src/components/AddressInput';
import { DEMO_PLACES } from '../support/demoPlaces';
import { useHeldValue } from '../support/useHeldValue';

const SAVED: AddressBookEntry = {
  id: 'entry-1',
  name: 'Sara Ali',
  phone_number: '+966501234567',
  latitude: 24.69,
  longitude: 46.68,
  address: '4, Al Faisaliah Residences, Olaya Street, Al Olaya, Riyadh',
  notes: 'Ring twice',
};

/** The drop-off search (SPEC §2): saved address-book results first, then suggested places, or the
 * 'no results' line. Type in the box to edit the query. */
const meta = {
  title: 'Components/AddressInput',
  component: AddressInput,
  parameters: { layout: 'padded' },
  args: {
    label: 'Customer address',
    query: 'Olaya',
    addressBookResults: [],
    places: DEMO_PLACES.slice(0, 2),
    searched: true,
    placeholder: 'Search a street, district or building',
    onQueryChange: fn(),
    onSelectAddressBook: fn(),
    onSelectPlace: fn(),
  },
  render: function Render(args) {
    const [query, onQueryChange] = useHeldValue(args.query, args.onQueryChange);
    return <AddressInput {...args} query={query} onQueryChange={onQueryChange} />;
  },
  decorators: [(Story) => <div style={{ maxWidth: 480, minHeight: 320 }}><Story /></div>],
} satisfies Meta<typeof AddressInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { query: '', places: [], searched: false } };
export const Suggestions: Story = {};
export const SavedAddressesFirst: Story = { args: { addressBookResults: [SAVED] } };
export const Searching: Story = { args: { places: [], searched: false, loading: true } };
export const NoResults: Story = { args: { query: 'Zzyzx', places: [], searched: true } };
export const WithError: Story = { args: { query: 'Olaya', places: [], searched: true, error: 'We cannot deliver to this address.' } };
