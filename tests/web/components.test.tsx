// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressBookEntry, Place } from '../../domain/types';
import { AddressInput } from '../../src/components/AddressInput';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { LanguagePicker } from '../../src/components/LanguagePicker';
import { PhoneInput } from '../../src/components/PhoneInput';
import { RowActions } from '../../src/components/RowActions';
import { SideDrawer } from '../../src/components/SideDrawer';
import { StatusBadge } from '../../src/components/orders/StatusBadge';
import { TextArea } from '../../src/components/TextArea';
import { TextField } from '../../src/components/TextField';
import { PreferencesContext } from '../../src/app/preferences/PreferencesContext';
import { LanguageMenu } from '../../src/shell/LanguageMenu';
import { PREFERENCES, Providers } from './renderApp';

afterEach(cleanup);

function ControlledPhone({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PhoneInput
      label="Mobile number"
      country="SA"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('PhoneInput', () => {
  it('formats as typed for the country, keeps digits and +, and reads left to right', () => {
    const onValue = vi.fn();
    render(
      <Providers locale="ar-SA">
        <ControlledPhone onValue={onValue} />
      </Providers>,
    );
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '+966 (50) 123-4567' } });
    expect(onValue).toHaveBeenLastCalledWith('+966501234567');
    expect(input.value).toBe('+966 50 123 4567');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText(/\+966/).id).toBe(input.getAttribute('aria-describedby'));
  });
});

