// Search rules (SPEC.md §5): address-book search minimum and the recent-search history.
import { LIMITS } from './limits';

/** The address book is searched with at least 2 typed characters and the address-book flag on. */
export function canSearchAddressBook(query: string, addressBookFlag: boolean): boolean {
  return addressBookFlag && query.trim().length >= LIMITS.addressBookSearchMinChars;
}

/** A new history: the term first, earlier duplicates removed, at most 10 terms; blank terms change nothing. */
export function rememberSearchTerm(history: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [...history];
  return [trimmed, ...history.filter((previous) => previous !== trimmed)].slice(0, LIMITS.searchHistoryMaxTerms);
}

/** Guest history search by phone: spaces are removed first (SPEC.md §5 "Lists and files"). */
export function normaliseSearchPhone(input: string): string {
  return input.replace(/\s+/g, '');
}

/** An order id starting with the vendor id is fetched directly rather than searched. */
export function isDirectOrderLookup(query: string, vendorId: string): boolean {
  return vendorId !== '' && query.trim().startsWith(vendorId);
}