describe('TextField', () => {
  it('ties its error to the input for assistive technology', () => {
    render(
      <Providers>
        <TextField label="Name" value="" onValueChange={() => undefined} error="Please enter your name" helperText="As on your ID" />
      </Providers>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As on your ID', 'Please enter your name']);
  });
});

describe('TextArea', () => {
  it.each([
    ['one line', 2],
    ['a\nb\nc', 3],
    ['a\nb\nc\nd\ne\nf', 4],
  ])('shows %j in %i rows (2 to 4)', (value, rows) => {
    render(
      <Providers>
        <TextArea label="Notes" value={value} onValueChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByLabelText('Notes').getAttribute('rows')).toBe(String(rows));
  });
});

const entry: AddressBookEntry = { id: 'ab-1', name: 'Sara', phone_number: '+966501234567', latitude: 24.7, longitude: 46.6, address: '4, Tower A, Olaya St', notes: '' };
const place: Place = { address: { id: 'pl-1', formatted_address: 'Olaya Street, Riyadh', latitude: 24.69, longitude: 46.68 } };

function Address(props: { book?: AddressBookEntry[]; places?: Place[]; searched?: boolean; onBook?: (e: AddressBookEntry) => void; onPlace?: (p: Place) => void }) {
  const [query, setQuery] = useState('');
  return (
    <AddressInput
      label="Drop-off address"
      query={query}
      onQueryChange={setQuery}
      addressBookResults={props.book ?? []}
      places={props.places ?? []}
      searched={props.searched ?? true}
      onSelectAddressBook={props.onBook ?? (() => undefined)}
      onSelectPlace={props.onPlace ?? (() => undefined)}
    />
  );
}

describe('AddressInput', () => {
  it('lists address-book results before places and picks with the keyboard', () => {
    const onPlace = vi.fn();
    render(
      <Providers>
        <Address book={[entry]} places={[place]} onPlace={onPlace} />
      </Providers>,
    );
    const box = screen.getByRole('combobox', { name: 'Drop-off address' });
    fireEvent.change(box, { target: { value: 'Ola' } });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['SaraSaved address · 4, Tower A, Olaya St', 'Olaya Street, Riyadh']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPlace).toHaveBeenCalledWith(place);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows the 'no results' line after a search with nothing found", () => {
    render(
      <Providers>
        <Address searched />
      </Providers>,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it('closes on Escape', () => {
    render(
      <Providers>
        <Address places={[place]} />
      </Providers>,
    );
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'Ola' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('ConfirmDialog', () => {
  it('shows title and description and blocks both buttons while loading', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <Providers>
        <ConfirmDialog open title="Cancel order?" description="The rider will be told." cancelLabel="Keep" submitLabel="Cancel order" onCancel={() => undefined} onSubmit={onSubmit} />
      </Providers>,
    );
    expect(screen.getByRole('dialog', { name: 'Cancel order?' })).toBeTruthy();
    expect(screen.getByText('The rider will be told.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <Providers>
        <ConfirmDialog open loading title="Cancel order?" cancelLabel="Keep" submitLabel="Cancel order" onCancel={() => undefined} onSubmit={onSubmit} />
      </Providers>,
    );
    expect((screen.getByRole('button', { name: 'Cancel order' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Keep' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('StatusBadge', () => {
  it('labels an order, a bulk job and a bulk row in the catalogue words, coloured by outcome', () => {
    render(
      <Providers>
        <StatusBadge status="DELIVERED" />
        <StatusBadge status="CANCELLED" />
        <StatusBadge jobStatus="ORDER_PLACEMENT_FAIL" />
        <StatusBadge jobStatus="ORDER_PLACEMENT_SUCCESS" />
        <StatusBadge rowStatus="PREPROCESS_SUCCESS" />
      </Providers>,
    );
    const badge = (text: string) => screen.getByText(text);
    expect(badge('Delivered').dataset.status).toBe('DELIVERED');
    expect(badge('Placement failed').dataset.status).toBe('ORDER_PLACEMENT_FAIL');
    expect(badge('Valid').dataset.status).toBe('PREPROCESS_SUCCESS');
    // One colour an outcome, whichever kind of status it belongs to.
    const border = (text: string) => getComputedStyle(badge(text)).borderColor;
    expect(border('Placed')).toBe(border('Delivered'));
    expect(border('Placement failed')).toBe(border('Cancelled'));
    expect(new Set([border('Delivered'), border('Cancelled'), border('Valid')]).size).toBe(3);
  });

  it('shows an order returned to the store in its own words and colour, not the green of a delivery', () => {
    render(
      <Providers>
        <StatusBadge status="DELIVERED" />
        <StatusBadge status="RETURNED_TO_VENDOR" />
        <StatusBadge status="CANCELLED" />
        <StatusBadge status="PICKED_UP" />
      </Providers>,
    );
    const returned = screen.getByText('Returned to store');
    expect(returned.dataset.status).toBe('RETURNED_TO_VENDOR');
    const border = (element: HTMLElement) => getComputedStyle(element).borderColor;
    const others = ['Delivered', 'Cancelled', 'Collected'].map((text) => border(screen.getByText(text)));
    expect(others).not.toContain(border(returned));
  });
});

/** The header's language menu on its own; returns its button. */
function renderLanguageMenu(): HTMLElement {
  render(
    <Providers>
      <LanguageMenu />
    </Providers>,
  );
  return screen.getByRole('button', { name: /Change language/ });
}

describe('LanguageMenu', () => {
  it('closes once a language is chosen, and hands the choice on', async () => {
    const setLocale = vi.fn();
    render(
      <Providers>
        <PreferencesContext.Provider value={{ ...PREFERENCES, setLocale }}>
          <LanguageMenu />
        </PreferencesContext.Provider>
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Change language/ }));
    const arabic = await screen.findByRole('radio', { name: 'العربية' });
    fireEvent.click(arabic);
    expect(setLocale).toHaveBeenCalledWith('ar-SA');
    expect(screen.queryByRole('radio', { name: 'العربية' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('loads its popover on the first click, closes on a second click and gives focus back to its button on Escape', async () => {
    const button = renderLanguageMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    await screen.findByRole('radio', { name: 'العربية' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'العربية' })).toBeNull());
    fireEvent.click(button);
    fireEvent.keyDown(await screen.findByRole('radio', { name: 'العربية' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'العربية' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('keeps focus in a menu reopened before the closed one handed focus back to the button', async () => {
    const button = renderLanguageMenu();
    fireEvent.click(button);
    await screen.findByRole('radio', { name: 'العربية' });
    // Radix hands focus back to the button in a timeout after the panel unmounts; a press that reopens
    // the menu first (a quick double press, or a busy page) must not lose the new panel's focus to it.
    fireEvent.click(button);
    expect(screen.queryByRole('radio', { name: 'العربية' })).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the closed panel's pending hand-back runs
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('SideDrawer', () => {
  it('is a labelled dialog that closes with its button', () => {
    const onOpenChange = vi.fn();
    render(
      <Providers>
        <SideDrawer open onOpenChange={onOpenChange} title="Menu" closeLabel="Close">
          <p>content</p>
        </SideDrawer>
      </Providers>,
    );
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('LanguagePicker', () => {
  it("offers only the given languages, each in its own name, and reports the choice", () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <LanguagePicker legend="Language" locales={['en', 'ar-SA']} value="en" onChange={onChange} />
      </Providers>,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    act(() => {
      fireEvent.click(screen.getByLabelText('العربية'));
    });
    expect(onChange).toHaveBeenCalledWith('ar-SA');
  });
});

describe('RowActions', () => {
  it("names each button with its row, disables one alone and calls only the clicked one's action", () => {
    const sent: string[] = [];
    render(
      <Providers>
        <table>
          <tbody>
            <tr>
              <th scope="row" id="row-late">late@example.com</th>
              <td>
                <RowActions
                  rowHeaderId="row-late"
                  actions={[
                    { id: 'resend-late', label: 'Send again', onClick: () => sent.push('resend') },
                    { id: 'withdraw-late', label: 'Withdraw', disabled: true, onClick: () => sent.push('withdraw') },
                  ]}
                />
              </td>
            </tr>
          </tbody>
        </table>
      </Providers>,
    );
    const resend = screen.getByRole('button', { name: 'Send again late@example.com' }) as HTMLButtonElement;
    const withdraw = screen.getByRole('button', { name: 'Withdraw late@example.com' }) as HTMLButtonElement;
    expect([resend.disabled, withdraw.disabled]).toEqual([false, true]);
    fireEvent.click(withdraw);
    fireEvent.click(resend);
    expect(sent).toEqual(['resend']);
  });
});
